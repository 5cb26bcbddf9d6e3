"""The profile page's sessions: a person signed in on a laptop and a phone sees both, signs the phone out
from the laptop, and the phone is signed out. Screenshots at 1366 and 375 px."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server, shot

PASSWORD = "correct horse battery"


def signed_in(chromium: Any, server: Server, width: int, agent: str, *, register: bool) -> Any:
    context = chromium.new_context(viewport={"width": width, "height": 900}, user_agent=agent)
    page = context.new_page()
    path = "register" if register else "login"
    r = context.request.post(
        f"{server.url}/api/auth/{path}",
        data={"username": "sess_ann", "password": PASSWORD, "name": "Ann"},
        headers={"Origin": server.url},
    )
    assert r.ok, r.text()
    return page


def test_a_person_sees_where_they_are_signed_in_and_signs_a_browser_out(server: Server, chromium: Any) -> None:
    laptop = signed_in(chromium, server, 1366, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", register=True)
    phone = signed_in(
        chromium,
        server,
        375,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile Safari/604.1",
        register=False,
    )
    problems: list[str] = []
    for page in (laptop, phone):
        page.on("pageerror", lambda e: problems.append(str(e)))
    me = laptop.request.get(f"{server.url}/api/auth/me").json()
    phone.goto(f"{server.url}/u/{me['id']}")
    phone.wait_for_selector("[data-testid=session]")
    shot(phone, "sessions-375")
    laptop.goto(f"{server.url}/u/{me['id']}")
    laptop.wait_for_selector("[data-testid=session]")
    rows = laptop.locator("[data-testid=session]")
    assert rows.count() == 2
    texts = rows.all_inner_texts()
    assert any("Firefox on Linux" in t and "this browser" in t for t in texts)
    assert any("Safari on iPhone" in t and "this browser" not in t for t in texts)
    shot(laptop, "sessions-1366")
    laptop.get_by_role("button", name="Sign out Safari on iPhone").click()
    laptop.wait_for_function("() => document.querySelectorAll('[data-testid=session]').length === 1")
    assert phone.request.get(f"{server.url}/api/auth/me").json() is None
    phone.goto(server.url)
    phone.wait_for_selector("input[name=guest-name]")  # the phone is asked to sign in again
    # another visitor of the profile never sees its sessions
    stranger = chromium.new_context().new_page()
    stranger.goto(f"{server.url}/u/{me['id']}")
    stranger.wait_for_selector("[data-testid=profile]")
    assert stranger.locator("[data-testid=sessions]").count() == 0
    assert not problems, problems
