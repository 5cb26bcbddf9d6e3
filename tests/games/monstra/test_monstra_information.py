"""MO-13: what each seat may know — views, events, determinization and the RL encoding."""

from __future__ import annotations

import json

from monsterlair.core import Rng
from monsterlair.games.monstra.spec import CREATURES, TACTICS
from monsterlair.games.monstra.state import MonstraState
from tests.games.monstra.monstra_helpers import GAME, arrange, new, play

TACTIC_IDS = {t.id for t in TACTICS}
CREATURE_IDS = {c.id for c in CREATURES}


def _strings(obj: object) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= _strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= _strings(v)
    return out


def _mid_game(players: int = 2, seed: int = 3, steps: int = 25, **options: object) -> MonstraState:
    s = new(players, seed=seed, **options)
    rng = Rng(seed)
    for _ in range(steps):
        if s.over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


def test_MO_13_1_public_table() -> None:
    s = _mid_game()
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    for v in (v0, v1, spectator):
        for key in ("game", "seat", "to_move", "over", "result", "players", "round", "marker", "order", "teams"):
            assert key in v
        assert "log" not in v
        json.dumps(v)
    for t in range(2):
        for key in ("energy", "knockouts", "tactic_used", "hand_count", "deck_count", "discard", "slots", "fallen"):
            assert v0["teams"][t][key] == v1["teams"][t][key] == spectator["teams"][t][key]


def test_MO_13_2_hands_face_down_and_orders_are_hidden() -> None:
    s = _mid_game()
    theirs_hand = {TACTICS[i].id for i in s.hand[1]}
    v0 = s.view(0)
    assert v0["teams"][1]["hand"] is None and v0["teams"][0]["hand"] is not None
    assert s.view(None)["teams"][0]["hand"] is None and s.view(None)["teams"][1]["hand"] is None
    # with random decks nothing in seat 0's view names a card of B's hand that B has not shown
    shown_b = {TACTICS[i].id for i in s.tdiscard[1]}
    assert not ((theirs_hand - shown_b) & _strings(v0["teams"][1]))
    face_down_b = {CREATURES[s.card[u]].id for u in s.reserve[1][s.bottom[1] :]}
    assert not (face_down_b & _strings(v0["teams"][1]))
    assert v0["teams"][0]["reserve_unseen"] == sorted(CREATURES[s.card[u]].id for u in s.reserve[0][s.bottom[0] :])
    # the order of one's own face-down creatures and tactic deck is not in the view
    assert "reserve" not in v0["teams"][0] and "deck" not in v0["teams"][0]
    # the Guardian's behaviour order is hidden from everyone
    m = _mid_game(1, seed=4, steps=10)
    upcoming = set(m.bdeck)
    for view in (m.view(0), m.view(None)):
        g = view["guardian"]
        assert g["deck_count"] == len(upcoming)
        from monsterlair.games.monstra.spec import BEHAVIOURS

        hidden_ids = {BEHAVIOURS[b].id for b in upcoming}
        assert not (hidden_ids & _strings(g))


def test_MO_13_3_deck_lists_known_to_owner_and_public_when_from_options() -> None:
    s = _mid_game()
    assert s.view(0)["teams"][0]["deck_creatures"] is not None
    assert s.view(0)["teams"][1]["deck_creatures"] is None and s.view(0)["teams"][1]["deck_tactics"] is None
    p = _mid_game(decks="starter/blaze")
    assert p.view(0)["teams"][1]["deck_tactics"] == [TACTICS[i].id for i in p.deck_t[1]]
    assert p.view(None)["teams"][1]["reserve_unseen"] is not None


def test_MO_13_4_events_redacted_per_seat() -> None:
    s = new(2, seed=6)
    events = []
    while s.round < 2:
        events += s.apply(s.legal_actions()[-1] if s.stage == 2 else s.parse_action("guard"))
    draws = [e for e in events if e.type == "draw"]
    assert draws
    for e in draws:
        team = "AB".index(e.data["team"])
        assert e.to == s.team_seats[team]
        mine = e.for_seat(team)
        theirs = e.for_seat(1 - team)
        assert "cards" in mine and "cards" not in theirs and theirs["count"] == mine["count"] == 1
        assert "cards" not in e.for_seat(None)


def test_MO_13_5_determinize_resamples_only_hidden_parts() -> None:
    for players, options in ((2, {}), (4, {}), (1, {}), (2, {"mode": "mission"}), (2, {"decks": "starter"})):
        for seed in range(6):
            s = _mid_game(players, seed=seed, steps=20 + seed, **options)
            if s.over:
                continue
            seat = s.to_move
            assert seat is not None
            rng = Rng(seed)
            d = s.determinize(seat, rng)
            assert d.view(seat) == s.view(seat)
            assert d.to_move == s.to_move and [str(a) for a in d.legal_actions()] == [str(a) for a in s.legal_actions()]
            # the sample depends only on what the seat knows: a state with other hidden cards gives the same
            other = s.determinize(seat, Rng(999))
            a = other.determinize(seat, Rng(7))
            b = s.determinize(seat, Rng(7))
            assert a.tdeck == b.tdeck and a.hand == b.hand and a.bdeck == b.bdeck
            assert [a.card[u] for u in a.reserve[0]] == [b.card[u] for u in b.reserve[0]]
            # a determinized game plays on to a legal end
            rng2 = Rng(seed)
            while not d.over:
                legal = d.legal_actions()
                d.apply(legal[rng2.below(len(legal))])


def test_MO_13_5_determinize_keeps_deck_rules_for_unknown_decks() -> None:
    s = _mid_game(seed=11)
    from monsterlair.games.monstra.spec import PREMIUMS

    for i in range(20):
        d = s.determinize(0, Rng(i))
        cards = [d.card[u] for u in range(12, 24)]
        assert len(set(cards)) == 12 and len(set(cards) & PREMIUMS) <= 1
        assert len(set(d.hand[1]) | set(d.tdeck[1]) | set(d.tdiscard[1])) == 12
    assert len({tuple(s.determinize(0, Rng(i)).hand[1]) for i in range(20)}) > 1


def test_MO_13_6_encode_view_fixed_length() -> None:
    size = GAME.observation_size(2, {})
    for players, options in ((2, {}), (4, {}), (1, {}), (2, {"mode": "mission"})):
        s = _mid_game(players, seed=2, steps=15, **options)
        seats = range(players)
        for seat in seats:
            vec = GAME.encode_view(s.view(seat), players, options)
            assert len(vec) == size and all(isinstance(x, float) for x in vec)
    s = arrange(new(2, seed=1), hands={"A": ["rally"]})
    v = GAME.encode_view(s.view(0), 2, {})
    w = GAME.encode_view(s.view(1), 2, {})
    assert v != w  # each seat sees its own side first
    play(s, s.legal_actions()[0].text)
