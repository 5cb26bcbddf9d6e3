"""Issue 13, "done means": random games of every game produce only prose in the log, for a seat and for a
spectator — no ``key=value``, no codes, no Python reprs — and never more than the redacted event holds."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from monsterlair import games
from monsterlair.core import Event, Game, Rng, State
from monsterlair.games.monster_club import cards as club_cards
from monsterlair.games.monster_club import words as club_words
from monsterlair.games.monster_smash import spec as smash_spec
from monsterlair.games.monster_smash import words as smash_words
from monsterlair.games.monstra import spec as monstra_spec
from monsterlair.games.monstra import words as monstra_words

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
REPR = re.compile(r"[=\[\]{}_<>]|\bNone\b|\bTrue\b|\bFalse\b|\bseat \d|\bSeat \d|\bteam [AB]\b|: \.|\.\.$")

CODES: dict[str, set[str]] = {
    "monster-smash": set(smash_spec.KIND_CODE),
    "monster-club": {c.id for c in club_cards.CARDS},
    "monstra": {c.id for c in monstra_spec.CREATURES} | {t.id for t in monstra_spec.TACTICS},
    "push-a-monster": set(),
}

# The name a person reads for each hidden card code a private part may carry.
PRIVATE_NAME: dict[str, Callable[[str], str]] = {
    "monster-smash": smash_words.card_name,
    "monster-club": club_words.card_name,
    "monstra": monstra_words.tactic_name,
}

SETUPS = [
    ("monster-smash", 2, {}),
    ("monster-smash", 4, {}),
    ("monster-club", 2, {}),
    ("monstra", 2, {}),
    ("monstra", 4, {}),
    ("monstra", 1, {"mode": "mission"}),
    ("monstra", 2, {"mode": "mission", "guardian": "expert"}),
    ("push-a-monster", 2, {}),
    ("push-a-monster", 3, {}),
]


def play(game: Game, players: int, options: dict[str, object], seed: int) -> Iterator[tuple[State, Event]]:
    """Every event of one random game (capped so a test stays quick)."""
    state = game.new(players, seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(500):
        if state.over:
            return
        legal = state.legal_actions()
        for event in state.apply(legal[rng.below(len(legal))]):
            yield state, event


def check_prose(game: Game, text: str, codes: set[str]) -> None:
    assert text and text.strip() == text, text
    assert not REPR.search(text), f"{game.id}: not prose: {text!r}"
    for code in codes:
        assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text), f"{game.id}: code {code!r} in {text!r}"


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_random_games_log_only_prose_for_a_seat_and_a_spectator(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = games.get(game_id)
    names = NAMES[:players]
    kinds: set[str] = set()
    for seed in (1, 2):
        for state, event in play(game, players, options, seed):
            kinds.add(event.type)
            for reader in (None, *range(players)):
                text = game.describe_event(event.for_seat(reader), reader, names, state.options)
                check_prose(game, text, CODES[game_id])
                if reader is not None and text.startswith(names[reader] + " "):
                    pytest.fail(f"{game_id}: the reader is named, not addressed: {text!r}")
        if state.over:
            assert state.result is not None
            for reader in (None, *range(players)):
                plain = game.describe_result(state.result, reader, names, state.options).plain()
                for line in plain.splitlines():
                    check_prose(game, line.strip(), CODES[game_id])
    assert len(kinds) > 3


@pytest.mark.parametrize("game_id", sorted(PRIVATE_NAME))
def test_the_words_never_say_more_than_the_redacted_event_holds(game_id: str) -> None:
    game = games.get(game_id)
    players = 2
    name = PRIVATE_NAME[game_id]
    checked = 0
    for seed in (3, 4, 5):
        for state, event in play(game, players, {}, seed):
            if not event.private:
                continue
            public = {name(str(c)) for v in event.data.values() for c in (v if isinstance(v, list) else [v])}
            hidden = {
                name(str(c))
                for v in event.private.values()
                for c in (v if isinstance(v, list) else [v])
                if isinstance(c, str)
            } - public
            for reader in (None, *range(players)):
                text = game.describe_event(event.for_seat(reader), reader, NAMES[:players], state.options)
                if reader is not None and reader in event.to:
                    continue
                for secret in hidden:
                    assert not re.search(rf"\b{re.escape(secret)}\b", text), f"{secret!r} leaked to {reader}: {text}"
                checked += 1
    assert checked > 5


def test_the_reader_is_addressed_and_everyone_else_named() -> None:
    game = games.get("monster-smash")
    steal = Event(
        "steal", {"attacker": 1, "defender": 0, "attack": 7, "defence": 4, "count": 3}, {"cards": ["ember-3"]}, (1, 0)
    )
    names = ["Ann", "Gobble (Greedy bot)"]
    assert game.describe_event(steal.for_seat(0), 0, names) == (
        "Gobble (Greedy bot) wins 7 to 4 and steals 3 cards from you: Flarefang 3."
    )
    assert game.describe_event(steal.for_seat(None), None, names) == (
        "Gobble (Greedy bot) wins 7 to 4 and steals 3 cards from Ann."
    )
    keep = Event("keep", {"seat": 0})
    assert game.describe_event(keep.for_seat(0), 0, names) == "You keep your hand."
    assert game.describe_event(keep.for_seat(1), 1, names) == "Ann keeps their hand."


def test_a_club_conflict_explains_its_scores_when_the_event_carries_a_breakdown() -> None:
    game = games.get("monster-club")
    conflict = {"type": "conflict", "attacker": 0, "space": 2, "scores": [9, 4], "losers": [1], "decided_by": "score"}
    parts = [
        [
            {"card": "blade-harpy", "owner": 0, "kind": "printed", "value": 6},
            {"card": "iron-fist", "owner": 0, "kind": "add", "value": 3},
        ],
        [{"card": "cave-gnasher", "owner": 1, "kind": "printed", "value": 4}],
    ]
    names = ["Ann", "Bob"]
    assert game.describe_event({**conflict, "breakdown": parts}, 1, names) == (
        "Conflict on space 2: Ann's 9 (Blade Harpy 6, Iron Fist +3) against your 4 (Cave Gnasher 4), "
        "decided by the higher score; Ann wins it."
    )
    assert game.describe_event(conflict, 0, names) == (
        "Conflict on space 2: your 9 against Bob's 4, decided by the higher score; you win it."
    )


def test_a_club_breakdown_names_a_cards_own_effect_and_whose_card_lowers_a_score() -> None:
    """A monster's own effect is not a second monster ("Parchment Phantom 4, +2 from its own effect"); a
    calculation from the other stack names whose card it is ("your Tremor −2"), with a true minus sign."""
    game = games.get("monster-club")
    names = ["Cleo", "Tumble (Greedy bot)"]
    conflict = {"type": "conflict", "attacker": 0, "space": 1, "scores": [6, 5], "losers": [1], "decided_by": "score"}
    parts = [
        [
            {"card": "parchment-phantom", "owner": 0, "kind": "printed", "value": 4},
            {"card": "parchment-phantom", "owner": 0, "kind": "add", "value": 2},
        ],
        [
            {"card": "boulder-brute", "owner": 1, "kind": "printed", "value": 7},
            {"card": "tremor", "owner": 0, "kind": "add", "value": -2},
        ],
    ]
    event = {**conflict, "breakdown": parts}
    assert game.describe_event(event, 0, names) == (
        "Conflict on space 1: your 6 (Parchment Phantom 4, +2 from its own effect) against "
        "Tumble (Greedy bot)'s 5 (Boulder Brute 7, your Tremor \u22122), decided by the higher score; you win it."
    )
    assert game.describe_event(event, 1, names) == (
        "Conflict on space 1: Cleo's 6 (Parchment Phantom 4, +2 from its own effect) against "
        "your 5 (Boulder Brute 7, Cleo's Tremor \u22122), decided by the higher score; Cleo wins it."
    )
    times = [
        {"card": "boulder-brute", "owner": 1, "kind": "printed", "value": 7},
        {"card": "landslide", "owner": 1, "kind": "add", "value": 1},
        {"card": "tremor", "owner": 0, "kind": "add", "value": -2},
        {"card": "landslide", "owner": 1, "kind": "times", "value": 2},
        {"card": "fold-twice", "owner": 1, "kind": "times", "value": 2},
    ]
    assert (
        game.describe_event({**event, "breakdown": [[], times]}, 1, names)
        .split(" against ")[1]
        .startswith(
            "your 5 (Boulder Brute 7, Landslide +1, Cleo's Tremor \u22122, "
            "×2 from Landslide's own effect, ×2 Fold Twice)"
        )
    )


def test_a_club_destroy_says_its_true_cause() -> None:
    """A stack that loses a conflict loses the conflict (not "by a card"); a card's effect is named."""
    game = games.get("monster-club")
    names = ["Cleo", "Tumble (Greedy bot)"]
    lost = {"type": "destroyed", "seat": 0, "space": 1, "cards": ["gravel-gremlin", "tremor"], "by": "conflict"}
    assert game.describe_event(lost, 0, names) == (
        "Your Gravel Gremlin and Tremor on space 1 lose the conflict and go to the grave."
    )
    one = {**lost, "cards": ["moss-giant"], "space": 3}
    assert game.describe_event(one, 1, names) == (
        "Cleo's Moss Giant on space 3 loses the conflict and goes to the grave."
    )
    by_card = {**one, "by": "avalanche"}
    assert game.describe_event(by_card, 1, names) == "Cleo's Moss Giant on space 3 is destroyed by Avalanche."
    assert game.describe_event({**by_card, "cards": ["tremor"]}, 0, names) == (
        "Your Tremor on space 3 is destroyed by Avalanche."
    )
    redraw = {"type": "draw", "seat": 1, "count": 5, "by": "redraw"}
    assert game.describe_event(redraw, 0, names) == (
        "Tumble (Greedy bot) shuffles their hand into their deck and draws 5 cards."
    )
    assert game.describe_event({**redraw, "by": ""}, 1, names) == "You draw 5 cards."
    drawn = game.describe_event({**redraw, "by": "landslide", "count": 1}, 1, names)
    assert drawn == "You draw 1 card (Landslide's effect)."


