"""The engine protocol refuses an action in the protocol's own terms: the texts of ``legal``, seats and monster
ids counted from 0, a pointer to ``legal`` — never the terminal's menu, players' names or numbers from 1 — and
the refusal changes nothing and names no hidden card. The terminal keeps its own words (``str(exc)``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from monsterlair import games
from monsterlair.core import BadAction, IllegalAction
from monsterlair.protocol import Engine

TERMINAL_ONLY = ("menu", "player's name", "Player ", "#N", "#7", "(monster ")
"""Words that only make sense on a player's screen (a menu, names, numbers from 1)."""


def ask(engine: Engine, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(engine.handle(json.dumps(request)))
    return response


def refusal(engine: Engine, game_id: str, text: str) -> str:
    """The message of a refused ``play``, checked to change nothing and to point at ``legal``."""
    before = [ask(engine, cmd="view", game_id=game_id, seat=s) for s in (None, 0, 1, 2)]
    record = ask(engine, cmd="record", game_id=game_id)
    response = ask(engine, cmd="play", game_id=game_id, action=text)
    assert response["ok"] is False and response["error"]["code"] == "illegal_action", response
    message = str(response["error"]["message"])
    assert message.endswith("Ask 'legal' for the legal actions."), message
    assert "legal:" not in message, message
    own = message.replace(f"'{text}'", "")  # the refused text, quoted back, is the client's own
    for words in TERMINAL_ONLY:
        assert words not in own, (text, message)
    assert [ask(engine, cmd="view", game_id=game_id, seat=s) for s in (None, 0, 1, 2)] == before
    assert ask(engine, cmd="record", game_id=game_id) == record
    return message


def smash_at(engine: Engine, step: str) -> str:
    """A three-player Monster Smash game (seed 1) at its first decision of ``step`` ("burn", "attack")."""
    game_id = str(ask(engine, cmd="new", game="monster-smash", players=3, seed=1)["game_id"])
    for _ in range(60):
        view = ask(engine, cmd="view", game_id=game_id, seat=None)["view"]
        if view["phase"] == step:
            return game_id
        legal = ask(engine, cmd="legal", game_id=game_id)["actions"]
        action = next(a for a in ("keep", "pass", "done", *legal) if a in legal)
        assert ask(engine, cmd="play", game_id=game_id, action=action)["ok"]
    raise AssertionError(f"no {step} step reached")


def test_smash_attack_step_refusals_speak_the_protocol() -> None:
    engine = Engine()
    gid = smash_at(engine, "attack")
    assert ask(engine, cmd="legal", game_id=gid)["actions"] == ["pass", "attack 0", "attack 1"]
    message = refusal(engine, gid, "attack 3")
    assert "seats are numbered 0 to 2" in message and "no seat 3" in message, message
    message = refusal(engine, gid, "attack Player 2")
    assert "'attack Player 2' is not a Monster Smash action" in message and "attack S" in message, message
    assert "from 0" in message, message
    message = refusal(engine, gid, "attack 2")  # the mover's own seat
    assert "is not legal now" in message and "seat 2 is to move" in message, message
    message = refusal(engine, gid, "burn 1")
    assert "phase 'attack'" in message and "no 'burn N' action" in message, message


def test_smash_burn_step_refusals_name_the_step_and_the_public_hand_size() -> None:
    engine = Engine()
    gid = smash_at(engine, "burn")
    view = ask(engine, cmd="view", game_id=gid, seat=None)["view"]
    mover = view["to_move"]
    size = view["hand_sizes"][mover]
    hand = ask(engine, cmd="view", game_id=gid, seat=mover)["view"]["hand"]
    message = refusal(engine, gid, "attack 5")
    assert "not legal now" in message and "phase 'burn'" in message and "no 'attack N' action" in message, message
    assert "players" not in message
    for text in ("burn 0", f"burn {size + 1}"):
        message = refusal(engine, gid, text)
        assert f"holds {size} cards (positions 1 to {size})" in message, message
        assert "14" not in message, message
        assert not any(card in message for card in hand), message


@pytest.mark.parametrize(
    ("game", "players", "texts"),
    [
        ("monster-smash", 3, ["foo", "attack 9", "attack -1", "burn 0", "play 40", "keep please"]),
        ("monstra", 2, ["foo", "strike b3", "first a1", "tactic nope"]),
        ("monster-club", 2, ["foo", "play 9", "attack 3", "destroy 5"]),
        ("push-a-monster", 2, ["foo", "shove angle=90", "shove monster=99 angle=90", "take purple", "assist"]),
    ],
)
def test_no_game_sends_terminal_advice_through_the_protocol(game: str, players: int, texts: list[str]) -> None:
    engine = Engine()
    gid = str(ask(engine, cmd="new", game=game, players=players, seed=2)["game_id"])
    for text in texts:
        refusal(engine, gid, text)


def test_push_a_monster_shoves_are_refused_by_id() -> None:
    engine = Engine()
    gid = str(ask(engine, cmd="new", game="push-a-monster", players=2, seed=1)["game_id"])
    while ask(engine, cmd="view", game_id=gid, seat=None)["view"]["phase"] != "push":
        assert ask(engine, cmd="play", game_id=gid, action=ask(engine, cmd="legal", game_id=gid)["actions"][0])["ok"]
    message = refusal(engine, gid, "shove angle=90")
    assert "shove monster=ID" in message and "from 0" in message, message
    assert "No monster has id 99" in refusal(engine, gid, "shove monster=99 angle=90")
    assert "with id 0 cannot start" in refusal(engine, gid, "shove monster=0 angle=90 dist=9")


def test_the_terminal_keeps_its_words() -> None:
    """The players' words (what the terminal prints) still say how a person chooses, never seats from 0."""
    state = games.get("monster-smash").new(3, 1)
    while state.view(None)["phase"] != "attack":
        legal = [str(a) for a in state.legal_actions()]
        state.apply(state.parse_action(next(a for a in ("keep", "pass", "done", *legal) if a in legal)))
    with pytest.raises(IllegalAction) as caught:
        state.parse_action("attack 3")
    assert "menu" in str(caught.value) and "player's name" in str(caught.value)
    assert "menu" not in caught.value.in_notation()
    with pytest.raises(BadAction) as bad:
        state.parse_action("attack Player 2")
    assert "menu" in str(bad.value) and "attack S" in bad.value.in_notation()


def test_the_contracts_own_refusal_reaches_a_program_without_the_legal_list() -> None:
    """``apply``'s refusal (no notation wording of its own) is sent without the legal list, which can show the
    mover's hand; the players' message keeps it."""
    from monsterlair.protocol.engine import _public_reason

    state = games.get("monstra").new(2, seed=5)
    strike = games.get("monstra").parse_action("strike a1")
    with pytest.raises(IllegalAction) as caught:
        state.apply(strike)
    assert str(caught.value) == f"'strike a1' is not legal now. {state.describe_decision()}"
    assert _public_reason(caught.value) == "'strike a1' is not legal now. Ask 'legal' for the legal actions."
    with pytest.raises(IllegalAction) as parsed:
        state.parse_action("strike a1")
    assert _public_reason(parsed.value) == (
        "'strike a1' is not legal now (seat 0 is to move). Ask 'legal' for the legal actions."
    )
    for game, text in (("monster-smash", "pass"), ("monster-club", "end")):  # their own checked apply
        state = games.get(game).new(2, seed=5)
        with pytest.raises(IllegalAction) as caught:
            state.apply(games.get(game).parse_action(text))
        assert str(caught.value) == f"'{text}' is not legal now. {state.describe_decision()}"
        assert _public_reason(caught.value) == f"'{text}' is not legal now. Ask 'legal' for the legal actions."
