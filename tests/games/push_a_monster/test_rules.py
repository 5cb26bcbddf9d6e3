"""Rule tests for Push a Monster, named after the rules in docs/rules/push-a-monster.md."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from monsterlair.core import BadAction, BadOptions, GameOver, IllegalAction, Rng
from monsterlair.games.push_a_monster import physics
from monsterlair.games.push_a_monster.actions import (
    ASSIST,
    NUDGES,
    PLACES,
    PUSHES,
    TAKES,
    Nudge,
    Push,
    Shove,
    Take,
    mark_push,
    parse,
)
from monsterlair.games.push_a_monster.geometry import (
    ARENA,
    box,
    fully_inside,
    outline_separation,
    place_kind,
    separation,
)
from monsterlair.games.push_a_monster.physics import FELL, MISSED, OVERHANG, PLACED
from monsterlair.games.push_a_monster.spec import (
    DIE_FACES,
    DIE_KINDS,
    KIND_INDEX,
    KIND_MONSTERS,
    KINDS,
    MONSTER_KIND,
    NUM_MONSTERS,
    PUSHER_GAP,
    PUSHER_SPEED,
    QUESTION,
    SETUP_ORDER,
    START_MONSTERS,
    STEP,
    TOKEN_WIDTH,
    max_actions,
)
from monsterlair.games.push_a_monster.state import Phase, PushState, Where
from tests.games.push_a_monster.helpers import GAME, STEADY, final, monster, random_game, roll_next, scenario

FIXED = {"layout": "fixed"}
"""The fixed start layout (the default lets the players arrange it first)."""

# A scenario used by several tests: an empty arena, the orange monster 20 on the large pusher.
STRAIGHT_IN = "push x=0.24 y=-0.80 angle=80 depth=0.90"


def _push_event(events: list) -> dict:  # type: ignore[type-arg]
    return next(e.data for e in events if e.type in ("push", "nudge"))


# --- PM-1 components ---------------------------------------------------------------------------------------
def test_PM_1_1_twenty_seven_monsters_in_six_kinds() -> None:
    assert NUM_MONSTERS == 27
    counts = {k.id: k.count for k in KINDS}
    assert counts == {"green": 5, "blue": 5, "yellow": 5, "red": 5, "orange": 5, "purple": 2}
    assert [MONSTER_KIND[m] for m in range(5)] == [KIND_INDEX["green"]] * 5
    assert KIND_MONSTERS[KIND_INDEX["purple"]] == (25, 26)
    die_areas = [KINDS[k].area for k in DIE_KINDS]
    assert die_areas == sorted(die_areas) and len(set(die_areas)) == 5  # green smallest ... orange largest
    assert KINDS[KIND_INDEX["orange"]].area == max(k.area for k in KINDS)
    purple = KINDS[KIND_INDEX["purple"]].area
    assert min(die_areas) < purple < max(die_areas)  # mid-sized
    outlines = {tuple(tuple(p) for p in k.parts) for k in KINDS}
    assert len(outlines) == 6  # every kind has its own outline


def test_PM_1_2_every_monster_in_exactly_one_place() -> None:
    for players, seed in ((2, 1), (4, 2)):
        for state, _, _ in random_game(players, seed):
            where = [state.where(m) for m in range(NUM_MONSTERS)]
            on_arena = {m for m, *_ in state.poses}
            assert on_arena == {m for m in range(NUM_MONSTERS) if where[m] == Where.ARENA}
            on_pusher = [m for m in range(NUM_MONSTERS) if where[m] == Where.PUSHER]
            if state.phase == Phase.PUSH:
                assert on_pusher == [state.active]
            else:
                assert on_pusher == []
            if state.phase == Phase.NUDGE:
                assert state.active in on_arena
            assert len(state.poses) == len(on_arena)  # nobody twice on the arena
            view = state.view(None)
            assert view["where"] == [("supply", "pusher", "arena", "fallen")[w] for w in where]


def test_PM_1_3_token_widths_and_stacks() -> None:
    assert {k.id: k.token_width for k in KINDS} == {
        "green": 2,
        "blue": 3,
        "yellow": 4,
        "red": 5,
        "orange": 6,
        "purple": 8,
    }
    assert sum(k.tokens for k in KINDS) == 81
    assert all(k.tokens >= k.count * 3 for k in KINDS)  # research gap 11: never runs out with 4 players
    for state, _, _ in random_game(4, 5):
        stacks = state.view(None)["token_stacks"]
        assert all(n >= 0 for n in stacks.values())
    state = scenario([], players=4)
    state._tokens = [[0] * 6, [15] * 6, [0] * 6, [0] * 6]  # a stack emptied by force
    state._seat = 0
    with pytest.raises(RuntimeError, match="ran out"):
        state._fall(monster("green"), "test", [])


def test_PM_1_4_die_has_five_kinds_and_a_question_mark() -> None:
    assert len(DIE_FACES) == 6
    assert QUESTION in DIE_FACES
    assert KIND_INDEX["purple"] not in DIE_FACES
    seen = set()
    for seed in range(40):
        state = GAME.new(2, seed, FIXED)
        seen.add(state.view(None)["die"]["face"])
    assert seen == {"green", "blue", "yellow", "red", "orange", "?"}


# --- PM-2 set-up ------------------------------------------------------------------------------------------
def test_PM_2_1_start_layout_and_supply() -> None:
    state = GAME.new(3, 4, FIXED)
    assert isinstance(state, PushState)
    on_arena = sorted(m for m, *_ in state.poses)
    assert on_arena == sorted(START_MONSTERS) == [0, 5, 10, 15, 20, 25, 26]
    placed = [place_kind(MONSTER_KIND[m], x, y, a) for m, x, y, a in state.poses]
    assert all(fully_inside(MONSTER_KIND[m], x, y, a) for m, x, y, a in state.poses)
    for i in range(len(placed)):
        for j in range(i + 1, len(placed)):
            assert outline_separation(placed[i], placed[j]) > 0.0
    fresh = GAME.new(3, 4, FIXED)
    assert isinstance(fresh, PushState)
    supply = {KINDS[k].id: fresh.supply_count(k) for k in DIE_KINDS}
    if fresh.active is not None:  # the first roll has already put one on the large pusher
        supply[KINDS[MONSTER_KIND[fresh.active]].id] += 1
    assert supply == dict.fromkeys(("green", "blue", "yellow", "red", "orange"), 4)
    assert all(fresh.line_length(s) == 0 for s in range(3))


def test_PM_2_2_random_layout_is_seeded_and_apart() -> None:
    a = GAME.new(2, 11, {"layout": "random"})
    b = GAME.new(2, 11, {"layout": "random"})
    c = GAME.new(2, 12, {"layout": "random"})
    fixed = GAME.new(2, 11, FIXED)
    assert isinstance(a, PushState) and isinstance(b, PushState) and isinstance(c, PushState)
    assert isinstance(fixed, PushState)
    assert a.poses == b.poses != c.poses
    assert a.poses != fixed.poses
    placed = [place_kind(MONSTER_KIND[m], x, y, t) for m, x, y, t in a.poses]
    assert all(fully_inside(MONSTER_KIND[m], x, y, t) for m, x, y, t in a.poses)
    assert all(outline_separation(p, q) >= 0.03 for i, p in enumerate(placed) for q in placed[i + 1 :])
    with pytest.raises(BadOptions):
        GAME.new(2, 1, {"layout": "scattered"})
    assert GAME.options.defaults()["layout"] == "players"  # the rulebook: "any way that you like"


def test_PM_2_2_the_players_arrange_the_start_monsters_in_turn() -> None:
    state = GAME.new(3, 5)
    assert isinstance(state, PushState)
    assert state.phase == Phase.SETUP and state.poses == () and state.view(None)["die"]["face"] is None
    first = state.to_move
    assert first is not None
    order = [state.to_place]
    view = state.view(first)
    assert view["phase"] == "setup" and view["setup"] == {"monster": order[0], "kind": "orange", "left": 7}
    assert "place x=" in GAME.render(view, first)
    # a place off the arena, or on another monster, is refused and changes nothing
    state.apply(parse("place x=0.00 y=0.00 angle=0"))
    assert state.to_move == (first + 1) % 3 and state.poses[0][1:3] == (0.0, 0.0)
    before = state.record()
    for text in ("place x=0.05 y=0.05 angle=0", "place x=1.05 y=0.00 angle=0", "place x=2.60 y=0.00", "take green"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(parse(text))
        if text.startswith("place"):  # the reason in words, not the action's text
            assert str(refused.value).startswith("The monster cannot be set down there: "), refused.value
            assert "x=" not in str(refused.value)
    assert state.record() == before
    with pytest.raises(IllegalAction, match="only possible"):
        state.apply(ASSIST)  # free places are listed: no set-down by hand
    while state.phase == Phase.SETUP:
        order.append(state.to_place)
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    # every start monster placed, the largest first (by area); then the first player rolls
    assert sorted(order) == sorted(START_MONSTERS)
    kinds = [KINDS[MONSTER_KIND[m]].id for m in order]
    assert kinds == ["orange", "red", "yellow", "purple", "purple", "blue", "green"]
    assert sorted(m for m, *_ in state.poses) == sorted(START_MONSTERS)
    assert all(fully_inside(MONSTER_KIND[m], x, y, a) for m, x, y, a in state.poses)
    placed = [place_kind(MONSTER_KIND[m], x, y, a) for m, x, y, a in state.poses]
    assert all(outline_separation(p, q) >= 0.0 for i, p in enumerate(placed) for q in placed[i + 1 :])
    assert state.to_move == first and state.view(None)["die"]["face"] is not None
    replayed = GAME.replay(state.record())
    assert isinstance(replayed, PushState) and replayed.poses == state.poses


def test_PM_2_2_the_rules_state_the_order_the_players_place_in() -> None:
    """The rules document names the set-up order the game asks for (it once listed purple before yellow)."""
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "push-a-monster.md").read_text(encoding="utf-8")
    rule = re.search(r"\*\*PM-2\.2\*\*(.*?)\n\n", doc, re.S)
    assert rule is not None
    stated = re.search(r"the largest first \(by area, PM-1\.1: ([a-z, ]+)\)", " ".join(rule.group(1).split()))
    assert stated is not None, rule.group(1)
    assert stated.group(1).split(", ") == [KINDS[MONSTER_KIND[m]].id for m in SETUP_ORDER]


def test_PM_2_3_first_player_drawn_and_seats_take_turns() -> None:
    firsts = {GAME.new(4, seed).to_move for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = scenario([], players=3, pushing=monster("green"), seat=2)
    events = state.apply(parse(STRAIGHT_IN))
    assert state.to_move == 0 and any(e.type == "roll" and e.data["seat"] == 0 for e in events)


# --- PM-3 the roll ----------------------------------------------------------------------------------------
def test_PM_3_1_each_turn_starts_with_a_roll() -> None:
    state = scenario([], pushing=monster("blue"))
    events = state.apply(parse(STRAIGHT_IN))
    kinds = [e.type for e in events]
    assert kinds.index("placed") < kinds.index("roll")
    assert state.view(None)["die"]["face"] == next(e.data["face"] for e in events if e.type == "roll")


def test_PM_3_1_the_first_roll_opens_the_log() -> None:
    """The first seat rolls as the game opens: that roll is the log's opening line, not lost."""
    assert GAME.new(2, 7).opening_events() == []  # the players place the start monsters first: no roll yet
    state = GAME.new(2, 7, {"layout": "fixed"})
    opening = state.opening_events()
    assert [e.type for e in opening][0] == "roll" and opening[0].data["seat"] == state.to_move
    assert state.view(None)["die"]["face"] == opening[0].data["face"]
    assert state.clone().opening_events() == opening
    assert scenario([], pushing=monster("blue")).opening_events() == []  # a scenario starts on the pusher


