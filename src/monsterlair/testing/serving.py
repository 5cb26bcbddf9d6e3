"""A server started for a test or a measuring script: a free local port, and waiting until it answers.

``wait_healthy`` needs ``httpx`` (a development dependency), imported when it is called.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable


def free_port() -> int:
    """A local TCP port that is free now (the system picks it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def wait_healthy(base: str, alive: Callable[[], bool], seconds: float = 30.0, every: float = 0.1) -> None:
    """Return once ``base``'s ``/health`` answers 200.

    Raises:
        RuntimeError: The server stopped (``alive()`` turned false) or did not answer within ``seconds``.
    """
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=5) as client:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not alive():
                raise RuntimeError("the server exited during start-up")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(every)
    raise RuntimeError("the server did not start")
