"""What most browser tests start with: a page that collects its script errors, a guest signed in (through the
lobby's form as a person does, or through the API), and a table made through the API."""

from __future__ import annotations

from typing import Any

DESKTOP = {"width": 1280, "height": 900}


def new_page(chromium: Any, viewport: dict[str, int] = DESKTOP, pace: str | None = None) -> tuple[Any, list[str]]:
    """A page in a context of its own (at ``pace``, else moves shown at once), and the list its uncaught script
    errors go to (a test asserts it empty)."""
    page = chromium.new_context(pace, viewport=viewport).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page, problems


def sign_in(page: Any, url: str, name: str) -> None:
    """Sign in as a guest from the lobby's form, as a person does."""
    page.goto(url)
    page.fill("input[name=guest-name]", name)
    page.get_by_role("button", name="Start playing").click()
    page.wait_for_selector("[data-testid=who]")


def guest(page: Any, url: str, name: str) -> int:
    """Sign this page's browser context in as a new guest through the API (the cookie lands in the context);
    its user id."""
    r = page.request.post(f"{url}/api/auth/guest", data={"name": name}, headers={"Origin": url})
    assert r.ok, r.text()
    return int(r.json()["id"])


def new_table(page: Any, url: str, body: dict[str, Any]) -> str:
    """The id of a table this page's guest creates with ``body`` (the new-table API's request)."""
    r = page.request.post(f"{url}/api/tables", headers={"Origin": url}, data=body)
    assert r.ok, r.text()
    return str(r.json()["table"]["id"])
