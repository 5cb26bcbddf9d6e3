"""Hints: what the strongest bot would play in my place and why; only on my turn at a table against bots, and
never at a table that can be rated (the server refuses; the browser only hides the button)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from monsterlair.bots.ismcts import ISMCTSBot, SearchReport
from monsterlair.core import Perspective, Rng, State
from monsterlair.games import get
from monsterlair.server.storage.base import SeatData, TableData
from monsterlair.server.tables.hints import Hint, compute_hint, hint_refusal
from tests.server.conftest import ClientFactory, guest
from tests.server.records import toy_table


async def table(client: httpx.AsyncClient, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = (await client.get(f"/api/tables/{tid}")).json()
    return data


async def my_turn(client: httpx.AsyncClient, tid: str) -> dict[str, Any]:
    """The table once it is my turn (the bot moves first in some deals)."""
    for _ in range(600):
        data = await table(client, tid)
        if data["table"]["to_move"] == data["seat"]:
            return data
        await asyncio.sleep(0.005)
    raise AssertionError("my turn never came")


async def test_a_hint_at_a_table_against_a_bot_names_a_legal_move_and_why(client: httpx.AsyncClient) -> None:
    await guest(client, "Ann")
    body = {"game": "monster-smash", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    r = await client.post("/api/tables", json={**body, "start": True})
    assert r.status_code == 200, r.text
    tid = r.json()["table"]["id"]
    data = await my_turn(client, tid)
    assert data["table"]["hints"] is True
    r = await client.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["state_id"] == data["table"]["state_id"]
    assert hint["label"] and hint["why"].endswith(".")
    assert hint["action"] in {"mulligan", "keep"}  # every first turn starts with this choice (MS-4.1)


async def test_rated_tables_never_show_hints(clients: ClientFactory) -> None:
    ann, bob, carl = await clients(), await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    await guest(carl, "Carl")
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    assert (await bob.post(f"/api/tables/{tid}/join", json={"seat": None})).status_code == 200
    assert (await ann.post(f"/api/tables/{tid}/start")).status_code == 200
    info = (await table(ann, tid))["table"]
    assert info["rated"] is True and info["hints"] is False
    mover = ann if info["to_move"] == 0 else bob
    r = await mover.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 403
    assert r.json()["error"] == {"code": "no_hint", "message": "Rated tables never show hints."}
    # nor to the other player, nor to a spectator
    other = bob if mover is ann else ann
    assert (await other.get(f"/api/tables/{tid}/hint")).status_code == 403
    r = await carl.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 403 and "Only a person playing" in r.json()["error"]["message"]


async def test_no_hint_out_of_turn_or_before_the_start(clients: ClientFactory) -> None:
    ann = await clients()
    await guest(ann, "Ann")
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    r = await ann.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 403  # two people may sit here: no hints, even before the start
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "me"}]}
    tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    r = await ann.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 403 and r.json()["error"]["message"] == "The game is not under way."


def spied_hint(monkeypatch: Any) -> tuple[list[tuple[ISMCTSBot, Perspective]], State, int, Hint]:
    """A Monster Smash hint for the seat to move, computed while each search notes its bot and what it was given."""
    searched: list[tuple[ISMCTSBot, Perspective]] = []
    real = ISMCTSBot.search

    def spy(self: ISMCTSBot, perspective: Perspective, rng: Rng) -> SearchReport:
        searched.append((self, perspective))
        return real(self, perspective, rng)

    monkeypatch.setattr(ISMCTSBot, "search", spy)
    game = get("monster-smash")
    state = game.new(2, 7)
    seat = state.to_move
    assert seat is not None
    return searched, state, seat, compute_hint(game, state, seat, 1)


def test_a_hint_searches_from_the_askers_view_only(monkeypatch: Any) -> None:
    """The search sees a Perspective of the asker's seat, never the whole state."""
    searched, state, seat, hint = spied_hint(monkeypatch)
    seen = searched[0][1]
    assert isinstance(seen, Perspective) and seen.seat == seat
    assert hint.action in {str(a) for a in state.legal_actions()}


