"""MONSTRA balance figures from ``monsterlair sim --out`` results (docs/balance/monstra.md).

``monsterlair sim`` records each game's seed, seats, winners and termination. A MONSTRA game's set-up —
the first-team marker and both random decks — depends only on its seed and options, so this module
rebuilds each set-up from the seed and reports what the issue asks about:

* how often the team holding the first-team marker in round 1 wins (draws count half);
* for every creature and every tactic, the win rate of the teams whose deck held it (its "presence" win
  rate);
* mission win rates by termination.

Games that repeat a seed with the same seats (``sim`` rotates the lineup within a block of games that share
a seed; between equal bots that replays the same game) are counted once.

Usage::

    python -m monsterlair.games.monstra.balance RESULTS.jsonl [--players 2] [-o name=value ...]
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from monsterlair.games.monstra.game import GAME
from monsterlair.games.monstra.spec import CREATURES, TACTICS
from monsterlair.games.monstra.state import MonstraState


def load(path: str) -> list[dict[str, Any]]:
    """The finished games of a ``sim --out`` file, one per distinct (seed, seats)."""
    seen: set[tuple[int, tuple[str, ...]]] = set()
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            key = (int(r["seed"]), tuple(r["seats"]))
            if r.get("error") or key in seen:
                continue
            seen.add(key)
            out.append(r)
    return out


def interval(wins: float, n: int) -> tuple[float, float]:
    """A 95 % Wilson interval for a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def duel_figures(results: Iterable[Mapping[str, Any]], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """First-team-marker win rate and per-creature and per-tactic presence win rates of duels."""
    n = 0
    marker = 0.0
    draws = 0
    per: dict[str, list[float]] = {c.id: [0.0, 0.0] for c in CREATURES}
    per_tactic: dict[str, list[float]] = {t.id: [0.0, 0.0] for t in TACTICS}
    for r in results:
        state = GAME.new(players, int(r["seed"]), dict(options))
        assert isinstance(state, MonstraState)
        winners = set(r["winners"])
        team_score = [0.5, 0.5]
        if winners:
            win_team = state.seat_team[min(winners)]
            team_score = [1.0 if t == win_team else 0.0 for t in (0, 1)]
        else:
            draws += 1
        n += 1
        marker += team_score[state.first_marker]
        for t in (0, 1):
            for c in state.deck_c[t]:
                entry = per[CREATURES[c].id]
                entry[0] += team_score[t]
                entry[1] += 1
            for ti in state.deck_t[t]:
                entry = per_tactic[TACTICS[ti].id]
                entry[0] += team_score[t]
                entry[1] += 1

    def rates(table: dict[str, list[float]]) -> dict[str, dict[str, Any]]:
        return {
            cid: {"decks": int(k), "win_rate": w / k if k else 0.0, "ci": interval(w, int(k))}
            for cid, (w, k) in table.items()
        }

    return {
        "games": n,
        "draws": draws,
        "first_marker_win_rate": marker / n if n else 0.0,
        "first_marker_ci": interval(marker, n),
        "creatures": rates(per),
        "tactics": rates(per_tactic),
    }


def mission_figures(results: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Win rate and endings of missions."""
    n = 0
    wins = 0
    endings: dict[str, int] = {}
    for r in results:
        n += 1
        wins += 1 if r["winners"] else 0
        endings[r["termination"]] = endings.get(r["termination"], 0) + 1
    return {"games": n, "win_rate": wins / n if n else 0.0, "ci": interval(wins, n), "endings": endings}


def main(argv: list[str] | None = None) -> None:
    """Print the figures of one results file as Markdown."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    results = load(args.results)
    state = GAME.new(args.players, 0, options)
    assert isinstance(state, MonstraState)
    out: list[str] = []
    if state.mission:
        m = mission_figures(results)
        lo, hi = m["ci"]
        out.append(f"missions: {m['games']}, players win {m['win_rate']:.1%} (95% CI {lo:.1%}–{hi:.1%})")
        out.append("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(m["endings"].items())))
    else:
        d = duel_figures(results, args.players, options)
        lo, hi = d["first_marker_ci"]
        out.append(f"duels: {d['games']} distinct games, draws {d['draws']}")
        out.append(f"first-team marker holder wins {d['first_marker_win_rate']:.1%} (95% CI {lo:.1%}–{hi:.1%})")
        for kind in ("creature", "tactic"):
            rows = sorted(d[f"{kind}s"].items(), key=lambda kv: kv[1]["win_rate"])
            out.append("")
            out.append(f"| {kind} | decks | win rate | 95% CI |")
            out.append("|---|---|---|---|")
            for cid, c in rows:
                clo, chi = c["ci"]
                out.append(f"| {cid} | {c['decks']} | {c['win_rate']:.1%} | {clo:.1%}–{chi:.1%} |")
    print("\n".join(out))  # noqa: T201 - this is a command-line report


if __name__ == "__main__":
    main()