def test_PM_3_2_rolled_kind_goes_on_the_pusher() -> None:
    state = scenario([], pushing=monster("blue"))
    state._where[monster("red", 0)] = Where.FALLEN  # the lowest red is gone: the next one is taken
    roll_next(state, "red")
    events = state.apply(parse(STRAIGHT_IN))
    take = next(e.data for e in events if e.type == "take")
    assert take == {"seat": 1, "monster": monster("red", 1), "kind": "red", "why": "rolled"}
    assert state.phase == Phase.PUSH and state.active == monster("red", 1)
    assert state.where(monster("red", 1)) == Where.PUSHER


def test_PM_3_3_question_mark_takes_most_frequent_or_the_player_chooses() -> None:
    # the supply after blue 5 is pushed: green 4, blue 4, yellow 4, red 5, orange 5 -> red and orange tie
    state = scenario([], pushing=monster("blue"), fallen=[monster("green", 1), monster("yellow", 1)])
    roll_next(state, "?")
    events = state.apply(parse(STRAIGHT_IN))
    assert not any(e.type == "take" for e in events)
    assert next(e.data for e in events if e.type == "tie")["kinds"] == ["red", "orange"]
    assert state.phase == Phase.CHOOSE and state.to_move == 1
    assert [str(a) for a in state.legal_actions()] == ["take red", "take orange"]
    before = state.record()
    with pytest.raises(IllegalAction):
        state.apply(Take(KIND_INDEX["green"]))
    with pytest.raises(IllegalAction):
        state.apply(parse("push A"))
    assert state.record() == before
    events = state.apply(parse("take orange"))
    assert state.active == monster("orange", 0) and state.view(None)["phase"] == "push"
    assert next(e.data for e in events if e.type == "take")["why"] == "chosen"
    # a single most frequent kind is taken without a choice
    state = scenario([], pushing=monster("blue"), fallen=[monster(k, 1) for k in ("green", "yellow", "red")])
    roll_next(state, "?")
    events = state.apply(parse(STRAIGHT_IN))
    take = next(e.data for e in events if e.type == "take")
    assert take["kind"] == "orange" and take["why"] == "most in the supply"