def test_push_a_monster_names_every_monster_by_its_kind_and_the_number_drawn_on_it() -> None:
    """A Push a Monster log line never says a bare "monster 7": the kind comes first, as "the blue Wisp #7",
    the number being the one the arena draws on the monster (terminal and browser), from 1."""
    game = games.get("push-a-monster")
    named = 0
    for seed in (1, 2, 3):
        for state, event in play(game, 2, {}, seed):
            text = game.describe_event(event.for_seat(0), 0, NAMES[:2], state.options)
            assert not re.search(r"(?<!\()\b[Mm]onster \d", text), text
            assert "(monster" not in text, text
            named += len(re.findall(r"\b[a-z]+ [A-Z][a-z]+ #\d+\b", text))
    assert named > 10


def test_monstra_names_a_place_on_the_field_by_the_boards_own_label() -> None:
    """The round's order and the first-team choice name places as the board labels them (A1, B2), never a
    "slot" the board does not show; the round-limit ending explains itself without brackets in brackets."""
    game = games.get("monstra")
    names = ["Ann", "Tumble (Greedy bot)"]
    order = {"type": "order", "order": ["a1", "b1", "a2", "b2"], "ties": []}
    assert game.describe_event(order, 0, names) == (
        "Order this round: your A1, then Tumble (Greedy bot)'s B1, then your A2, then Tumble (Greedy bot)'s B2."
    )
    first = {"type": "first", "team": "B", "unit": "b2", "order": ["b2", "a1", "b1", "a2"]}
    assert game.describe_event(first, 0, names) == "Tumble (Greedy bot) puts their B2 first."
    end = {"type": "end", "winner": "B", "termination": "round-limit"}
    text = game.describe_event(end, 0, names)
    assert text == (
        "Tumble (Greedy bot) wins (the round limit)!"  # an end recorded without its numbers
    )
    for state, event in play(game, 2, {}, 4):
        assert "slot" not in game.describe_event(event.for_seat(0), 0, names, state.options)
