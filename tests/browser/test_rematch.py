"""A rematch asks the other player wherever he is on the page, and starts when he joins (review: the rematch
was under way with the other player's seat and clock running before he was asked)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import ARTIFACTS, Server, shot
from tests.browser.finished import find_game, store_table
from tests.browser.pages import guest
from tests.browser.test_games_ui import CLUB

OPTIONS = {"first_player": 0, "max_turns": 60}


def in_view(page: Any, selector: str) -> bool:
    """The element is on screen as the page is scrolled now (not merely somewhere on the page)."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def seen(page: Any, name: str) -> None:
    """A screenshot of the window as the person sees it now (not the whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), animations="disabled", timeout=60_000)


def test_the_other_player_is_asked_at_the_top_of_his_screen_and_the_rematch_starts_when_he_joins(
    server: Server, chromium: Any
) -> None:
    problems: list[str] = []
    pages = []
    for width, height in ((1366, 768), (1366, 768)):
        page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
        page.on("pageerror", lambda e: problems.append(str(e)))
        pages.append(page)
    ana, ben = pages
    ana_id, ben_id = guest(ana, server.url, "Ana"), guest(ben, server.url, "Ben")
    found = find_game("monster-club", 2, OPTIONS, lambda r: True)
    old = store_table(server.data_dir, "monster-club", 2, OPTIONS, [(ana_id, "Ana"), (ben_id, "Ben")], found, 30)
    for page in pages:
        page.goto(f"{server.url}/t/{old}")
        page.wait_for_selector("[data-testid=end-screen]")
    # Ben looks at the board, the end screen (and its buttons) scrolled out of view.
    ben.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    ben.wait_for_function("window.scrollY > 100")
    assert not in_view(ben, "[data-testid=end-screen] .buttons")

    ana.locator("[data-testid=rematch]").click()
    ana.wait_for_selector("[data-testid=rematch-waiting]")
    new = ana.url.split("/t/")[1].split("?")[0]
    assert new != old
    # Ana waits for Ben: nothing has started, nobody's clock runs; she cannot start without him.
    assert "waiting for Ben" in ana.locator("[data-testid=rematch-waiting]").inner_text()
    assert ana.locator("[data-testid=asked-1]").is_visible()
    assert ana.locator("[data-testid=start]").is_disabled()
    assert ana.locator(CLUB).count() == 0 and ana.locator("[data-testid=turn-clock]").count() == 0

    # Ben is asked at once at the top of his screen, still scrolled down to the board.
    ben.wait_for_selector("[data-testid=rematch-banner]", timeout=5000)
    assert ben.evaluate("window.scrollY") > 100
    assert in_view(ben, "[data-testid=rematch-banner]")
    text = ben.locator("[data-testid=rematch-banner]").inner_text()
    assert "Ana asks for a rematch of Monster Club" in text and "nobody's clock runs" in text, text
    seen(ben, "rematch-offer-wide")
    seen(ana, "rematch-waiting-wide")
    ben.set_viewport_size({"width": 375, "height": 812})
    ben.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert in_view(ben, "[data-testid=rematch-banner]") and in_view(ben, "[data-testid=rematch-join]")
    seen(ben, "rematch-offer-phone")
    # The header's list names it too.
    ben.locator("[data-testid=turns-button]").click()
    assert "Ana asks" in ben.locator("[data-testid=turns-invitations]").inner_text()
    ben.keyboard.press("Escape")

    ben.locator("[data-testid=rematch-join]").click()
    ben.wait_for_url(f"**/t/{new}")
    for page in pages:
        page.wait_for_selector(CLUB)
    ana.wait_for_selector("[data-testid=turn-clock]")  # Ana moves first: her clock runs from the start
    assert ben.locator("[data-testid=rematch-banner]").count() == 0
    shot(ana, "rematch-started-ana")
    shot(ben, "rematch-started-ben-phone")
    assert problems == []


# Ben's browser: notifications on (granted), the chime off; both are counted.
ALERTS = """localStorage.setItem('monsterlair.turn-notify', 'on');
localStorage.setItem('monsterlair.turn-sound', 'off');
window.__notes = []; window.__chimes = 0;
window.Notification = class { constructor(title, o) { window.__notes.push([title, o.body]); } close() {} };
window.Notification.permission = 'granted';
window.Notification.requestPermission = async () => 'granted';
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) { window.__chimes += 1; return start.apply(this, a); };"""


def test_a_rematch_offer_raises_the_alerts_the_player_chose(server: Server, chromium: Any) -> None:
    """Asked to a rematch, a player gets the attention a turn gets (players' report: rematch offers did not
    ring), by the same switches: here a notification, and no sound, as Ben chose."""
    ana = chromium.new_context(viewport={"width": 1366, "height": 768}).new_page()
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(ALERTS)
    ben = context.new_page()
    ana_id, ben_id = guest(ana, server.url, "Ana"), guest(ben, server.url, "Ben")
    found = find_game("monster-club", 2, OPTIONS, lambda r: True)
    old = store_table(server.data_dir, "monster-club", 2, OPTIONS, [(ana_id, "Ana"), (ben_id, "Ben")], found, 30)
    for page in (ana, ben):
        page.goto(f"{server.url}/t/{old}")
        page.wait_for_selector("[data-testid=end-screen]")
    ben.wait_for_load_state("networkidle")  # his first look at what waits for him: where things stand, not news
    ana.locator("[data-testid=rematch]").click()
    ben.wait_for_selector("[data-testid=rematch-banner]", timeout=5000)
    ben.wait_for_function("() => window.__notes.length > 0", timeout=5000)
    title, body = ben.evaluate("window.__notes")[0]
    assert title == "Rematch offer: Monster Club" and "Ana asks you to a rematch" in body, (title, body)
    assert ben.evaluate("window.__chimes") == 0  # the sound is off: none
    # Ana, who asked, is told nothing
    assert ana.locator("[data-testid=rematch-banner]").count() == 0