# --- PM-4 the push ----------------------------------------------------------------------------------------
def test_PM_4_1_monster_starts_on_the_tray_facing_the_push() -> None:
    heading = math.radians(80)
    for kind in KINDS:
        cx, cy = physics.push_start(kind.index, 0.24, -0.8, heading)
        outline = place_kind(kind.index, cx, cy, heading)
        ahead = max(px * math.cos(heading) + py * math.sin(heading) for part in outline for px, py in part)
        assert ahead == pytest.approx(0.24 * math.cos(heading) - 0.8 * math.sin(heading))  # front at the tip
        stroke = physics.push_stroke(kind.index, 0.24, -0.8, heading, 0.5, physics.Noise())
        assert min(separation(stroke.shape(), part) for part in outline) == pytest.approx(0.01)
        assert physics.Tray(0.24, -0.8, heading).holds(cx, cy)


def test_PM_4_2_push_text_round_trips_and_is_what_is_played() -> None:
    push = parse("push x=0.10 y=-1.20 angle=85 depth=0.62")
    assert push == Push(10, -120, 85, 62)
    assert str(push) == "push x=0.10 y=-1.20 angle=85 depth=0.62"
    assert parse("PUSH  depth = 0.624  angle=445 y=-1.2 x=.1") == push  # forgiving, rounded
    assert str(parse("push x=-0.05 y=0 angle=-90 depth=1")) == "push x=-0.05 y=0.00 angle=270 depth=1.00"
    state = scenario([], pushing=monster("green"))
    state.apply(parse(STRAIGHT_IN))
    assert str(state.history[-1]) == STRAIGHT_IN
    assert state.record()["actions"] == [STRAIGHT_IN]


def test_PM_4_3_marks_and_shorthands_become_canonical_pushes() -> None:
    assert parse("push C") == mark_push(2)
    assert parse("push c turn=-20 depth=0.9") == mark_push(2, -20, 90)
    x, y, heading = ARENA.marks[2]
    assert parse("push C") == Push(round(x * 100), round(y * 100), round(math.degrees(heading)) % 360, 70)
    straight = parse("push x=0.24 y=-0.80")
    assert isinstance(straight, Push) and straight.depth == 70
    assert 45 <= straight.angle <= 135  # straight in from the bottom edge: roughly north
    state = scenario([], pushing=monster("green"))
    assert state.parse_action("push P") == mark_push(15)


def test_PM_4_4_out_of_range_pushes_are_illegal_and_change_nothing() -> None:
    state = scenario([(monster("red"), 0.92, 0.0, 0.0)], pushing=monster("green"))
    before = (state.record(), state.view(0))
    bad = [
        "push x=2.60 y=0.00 angle=180 depth=0.50",  # outside the table
        "push x=0.24 y=-0.80 angle=80 depth=0.04",  # too shallow
        "push x=0.24 y=-0.80 angle=80 depth=2.01",  # too deep
        "push x=0.00 y=-1.40 angle=90 depth=0.50",  # entry point too far from the edge
        "push x=0.00 y=0.00 angle=90 depth=0.50",  # starts on the arena
        "push x=1.06 y=0.03 angle=180 depth=0.50",  # starts on top of the red monster sticking out
        "nudge angle=90",  # wrong phase
        "take green",  # wrong phase
    ]
    for text in bad:
        with pytest.raises(IllegalAction):
            state.apply(parse(text))
        with pytest.raises(IllegalAction):
            state.parse_action(text)
    with pytest.raises(IllegalAction):
        state.apply(Push(0, -100, 400, 50))  # a hand-built action with a bad angle
    assert (state.record(), state.view(0)) == before
    # the reason in words: a player who pressed Push never saw the action's text (the terminal shows it typed)
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse("push x=1.06 y=0.03 angle=180 depth=0.50"))
    red = f"the red Imp #{monster('red') + 1}"
    pusher = "the monster and the pusher would start on top of"
    assert str(refused.value) == f"This push cannot start: {pusher} {red}, which sticks out there."
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse("push x=0.24 y=-0.80 angle=80 depth=2.01"))
    assert str(refused.value) == (
        "This push cannot start: the depth must be 0.5 cm to 20 cm (typed in decimetres: depth=0.05 to depth=2.00)."
    )


def test_PM_4_5_the_player_chooses_how_the_monster_lies_on_the_pusher() -> None:
    push = parse("push x=0.24 y=-0.80 angle=80 depth=0.72 facing=90")
    assert push.facing == 90 and str(push) == "push x=0.24 y=-0.80 angle=80 depth=0.72 facing=90"
    assert str(parse("push x=0.24 y=-0.80 angle=80 depth=0.72 facing=360")) == STRAIGHT_IN.replace("0.90", "0.72")
    assert parse("push C facing=-90").facing == 270
    heading = math.radians(80)
    for facing in (0, 90, 200):
        turned = math.radians(facing)
        cx, cy = physics.push_start(KIND_INDEX["orange"], 0.24, -0.8, heading, turned)
        outline = place_kind(KIND_INDEX["orange"], cx, cy, heading + turned)
        ahead = max(px * math.cos(heading) + py * math.sin(heading) for part in outline for px, py in part)
        assert ahead == pytest.approx(0.24 * math.cos(heading) - 0.8 * math.sin(heading))  # front at the tip
    state = scenario([], pushing=monster("orange"))
    state.apply(push)
    _, _, _, angle = state.poses[0]
    assert abs(math.remainder(angle - math.radians(170), math.tau)) < 0.05  # it kept its sideways turn
    with pytest.raises(IllegalAction):
        scenario([], pushing=monster("orange")).apply(Push(24, -80, 80, 72, 400))


