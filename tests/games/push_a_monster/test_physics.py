"""Physics tests that mean something: what a push disturbs, what falls, where every monster is, determinism."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from monsterlair.games.push_a_monster import physics
from monsterlair.games.push_a_monster.actions import parse
from monsterlair.games.push_a_monster.geometry import ARENA
from monsterlair.games.push_a_monster.spec import MONSTER_KIND, NUM_MONSTERS
from monsterlair.games.push_a_monster.state import Phase, PushState, Where
from tests.games.push_a_monster.helpers import final, monster, overlaps, random_game, scenario

# a mid-game arena: monsters spread over it, two of them sticking out over the right edge
SPREAD = [
    (monster("green"), -0.44, 0.34, 0.3),
    (monster("blue"), 0.10, 0.44, 5.2),
    (monster("yellow"), -0.62, -0.24, 0.8),
    (monster("red"), 0.58, 0.24, 2.6),
    (monster("orange"), -0.14, -0.02, 0.0),
    (monster("purple"), 0.40, -0.34, 3.5),
]
# a cluster by the right edge, centres 0.15-0.35 dm inside it
CLUSTER = [
    (monster("green"), 0.76, -0.04, 0.0),
    (monster("blue"), 0.90, 0.12, 1.0),
    (monster("green", 1), 0.88, -0.20, 0.5),
]


def _push(state: PushState, text: str) -> dict:  # type: ignore[type-arg]
    events = state.apply(parse(text))
    return next(e.data for e in events if e.type in ("push", "nudge"))


def test_a_gentle_push_into_open_space_disturbs_nothing() -> None:
    state = scenario(SPREAD, pushing=monster("green", 2))
    before = {m: (x, y, a) for m, x, y, a in state.poses}
    data = _push(state, "push x=-0.17 y=-0.87 angle=90 depth=0.45")  # into the empty bottom middle
    assert data["status"] == "placed" and data["fallen"] == []
    after = {m: (x, y, a) for m, x, y, a in state.poses}
    assert {m: after[m] for m in before} == before  # bit for bit: nothing else moved at all
    moved = {t["monster"] for t in data["frames"]["monsters"]}
    assert moved == {monster("green", 2)}


def test_a_hard_push_into_a_cluster_at_the_edge_knocks_a_monster_off() -> None:
    hard = scenario(CLUSTER, pushing=monster("orange"))
    data = _push(hard, "push x=0.24 y=-0.80 angle=60 depth=1.50")
    assert data["fallen"], "the cluster should lose a monster over the right edge"
    for m in data["fallen"]:
        assert hard.where(m) == Where.FALLEN
    assert sum(hard.tokens(1)) == len(data["fallen"]) and sum(hard.tokens(0)) == 0
    gentle = scenario(CLUSTER, pushing=monster("orange"))
    data = _push(gentle, "push x=0.24 y=-0.80 angle=60 depth=0.45")  # the same line, barely in
    assert data["fallen"] == [] and sorted(m for m, *_ in gentle.poses) == sorted([*(c[0] for c in CLUSTER), 20])


def test_every_monster_is_always_in_exactly_one_place() -> None:
    for players, seed in ((2, 30), (3, 31), (4, 32)):
        for state, _, _ in random_game(players, seed, {"layout": "random"}):
            where = [state.where(m) for m in range(NUM_MONSTERS)]
            arena = sorted(m for m, *_ in state.poses)
            assert arena == [m for m in range(NUM_MONSTERS) if where[m] == Where.ARENA]
            pusher = [m for m in range(NUM_MONSTERS) if where[m] == Where.PUSHER]
            assert len(pusher) <= 1 and (pusher == [state.active]) == (state.phase == Phase.PUSH and not state.over)
            supply = sum(state.supply_count(k) for k in range(6))
            fallen = where.count(Where.FALLEN)
            assert supply + len(pusher) + len(arena) + fallen == NUM_MONSTERS


def test_tokens_given_equal_fallen_monsters_times_other_players() -> None:
    for players, seed in ((2, 40), (3, 41), (4, 42)):
        for state, _, _ in random_game(players, seed):
            fallen = sum(1 for m in range(NUM_MONSTERS) if state.where(m) == Where.FALLEN)
            assert state.falls <= fallen  # a monster set aside for want of room gives no token (PM-6.6)
            assert sum(sum(state.tokens(s)) for s in range(players)) == state.falls * (players - 1)


def test_no_monster_overlaps_another_at_rest() -> None:
    for players, seed in ((2, 50), (4, 51)):
        for state, _, events in random_game(players, seed):
            if any(e.type in ("push", "nudge") for e in events):
                assert overlaps(state, 0.03) == []


def test_the_game_always_ends() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            last = final(players, 60 + seed, {"tremor_scale": 3.0})
            assert last.over and last.result is not None


def test_fallen_monsters_centres_left_the_arena_and_kept_ones_did_not() -> None:
    for state, _, _ in random_game(3, 70):
        for m, x, y, _ in state.poses:
            assert ARENA.contains(x, y), f"monster {m} rests with its centre off the arena"


def test_same_seed_and_pushes_give_the_same_game_bit_for_bit() -> None:
    def play() -> tuple[str, list[str]]:
        steps = list(random_game(3, 80, checked=True))
        state = steps[-1][0]
        return json.dumps(state.record()), [json.dumps(e.full()) for _, _, evs in steps for e in evs]

    assert play() == play()


def test_a_simulation_does_not_depend_on_those_run_before_it() -> None:
    """Chipmunk bodies keep solver state between steps; every simulation must start from nothing."""
    state = scenario(CLUSTER, pushing=monster("orange"))
    first = state.clone()
    first.apply(parse("push x=0.24 y=-0.80 angle=60 depth=1.50"))
    for _, _, _ in random_game(2, 90):  # many other simulations in between
        pass
    second = state.clone()
    second.apply(parse("push x=0.24 y=-0.80 angle=60 depth=1.50"))
    assert first.poses == second.poses and first.record() == second.record()


def test_the_same_game_in_a_fresh_interpreter_is_bit_for_bit_the_same() -> None:
    code = (
        "import json\n"
        "from tests.games.push_a_monster.helpers import final\n"
        "s = final(2, 91)\n"
        "print(json.dumps(s.record()))\n"
    )
    here = final(2, 91)
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={"PYTHONHASHSEED": "123"},
    )
    assert json.loads(out.stdout) == json.loads(json.dumps(here.record()))


def test_the_tray_holds_the_pushed_monster_until_the_stroke_ends() -> None:
    heading = math.radians(80)
    c, s = math.cos(heading), math.sin(heading)
    tray = physics.Tray(0.24, -0.8, heading)
    assert tray.holds(0.24, -0.8)  # the tip
    assert tray.holds(0.24 - 0.9 * c, -0.8 - 0.9 * s)  # back along the tray
    assert tray.holds(0.24 + 0.25 * c, -0.8 + 0.25 * s)  # bridging the gap to the edge
    assert not tray.holds(0.24 + 0.4 * c, -0.8 + 0.4 * s)  # beyond its reach
    assert not tray.holds(0.24 + 0.5 * s, -0.8 - 0.5 * c)  # beside it


def test_every_pose_is_finite_and_angles_are_normalised() -> None:
    for state, _, _ in random_game(2, 95, {"tremor_scale": 5.0}):
        for _, x, y, a in state.poses:
            assert math.isfinite(x) and math.isfinite(y) and -math.pi <= a <= math.pi
        assert all(0 <= MONSTER_KIND[m] < 6 for m, *_ in state.poses)


def test_pymunk_is_the_pinned_version() -> None:
    """The simulation drives Chipmunk through pymunk's own bindings: a new pymunk must be checked first."""
    import re

    import pymunk

    pyproject = (Path(__file__).resolve().parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    pin = re.search(r'"pymunk==([0-9.]+)"', pyproject)
    assert pin is not None and pymunk.version == pin.group(1) == "7.3.1"


def test_a_monster_left_resting_on_the_tray_drops_when_the_tray_is_withdrawn() -> None:
    """The pusher passes beside the monster (a wild hand): it rests on the tray, falls asleep, then drops."""
    kind = MONSTER_KIND[monster("red")]
    heading = math.radians(80)
    cx, cy = physics.push_start(kind, 0.24, -0.80, heading)
    wild = physics.Noise(offset=0.6)  # the small pusher lands far to one side
    stroke = physics.push_stroke(kind, 0.24, -0.80, heading, 1.5, wild)
    out = physics.simulate(
        (), monster("red"), stroke, start=(cx, cy, heading), tray=physics.Tray(0.24, -0.80, heading), frames=True
    )
    assert out.status == "missed" and out.poses == () and out.fallen == ()
    assert out.frames is not None
    values = [v for track in out.frames["monsters"] for point in track["track"] for v in point]
    assert all(math.isfinite(v) for v in values)
    assert [f["monster"] for f in out.frames["falls"]] == [monster("red")]
