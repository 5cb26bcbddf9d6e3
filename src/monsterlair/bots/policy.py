"""A learned policy as a bot: ``policy:path=FILE.npz`` plays what a trained network prefers.

The file is a policy network saved by :func:`save_policy` (``examples/train_rl_agent.py --save FILE``): the
weights of a multi-layer perceptron (tanh hidden layers, a linear last layer giving one logit per action index)
and what it was trained on (game, player count, options, observation and action sizes). The bot encodes its
seat's view with the game's own ``encode_view`` (exactly the RL environments' observation), masks the logits of
the illegal action indices, and plays the most likely legal action (ties broken by its generator), or with
``sample=true`` draws one by the policy's probabilities from its generator. It reads the seat's view and legal
actions only: it never samples hidden information.

Files are read with ``numpy.load(allow_pickle=False)`` (no code in a policy file can run), checked (format,
sizes, finite weights, at most :data:`MAX_FILE_BYTES`) and kept in a small cache keyed by path, size and time
of change, so a server that builds a bot for each decision reads a file once.
"""

from __future__ import annotations

import json
import math
import os
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monsterlair.bots.base import BadBotOptions, Bot, legal_or_raise
from monsterlair.core import Action, Game, Option, OptionSet, OptionValue, Perspective, Rng

POLICY_FORMAT = "monsterlair-policy"
"""The ``format`` a policy file's metadata names."""

POLICY_VERSION = 1
"""The version of the file layout this module reads and writes."""

SUFFIX = ".npz"
"""A policy file's name ends so."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest policy file read (a guard against being pointed at something huge)."""

MAX_LAYERS = 16
"""The most weight layers a policy file may hold."""

_CACHE_SIZE = 8
_cache: OrderedDict[tuple[str, int, int], PolicyNet] = OrderedDict()
_cache_lock = threading.Lock()


class PolicyMismatch(BadBotOptions):
    """The policy was trained for another game, player count or encoding than the table it is asked to play."""


def _numpy() -> Any:
    try:
        import numpy
    except ModuleNotFoundError:  # pragma: no cover - depends on the installation
        raise BadBotOptions("Bot 'policy' needs numpy: pip install 'monsterlair[rl]'.") from None
    return numpy


@dataclass(frozen=True)
class PolicyNet:
    """A loaded policy: its metadata and its layers ``[(weights, bias), ...]`` (numpy float64 arrays)."""

    game: str
    players: int
    options: dict[str, OptionValue]
    observation_size: int
    num_actions: int
    layers: tuple[tuple[Any, Any], ...]
    label: str = ""

    def logits(self, observation: Sequence[float]) -> Any:
        """One logit per action index for an encoded view (tanh after every layer but the last)."""
        np = _numpy()
        x = np.asarray(observation, dtype=np.float64)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x)
        return x

    def check_table(self, game: Game, players: int, options: Mapping[str, OptionValue]) -> None:
        """Check this policy can play a table of ``game`` with that many players and options.

        Raises:
            PolicyMismatch: naming what it was trained for.
        """
        sizes = (int(game.observation_size(players, options)), int(game.num_actions(players, options)))
        if (self.game, self.players) != (game.id, players):
            from monsterlair import games

            trained = games.get(self.game).title if self.game in games.ids() else self.game
            raise PolicyMismatch(
                f"This policy was trained for {trained} with {self.players} players; it cannot play "
                f"{game.title} with {players} players."
            )
        if sizes != (self.observation_size, self.num_actions):
            raise PolicyMismatch(
                f"This policy was trained for {game.title} with other options; it cannot play with these "
                f"({sizes[0]} observed values and {sizes[1]} actions, "
                f"not {self.observation_size} and {self.num_actions})."
            )


def save_policy(
    path: str | os.PathLike[str],
    layers: Sequence[tuple[Any, Any]],
    game_id: str,
    players: int,
    options: Mapping[str, OptionValue],
    label: str = "",
) -> Path:
    """Write a policy file: ``layers`` are ``(weights, bias)`` pairs, weights shaped (inputs, outputs).

    ``label`` is what menus call the policy (a server's lobby): a few words for players, such as "Smash learner".

    The first layer takes the game's observation, the last gives one logit per action index; every
    layer but the last is followed by tanh. The file name gets the ``.npz`` ending if it lacks it.

    Raises:
        ValueError: if the layers do not chain from the observation size to the number of actions.
    """
    np = _numpy()
    from monsterlair import games

    game = games.get(game_id)
    resolved = game.options.resolve(options)
    obs, actions = int(game.observation_size(players, resolved)), int(game.num_actions(players, resolved))
    arrays: dict[str, Any] = {}
    width = obs
    for i, (w, b) in enumerate(layers):
        w, b = np.asarray(w, dtype=np.float64), np.asarray(b, dtype=np.float64)
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ValueError(f"Layer {i} has weights {w.shape} and bias {b.shape}; it should take {width} inputs.")
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        width = w.shape[1]
    if width != actions or not layers:
        raise ValueError(f"The last layer gives {width} values; {game.title} has {actions} actions.")
    meta = {
        "format": POLICY_FORMAT,
        "version": POLICY_VERSION,
        "game": game.id,
        "players": players,
        "options": dict(resolved),
        "observation_size": obs,
        "num_actions": actions,
        "activation": "tanh",
        "layers": len(layers),
        "label": label,
    }
    out = Path(path)
    if out.suffix != SUFFIX:
        out = out.with_name(out.name + SUFFIX)
    with out.open("wb") as fh:
        np.savez(fh, meta=np.array(json.dumps(meta)), **arrays)
    return out


