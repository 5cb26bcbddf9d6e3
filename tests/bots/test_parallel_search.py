"""``ismcts:workers=N``: several trees grown at once in helper processes, their root statistics added up
(:mod:`monsterlair.bots.parallel`)."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from monsterlair import bots, games
from monsterlair.bots import ISMCTSBot, parallel
from monsterlair.bots.ismcts import grow_share
from monsterlair.core import Perspective, Rng


def club_position() -> Perspective:
    state = games.get("monster-club").new(2, 11)
    for _ in range(6):  # a few moves in: cards on the boards, a real choice
        state.apply(state.legal_actions()[-1 if len(state.legal_actions()) < 3 else 1])
    assert state.to_move is not None and len(state.legal_actions()) > 2
    return Perspective(state, state.to_move)


def test_a_search_with_workers_grows_that_many_trees_and_adds_up_their_root_statistics() -> None:
    perspective = club_position()
    report = ISMCTSBot(iterations=300, workers=3, depth=0, prior=2).search(perspective, Rng(1))
    rng = Rng(1)
    settings = {"c": 0.7, "playout": "random", "candidates": 2, "depth": 0, "prior": 2, "reuse": 1}
    trees = [grow_share(settings, perspective, rng.fork(i).getstate(), 100, 0.0) for i in range(3)]
    assert report.iterations == sum(done for _, done in trees)  # each tree may stop early (decided)
    for i, stats in enumerate(report.stats):
        rows = [tree[i] for tree, _ in trees]
        assert stats.visits == sum(r[0] for r in rows)
        assert stats.mean == pytest.approx(sum(r[2] for r in rows) / sum(r[1] for r in rows))
    assert report.action == max(report.stats, key=lambda s: (s.visits, s.mean)).action


def test_the_same_trees_grow_without_helper_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no helper may start (a daemon process), the trees grow one after another: the same move."""
    perspective = club_position()
    spec = "ismcts:iterations=240,workers=2"
    helped = bots.from_spec(spec).search(perspective, Rng(5))
    monkeypatch.setattr(parallel.multiprocessing, "current_process", lambda: SimpleNamespace(daemon=True))
    assert parallel._helpers(1) is None
    alone = bots.from_spec(spec).search(perspective, Rng(5))
    assert alone.action == helped.action and alone.iterations == helped.iterations == 240
    assert [(s.visits, s.mean) for s in alone.stats] == [(s.visits, s.mean) for s in helped.stats]


def test_the_shares_after_the_first_run_in_other_processes() -> None:
    pids = parallel.run_shares(os.getpid, [(), (), ()])
    assert pids[0] == os.getpid()
    assert os.getpid() not in pids[1:]


def _exit_unless_in(pid: int) -> str:
    if os.getpid() != pid:
        os._exit(3)  # a helper that dies mid-search
    return "grown here"


def test_a_share_whose_helper_dies_is_grown_in_the_calling_process() -> None:
    here = os.getpid()
    assert parallel.run_shares(_exit_unless_in, [(here,), (here,)]) == ["grown here", "grown here"]
    assert parallel.run_shares(os.getpid, [(), ()])[1] != here  # a new pool for the next search


@pytest.mark.parametrize("workers", ["0", "65", "two"])
def test_workers_is_a_whole_number_from_1_to_64(workers: str) -> None:
    with pytest.raises(bots.BadBotOptions, match="workers"):
        bots.from_spec(f"ismcts:workers={workers}")


def test_an_iteration_budget_smaller_than_the_workers_grows_one_tree_an_iteration() -> None:
    report = ISMCTSBot(iterations=2, workers=4).search(club_position(), Rng(0))
    assert report.iterations == 2
