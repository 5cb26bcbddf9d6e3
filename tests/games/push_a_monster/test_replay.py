"""Records and replay: anchors of settled positions, and re-anchoring on a build whose physics differs."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from monsterlair.core import BadRecord
from monsterlair.games.push_a_monster import physics
from monsterlair.games.push_a_monster.physics import Outcome
from monsterlair.games.push_a_monster.state import Anchor, PushState
from tests.games.push_a_monster.helpers import GAME, final


def _record(seed: int = 3, players: int = 3) -> dict[str, Any]:
    state = final(players, seed, checked=True)
    out: dict[str, Any] = json.loads(json.dumps(state.record()))
    return out


def test_the_record_anchors_every_push_and_nudge_with_a_hash() -> None:
    record = _record()
    assert len(record["anchors"]) == len(record["actions"])
    state = GAME.replay(record)
    assert isinstance(state, PushState)
    for data, mine in zip(record["anchors"], state.anchors, strict=True):
        if data is None:
            assert mine is None
            continue
        assert mine is not None and Anchor.from_json(data) == mine and data["hash"] == mine.digest()


def test_replay_on_another_build_follows_the_record_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record()
    real = physics.simulate

    def shifted(*args: Any, **kwargs: Any) -> Outcome:
        out = real(*args, **kwargs)
        out.poses = tuple((m, x + 1e-9, y - 1e-9, a) for m, x, y, a in out.poses)
        return out

    monkeypatch.setattr(physics, "simulate", shifted)
    drifted = final(3, 3, checked=True)
    assert json.loads(json.dumps(drifted.record()))["anchors"] != record["anchors"]  # the build matters
    replayed = GAME.replay(record)
    assert isinstance(replayed, PushState)
    assert replayed.record() == record  # every settled position exactly as recorded
    assert replayed.reanchored == sum(1 for a in record["anchors"] if a is not None)
    original = GAME.replay(record)  # (still on the shifted build: the same answer)
    assert original.view(None) == replayed.view(None)
    half = len(record["actions"]) // 2
    part = GAME.replay(record, half)
    assert isinstance(part, PushState) and part.record()["anchors"] == record["anchors"][:half]


def test_replay_on_the_same_build_needs_no_anchoring() -> None:
    record = _record(seed=5)
    state = GAME.replay(record)
    assert isinstance(state, PushState) and state.reanchored == 0 and state.record() == record
    bare = {k: v for k, v in record.items() if k != "anchors"}  # tools may keep only the actions
    again = GAME.replay(bare)
    assert isinstance(again, PushState) and again.record() == record


def test_an_altered_anchor_is_refused() -> None:
    record = _record(seed=6)
    i = next(i for i, a in enumerate(record["anchors"]) if a is not None and a["monsters"])
    moved = copy.deepcopy(record)
    moved["anchors"][i]["monsters"][0][1] += 0.5  # hash no longer fits
    with pytest.raises(BadRecord, match="altered"):
        GAME.replay(moved)
    forged = copy.deepcopy(record)
    anchor = Anchor.from_json(forged["anchors"][i])
    stranger = next(m for m in range(27) if m not in {p[0] for p in anchor.poses} and m not in anchor.fallen)
    fake = Anchor(anchor.status, anchor.fallen, tuple(sorted((*anchor.poses, (stranger, 0.0, 0.0, 0.0)))))
    forged["anchors"][i] = fake.to_json()  # a consistent hash, but a monster that is not on the arena
    with pytest.raises(BadRecord, match="does not fit"):
        GAME.replay(forged)
    broken = copy.deepcopy(record)
    broken["anchors"][i] = {"status": "placed"}
    with pytest.raises(BadRecord, match="malformed"):
        GAME.replay(broken)
    misplaced = copy.deepcopy(record)
    j = next((k for k, a in enumerate(record["actions"]) if a.startswith("take")), None)
    if j is not None:
        misplaced["anchors"][j] = record["anchors"][i]
        with pytest.raises(BadRecord):
            GAME.replay(misplaced)
    gone = copy.deepcopy(record)
    gone["anchors"][i] = None
    with pytest.raises(BadRecord, match="lacks"):
        GAME.replay(gone)
    with pytest.raises(BadRecord):
        GAME.replay({**record, "anchors": "nope"})


def test_PM_10_2_records_of_rules_version_1_are_refused_with_both_versions_named() -> None:
    record = _record(seed=4, players=2)
    assert record["rules_version"] == 2
    old = {**record, "rules_version": 1, "options": {"tremor": True, "layout": "fixed", "max_attempts": 3}}
    with pytest.raises(BadRecord, match=r"rules version 1.*plays version 2"):
        GAME.replay(old)