def _read(path: Path) -> PolicyNet:
    np = _numpy()
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"][()]))
            if not isinstance(meta, dict) or meta.get("format") != POLICY_FORMAT:
                raise ValueError("it is not a Monster Lair policy file")
            if meta.get("version") != POLICY_VERSION:
                raise ValueError(f"it has layout version {meta.get('version')!r}; this program reads {POLICY_VERSION}")
            count = meta["layers"]
            if not isinstance(count, int) or not 1 <= count <= MAX_LAYERS:
                raise ValueError(f"it names {count!r} layers (1 to {MAX_LAYERS})")
            layers = tuple(
                (np.asarray(data[f"w{i}"], dtype=np.float64), np.asarray(data[f"b{i}"], dtype=np.float64))
                for i in range(count)
            )
        net = PolicyNet(
            game=str(meta["game"]),
            players=int(meta["players"]),
            options=dict(meta["options"]),
            observation_size=int(meta["observation_size"]),
            num_actions=int(meta["num_actions"]),
            layers=layers,
            label=str(meta.get("label", ""))[:60],
        )
    except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
        why = str(exc).rstrip(".")
        raise BadBotOptions(f"Bot 'policy': {path.name} cannot be read as a policy: {why}.") from None
    width = net.observation_size
    for i, (w, b) in enumerate(net.layers):
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise BadBotOptions(f"Bot 'policy': {path.name} is damaged (layer {i} does not fit the one before).")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise BadBotOptions(f"Bot 'policy': {path.name} is damaged (layer {i} holds NaN or infinite weights).")
        width = w.shape[1]
    if width != net.num_actions:
        raise BadBotOptions(f"Bot 'policy': {path.name} is damaged (it gives {width} logits, not {net.num_actions}).")
    return net


def load_policy(path: str | os.PathLike[str]) -> PolicyNet:
    """The policy in a ``.npz`` file (cached while the file does not change).

    Raises:
        BadBotOptions: if there is no such file, it is not a policy file, or it is damaged or too large.
    """
    p = Path(path)
    if p.suffix != SUFFIX:
        raise BadBotOptions(f"Bot 'policy': a policy file's name ends with {SUFFIX}, not {p.name!r}.")
    try:
        st = p.stat()
    except OSError:
        raise BadBotOptions(f"Bot 'policy': there is no policy file {str(path)!r}.") from None
    if not p.is_file():
        raise BadBotOptions(f"Bot 'policy': {str(path)!r} is not a file.")
    if st.st_size > MAX_FILE_BYTES:
        raise BadBotOptions(f"Bot 'policy': {p.name} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB.")
    key = (str(p.resolve()), st.st_size, st.st_mtime_ns)
    with _cache_lock:
        net = _cache.get(key)
        if net is not None:
            _cache.move_to_end(key)
            return net
    net = _read(p)
    with _cache_lock:
        _cache[key] = net
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return net


class PolicyBot(Bot):
    """Plays a trained policy network's choice among the legal actions, from the seat's observation only."""

    name = "policy"
    summary = "A trained policy network (a file saved by RL training) picks among the legal actions."
    options = OptionSet(
        [
            Option("path", "", "The policy file (.npz) to play, as saved by examples/train_rl_agent.py --save."),
            Option(
                "sample",
                False,
                "Draw the action by the policy's probabilities (from the bot's generator) instead of playing "
                "the most likely one.",
            ),
        ]
    )
    file_options = {"path": SUFFIX}

    def __init__(self, **options: Any) -> None:
        """Check the options and load the file (so a bad path is refused when the bot is named).

        Raises:
            BadBotOptions: for a missing, unreadable or damaged policy file.
        """
        super().__init__(**options)
        self.path = str(self.settings["path"])
        self.sample = bool(self.settings["sample"])
        if not self.path:
            raise BadBotOptions("Bot 'policy' needs path=FILE.npz, a policy saved by RL training.")
        load_policy(self.path)

    @classmethod
    def file_label(cls, path: str, number: int) -> str:
        """The policy's own label and what it plays: "Smash learner (Monster Smash, 2 players)".

        Raises:
            BadBotOptions: if the file is not a policy file.
        """
        net = load_policy(path)
        from monsterlair import games

        title = games.get(net.game).title if net.game in games.ids() else net.game
        return f"{net.label or f'Policy {number}'} ({title}, {net.players} players)"

    def check_table(self, game: Game, players: int, options: Mapping[str, OptionValue]) -> None:
        """Check the policy was trained for this game, player count and encoding.

        Raises:
            PolicyMismatch: naming what it was trained for.
        """
        load_policy(self.path).check_table(game, players, options)

    def probabilities(self, perspective: Perspective) -> dict[Action, float]:
        """The policy's probability of each legal action (a softmax over the legal actions' logits).

        Raises:
            GameOver: if the game has ended.
            PolicyMismatch: if the policy was trained for another game or player count.
        """
        legal = legal_or_raise(perspective)
        game, players, options = perspective.game, perspective.players, perspective.options
        net = load_policy(self.path)
        net.check_table(game, players, options)
        logits = net.logits(game.encode_view(perspective.view(), players, options))
        scores = [float(logits[game.action_index(a, players, options)]) for a in legal]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        return {a: w / total for a, w in zip(legal, weights, strict=True)}

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The most likely legal action (ties broken by ``rng``), or one drawn by ``rng`` with ``sample=true``.

        Raises:
            GameOver: if the game has ended.
            PolicyMismatch: if the policy was trained for another game or player count.
        """
        legal = legal_or_raise(perspective)
        if len(legal) == 1:
            return legal[0]
        probs = self.probabilities(perspective)
        if self.sample:
            draw = rng.random()
            acc = 0.0
            for action, p in probs.items():
                acc += p
                if draw < acc:
                    return action
            return legal[-1]
        best = max(probs.values())
        ties = [a for a, p in probs.items() if p >= best * (1.0 - 1e-12)]
        return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
