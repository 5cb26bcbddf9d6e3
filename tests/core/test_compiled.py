"""The compiled rules (``monsterlair.compiled``): the same games as the plain Python, used only when current.

The exactness test plays the same games and searches in two processes, one on the compiled modules and one on
the plain Python, and compares everything they produced. It needs the build (``make install`` makes it); where
the machine could not compile, it is skipped and says so.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monsterlair.compiled import MODULES, PURE_ENV, current, source_of

BUILT = current() is None
needs_build = pytest.mark.skipif(not BUILT, reason=f"the compiled rules are not usable here: {current()}")

# Every step of random games (legal actions, events, every view, the result) and some searches, as one digest.
_DIGEST = r"""
import hashlib, json
from monsterlair import bots, games
from monsterlair.compiled import status
from monsterlair.core import BadOptions, Perspective, Rng

h = hashlib.sha256()
for game_id in ("monstra", "monster-club", "monster-smash"):
    game = games.get(game_id)
    setups = [(n, {}) for n in range(game.min_players, game.max_players + 1)]
    if game_id == "monstra":
        setups += [(1, {"mode": "mission"}), (2, {"mode": "mission"}), (4, {"mode": "2v2"})]
    if game_id == "monster-club":
        setups += [(2, {"first_round_attacks": True, "stuck_redraw": True})]
    for players, options in setups:
        try:
            game.check_setup(players, options)
        except BadOptions:
            continue
        for seed in range(8):
            state = game.new(players, seed=seed, options=options)
            rng = Rng(seed)
            searched = 0
            while not state.over:
                legal = state.legal_actions()
                h.update(repr([str(a) for a in legal]).encode())
                seat = state.to_move
                if seed == 0 and searched < 3 and len(legal) > 1:
                    searched += 1
                    bot = bots.from_spec("ismcts:iterations=60")
                    report = bot.search(Perspective(state, seat), Rng(seed + 7))
                    h.update(repr([(str(s.action), s.visits, round(s.mean, 9)) for s in report.stats]).encode())
                events = state.apply(legal[rng.below(len(legal))])
                h.update(repr(events).encode())
                for viewer in (None, *range(players)):
                    h.update(json.dumps(state.view(viewer), sort_keys=True, default=str).encode())
                copy = state.determinize(seat, Rng(seed)) if not state.over and seat is not None else state
                h.update(repr(copy.legal_actions()).encode())
            h.update(repr(state.result).encode())
print(json.dumps({"status": status(), "digest": h.hexdigest()}))
"""


def _run(code: str, *, pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300, check=True)
    result: dict[str, str] = json.loads(out.stdout.splitlines()[-1])
    return result


@needs_build
def test_the_compiled_rules_play_the_same_games_as_the_plain_python() -> None:
    fast = _run(_DIGEST, pure=False)
    plain = _run(_DIGEST, pure=True)
    assert fast["status"] == "compiled (mypyc)"
    assert plain["status"] == f"plain Python ({PURE_ENV} is set)"
    assert fast["digest"] == plain["digest"]


_WHERE = """
import json, importlib
from monsterlair.compiled import MODULES, status
print(json.dumps({"status": status(), "files": [importlib.import_module(m).__file__ for m in MODULES]}))
"""


def test_the_environment_switch_imports_every_compiled_module_from_its_source() -> None:
    seen = _run(_WHERE, pure=True)
    assert seen["status"] == f"plain Python ({PURE_ENV} is set)"
    assert all(path.endswith(".py") for path in seen["files"])


@needs_build
def test_a_current_build_is_used_for_every_module() -> None:
    seen = _run(_WHERE, pure=False)
    assert seen["status"] == "compiled (mypyc)"
    assert all(not path.endswith(".py") for path in seen["files"])


def _manifest(tmp_path: Path, digests: dict[str, str]) -> Path:
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(digests))
    return path


def test_a_build_is_current_only_if_every_source_is_as_it_was_built(tmp_path: Path) -> None:
    import hashlib

    digests = {m: hashlib.sha256(source_of(m).read_bytes()).hexdigest() for m in MODULES}
    assert current(tmp_path / "none.json") == "not built"
    assert current(_manifest(tmp_path, {MODULES[0]: digests[MODULES[0]]})) == "built for another set of modules"
    changed = {**digests, "monsterlair.games.monstra.turns": "0" * 64}
    assert (
        current(_manifest(tmp_path, changed)) == "monsterlair/games/monstra/turns.py changed since the build"
    )  # never a mix
    (tmp_path / "bad.json").write_text("{")
    assert current(tmp_path / "bad.json") == "the build's manifest is unreadable"
    assert current(_manifest(tmp_path, digests)) in (None, *(f"{m} was not built" for m in MODULES))
    assert (current(_manifest(tmp_path, digests)) is None) == BUILT


def _assigned(function: ast.FunctionDef, name: str) -> set[str]:
    return {
        target.attr
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == name
    }


def _class(module: str, name: str) -> ast.ClassDef:
    tree = ast.parse(source_of(module).read_text())
    return next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)


def _slots(cls: ast.ClassDef) -> set[str]:
    for node in cls.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{cls.name} has no __slots__")


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef:
    return next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name)


@pytest.mark.parametrize(
    ("module", "name"),
    [("monsterlair.games.monstra.state", "MonstraState"), ("monsterlair.games.monster_club.state", "ClubState")],
)
def test_a_written_out_clone_copies_every_slot(module: str, name: str) -> None:
    """A compiled state writes its ``clone`` out (``core/copying.py``): a slot added and not copied fails here."""
    base = _class("monsterlair.core.state", "BaseState")
    common = _assigned(_method(base, "_copy_common"), "c")
    assert common == _slots(base)
    cls = _class(module, name)
    clone = _method(cls, "clone")
    assert any(isinstance(n, ast.Attribute) and n.attr == "_copy_common" for n in ast.walk(clone))
    assert _assigned(clone, "c") == _slots(cls)


def test_monster_smash_written_out_clone_copies_every_slot() -> None:
    """Monster Smash's state keeps every field in its own slots (no ``BaseState``): its clone assigns each one."""
    cls = _class("monsterlair.games.monster_smash.state", "SmashState")
    assert _assigned(_method(cls, "clone"), "c") == _slots(cls)
