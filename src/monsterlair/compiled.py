"""The card games' rules, events and the search, compiled with mypyc: the same source, up to twice as fast.

Searching is bound by the rules' own code (``legal_actions`` and ``apply_quiet`` are nearly all of an ISMCTS
iteration; ``docs/performance.md``). mypyc compiles the typed ``.py`` files in :data:`MODULES` as they are into C
extensions: their classes become native classes (an attribute is a field of a C struct, not a dictionary
look-up), which doubles the searches' iterations a second. There is still one copy of the rules: the compiled
modules are built from the same files and behave the same (a test plays the same games with both).

* ``make install`` builds them: :func:`main` writes the extensions next to their sources
  and a manifest of the sources they were built from (:data:`MANIFEST`). It needs a C compiler and mypyc (which
  comes with the project's ``mypy``); without them, nothing is built and the plain Python runs, slower.
* When ``monsterlair`` is imported, :func:`guard` decides once for all of them: the compiled modules are used
  only if every one was built from its source as it is now. After a source is edited (and until the next
  build), or with ``MONSTERLAIR_PURE_PYTHON=1`` in the environment, every one of them is imported from its
  ``.py`` file instead — never a mix, since compiled code only accepts the compiled classes.

:func:`status` says which is in use (``monsterlair bench`` prints it).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["MANIFEST", "MODULES", "PURE_ENV", "build", "current", "guard", "main", "source_of", "status"]

MODULES = (
    "monsterlair.core.state",
    "monsterlair.core.events",
    "monsterlair.games.monstra.state",
    "monsterlair.games.monstra.turns",
    "monsterlair.games.monstra.effects",
    "monsterlair.games.monster_club.state",
    "monsterlair.games.monster_club.turns",
    "monsterlair.games.monster_club.effects",
    "monsterlair.games.monster_club.board",
    "monsterlair.games.monster_club.cards",
    "monsterlair.games.monster_smash.state",
    "monsterlair.bots.ismcts",
    "monsterlair.core.observation",
    "monsterlair.games.monstra.observation",
    "monsterlair.games.monster_club.observation",
    "monsterlair.games.monster_smash.observation",
    "monsterlair.rl.stepping",
)
"""The compiled modules: the card games' states and rules, the events they make, the search, and the RL
environments' hot paths (each card game's observation writer, ``core/observation.py``'s base class and
``rl/stepping.py``'s loop of moves and bots' turns; docs/performance.md, "RL environments"). (Monster Smash's
rules are all in its ``state``; its ``deal`` stays plain, shared with ``sim/smash_reference.py``, the plain-Python
engine its speed is measured against). Not ``core/rng.py``: SplitMix64's 64-bit arithmetic leaves mypyc's fast
(63-bit) integers for Python's, and compiled it ran slower (a ``below`` cost 0.57 µs against 0.36 µs; the bench's
search ran 10 % slower with it)."""

GROUP = "monsterlair._compiled"
"""mypyc's name for the shared library the compiled modules live in (``monsterlair/_compiled__mypyc…so``)."""

PURE_ENV = "MONSTERLAIR_PURE_PYTHON"
"""Set to ``1`` to run the plain Python even where the compiled modules are built and current."""

SRC = Path(__file__).resolve().parent.parent
MANIFEST = Path(__file__).resolve().with_name("_compiled.json")
"""What the last build compiled: each module with the SHA-256 of its source."""

_UNDECIDED = "plain Python (not checked yet)"
_status = _UNDECIDED
"""What :func:`guard` decided (:func:`status`)."""


def source_of(module: str) -> Path:
    """The ``.py`` file of a module of the package (``__file__`` names a compiled module's extension)."""
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension_of(module: str) -> Path:
    """Where the build puts a module's compiled extension (for this Python)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return SRC.joinpath(*module.split(".")).with_name(module.rpartition(".")[2] + suffix)


def current(manifest: Path = MANIFEST, modules: Sequence[str] = MODULES) -> str | None:
    """Why the compiled modules cannot be used (a sentence), or ``None`` when they can: every module's
    extension is there and was built from its source as it is now."""
    try:
        built = json.loads(manifest.read_text())
    except FileNotFoundError:
        return "not built"
    except (OSError, ValueError):
        return "the build's manifest is unreadable"
    if not isinstance(built, dict) or set(built) != set(modules):
        return "built for another set of modules"
    for module in modules:
        if built[module] != _digest(source_of(module)):
            return f"{source_of(module).relative_to(SRC)} changed since the build"
    for module in modules:
        if not _extension_of(module).is_file():
            return f"{module} was not built"
    return None


class _SourceFinder:
    """Imports the compiled modules from their ``.py`` files (put first on ``sys.meta_path``)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def guard() -> None:
    """Decide, once, whether the compiled modules are used (see the module's docstring); idempotent."""
    global _status
    if _status != _UNDECIDED:
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        why: str | None = f"{PURE_ENV} is set"
    else:
        why = current()
    if why is None:
        _status = "compiled (mypyc)"
        return
    _status = f"plain Python ({why})"
    sys.meta_path.insert(0, _SourceFinder())


def status() -> str:
    """Which rules run: ``compiled (mypyc)``, or ``plain Python (<why>)``; ``monsterlair bench`` prints it."""
    return _status


def build(force: bool = False) -> str:
    """Compile :data:`MODULES` in place with mypyc and write the manifest; nothing to do when the build is current.
    Returns what was done, in a sentence.

    Raises:
        ImportError: without mypyc (it comes with ``mypy``, one of the ``dev`` extras).
        SystemExit: when the C compiler fails (setuptools' way of failing).
    """
    if not force and current() is None:
        return "The compiled rules are up to date."
    from mypyc.build import mypycify  # only the build needs mypyc
    from setuptools import setup  # type: ignore[import-untyped]

    MANIFEST.unlink(missing_ok=True)  # a failed build leaves nothing that claims to be current
    sources = {module: _digest(source_of(module)) for module in MODULES}
    here = Path.cwd()
    work = SRC.parent / "build" / "compiled"
    os.environ.setdefault("MYPY_CACHE_DIR", str(work / "mypy-cache"))  # not in src
    os.chdir(SRC)  # the extensions go in place, next to their sources
    try:
        extensions = mypycify(
            [str(source_of(module).relative_to(SRC)) for module in MODULES],
            group_name=GROUP,
            target_dir=str(work / "c"),
        )
        setup(
            name="monsterlair-compiled",
            ext_modules=extensions,
            script_name="monsterlair.compiled",
            script_args=["--quiet", "build_ext", "--inplace", "--build-temp", str(work / "temp")],
        )
    finally:
        os.chdir(here)
    MANIFEST.write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n")
    return f"Compiled {len(MODULES)} modules with mypyc."


def main(argv: Sequence[str] | None = None) -> int:
    """Build (``--force``: even if current); a machine that cannot build keeps the plain Python. The Makefile
    runs it: ``python -c "from monsterlair.compiled import main; main()"``."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        sys.stdout.write(build(force="--force" in args) + "\n")
    except (ImportError, SystemExit, OSError) as error:  # no mypyc, no compiler: the plain Python still runs
        sys.stderr.write(f"The rules were not compiled ({error}); the plain Python runs instead, slower.\n")
    return 0