def test_who_may_have_a_hint() -> None:
    def meta(*seats: SeatData, rated: bool = True) -> TableData:
        return toy_table("t", 1, list(seats), status="playing", rated=rated)

    ann, bob, bot = SeatData(user_id=1, name="Ann"), SeatData(user_id=2, name="Bob"), SeatData(bot="random")
    against_bot = meta(ann, bot)
    assert hint_refusal(against_bot, 0, 0, True) is None
    assert hint_refusal(against_bot, 0, 1, True) == "Hints are for your own turn."
    assert hint_refusal(against_bot, 0, 0, False) == "The game is not under way."
    assert hint_refusal(against_bot, 1, 1, True) == "Only a person playing at this table can ask for a hint."
    assert hint_refusal(against_bot, None, 0, True) == "Only a person playing at this table can ask for a hint."
    assert hint_refusal(meta(ann, bob), 0, 0, True) == "Rated tables never show hints."
    assert hint_refusal(meta(ann, bob, rated=False), 0, 0, True) == "Hints are only for games against bots."
    # A seat a bot took over from a person is the bot's, and a bot account is a bot.
    taken = SeatData(user_id=2, name="Bob", bot="greedy", bot_since=3)
    assert hint_refusal(meta(ann, taken), 0, 0, True) is None
    assert hint_refusal(meta(ann, taken), 1, 1, True) is not None
    program = SeatData(user_id=3, name="Deep", bot_account=True)
    assert hint_refusal(meta(ann, program), 0, 0, True) is None


def test_a_hints_win_rates_come_from_games_played_to_the_end(monkeypatch: Any) -> None:
    """The explanation says "won X% of the time", so the hint's search plays out to the end, unbiased by priors."""
    searched = spied_hint(monkeypatch)[0]
    assert searched and searched[0][0].depth == 0 and searched[0][0].prior == 0


def test_a_hint_names_its_move_and_the_runner_up_as_the_menu_does() -> None:
    """The hint is read beside the menu: "Strike Quakeling (B2)", "Attack Bob", a hand card by its name — never
    the notation's seat codes or hand positions ("strike b1", "play 2 to 1")."""
    names = ["Ann", "Bob"]
    for game_id in ("monstra", "monster-club", "monster-smash"):
        game = get(game_id)
        state = game.new(2, seed=3)
        rng = Rng(5)
        for _ in range(60):  # a position a few moves in, where the menu names creatures, cards or players
            if state.over:
                break
            legal = state.legal_actions()
            if len(legal) > 2 and any(game.action_label(state, a, names) != game.describe_action(a) for a in legal):
                break
            state.apply(legal[rng.below(len(legal))])
        seat = state.to_move
        assert seat is not None
        hint = compute_hint(game, state, seat, 1, names)
        labels = {game.action_label(state, a, names) for a in state.legal_actions()}
        assert hint.label in labels, (game_id, hint.label, labels)
        quoted = hint.why.split("“")[1].split("”")[0] if "“" in hint.why else None
        assert quoted is None or quoted in labels, (game_id, quoted, labels)


def _report(*stats: tuple[str, int, float]) -> SearchReport:
    from monsterlair.bots.ismcts import ActionStats

    game = get("push-a-monster")
    rows = [ActionStats(game.parse_action(a), v, m) for a, v, m in stats]
    return SearchReport(rows[0].action, sum(v for _, v, _ in stats), 0.1, rows)


def test_a_hint_says_so_when_moves_tie_and_quotes_moves_as_the_menu_words_them() -> None:
    """Stranger's review (item 5): a 100% against 100% hint gave no reason; tied moves are told as tied, and
    the quoted move starts with a capital as the menu's lines do."""
    from monsterlair.server.tables.hints import explain

    game = get("push-a-monster")
    tied = explain(game, _report(("push A", 10, 1.0), ("push B", 4, 1.0), ("push C", 2, 1.0)))
    assert "the next best" not in tied, tied
    assert tied == (
        "In 16 games the bot played out from here, this move won 100% of the time, and 2 other moves did as well, "
        "such as “Push from B, straight in, 7 cm deep”: any of them is as good a choice."
    )
    close = explain(game, _report(("push A", 12, 0.5), ("push B", 8, 0.375)))
    assert "too few games to tell them apart" in close, close
    clear = explain(game, _report(("push A", 300, 0.8), ("push B", 100, 0.3)))
    assert clear == (
        "In 400 games the bot played out from here, this move won 80% of the time; the next best, "
        "“Push from B, straight in, 7 cm deep”, won 30%."
    )
