"""Bots at the table: the menu of kinds and strengths the lobby offers, and the decision run off the loop.

A seat's bot is stored as a spec string (``"greedy"``, ``"ismcts:seconds=1"``), the same text the CLI and
the engine protocol take. :func:`choose_text` is a plain module-level function so that it can run in a
thread or in another process (the state and spec pickle).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from monsterlair.bots.seat_names import LABELS, STRENGTHS, bot_name
from monsterlair.core import Game, MonsterLairError, Perspective, Rng, State

BotMaker = Callable[[str], Any]

log = logging.getLogger("monsterlair.server")


def _default_maker(spec: str) -> Any:
    from monsterlair import bots

    return bots.from_spec(spec)


MAX_LISTED_FILES = 50
"""The most policy files the lobby lists (in name order)."""


def confine_file(folder: Path | None, name: str, suffix: str, bot: str) -> str:
    """The absolute path of the file ``name`` in ``folder``, for a bot option that names a file.

    Only a plain name (or a relative path below the folder) with the right ending is accepted; the resolved
    path, symbolic links followed, must lie inside the folder and be a regular file. So a seat's spec can make
    the server read only the files its operator put there.

    Raises:
        BadBotOptions: if the server has no such folder, or the name leaves it, or names no file there.
    """
    from monsterlair.bots import BadBotOptions

    if folder is None:
        raise BadBotOptions(f"Bot '{bot}' reads a file; this server has no policy folder, so it is not offered here.")
    given = name.strip()
    rel = Path(given)
    if not given or rel.is_absolute() or ".." in rel.parts or "\\" in given or not given.endswith(suffix):
        raise BadBotOptions(f"Bot '{bot}': name one of this server's {suffix} files, such as 'smash{suffix}'.")
    root = folder.resolve()
    target = (root / rel).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise BadBotOptions(f"Bot '{bot}': this server has no file {given!r}.")
    return str(target)


class ServerBotMaker:
    """Builds bots from specs on a server: every option that names a file is confined to ``policy_dir``.

    It pickles (a plain object holding a path), so worker processes build bots the same way.
    """

    def __init__(self, policy_dir: Path | None = None) -> None:
        self.policy_dir = policy_dir

    def __call__(self, spec: str) -> Any:
        """The bot, as :func:`monsterlair.bots.from_spec` builds it, with its file options made absolute paths
        inside the policy folder.

        Raises:
            UnknownBot, BadBotOptions: as the bot library does, or for a file outside the folder.
        """
        from monsterlair import bots

        name, options = bots.parse_spec(spec)
        cls = bots.bot_class(name)
        for key, suffix in cls.file_options.items():
            value = options.get(key, cls.options[key].default)
            if isinstance(value, str) and value.strip():  # an empty value names no file
                options[key] = confine_file(self.policy_dir, value, suffix, cls.name)
        return cls(**options)

    def files(self, suffix: str) -> list[tuple[str, str]]:
        """The files with that ending in the policy folder, as (name, absolute path), sorted by name, at most
        :data:`MAX_LISTED_FILES` (links leading out of the folder left out)."""
        if self.policy_dir is None or not self.policy_dir.is_dir():
            return []
        root = self.policy_dir.resolve()
        found = []
        for p in sorted(self.policy_dir.iterdir()):
            target = p.resolve()
            if p.name.endswith(suffix) and target.is_relative_to(root) and target.is_file():
                found.append((p.name, str(target)))
        return found[:MAX_LISTED_FILES]


SERVER_MAX_SECONDS = 10.0
"""The longest thinking time per move a seat's bot may be given on a server (``bot_max_seconds``)."""

SERVER_MAX_ITERATIONS = 20_000
"""The most search iterations per move a seat's bot may be given on a server (``bot_max_iterations``)."""


