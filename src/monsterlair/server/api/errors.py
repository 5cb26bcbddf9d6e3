"""One error shape for every refusal: ``{"error": {"code": ..., "message": ...}}`` with a fitting status."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from monsterlair.server.master import TableError

STATUS: dict[str, int] = {
    "not_found": 404,
    "unknown_game": 404,
    "forbidden": 403,
    "not_host": 403,
    "not_seated": 403,
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
}


class ApiError(TableError):
    """A refusal raised by a route (same shape as a table's refusal)."""


def error_response(code: str, message: str) -> JSONResponse:
    """The JSON response for a refusal."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=STATUS.get(code, 400))


def install(app: FastAPI) -> None:
    """Register the handlers that give every error the same shape."""

    async def on_table_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, TableError)
        return error_response(exc.code, exc.message)

    async def on_validation(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(p) for p in err.get("loc", ())[1:]) or "request"
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return error_response("bad_request", "The request is not valid — " + "; ".join(parts) + ".")

    app.add_exception_handler(TableError, on_table_error)
    app.add_exception_handler(RequestValidationError, on_validation)