# --- PM-5 falls -------------------------------------------------------------------------------------------
def test_PM_5_1_a_monster_falls_when_its_centre_of_mass_leaves_the_arena() -> None:
    # green monster 0 sits by the right edge, its centre 0.15 dm inside; a long push shoves it out
    edge_x = 0.98
    state = scenario([(monster("green"), 0.88, -0.28, 0.0)], pushing=monster("orange"))
    events = state.apply(parse("push x=0.30 y=-0.83 angle=50 depth=1.60"))
    assert state.where(monster("green")) == Where.FALLEN
    fall = next(e.data for e in events if e.type == "fall")
    assert fall["monster"] == monster("green") and fall["why"] == "knocked off"
    frames = _push_event(events)["frames"]
    fell_at = next(f["frame"] for f in frames["falls"] if f["monster"] == monster("green"))
    track = next(t["track"] for t in frames["monsters"] if t["monster"] == monster("green"))
    assert ARENA.contains(*track[0][1:3]) and track[-1][0] < fell_at  # it was over the arena, then it left
    # sticking out is allowed while the centre of mass is over the arena
    sticking = scenario([(monster("green"), edge_x - 0.1, -0.45, 0.0)])
    m, x, y, a = sticking.poses[0]
    assert ARENA.contains(x, y) and not fully_inside(MONSTER_KIND[m], x, y, a)
    assert sticking.where(m) == Where.ARENA


def test_PM_5_2_each_fall_gives_every_other_player_one_token() -> None:
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        falls_by_pusher: list[tuple[int, int]] = []
        state = GAME.new(players, seed)
        assert isinstance(state, PushState)
        for state, _, events in random_game(players, seed):  # noqa: B007 - the last state is used below
            for e in events:
                if e.type == "fall":
                    assert len(e.data["tokens_to"]) == players - 1
                    falls_by_pusher.append(
                        (e.data["monster"], [s for s in range(players) if s not in e.data["tokens_to"]][0])
                    )
        assert state is not None
        fallen = [m for m in range(NUM_MONSTERS) if state.where(m) == Where.FALLEN]
        assert sorted(m for m, _ in falls_by_pusher) == sorted(fallen)
        tokens = sum(sum(state.tokens(s)) for s in range(players))
        assert tokens == len(fallen) * (players - 1)
        for s in range(players):  # nobody ever gets a token for their own falls
            mine = [m for m, pusher in falls_by_pusher if pusher == s]
            others = [m for m, pusher in falls_by_pusher if pusher != s]
            assert sum(state.tokens(s)) == len(others)
            assert state.line_length(s) == sum(TOKEN_WIDTH[MONSTER_KIND[m]] for m in others)
            del mine


def test_PM_5_3_the_pushed_monster_falling_off_counts_as_fallen() -> None:
    state = scenario([], pushing=monster("green"))
    events = state.apply(parse("push x=0.07 y=-0.71 angle=90 depth=2.00"))  # across the narrow waist and off
    assert _push_event(events)["status"] == FELL
    assert state.where(monster("green")) == Where.FALLEN
    assert state.tokens(1)[KIND_INDEX["green"]] == 1 and state.tokens(0) == (0,) * 6
    assert state.to_move == 1  # the turn ended


def test_PM_5_4_a_miss_goes_back_on_the_pusher_and_is_retried_at_no_cost() -> None:
    away = "push x=0.24 y=-0.80 angle=80 depth=0.05"  # far too short: it never gets over the arena
    state = scenario([], pushing=monster("red"))
    for tries in (1, 2, 3):
        events = state.apply(parse(away))
        assert _push_event(events)["status"] == MISSED
        assert state.phase == Phase.PUSH and state.active == monster("red") and state.to_move == 0
        assert state.where(monster("red")) == Where.PUSHER and state.attempts == tries
        assert next(e.data for e in events if e.type == "missed")["tries_left"] == 12 - tries
        assert not any(e.type == "fall" for e in events)
    assert all(state.tokens(s) == (0,) * 6 for s in range(2))
    state.apply(parse(STRAIGHT_IN))  # the turn ends only once it lies fully on the arena
    assert state.where(monster("red")) == Where.ARENA and (state.to_move == 1 or state.over)


def test_PM_5_5_the_invented_miss_limit_is_an_option() -> None:
    away = "push x=0.24 y=-0.80 angle=80 depth=0.05"
    assert GAME.options.defaults()["miss_limit"] == 0
    state = scenario([], pushing=monster("red"), options={**STEADY, "miss_limit": 2})
    state.apply(parse(away))
    assert state.where(monster("red")) == Where.PUSHER
    events = state.apply(parse(away))
    assert state.where(monster("red")) == Where.FALLEN and any(e.type == "fall" for e in events)
    assert state.tokens(1)[KIND_INDEX["red"]] == 1
    assert state.to_move == 1 or state.over


# --- PM-6 completely on the arena, nudges -----------------------------------------------------------------
def _overhanging(options: dict[str, object] | None = None) -> PushState:
    """The orange monster pushed only half onto the arena from the bottom edge."""
    state = scenario([], pushing=monster("orange"), options={**STEADY, **(options or {})})
    events = state.apply(parse("push x=0.24 y=-0.80 angle=80 depth=0.45"))
    assert _push_event(events)["status"] == OVERHANG
    return state


def test_PM_6_1_the_pushed_monster_must_lie_fully_on_the_arena() -> None:
    state = _overhanging()
    assert state.phase == Phase.NUDGE and state.to_move == 0  # the turn goes on
    m, x, y, a = next(p for p in state.poses if p[0] == state.active)
    assert ARENA.contains(x, y) and not fully_inside(MONSTER_KIND[m], x, y, a)
    placed = scenario([], pushing=monster("orange"))
    events = placed.apply(parse(STRAIGHT_IN))
    assert _push_event(events)["status"] == PLACED
    m, x, y, a = placed.poses[0]
    assert fully_inside(MONSTER_KIND[m], x, y, a)
    # another monster may stick out: the turn ends normally with it hanging over the edge
    other = scenario([(monster("green"), 0.90, -0.36, 0.0)], pushing=monster("blue"))
    events = other.apply(parse(STRAIGHT_IN))
    assert _push_event(events)["status"] == PLACED and other.to_move == 1
    assert not other.view(None)["monsters"][0]["inside"]


