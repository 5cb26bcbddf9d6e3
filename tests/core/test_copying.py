"""``core.copying.copier``: a declared clone copies each field as named and refuses a declaration that misses a slot."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.core.copying import copier


class Sample:
    __slots__ = ("name", "flat", "rows", "sides", "rng", "table", "undo", "board")

    clone = copier(
        share="name",
        lists="flat",
        nested="rows",
        pairs="sides",
        clones="rng",
        dicts="table",
        reset="undo",
        after="board",
    )


def sample() -> Sample:
    s = Sample()
    s.name, s.flat, s.rows, s.sides = ("a", "b"), [1, 2], [[1], [2, 3]], [[4], [5]]
    s.rng, s.table, s.undo, s.board = Rng(3), {"k": 1}, object(), None
    return s


def test_each_kind_of_field_is_copied_as_declared() -> None:
    s = sample()
    c: Sample = s.clone()
    assert type(c) is Sample and c.name is s.name
    assert c.flat == s.flat and c.flat is not s.flat
    assert c.rows == s.rows and all(a is not b for a, b in zip(c.rows, s.rows, strict=True))
    assert c.sides == s.sides and c.sides[0] is not s.sides[0] and c.sides[1] is not s.sides[1]
    assert c.rng is not s.rng and c.rng.getstate() == s.rng.getstate()
    assert c.table == s.table and c.table is not s.table
    assert c.undo is None
    assert not hasattr(c, "board")  # ``after``: the class's own code copies it
    c.flat.append(9), c.rows[0].append(9), c.sides[1].append(9), c.table.update(k=2)
    assert s.flat == [1, 2] and s.rows == [[1], [2, 3]] and s.sides == [[4], [5]] and s.table == {"k": 1}


def test_a_subclass_is_copied_as_itself() -> None:
    class Special(Sample):
        __slots__ = ()

    s = Special()
    s.name, s.flat, s.rows, s.sides, s.rng, s.table, s.undo = "x", [], [], [[], []], Rng(1), {}, None
    assert type(s.clone()) is Special


def test_a_subclass_declares_only_its_own_fields_and_inherits_the_rest() -> None:
    class More(Sample):
        __slots__ = ("extra",)
        clone = copier(lists="extra")

    m = More()
    m.name, m.flat, m.rows, m.sides, m.rng, m.table, m.undo = "x", [1], [[2]], [[], []], Rng(1), {}, None
    m.extra = [3]
    c: More = m.clone()
    assert type(c) is More and c.extra == [3] and c.extra is not m.extra and c.flat is not m.flat
    assert c.rng is not m.rng and c.name == "x"


def refusal(make: Callable[[], object]) -> str:
    """The message of the TypeError that making a class raised (Python 3.11 wraps it in a RuntimeError)."""
    with pytest.raises((TypeError, RuntimeError)) as caught:
        make()
    error = caught.value.__cause__ if isinstance(caught.value, RuntimeError) else caught.value
    assert isinstance(error, TypeError)
    return str(error)


def test_a_slot_left_out_or_a_name_that_is_no_slot_is_refused_when_the_class_is_made() -> None:
    def missing() -> object:
        class Missing:
            __slots__ = ("a", "b")
            clone = copier(share="a")

        return Missing

    def unknown() -> object:
        class Unknown:
            __slots__ = ("a",)
            clone = copier(share="a c")

        return Unknown

    assert "not named ['b']" in refusal(missing)
    assert "not slots ['c']" in refusal(unknown)
    with pytest.raises(TypeError, match="named twice"):
        copier(share="a", lists="a")
    with pytest.raises(TypeError, match="no way of copying called 'deep'"):
        copier(deep="a")


@pytest.mark.parametrize("game_id", ["monster-smash", "monster-club", "monstra", "push-a-monster"])
def test_every_games_clone_is_independent_of_its_original(game_id: str) -> None:
    """Play a copy on: the original's view, legal actions and generator stay as they were."""
    game = games.get(game_id)
    state = game.new(game.default_players(), seed=4)
    for _ in range(12):
        if state.over:
            break
        before = (state.view(None), [str(a) for a in state.legal_actions()], state.record())
        copy = state.clone()
        assert copy.record() == state.record() and copy.view(None) == state.view(None)
        for _ in range(5):
            if copy.over:
                break
            copy.apply(copy.legal_actions()[0])
        assert (state.view(None), [str(a) for a in state.legal_actions()], state.record()) == before
        state.apply(state.legal_actions()[-1])
