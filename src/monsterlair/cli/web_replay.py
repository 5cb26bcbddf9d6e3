"""``monsterlair replay FILE --web``: open a saved record in a running server's web replay viewer.

The record is sent as it is (``POST /api/replays``, see ``server/tables/saved.py``) by a fresh guest of that server,
who owns the private, unrated game it becomes; the answer is the replay's link with its invite, which
anyone it is shared with can open. Only the standard library speaks HTTP here.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie
from typing import Any

DEFAULT_SERVER = "http://127.0.0.1:8000"
"""Where ``monsterlair serve`` listens unless told otherwise."""
GUEST_NAME = "Saved games"
TIMEOUT = 30.0


class WebReplayError(Exception):
    """The server could not be reached or refused the record (the message says which, in its words)."""


def _post(server: str, path: str, body: Any, cookie: str | None = None) -> tuple[dict[str, Any], str | None]:
    # Origin names the server itself: the server's cross-site check lets a same-site request through.
    headers = {"Content-Type": "application/json", "Origin": server, "Accept": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    data = json.dumps(body, separators=(",", ":"), allow_nan=False).encode("utf-8")
    request = urllib.request.Request(server + path, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = json.loads(response.read() or b"{}")
            jar = SimpleCookie()
            for line in response.headers.get_all("Set-Cookie") or []:
                jar.load(line)
            cookies = "; ".join(f"{k}={m.value}" for k, m in jar.items()) or None
            return answer, cookies
    except urllib.error.HTTPError as exc:
        try:
            message = json.loads(exc.read())["error"]["message"]
        except (ValueError, KeyError, TypeError):
            message = f"The server at {server} answered {exc.code}."
        raise WebReplayError(message) from None
    except (urllib.error.URLError, OSError):  # refused, unknown name, timeout: the reader needs no socket detail
        raise WebReplayError(
            f"No Monster Lair server answers at {server}. Start one with 'monsterlair serve', "
            "or name another with --server."
        ) from None


def open_on_server(record: Any, server: str = DEFAULT_SERVER) -> str:
    """Send ``record`` to the server at ``server`` and return the full link of its replay.

    Raises:
        WebReplayError: the server is not reachable or refused the record (``bad_record`` and the like).
    """
    base = server.strip().rstrip("/")
    parts = urllib.parse.urlsplit(base)
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:  # 'http://host:abc'
        port_ok = False
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        raise WebReplayError(
            f"--server needs an address such as http://lair.example:8000, not {server!r} "
            f"(the default is {DEFAULT_SERVER})."
        )
    _, cookie = _post(base, "/api/auth/guest", {"name": GUEST_NAME})
    if cookie is None:
        raise WebReplayError(f"The server at {base} did not sign in a guest, so the game could not be sent.")
    opened, _ = _post(base, "/api/replays", record, cookie)
    return f"{base}{opened['path']}"