def test_PM_6_2_a_nudge_pushes_from_the_contact_point() -> None:
    state = _overhanging()
    active = state.active
    assert active is not None
    m, x, y, a = next(p for p in state.poses if p[0] == active)
    heading = math.radians(80)
    stroke = physics.nudge_stroke(MONSTER_KIND[m], (x, y, a), heading, 0.0, 0.3, physics.Noise())
    assert stroke is not None and stroke.tool == "tip"
    outline = place_kind(MONSTER_KIND[m], x, y, a)

    def tip_after(shift: float) -> tuple[tuple[float, float], ...]:
        return box(stroke.x + shift * math.cos(heading), stroke.y + shift * math.sin(heading), heading, 0.30, 0.05)

    # it starts just short of the contact point: a hair more than the gap along the line and it touches
    assert not any(separation(tip_after(PUSHER_GAP - 0.001), p) < 0 for p in outline)
    assert any(separation(tip_after(PUSHER_GAP + 0.001), p) < 0 for p in outline)
    events = state.apply(parse("nudge angle=80 dist=0.30"))
    assert _push_event(events)["status"] == PLACED
    assert state.to_move == 1 and state.where(active) == Where.ARENA
    assert Nudge(80, 0, 12) == parse("nudge angle=80")  # offset 0 and dist 0.12 by default


def test_PM_6_3_nudge_ranges_and_the_invented_nudge_limit() -> None:
    state = _overhanging()
    before = state.record()
    for text in ("nudge angle=80 dist=0.00", "nudge angle=80 dist=0.61", "nudge angle=80 offset=0.41", "push A"):
        with pytest.raises(IllegalAction):
            state.apply(parse(text))
    with pytest.raises(IllegalAction, match="beside"):
        state.apply(parse("nudge angle=80 offset=0.38"))
    assert state.record() == before
    for _ in range(4):  # too gentle: still sticking out, and the turn simply goes on (the rulebook)
        events = state.apply(parse("nudge angle=350 dist=0.01"))
        assert state.phase == Phase.NUDGE and state.to_move == 0 and not any(e.type == "fall" for e in events)
    assert GAME.options.defaults()["nudge_limit"] == 0
    strict = _overhanging({"nudge_limit": 2})
    strict.apply(parse("nudge angle=350 dist=0.01"))
    assert strict.phase == Phase.NUDGE
    events = strict.apply(parse("nudge angle=350 dist=0.01"))
    assert any(e.type == "fall" and e.data["monster"] == monster("orange") for e in events)
    assert strict.where(monster("orange")) == Where.FALLEN and strict.to_move == 1


def test_PM_6_4_a_nudge_can_knock_monsters_off() -> None:
    state = _overhanging()
    events = state.apply(parse("nudge angle=260 dist=0.60"))  # back out over the edge
    assert _push_event(events)["status"] == FELL
    assert state.where(monster("orange")) == Where.FALLEN and state.tokens(1)[KIND_INDEX["orange"]] == 1


def test_PM_6_5_the_turn_ends_when_placed_or_fallen() -> None:
    state = scenario([], pushing=monster("orange"))
    state.apply(parse(STRAIGHT_IN))
    assert state.to_move == 1 and state.active != monster("orange")
    state = _overhanging()
    assert state.to_move == 0
    state.apply(parse("nudge angle=80 dist=0.30"))
    assert state.to_move == 1


def test_PM_6_6_a_turn_always_ends_without_tokens_after_max_tries() -> None:
    away = "push x=0.24 y=-0.80 angle=80 depth=0.05"
    state = scenario([(monster("green"), 0.0, 0.0, 0.0)], pushing=monster("red"), options={**STEADY, "max_tries": 3})
    state.apply(parse(away))
    state.apply(parse(away))
    events = state.apply(parse(away))
    down = next(e.data for e in events if e.type == "set_down")
    assert down["monster"] == monster("red") and not any(e.type == "fall" for e in events)
    m, x, y, a = next(p for p in state.poses if p[0] == monster("red"))
    assert fully_inside(MONSTER_KIND[m], x, y, a) and state.where(m) == Where.ARENA
    placed = {p[0]: place_kind(MONSTER_KIND[p[0]], *p[1:]) for p in state.poses}
    assert outline_separation(placed[monster("red")], placed[monster("green")]) >= 0.0
    assert math.hypot(x - 0.24, y + 0.80) < 0.5  # near where it was pushed from
    assert all(state.tokens(s) == (0,) * 6 for s in range(2)) and state.set_downs == 1
    assert state.to_move == 1 or state.over
    # a monster left sticking out is set down near where it sticks out, also by nudges and shoves
    hanging = _overhanging({"max_tries": 2})
    hanging.apply(parse("nudge angle=350 dist=0.01"))
    assert hanging.where(monster("orange")) == Where.ARENA and hanging.set_downs == 1
    m, x, y, a = next(p for p in hanging.poses if p[0] == monster("orange"))
    assert fully_inside(MONSTER_KIND[m], x, y, a)
    # when no candidate can start, 'assist' sets it down at once (and is legal only then)
    with pytest.raises(IllegalAction, match="only possible"):
        scenario([], pushing=monster("red")).apply(ASSIST)


def test_PM_6_6_assist_when_no_candidate_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = scenario([], pushing=monster("red"))
    monkeypatch.setattr(physics, "push_problem", lambda *args: "something sticks out there")
    assert blocked.legal_actions() == (ASSIST,)
    assert blocked.parse_action("assist") == ASSIST
    events = blocked.apply(ASSIST)
    assert blocked.where(monster("red")) == Where.ARENA and blocked.tokens(1) == (0,) * 6
    assert blocked.to_move == 1 and any(e.type == "set_down" for e in events)
    record = blocked.record()
    assert record["actions"][-1] == "assist" and record["anchors"][-1] is None
    # with no free place anywhere the monster leaves the game, still without tokens
    full = scenario([], pushing=monster("orange"))
    monkeypatch.setattr("monsterlair.games.push_a_monster.state.free_place", lambda *args: None)
    events = full.apply(ASSIST)
    assert full.where(monster("orange")) == Where.FALLEN and full.tokens(1) == (0,) * 6 and full.falls == 0
    assert any(e.type == "set_aside" for e in events)


