"""Tutorials: a scripted first game against a bot, the same deal every time, never rated."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from monsterlair import bots, games
from monsterlair.core import Perspective, Rng, State
from monsterlair.server.tables.bots import bot_seed
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.tutorials import TUTORIALS
from tests.server.conftest import ClientFactory, guest


def test_the_api_says_truthfully_which_bot_a_tutorial_plays() -> None:
    """Review: the route said "against a gentle bot" once Monster Smash's tutorial played the greedy bot."""
    from monsterlair.server.api.openapi import openapi_document
    from monsterlair.server.app import create_app

    said = " ".join(
        openapi_document(create_app())["paths"]["/api/games/{game_id}/tutorial"]["post"]["description"].split()
    )
    for setup in TUTORIALS.values():
        assert f"the {setup.bot} bot" in said, setup.game
    assert "gentle" not in said or {t.bot for t in TUTORIALS.values()} == {"random"}


def test_every_game_has_a_tutorial_that_can_start() -> None:
    for game in games.all_games():
        setup = TUTORIALS[game.id]
        state = game.new(setup.players, setup.seed, setup.options)
        assert state.to_move == 0, f"the learner moves first in the {game.id} tutorial"


async def test_a_tutorial_is_a_private_started_table_against_a_bot_with_the_same_deal(
    app: FastAPI, clients: ClientFactory
) -> None:
    ann, bob = await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    made = []
    for client in (ann, bob):
        r = await client.post("/api/games/monster-club/tutorial")
        assert r.status_code == 200, r.text
        made.append(r.json())
    for data in made:
        table = data["table"]
        assert table["private"] and table["status"] == "playing" and table["hints"]
        assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    ids = [d["table"]["id"] for d in made]
    assert ids[0] != ids[1]
    # the scripted deal: both learners hold the same first hand
    hub: Hub = app.state.hub
    tables = [await hub.table(tid) for tid in ids]
    assert tables[0].meta.seed == tables[1].meta.seed == TUTORIALS["monster-club"].seed
    assert tables[0].meta.rated is True and made[0]["table"]["hints"]  # a bot plays: it can never be rated


async def test_no_tutorial_for_an_unknown_game_or_without_a_name(client: httpx.AsyncClient) -> None:
    r = await client.post("/api/games/monster-club/tutorial")
    assert r.status_code == 401
    await guest(client, "Ann")
    r = await client.post("/api/games/chess/tutorial")
    assert r.status_code == 404 and "no tutorial" in r.json()["error"]["message"]


async def test_a_tutorial_table_remembers_it_is_one_wherever_it_is_opened_from(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    """Reopened from "My tables", a "your turn" notice or a reload, a tutorial keeps its coach: the table itself
    says it is a tutorial (stored), so no link has to carry it."""
    await guest(client, "Ann")
    r = await client.post("/api/games/monster-smash/tutorial")
    assert r.status_code == 200, r.text
    made = r.json()["table"]
    assert made["tutorial"] is True
    ordinary = await client.post(
        "/api/tables",
        json={"game": "monster-smash", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]},
    )
    assert ordinary.status_code == 200, ordinary.text
    assert ordinary.json()["table"]["tutorial"] is False
    # the stored table, as a restarted server loads it
    hub: Hub = app.state.hub
    stored = await hub.store.load_table(made["id"])
    assert stored is not None and stored.tutorial is True
    # the page a link opens (table detail), my tables and my turns
    again = (await client.get(f"/api/tables/{made['id']}", params={"invite": made["invite"]})).json()
    assert again["table"]["tutorial"] is True
    mine = {t["id"]: t["tutorial"] for t in (await client.get("/api/tables")).json()["mine"]}
    assert mine == {made["id"]: True, ordinary.json()["table"]["id"]: False}
    turns = {t["id"]: t["tutorial"] for t in (await client.get("/api/me/turns")).json()["tables"]}
    assert turns[made["id"]] is True


def _plain_plan(state: State, suit: str) -> str:
    """What a learner who does as the Monster Smash prompts say plays: keep, burn two cards of other suits from a
    big hand, attack with every card of their own suit and one other, defend with a card of their own suit."""
    view = state.view(0)
    phase, legal = view["phase"], {str(a) for a in state.legal_actions()}
    hand = list(view["hand"])
    own = [i + 1 for i, c in enumerate(hand) if c.startswith(f"{suit}-")]
    other = [i + 1 for i, c in enumerate(hand) if not c.startswith(f"{suit}-")]
    if phase == "first_turn":
        return "keep"
    if phase == "burn":
        if "pass" in legal:
            return f"burn {other[0]}" if len(hand) >= 7 and len(other) >= 2 else "pass"
        return f"burn {other[0]}" if len(view["burning"] or []) < 2 and other else "done"
    if phase == "attack":
        return "attack 1" if "attack 1" in legal and own else "pass"
    plays = [f"play {i}" for i in (own[-1:] if phase == "defend" else own + other[:1])]
    return next((p for p in plays if p in legal), "done" if "done" in legal else "pass")


@pytest.mark.parametrize("learner", ["plain", "greedy:0", "greedy:1", "random:0", "random:1", "random:2", "random:3"])
def test_the_monster_smash_tutorial_teaches_burning_attacking_and_defending_before_the_end(learner: str) -> None:
    """The review's learner saw the game end on their own first attack, after four decisions: the random bot had
    burnt its hand away and never attacked, so the learner never defended. With the tutorial's deal and bot (the
    bot's choices seeded as the server seeds them), the learner meets every step of the turn, the defence too,
    however they play."""
    setup = TUTORIALS["monster-smash"]
    game = games.get("monster-smash")
    state = game.new(setup.players, setup.seed, setup.options)
    suit = state.view(0)["monsters"][0]
    kind, _, rest = learner.partition(":")
    player = None if kind == "plain" else bots.from_spec(kind)
    opponent = bots.from_spec(setup.bot)
    met: list[str] = []
    plies = 0  # the table's state id: the server seeds each bot decision with it
    while not state.over:
        seat = state.to_move
        assert seat is not None
        if seat == 0:
            phase = state.view(0)["phase"]
            met.append(phase)
            if player is None:
                text = _plain_plan(state, suit)
            else:
                text = str(player.choose(Perspective(state, 0), Rng(int(rest) * 1000 + len(met))))
        else:
            text = str(opponent.choose(Perspective(state, seat), Rng(bot_seed(setup.seed, plies, seat))))
        state.apply(state.parse_action(text))
        plies += 1
    for phase in ("first_turn", "burn", "attack", "attack_cards", "defend"):
        assert phase in met, (learner, phase, met)
