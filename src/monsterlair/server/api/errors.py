"""One error shape for every refusal: ``{"error": {"code": ..., "message": ...}}`` with a fitting status.

That holds for the routes' own refusals, for requests FastAPI cannot parse or route (``bad_request``,
``not_found``, ``method_not_allowed``), for numbers the database cannot hold, for a database or Redis
that does not answer (503 ``unavailable``) and for any other failure (500 ``server_error``, logged).
"""

from __future__ import annotations

import logging
import math

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException

from monsterlair.server.accounts.auth import HashPoolFull
from monsterlair.server.tables.table import TableError

log = logging.getLogger("monsterlair.server.api")

STATUS: dict[str, int] = {
    "not_found": 404,
    "unknown_game": 404,
    "forbidden": 403,
    "not_host": 403,
    "not_seated": 403,
    "no_hint": 403,
    "not_signed_in": 401,
    "bad_token": 401,
    "token_in_url": 400,
    "not_registered": 403,
    "unknown_bot": 404,
    "bot_limit": 409,
    "bad_login": 401,
    "bad_request": 422,
    "bad_options": 422,
    "bad_bot": 422,
    "bad_name": 422,
    "bad_clock": 422,
    "bad_action": 422,
    "illegal_action": 422,
    "bad_record": 422,
    "username_taken": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "table_full": 409,
    "already_started": 409,
    "table_closed": 409,
    "seats_empty": 409,
    "stale_state": 409,
    "not_your_turn": 409,
    "not_started": 409,
    "not_finished": 409,
    "game_over": 409,
    "not_playing": 409,
    "bot_playing": 409,
    "not_taken_over": 409,
    "undo_not_allowed": 409,
    "busy": 409,
    "unavailable": 503,
    "storage_failed": 503,
    "overloaded": 503,
    "rate_limited": 429,
    "too_many_tables": 429,
    "too_many_bot_tables": 429,
    "hint_busy": 409,
    "hint_failed": 503,
    "too_large": 413,
    "cross_site": 403,
    "bots_cannot_host": 403,
    "method_not_allowed": 405,
    "server_error": 500,
}

HTTP_CODES: dict[int, str] = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}
"""The code of an error FastAPI or Starlette raise themselves, by status."""

OUTAGES = (OperationalError, InterfaceError, PoolTimeout, ConnectionError, TimeoutError)
"""What a database (or Redis) that does not answer raises: 503 ``unavailable``."""


class ApiError(TableError):
    """A refusal raised by a route (same shape as a table's refusal); ``retry_after`` seconds, if it passes."""

    def __init__(self, code: str, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(code, message)
        self.retry_after = retry_after


def error_response(code: str, message: str, *, retry_after: float | None = None) -> JSONResponse:
    """The JSON response for a refusal (with ``Retry-After`` in whole seconds when given)."""
    headers = None if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=STATUS.get(code, 400), headers=headers
    )


UNAVAILABLE = "The server cannot reach its database just now; nothing was changed. Try again in a moment."


def install(app: FastAPI) -> None:
    """Register the handlers that give every error the same shape."""

    async def on_table_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, TableError)
        return error_response(exc.code, exc.message, retry_after=getattr(exc, "retry_after", None))

    async def on_http(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        code = HTTP_CODES.get(exc.status_code, "bad_request" if exc.status_code < 500 else "server_error")
        messages = {
            "not_found": "There is nothing at this address.",
            "method_not_allowed": "This address does not take that kind of request.",
            "too_large": "The request is too large; it was not read.",
        }
        message = messages.get(code, "The request could not be read; nothing was done.")
        return error_response(code, message)  # the code's status: a body that cannot be parsed is 422 too

    async def on_overflow(_request: Request, exc: Exception) -> JSONResponse:
        return error_response("bad_request", "A number in the request is too large; nothing was done.")

    async def on_outage(_request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, DBAPIError) and not isinstance(exc, OperationalError | InterfaceError):
            # Any other driver error is an outage only when no connection could be had (no statement ran)
            # or the connection broke under it.
            if exc.statement is not None and not exc.connection_invalidated:
                return await on_failure(_request, exc)
        log.warning("a request failed because a service did not answer: %s", exc)
        return error_response("unavailable", UNAVAILABLE, retry_after=5)

    async def on_hash_pool(_request: Request, _exc: Exception) -> JSONResponse:
        return error_response(
            "overloaded", "Too many sign-ins are being checked right now; try again in a few seconds.", retry_after=2
        )

    async def on_failure(_request: Request, exc: Exception) -> JSONResponse:
        log.error("a request failed", exc_info=exc)
        return error_response("server_error", "The server failed on that request; nothing was done.")

    async def on_validation(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(p) for p in err.get("loc", ())[1:]) or "request"
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return error_response("bad_request", "The request is not valid — " + "; ".join(parts) + ".")

    app.add_exception_handler(TableError, on_table_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(HTTPException, on_http)
    app.add_exception_handler(OverflowError, on_overflow)
    app.add_exception_handler(DataError, on_overflow)
    app.add_exception_handler(HashPoolFull, on_hash_pool)
    app.add_exception_handler(DBAPIError, on_outage)
    for outage in OUTAGES:
        app.add_exception_handler(outage, on_outage)
    app.add_exception_handler(Exception, on_failure)