def test_PM_6_7_monsters_on_the_arena_can_be_shoved() -> None:
    green = monster("green")
    state = scenario([(green, 0.0, 0.0, 0.0)], pushing=monster("red"))
    shove = parse("shove monster=0 angle=90 dist=0.20")
    assert shove == Shove(green, 90, 0, 20) and str(shove) == "shove monster=0 angle=90 offset=0.00 dist=0.20"
    events = state.apply(shove)
    data = next(e.data for e in events if e.type == "shove")
    assert data["status"] == "shoved" and data["target"] == green and "frames" in data
    shove_event = next(e for e in events if e.type == "shove")
    assert data["target_kind"] == "green" and "shoves the green Gloop #1" in GAME.describe_event(
        shove_event.for_seat(0)
    )
    _, x, y, _ = state.poses[0]
    assert y > 0.15 and abs(x) < 0.02  # moved north, about the stroke's length
    assert state.phase == Phase.PUSH and state.to_move == 0 and state.where(monster("red")) == Where.PUSHER
    assert state.tries == 1
    for bad in ("shove monster=5 angle=90", "shove monster=0 angle=90 dist=0.90", "shove monster=99 angle=0"):
        with pytest.raises(IllegalAction):
            state.apply(parse(bad))
    # shoving a monster off the edge gives the others a token, as any fall in the mover's turn
    edge = scenario([(green, 0.88, -0.28, 0.0)], pushing=monster("red"))
    events = edge.apply(parse("shove monster=0 angle=0 dist=0.40"))
    assert edge.where(green) == Where.FALLEN and edge.tokens(1)[KIND_INDEX["green"]] == 1
    # while the pushed monster sticks out, shoving a neighbour can settle it; the pushed one is nudged
    hanging = _overhanging()
    with pytest.raises(IllegalAction, match="nudged"):
        hanging.apply(Shove(monster("orange"), 80, 0, 12))
    # a shove is recorded with its settled positions and replays exactly
    game = GAME.new(2, 9, FIXED)
    assert isinstance(game, PushState)
    while game.phase != Phase.PUSH:
        game.apply(game.legal_actions()[0])
    target, x, y, _ = game.poses[0]
    game.apply(Shove(target, round(math.degrees(math.atan2(-y, -x))) % 360, 0, 10))
    assert game.record()["anchors"][-1]["status"] == "shoved"
    replayed = GAME.replay(game.record())
    assert isinstance(replayed, PushState) and replayed.poses == game.poses and replayed.reanchored == 0


# --- PM-7 the model ---------------------------------------------------------------------------------------
def test_PM_7_1_tremor_is_seeded_and_can_be_switched_off() -> None:
    def outcome(options: dict[str, object], sample: int | None) -> tuple:  # type: ignore[type-arg]
        state = scenario([], pushing=monster("orange"), options=options)
        if sample is not None:
            state = state.determinize(0, Rng(sample))
        events = state.apply(parse(STRAIGHT_IN))
        return _push_event(events)["tremor"], state.poses

    shaky = [outcome({"tremor": True}, s) for s in range(4)]
    assert len({repr(p) for _, p in shaky}) == 4  # every sample wobbles its own way
    assert outcome({"tremor": True}, 1) == outcome({"tremor": True}, 1)  # seeded
    steady = [outcome({"tremor": False}, s) for s in range(3)]
    assert len({repr(p) for _, p in steady}) == 1
    assert steady[0][0] == {"heading": 0.0, "depth": 1.0, "tilt": 0.0, "offset": 0.0}
    assert outcome({"tremor": True, "tremor_scale": 0.0}, 2)[1] == steady[0][1]
    big = [abs(outcome({"tremor": True, "tremor_scale": 5.0}, s)[0]["heading"]) for s in range(6)]
    small = [abs(outcome({"tremor": True, "tremor_scale": 0.2}, s)[0]["heading"]) for s in range(6)]
    assert sum(big) > sum(small) * 5


def test_PM_7_2_masses_and_friction_come_from_the_outline_and_the_data() -> None:
    import pymunk

    for kind in KINDS:
        moment = sum(pymunk.moment_for_poly(kind.mass * physics_area(p) / kind.area, p) for p in kind.parts)
        assert kind.moment == pytest.approx(moment, rel=1e-9)
    # friction holds a pushed monster where the pusher leaves it: it does not drift on
    state = scenario([], pushing=monster("red"))
    state.apply(parse("push x=0.24 y=-0.80 angle=80 depth=1.00"))
    _, x, y, _ = state.poses[0]
    cx, cy = physics.push_start(KIND_INDEX["red"], 0.24, -0.80, math.radians(80))
    travelled = math.hypot(x - cx, y - cy)
    assert 1.0 <= travelled <= 1.08  # the stroke (plus the starting gap) and a very short slide


def physics_area(part: tuple[tuple[float, float], ...]) -> float:
    from monsterlair.games.push_a_monster.spec import polygon_area

    return polygon_area(part)


def test_PM_7_3_the_simulation_stops_when_everything_rests() -> None:
    state = GAME.new(2, 3, STEADY)
    assert isinstance(state, PushState)
    while state.phase != Phase.PUSH:
        state.apply_unchecked(state.legal_actions()[0])
    kind = MONSTER_KIND[state.active or 0]
    push = mark_push(4, 0, 100)
    heading = push.heading
    stroke = physics.push_stroke(kind, push.x / 100, push.y / 100, heading, 1.0, physics.Noise())
    cx, cy = physics.push_start(kind, push.x / 100, push.y / 100, heading)
    out = physics.simulate(state.poses, state.active or 0, stroke, start=(cx, cy, heading))
    stroke_steps = math.ceil(math.pi * stroke.distance / (2 * PUSHER_SPEED) / STEP)
    assert stroke_steps < out.steps <= stroke_steps + 90  # stopped early, well before the 3 s cap
    assert not any(math.isnan(v) for p in out.poses for v in p)


def test_PM_7_4_the_arena_is_crowded_and_sim_reports_falls() -> None:
    from monsterlair.games.push_a_monster.geometry import ARENA as arena
    from monsterlair.sim import plan
    from monsterlair.sim.runner import run_game

    total = sum(k.area * k.count for k in KINDS)
    assert total / arena.area == pytest.approx(1.14, abs=0.01)  # the 27 monsters overfill the board
    task = plan("push-a-monster", ["random"], 1, players=4, seed=3, options=GAME.options.resolve({}))[0]
    result = run_game(task)
    assert result["error"] is None
    measures = result["measures"]
    assert set(measures) == {"falls", "pushes", "set_downs", "everyone_tied"}
    assert measures["pushes"] >= 1 and measures["falls"] == result["detail"]["falls"]


def test_PM_7_5_overlap_stays_within_the_measured_bound_and_mass_does_not_slow_a_head_on_push() -> None:
    from tests.games.push_a_monster.helpers import overlaps

    for state, _, events in random_game(4, 71, {"layout": "fixed"}):
        if any(e.type in ("push", "nudge", "shove") for e in events):
            assert overlaps(state, 0.03) == []  # the documented bound, not the solver's 0.002 dm slop
    # an infinitely strong pusher drives a light and a heavy monster the same way head on
    import dataclasses

    moved = []
    for factor in (1.0, 4.0):
        green = KINDS[KIND_INDEX["green"]]
        heavy = dataclasses.replace(green, mass=green.mass * factor, moment=green.moment * factor)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(physics, "KINDS", tuple(heavy if k is green else k for k in KINDS))
            state = scenario([(monster("green"), 0.0, -0.2, math.radians(90))], pushing=monster("blue"))
            state.apply(parse("push x=0.00 y=-0.86 angle=90 depth=1.00"))
        moved.append(next(p for p in state.poses if p[0] == monster("green"))[1:3])
    assert moved[0][1] > -0.1  # it was pushed along
    assert moved[0][1] == pytest.approx(moved[1][1], abs=0.001)  # just as far along the push
    assert moved[0][0] == pytest.approx(moved[1][0], abs=0.01)  # and only a glancing sideways drift differs


