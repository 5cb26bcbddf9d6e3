"""Sweeps, A/B comparisons and deck-against-deck matrices, on the same deals.

``sim --vary NAME=A,B`` plays the same batch once per option value: game ``i`` of every variant has the
same seed and the same seating, so the variants differ only by the option. That makes *paired* tests
possible, far sharper than comparing two independent win rates: each deal is its own control.

* Binary outcomes (seat 0 won, the first mover won, the game was capped or drawn, a bot won) are compared
  with McNemar's exact test on the discordant pairs (deals whose outcome the option changed).
* Game length and score margin are compared by the mean of the paired differences, with a 95 % interval
  (normal approximation) and a two-sided p-value.

``sim --deck-matrix`` plays every pair of preset decks against each other, each pair on the same deals
with the decks swapped between the sides, between equal bots, and reports each deck's score against
each other deck (a draw counts half).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from monsterlair.core import BadOptions, Game, OptionValue
from monsterlair.core.words import join_words
from monsterlair.sim.runner import GameTask, derive_seed, plan, run_id
from monsterlair.sim.stats import Z95, moves_of, rate, wilson
from monsterlair.sim.usage import margin


@dataclass(frozen=True, slots=True)
class Variant:
    """One setting of a sweep: its label (``first_round_attacks=true``) and the options it sets."""

    label: str
    options: Mapping[str, OptionValue]


def parse_vary(game: Game, text: str) -> list[Variant]:
    """The variants of ``--vary NAME=V1,V2,…`` (each value checked by the game's own option rules).

    Raises:
        BadOptions: for a malformed text, an unknown option, fewer than two values, or a bad value.
    """
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise BadOptions(f"--vary takes NAME=VALUE,VALUE (for example first_round_attacks=false,true), not {text!r}.")
    if name not in game.options:
        known = ", ".join(game.options) or "none"
        raise BadOptions(f"{game.title} has no option {name!r} to vary (its options: {known}).")
    raw = [v.strip() for v in values.split(",")]
    if len(raw) < 2 or any(not v for v in raw) or len(set(raw)) != len(raw):
        raise BadOptions(f"--vary {name} needs at least two different, non-empty values, not {values!r}.")
    out = []
    for value in raw:
        resolved = game.options.resolve({name: value})
        out.append(Variant(f"{name}={value}", {name: resolved[name]}))
    return out


def plan_variants(
    game: str,
    bots: Sequence[str],
    games: int,
    variants: Sequence[Variant],
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any],
) -> list[GameTask]:
    """The tasks of a sweep: the batch of :func:`~monsterlair.sim.runner.plan` once per variant, on the same
    seeds and seatings; game ``k * games + i`` is game ``i`` (from 1) of variant ``k`` (from 0)."""
    tasks: list[GameTask] = []
    for k, variant in enumerate(variants):
        batch = plan(game, bots, games, players=players, seed=seed, options={**options, **variant.options})
        tasks.extend(replace(t, index=k * games + t.index, variant=variant.label) for t in batch)
    return tasks


def preset_decks(game: Game, decks: Sequence[str]) -> list[str]:
    """The ids of preset decks named by their id or their name (``Game.report_label``), in any case; a game
    without preset decks gets them back as they are (its ``deck_matchup`` refuses them).

    Raises:
        BadOptions: naming the decks that are not presets, and the presets by name.
    """
    presets = game.deck_presets()
    known = {key.strip().lower(): p for p in presets for key in (p, game.report_label("deck", p))}
    unknown = [d for d in dict.fromkeys(decks) if presets and d.strip().lower() not in known]
    if unknown:
        which = "is not a preset deck" if len(unknown) == 1 else "are not preset decks"
        raise BadOptions(
            f"{join_words([repr(d) for d in unknown])} {which} of {game.title}; "
            f"its preset decks are {join_words([game.report_label('deck', p) for p in presets])}."
        )
    return [known.get(d.strip().lower(), d) for d in decks]


def plan_deck_matrix(
    game: Game,
    bot: str,
    decks: Sequence[str],
    games_per_pair: int,
    *,
    seed: int,
    options: Mapping[str, Any],
) -> list[GameTask]:
    """Every pair of ``decks`` (preset decks by id or name, any case) in a two-player game between two ``bot``
    seats: ``games_per_pair`` games a pair, alternating which side has which deck on a shared deal (games ``2j``
    and ``2j + 1`` share a seed), and every pair on the same deals. A task's ``variant`` is
    ``"first/second"`` (deck ids): seat 0 holds ``first``.

    Raises:
        BadOptions: for a deck that is not one of the game's preset decks, fewer than two decks, a repeated
            deck, an odd or non-positive game count, or a game without decks.
    """
    decks = preset_decks(game, decks)
    if len(decks) < 2 or len(set(decks)) != len(decks):
        raise BadOptions("A deck matrix needs at least two different decks.")
    if games_per_pair < 2 or games_per_pair % 2:
        raise BadOptions(f"--games-per-pair must be even (each deal is played both ways round), not {games_per_pair}.")
    lineup = (bot, bot)
    run = run_id({"kind": "deck-matrix", "game": game.id, "bot": bot, "decks": list(decks), "seed": seed})
    tasks: list[GameTask] = []
    for i, a in enumerate(decks):
        for b in decks[i + 1 :]:
            for g in range(games_per_pair):
                first, second = (a, b) if g % 2 == 0 else (b, a)
                opts = {**options, **game.options.resolve({**options, **game.deck_matchup(first, second)})}
                tasks.append(
                    GameTask(
                        len(tasks) + 1,
                        game.id,
                        2,
                        lineup,
                        derive_seed(seed, g // 2),
                        opts,
                        run,
                        variant=f"{first}/{second}",
                    )
                )
    return tasks


def by_variant(results: Sequence[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """Results grouped by their ``variant`` label, in first-seen order."""
    out: dict[str, list[Mapping[str, Any]]] = {}
    for r in results:
        out.setdefault(str(r.get("variant", "")), []).append(r)
    return out


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value from the discordant pair counts (a binomial sign test at ½)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / float(2**n)
    return min(1.0, 2.0 * tail)


def _paired_binary(
    pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], test: Callable[[Mapping[str, Any]], bool]
) -> dict[str, Any]:
    only_a = sum(1 for a, b in pairs if test(a) and not test(b))
    only_b = sum(1 for a, b in pairs if test(b) and not test(a))
    n = len(pairs)
    hits_a = sum(1 for a, _ in pairs if test(a))
    hits_b = sum(1 for _, b in pairs if test(b))
    return {
        "kind": "rate",
        "a": rate(hits_a, n),
        "b": rate(hits_b, n),
        "difference": (hits_b - hits_a) / n if n else 0.0,
        "changed_a_only": only_a,
        "changed_b_only": only_b,
        "p": mcnemar_p(only_a, only_b),
        "test": "McNemar (exact) on the deals whose outcome changed",
    }


def _paired_number(
    pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], value: Callable[[Mapping[str, Any]], float | None]
) -> dict[str, Any]:
    diffs = []
    for a, b in pairs:
        va, vb = value(a), value(b)
        if va is not None and vb is not None:
            diffs.append(vb - va)
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    p = math.erfc(abs(mean) / (sd / math.sqrt(n)) / math.sqrt(2)) if n > 1 and sd > 0 else (1.0 if mean == 0 else 0.0)
    a_values = [v for a, _ in pairs if (v := value(a)) is not None]
    b_values = [v for _, b in pairs if (v := value(b)) is not None]
    return {
        "kind": "number",
        "a": statistics.fmean(a_values) if a_values else 0.0,
        "b": statistics.fmean(b_values) if b_values else 0.0,
        "difference": mean,
        "ci95": [mean - half, mean + half],
        "n": n,
        "p": p,
        "test": "mean of paired differences (normal approximation)",
    }


def compare(
    baseline: Sequence[Mapping[str, Any]],
    other: Sequence[Mapping[str, Any]],
    players: int,
    score_label: str | None = None,
    turn_word: str = "turns",
) -> dict[str, dict[str, Any]]:
    """Paired comparison of two variants' games (paired by their game number within the variant).

    Measures: each seat's win, the first mover's win, each bot's win (for lineups of different bots), a
    draw, a safety cap, game length in decisions and turns, and the score margin, in the game's score
    (``score_label``, ``Game.score_label``: "score margin (destroys)"), the turns in the game's word
    (``turn_word``, ``Game.turn_unit``: MONSTRA's "length (rounds)"). Failed games drop their pair.
    """
    base_by = {_position(r, baseline): r for r in baseline}
    pairs = [
        (base_by[pos], r)
        for r in other
        if (pos := _position(r, other)) in base_by and not r.get("error") and not base_by[pos].get("error")
    ]
    out: dict[str, dict[str, Any]] = {}
    for seat in range(players):
        out[f"seat {seat + 1} wins"] = _paired_binary(pairs, _seat_won(seat))
    out["first mover wins"] = _paired_binary(pairs, lambda r: bool(r.get("first") in r["winners"]))
    specs = sorted({s for a, _ in pairs for s in a["seats"]})
    if len(specs) > 1:
        for spec in specs:
            out[f"{spec} wins"] = _paired_binary(pairs, _bot_won(spec))
    out["draw"] = _paired_binary(pairs, _drawn)
    out["cut by a safety cap"] = _paired_binary(pairs, _capped)
    out["length (moves)"] = _paired_number(pairs, lambda r: float(moves_of(r)))
    out[f"length ({turn_word})"] = _paired_number(pairs, lambda r: float(r["turns"]))
    out[f"score margin ({score_label})" if score_label else "score margin"] = _paired_number(pairs, margin)
    return out


def _seat_won(seat: int) -> Callable[[Mapping[str, Any]], bool]:
    return lambda r: seat in r["winners"]


def _bot_won(spec: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda r: any(r["seats"][s] == spec for s in r["winners"])


def _drawn(result: Mapping[str, Any]) -> bool:
    return not result["winners"]


def _capped(result: Mapping[str, Any]) -> bool:
    return bool(result["capped"])


def _position(result: Mapping[str, Any], group: Sequence[Mapping[str, Any]]) -> int:
    """A result's game number within its variant (its index less the variant's first index)."""
    first = min(int(r["index"]) for r in group)
    return int(result["index"]) - first


def deck_matrix(results: Sequence[Mapping[str, Any]], decks: Sequence[str]) -> dict[str, Any]:
    """Each deck's score against each other deck from a :func:`plan_deck_matrix` batch: ``score[a][b]`` is the
    share of the games between ``a`` and ``b`` that ``a`` won (a draw counts half), with the game count and a
    95 % Wilson interval; ``overall[a]`` pools every game of ``a``."""
    cells: dict[tuple[str, str], list[float]] = {}
    for r in results:
        if r.get("error") or "/" not in str(r.get("variant", "")):
            continue
        first, second = str(r["variant"]).split("/", 1)
        winners = r["winners"]
        share0 = 0.5 if not winners or len(winners) == 2 else (1.0 if 0 in winners else 0.0)
        for deck, other, share in ((first, second, share0), (second, first, 1 - share0)):
            cell = cells.setdefault((deck, other), [0.0, 0])
            cell[0] += share
            cell[1] += 1
    matrix: dict[str, dict[str, Any]] = {}
    overall: dict[str, Any] = {}
    for a in decks:
        matrix[a] = {}
        total = [0.0, 0]
        for b in decks:
            if a == b or (a, b) not in cells:
                continue
            score, n = cells[(a, b)]
            lo, hi = wilson(score, int(n))
            matrix[a][b] = {"score": score / n, "n": n, "ci95": [lo, hi]}
            total[0] += score
            total[1] += n
        if total[1]:
            lo, hi = wilson(total[0], int(total[1]))
            overall[a] = {"score": total[0] / total[1], "n": total[1], "ci95": [lo, hi]}
    return {"decks": list(decks), "score": matrix, "overall": overall}
