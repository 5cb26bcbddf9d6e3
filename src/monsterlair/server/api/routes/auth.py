"""Sign in as a guest, register, log in, log out, and who am I."""

from __future__ import annotations

from fastapi import APIRouter, Response

from monsterlair.server.api.deps import OptionalUser, SessionsDep, SettingsDep, StoreDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.schemas import GuestCreate, UserLogin, UserPublic, UserRegister
from monsterlair.server.auth import COOKIE, MAX_AGE, check_password, check_username, hash_password, verify_password
from monsterlair.server.master import TableError, clean_name
from monsterlair.server.storage.base import Conflict, UserData

router = APIRouter(prefix="/api/auth", tags=["auth"])


def public(user: UserData) -> UserPublic:
    """The client's view of a user."""
    return UserPublic(id=user.id, name=user.name, username=user.username, guest=user.guest, bot=user.is_bot)


def _set_cookie(response: Response, value: str, secure: bool) -> None:
    response.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="lax", secure=secure, path="/")


def _name(raw: str) -> str:
    try:
        return clean_name(raw)
    except TableError as exc:
        raise ApiError("bad_name", exc.message) from None


@router.get("/me")
async def me(user: OptionalUser) -> UserPublic | None:
    """The signed-in user, or null."""
    return None if user is None else public(user)


@router.post("/guest")
async def guest(
    body: GuestCreate, response: Response, store: StoreDep, sessions: SessionsDep, settings: SettingsDep
) -> UserPublic:
    """Play as a guest under a chosen name (a new guest account each time)."""
    user = await store.create_user(_name(body.name))
    _set_cookie(response, sessions.sign(user.id), settings.secure_cookies)
    return public(user)


@router.post("/register")
async def register(
    body: UserRegister,
    response: Response,
    current: OptionalUser,
    store: StoreDep,
    sessions: SessionsDep,
    settings: SettingsDep,
) -> UserPublic:
    """Create an account; a signed-in guest becomes it and keeps their tables."""
    try:
        username = check_username(body.username)
        password = check_password(body.password)
    except ValueError as exc:
        raise ApiError("bad_request", str(exc)) from None
    keep = current.name if current is not None and current.guest else body.username
    name = _name(body.name if body.name else keep)
    digest = await hash_password(password)
    try:
        if current is not None and current.guest:
            user = await store.register_user(current.id, name, username, digest)
        else:
            user = await store.create_user(name, username, digest)
    except Conflict:
        raise ApiError("username_taken", f"The username '{username}' is taken; choose another.") from None
    _set_cookie(response, sessions.sign(user.id), settings.secure_cookies)
    return public(user)


@router.post("/login")
async def login(
    body: UserLogin, response: Response, store: StoreDep, sessions: SessionsDep, settings: SettingsDep
) -> UserPublic:
    """Log in with a username and password."""
    user = await store.get_user_by_username(body.username.strip().lower())
    ok = await verify_password(user.password_hash if user else None, body.password)
    if user is None or not ok:
        raise ApiError("bad_login", "That username and password do not match an account.")
    _set_cookie(response, sessions.sign(user.id), settings.secure_cookies)
    return public(user)


@router.post("/logout")
async def logout(response: Response) -> dict[str, bool]:
    """Forget the session cookie."""
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True}