# --- PM-8 bots and RL -------------------------------------------------------------------------------------
def test_PM_8_1_candidate_set_and_indices() -> None:
    opts = GAME.options.defaults()
    assert (len(TAKES), len(PUSHES), len(NUDGES)) == (5, 48, 36)
    total = 5 + 48 + 36 + len(PLACES) + 1
    assert GAME.num_actions(2, opts) == total and len(PLACES) > 40
    assert [GAME.action_index(t, 2, opts) for t in TAKES] == list(range(5))
    assert GAME.action_index(PUSHES[0], 2, opts) == 5 and GAME.action_index(NUDGES[0], 2, opts) == 53
    assert GAME.action_index(PLACES[0], 2, opts) == 89 and GAME.action_index(ASSIST, 2, opts) == total - 1
    assert all(p.facing == 0 for p in PUSHES)
    for i in range(total):
        assert GAME.action_index(GAME.action_from_index(i, 2, opts), 2, opts) == i
    assert {p.depth for p in PUSHES} == {45, 70, 100}
    assert sorted({n.angle for n in NUDGES}) == list(range(0, 360, 30))
    for kind in KINDS:  # every candidate push can start from an empty arena, whatever the kind
        assert all(physics.push_problem((), kind.index, p.x, p.y, p.angle) is None for p in PUSHES)
    for state, _, _ in random_game(3, 8):
        legal = state.legal_actions()
        indices = [GAME.action_index(a, 3, opts) for a in legal]
        assert indices == sorted(indices)
        assert all(state.problem(a) is None for a in legal)


def test_PM_8_2_free_form_pushes_are_legal_without_an_index() -> None:
    state = scenario([], pushing=monster("green"))
    free = parse("push x=0.31 y=-1.00 angle=77 depth=0.83")
    assert free not in state.legal_actions()
    assert state.parse_action(str(free)) == free
    with pytest.raises(Exception, match="no index"):
        GAME.action_index(free, 2, GAME.options.defaults())
    state.apply(free)
    assert state.history == [free]


def test_PM_8_3_determinize_keeps_the_position_and_redraws_the_future() -> None:
    state = scenario([(monster("red"), 0.2, 0.1, 0.3)], players=3, pushing=monster("orange"), options={"tremor": True})
    for seed in range(3):
        sample = state.determinize(1, Rng(seed))
        assert sample.view(1) == state.view(1) and sample.view(None) == state.view(None)
        assert [str(a) for a in sample.legal_actions()] == [str(a) for a in state.legal_actions()]
    outcomes = set()
    for seed in range(4):
        sample = state.determinize(1, Rng(seed))
        sample.apply_unchecked(parse(STRAIGHT_IN))
        outcomes.add(repr(sample.poses))
    assert len(outcomes) > 1


def test_PM_8_4_greedy_picks_the_push_with_fewer_falls() -> None:
    from monsterlair import bots
    from monsterlair.core import Perspective

    # positions from steady random games where some candidate pushes knock monsters off and some do not
    checked = 0
    for state, _, _ in random_game(3, 14, STEADY):
        if state.phase != Phase.PUSH or len(state.poses) < 12:
            continue
        outcomes = {}
        for action in state.legal_actions():
            trial = state.clone()
            data = _push_event(trial.apply_unchecked(action))
            outcomes[action] = (data["status"], len(data["fallen"]))
        if max(n for _, n in outcomes.values()) == 0 or not any(o == (PLACED, 0) for o in outcomes.values()):
            continue
        choice = bots.make("greedy", samples=1).choose(Perspective(state, state.to_move or 0), Rng(1))
        assert outcomes[choice] == (PLACED, 0)  # a clean placement beats every push that knocks one off
        bad = max(outcomes, key=lambda a: outcomes[a][1])
        good_state, bad_state = state.clone(), state.clone()
        good_state.apply_unchecked(choice)
        bad_state.apply_unchecked(bad)
        mover = state.to_move or 0
        assert GAME.heuristic(good_state, mover) > GAME.heuristic(bad_state, mover)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


# --- PM-9 the end -----------------------------------------------------------------------------------------
def test_PM_9_1_the_game_ends_when_the_die_shows_an_exhausted_kind() -> None:
    gone = [monster("yellow", i) for i in range(5)]
    state = scenario([], pushing=monster("green"), fallen=gone)
    roll_next(state, "yellow")
    events = state.apply(parse(STRAIGHT_IN))
    assert state.over and state.to_move is None and state.legal_actions() == ()
    assert state.result is not None and state.result.termination == "kind_exhausted"
    assert events[-1].type == "game_over"
    with pytest.raises(GameOver):
        state.apply(parse("push A"))
    for seed in range(3):  # random games end the same way
        last = final(2, seed)
        assert last.result is not None
        assert last.result.termination in ("kind_exhausted", "supply_empty")


def test_PM_9_2_a_question_mark_with_an_empty_supply_ends_the_game() -> None:
    rest = [m for m in range(NUM_MONSTERS) if m != monster("green", 1)]
    state = scenario([], pushing=monster("green", 1), fallen=rest)
    roll_next(state, "?")
    state.apply(parse(STRAIGHT_IN))
    assert state.over and state.result is not None and state.result.termination == "supply_empty"


def test_PM_9_3_the_game_always_ends() -> None:
    for players, seed, options in ((2, 1, None), (4, 2, None), (3, 3, {"max_tries": 1, "layout": "fixed"})):
        last = final(players, seed, options)
        actions = len(last.history)
        assert last.over
        opts = GAME.options.resolve(options)
        assert actions <= max_actions(int(opts["max_tries"]))
    assert max_actions(12) == 7 + 20 * 14


def _ended_with(tokens: list[list[int]]) -> PushState:
    """A three-player game with these tokens, ended by the die showing yellow once every yellow monster fell."""
    state = scenario(
        [], players=3, pushing=monster("green"), tokens=tokens, fallen=[monster("yellow", i) for i in range(5)]
    )
    roll_next(state, "yellow")
    state.apply(parse(STRAIGHT_IN))
    return state