class BotCatalog:
    """The bot kinds and strengths offered, spec checking (the server's thinking caps included) and labels."""

    def __init__(
        self,
        maker: BotMaker | None = None,
        kinds: list[dict[str, Any]] | None = None,
        *,
        max_seconds: float = SERVER_MAX_SECONDS,
        max_iterations: int = SERVER_MAX_ITERATIONS,
    ) -> None:
        self._maker = maker or ServerBotMaker()
        self._kinds = kinds
        self.max_seconds = max_seconds
        self.max_iterations = max_iterations

    def kinds(self) -> list[dict[str, Any]]:
        """Every bot kind with a summary and its strengths (label, spec), weakest kind first."""
        if self._kinds is not None:
            return self._kinds
        from monsterlair import bots

        out = []
        for item in bots.info():
            name = item["name"]
            cls = bots.bot_class(name)
            if cls.file_options:  # a bot that reads a file: one strength per file in the server's policy folder
                key, suffix = next(iter(cls.file_options.items()))
                listed = self._maker.files(suffix) if isinstance(self._maker, ServerBotMaker) else []
                strengths: list[tuple[str, str]] = []
                for file, path in listed:
                    try:
                        strengths.append((cls.file_label(path, len(strengths) + 1), f"{name}:{key}={file}"))
                    except MonsterLairError as exc:  # not offered; the operator reads why in the log
                        log.warning("%s is not offered: %s", path, exc)
                if not strengths:
                    continue
            else:
                strengths = STRENGTHS.get(name, [("Standard", name)])
            out.append(
                {
                    "name": name,
                    "label": LABELS.get(name, f"{name} bot"),
                    "summary": item.get("summary", ""),
                    "strengths": [{"label": label, "spec": spec} for label, spec in strengths],
                }
            )
        return out

    def check(self, spec: object) -> str:
        """The spec, stripped, if it builds a bot whose thinking budget is inside this server's caps.

        A budget of 0 (no limit) counts as the bot's default (ismcts: 1 second).

        Raises:
            ValueError: with the bot library's sentence (unknown bot, bad option) or the cap it exceeds.
        """
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 80:
            raise ValueError("A bot is named by a spec such as 'greedy' or 'ismcts:seconds=1'.")
        spec = spec.strip()
        try:
            bot = self._maker(spec)
        except MonsterLairError as exc:
            raise ValueError(str(exc)) from None
        settings = getattr(bot, "settings", {})
        seconds = settings.get("seconds", 0)
        if isinstance(seconds, int | float) and seconds > self.max_seconds:
            raise ValueError(f"Bots here think at most {self.max_seconds:g} seconds a move, not {seconds:g}.")
        iterations = settings.get("iterations", 0)
        if isinstance(iterations, int) and iterations > self.max_iterations:
            raise ValueError(f"Bots here search at most {self.max_iterations:,} iterations a move, not {iterations:,}.")
        workers = settings.get("workers", 1)
        if isinstance(workers, int) and workers > 1:
            # the server's cores are shared by every table: one bot's move may not take several of them
            raise ValueError(f"Bots here think on one core a move, not {workers} (workers=1).")
        return spec

    def fits(self, spec: str, game: Game, players: int, options: Mapping[str, Any]) -> None:
        """Check a checked spec's bot can play a table of ``game`` (a trained policy plays only its own game).

        Raises:
            ValueError: with the bot's sentence.
        """
        bot = self._maker(spec)
        check = getattr(bot, "check_table", None)
        if check is not None:
            try:
                check(game, players, game.options.resolve(options))
            except MonsterLairError as exc:
                raise ValueError(str(exc)) from None

    def label(self, spec: str, seat: int = 0, taken: Iterable[str] = ()) -> str:
        """A seat name for a bot, distinct from the names in ``taken`` (``bots/seat_names.py``):
        "Gobble (Greedy bot)", "Tumble (Search bot, Thoughtful)"."""
        return bot_name(spec, seat, taken)

    def maker(self) -> BotMaker:
        """The function that builds a bot from a spec."""
        return self._maker


def choose_text(maker: BotMaker, spec: str, state: State, seat: int, seed: int) -> str:
    """The bot's chosen action text for ``seat`` (the seat to move in ``state``).

    The bot sees only ``Perspective(state, seat)``. The hub plays the first legal action if this raises,
    so a broken bot cannot stall a table.
    """
    bot = maker(spec)
    action = bot.choose(Perspective(state, seat), Rng(seed))
    return str(action)


def bot_seed(table_seed: int, state_id: int, seat: int) -> int:
    """A reproducible generator seed for one bot decision."""
    return (table_seed * 0x9E3779B97F4A7C15 + state_id * 0xBF58476D1CE4E5B9 + seat) & ((1 << 64) - 1)
