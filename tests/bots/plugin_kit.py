"""An installed bot plug-in for tests: a module and its dist-info (real entry-point metadata) on sys.path."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from monsterlair import bots

MODULE = "mlplug_demo"

SOURCE = '''
"""A third-party bot package, as someone outside the project would write it."""

from monsterlair.bots import Bot
from monsterlair.bots.base import legal_or_raise
from monsterlair.core import Option, OptionSet


class LastBot(Bot):
    """Plays the last legal action; its budget options only exist to be capped."""

    name = "lastmove"
    summary = "Plays the last legal action."
    options = OptionSet(
        [
            Option("seconds", 0.0, "Thinking time per move (unused).", minimum=0, maximum=60),
            Option("iterations", 0, "Iterations per move (unused).", minimum=0, maximum=100000),
        ]
    )

    def choose(self, perspective, rng):
        return legal_or_raise(perspective)[-1]


class NotABot:
    name = "notabot"


class Shadow(LastBot):
    name = "greedy"


class HugeBudget(LastBot):
    name = "hugebudget"
    options = OptionSet([Option("seconds", 0.0, "Unbounded thinking.", minimum=0)])


class Misnamed(LastBot):
    name = "somethingelse"
'''

ENTRY_POINTS = """
[monsterlair.bots]
lastmove = mlplug_demo:LastBot
exploding = mlplug_missing_module:Bot
notabot = mlplug_demo:NotABot
greedy = mlplug_demo:Shadow
hugebudget = mlplug_demo:HugeBudget
misnamed = mlplug_demo:Misnamed
quitter = mlplug_quitter:Bot
"""


def write_plugin(folder: Path) -> Path:
    """Write the package and its ``.dist-info`` (METADATA, entry_points.txt) into ``folder``; the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{MODULE}.py").write_text(textwrap.dedent(SOURCE), encoding="utf-8")
    (folder / "mlplug_quitter.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    info = folder / "mlplug_demo-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mlplug-demo\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return folder


@contextmanager
def installed(folder: Path) -> Iterator[Path]:
    """The plug-in installed (its folder on sys.path, the registry reloaded) for the block; removed after."""
    write_plugin(folder)
    sys.path.insert(0, str(folder))
    try:
        bots.load_plugins(reload=True)
        yield folder
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(MODULE, None)
        sys.modules.pop("mlplug_quitter", None)
        bots.load_plugins(reload=True)