def test_PM_9_4_the_longest_line_wins_and_ties_share() -> None:
    state = _ended_with([[1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0]])  # lines 10, 8, 0
    result = state.result
    assert result is not None and result.scores == (10.0, 8.0, 0.0)
    assert result.winners == (0,) and result.ranks == (1, 2, 3)
    state = _ended_with([[0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0]])  # lines 5, 0, 5
    result = state.result
    assert result is not None and result.winners == (0, 2) and result.ranks == (1, 3, 1)
    assert state.payoff(0) == state.payoff(2) == 0.5 and state.payoff(1) == 0.0


# --- PM-10 information and records ------------------------------------------------------------------------
def test_PM_10_1_views_show_everything_to_everyone() -> None:
    state = GAME.new(3, 9)
    for _ in range(6):
        state.apply(state.legal_actions()[3 % len(state.legal_actions())])
    views = [state.view(s) for s in (0, 1, 2, None)]
    bare = [{k: v for k, v in view.items() if k != "seat"} for view in views]
    assert all(b == bare[0] for b in bare)
    view = views[3]
    for key in ("phase", "die", "active", "monsters", "where", "supply", "tokens", "lines", "token_stacks", "arena"):
        assert key in view
    assert isinstance(state, PushState)
    for entry, (m, x, _, a) in zip(view["monsters"], state.poses, strict=True):
        assert entry["id"] == m and entry["kind"] == KINDS[MONSTER_KIND[m]].id
        assert entry["x"] == round(x, 4) and entry["angle"] == round(math.degrees(a), 2)
        assert len(entry["outline"]) == len(KINDS[MONSTER_KIND[m]].parts)
    # the checked apply carries the motion frames; the bots' unchecked path does not need them
    fresh = scenario([], pushing=monster("orange"))
    clone = fresh.clone()
    frames = _push_event(fresh.apply(parse(STRAIGHT_IN)))["frames"]
    assert frames["fps"] == 30 and frames["count"] > 5
    track = next(t["track"] for t in frames["monsters"] if t["monster"] == monster("orange"))
    assert [p[0] for p in track] == sorted(p[0] for p in track)
    assert track[-1][1:3] == [round(fresh.poses[0][1], 4), round(fresh.poses[0][2], 4)]
    assert "frames" not in _push_event(clone.apply_unchecked(parse(STRAIGHT_IN)))
    assert clone.view(None) == fresh.view(None)


def test_PM_10_2_records_anchor_every_push() -> None:
    state = final(2, 6, checked=True)
    record = state.record()
    assert len(record["anchors"]) == len(record["actions"])
    for text, anchor in zip(record["actions"], record["anchors"], strict=True):
        assert (anchor is None) == text.startswith(("take", "place", "assist"))
        if anchor is not None:
            assert set(anchor) == {"status", "fallen", "monsters", "hash"}
    replayed = GAME.replay(record)
    assert isinstance(replayed, PushState)
    assert replayed.record() == record and replayed.reanchored == 0


def test_PM_10_3_players_read_monsters_from_1_while_texts_and_records_count_from_0() -> None:
    """Monster id 0 (the green Gloop) reads "the green Gloop #1" in the log, on the board, in a shove's menu phrase
    and in its refusals; its text, the view, the events and the record keep id 0 and replay unchanged."""
    import re

    from monsterlair.games.push_a_monster.actions import describe
    from monsterlair.games.push_a_monster.text import render

    green = monster("green")
    assert green == 0 and KINDS[MONSTER_KIND[0]].name == "Gloop"
    # the log of a whole game (the green Gloop is a start monster, so every game names it)
    named: dict[int, int] = {}
    state = GAME.new(2, 3)
    assert isinstance(state, PushState)
    for after, _, events in random_game(2, 3, checked=True):
        state = after
        for event in events:
            text = GAME.describe_event(event.for_seat(0), 0, ["Ann", "Bob"])
            assert "#0" not in text and "(monster" not in text and not re.search(r"\bmonster 0\b", text), text
            data = event.full()
            for key in ("monster", "target"):
                if key in data and isinstance(data[key], int) and re.search(rf"#{data[key] + 1}\b", text):
                    named[data[key]] = named.get(data[key], 0) + 1
            for number in re.findall(r"[A-Z][a-z]+ #(\d+)", text):
                assert 1 <= int(number) <= NUM_MONSTERS, text
    assert named.get(0) and len(named) >= 7, named  # every start monster, as people count it
    record = state.record()
    assert GAME.replay(record).record() == record  # the record's texts and anchors replay as they were
    # the action text and the view keep the id from 0; the menu phrase reads it from 1
    shove = parse("shove monster=0 angle=90 dist=0.20")
    assert shove.monster == 0 and str(shove) == "shove monster=0 angle=90 offset=0.00 dist=0.20"
    assert describe(shove).startswith("shove the green Gloop #1 toward 90°")
    board = scenario([(green, 0.0, 0.0, 0.0)], pushing=monster("red"))
    view = board.view(0)
    assert [m["id"] for m in view["monsters"] if not m["active"]] == [0]
    screen = render(view, 0, ["Ann", "Bob"])
    plain_screen = re.sub(r"\[/?[^\]]*\]", "", screen)
    assert f"the red Imp (r) #{monster('red') + 1}, on the large pusher" in plain_screen, plain_screen
    assert "'shove #7 angle=90' to shove monster #7 on the arena (the number drawn on it)" in screen
    # a player types the number drawn on the monster; the text it stands for keeps the id
    assert parse("shove #1 angle=90 dist=0.20") == shove and parse("Shove  #27 angle=90").monster == 26
    for wrong in ("shove #0 angle=90", "shove #1 monster=0 angle=90", "shove 1 angle=90", "shove #x angle=90"):
        with pytest.raises(BadAction, match="write 'shove #N angle=A"):
            parse(wrong)
    from monsterlair.games.push_a_monster.text import plain

    assert re.search(r"^\s*[g#·]*1[g#·]*\s*$", plain(view), re.M) and "0" not in plain(view), plain(view)
    # refusals name the monster as people read it, never by the text's id
    blue = monster("blue")
    with pytest.raises(IllegalAction) as refused:
        board.apply(Shove(blue, 0, 0, 12))
    assert str(refused.value) == f"The blue Wisp #{blue + 1} is not on the arena, so it cannot be shoved."
    with pytest.raises(IllegalAction) as refused:
        board.apply(Shove(green, 0, 0, 90))
    refusal = "The shove of the green Gloop #1 cannot start"
    assert (
        str(refused.value)
        == f"{refusal}: the distance must be 0.1 cm to 6 cm (typed in decimetres: dist=0.01 to dist=0.60)."
    )
