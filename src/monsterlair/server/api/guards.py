"""What every HTTP request passes before any route: the body size limit and the cross-site (CSRF) check.

Plain ASGI middleware (no per-request task). Both refusals have the API's one error shape.

* **Body size.** A request body is read here, up to ``max_body_bytes`` (64 KiB by default), and handed
  on whole; a larger one (by its ``Content-Length`` or by what arrives) is refused with 413 ``too_large``
  before anything parses it.
* **Cross-site requests.** A state-changing request (any method but GET, HEAD and OPTIONS) must come
  from this site: its ``Origin`` header, or failing that its ``Referer``, must name the host the request
  was sent to. Browsers send ``Origin`` with every such request, so a form or script on another site is
  refused with 403 ``cross_site`` whatever cookies it carries. A request with neither header is not from
  a browser page; it is refused only if it carries the session cookie (a tool that holds a cookie can
  send an ``Origin`` too). A bot program's ``Authorization: Bearer`` request is not checked: a page on
  another site cannot set that header, and such a request never reads the cookie.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from monsterlair.server.accounts.auth import COOKIE

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def same_origin(origin: str | None, host: str) -> bool:
    """True if a browser ``Origin`` (or ``Referer``) URL names ``host`` (the ``Host`` header, with its port)."""
    if not origin or origin == "null":
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


def has_session_cookie(headers: Headers) -> bool:
    """True if the request carries the session cookie."""
    return any(part.strip().startswith(COOKIE + "=") for part in headers.get("cookie", "").split(";"))


def from_this_site(method: str, headers: Headers) -> bool:
    """The cross-site check of a request (see the module docstring)."""
    if method.upper() in SAFE_METHODS or headers.get("authorization", "").lower().startswith("bearer "):
        return True
    host = headers.get("host", "")
    origin = headers.get("origin")
    if origin is not None:
        return same_origin(origin, host)
    referer = headers.get("referer")
    if referer is not None:
        return same_origin(referer, host)
    return not has_session_cookie(headers)


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RequestGuard:
    """Refuses cross-site state-changing requests and bodies over ``max_body_bytes``."""

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    def too_large(self) -> str:
        return f"A request body may be at most {self.max_body_bytes // 1024} KiB; this one was not read."

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not from_this_site(str(scope.get("method", "GET")), headers):
            await _refuse(send, 403, "cross_site", "This request came from another site, so nothing was done.")
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
            await _refuse(send, 413, "too_large", self.too_large())
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                await _refuse(send, 413, "too_large", self.too_large())
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        await self.app(scope, _replay([{"type": "http.request", "body": b"".join(chunks)}], receive), send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that hands out ``messages`` first, then defers to ``then`` (the disconnect, later)."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive
