"""The balance report: one self-contained HTML page with matplotlib plots (PNG, embedded as base64).

``write_report(directory, summary, results, ratings)`` writes ``report.html`` and ``summary.json`` into the
directory. Sections (each an element id, so tests and links can find them): ``overview``, ``bots`` (win
rate per bot with 95 % intervals), ``seats`` (per seat, with the fair share), ``first-seat`` (seat 0 and
the first mover against the fair share), ``factors`` (presence win rates per deck, monster, creature… as
the game reports them), ``length`` (distribution of game lengths), ``outcomes`` (wins, draws, games every
seat lost, games cut by a safety cap, endings), ``tournament`` (ratings with intervals and the pairwise
scores; only for a round robin) and ``failures`` (only when games failed).

Plots use matplotlib's Agg backend, so no display is needed. Needs the ``sim`` extra.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

MAX_FACTOR_ROWS = 60
"""Values shown per factor kind (the most and least winning ones when there are more)."""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(entry: Mapping[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{_pct(lo)} – {_pct(hi)}"


def _png(fig: Any) -> str:
    """The figure as an ``<img>`` tag holding a base64 PNG (the figure is closed)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def rate_plot(labels: Sequence[str], entries: Sequence[Mapping[str, Any]], title: str, reference: float | None) -> str:
    """Horizontal bars of rates with their 95 % intervals, and a dashed reference line (e.g. the fair share)."""
    plt = _pyplot()
    n = len(labels)
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.32 * max(n, 1)))
    rates = [e["rate"] for e in entries]
    low = [max(0.0, e["rate"] - e["ci95"][0]) for e in entries]
    high = [max(0.0, e["ci95"][1] - e["rate"]) for e in entries]
    ys = list(range(n))
    ax.barh(ys, rates, xerr=[low, high], color="#4c78a8", ecolor="#222", capsize=3, height=0.6)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (bars: 95 % Wilson interval)")
    if reference is not None:
        ax.axvline(reference, color="#e45756", linestyle="--", linewidth=1)
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def length_plot(results: Sequence[Mapping[str, Any]]) -> str:
    """Histograms of game length in decisions and in turns."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2), layout="constrained")
    for ax, key in zip(axes, ("decisions", "turns"), strict=True):
        values = [r[key] for r in results]
        ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#72b7b2", edgecolor="#fff")
        ax.set_xlabel(key)
        ax.set_ylabel("games")
        ax.set_title(f"Game length ({key})")
    return _png(fig)


def outcome_plot(summary: Mapping[str, Any]) -> str:
    """Bars of how games ended: decided, draws, lost by every seat, capped; and the endings."""
    plt = _pyplot()
    ends = summary["terminations"]
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.9 + 0.35 * max(4, len(ends))), layout="constrained")
    outcomes = summary["outcomes"]
    labels = ["someone won", "draw", "every seat lost", "cut by a safety cap"]
    values = [outcomes["won"], outcomes["draw"], outcomes["lost"], summary["capped"]]
    axes[0].barh(labels, values, color=["#54a24b", "#eeca3b", "#e45756", "#9d755d"])
    axes[0].invert_yaxis()
    axes[0].set_xlabel("games")
    axes[0].set_title("Outcomes")
    axes[1].barh(list(ends), list(ends.values()), color="#b279a2")
    axes[1].invert_yaxis()
    axes[1].set_xlabel("games")
    axes[1].set_title("Endings (termination)")
    return _png(fig)


def ratings_plot(ratings: Mapping[str, Any]) -> str:
    """Ratings with 95 % bootstrap intervals, best first."""
    plt = _pyplot()
    rows = sorted(ratings["bots"].items(), key=lambda kv: -kv[1]["rating"])
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.4 * len(rows)))
    ys = list(range(len(rows)))
    values = [e["rating"] for _, e in rows]
    low = [max(0.0, e["rating"] - e["ci95"][0]) for _, e in rows]
    high = [max(0.0, e["ci95"][1] - e["rating"]) for _, e in rows]
    ax.errorbar(values, ys, xerr=[low, high], fmt="o", color="#4c78a8", ecolor="#222", capsize=4)
    ax.set_yticks(ys)
    ax.set_yticklabels([b for b, _ in rows])
    ax.invert_yaxis()
    ax.axvline(0, color="#888", linewidth=0.8)
    ax.set_xlabel("rating (Elo scale, mean 0; bars: 95 % bootstrap interval)")
    ax.set_title("Bradley–Terry ratings")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def pair_matrix_plot(ratings: Mapping[str, Any], bots: Sequence[str]) -> str:
    """A heat map of each row bot's mean score against each column bot."""
    plt = _pyplot()
    n = len(bots)
    grid = [[float("nan")] * n for _ in range(n)]
    for p in ratings["pairs"]:
        i, j = bots.index(p["a"]), bots.index(p["b"])
        grid[i][j] = p["score"]
        grid[j][i] = 1 - p["score"]
    fig, ax = plt.subplots(figsize=(1.6 + 1.1 * n, 1.2 + 0.9 * n))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(n))
    ax.set_xticklabels(bots, rotation=30, ha="right")
    ax.set_yticks(range(n))
    ax.set_yticklabels(bots)
    for i in range(n):
        for j in range(n):
            if i != j and grid[i][j] == grid[i][j]:
                ax.text(j, i, f"{grid[i][j]:.2f}", ha="center", va="center", fontsize=9)
    ax.set_title("Mean score of row against column")
    fig.colorbar(image, ax=ax, fraction=0.046)
    return _png(fig)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _rate_rows(items: Sequence[tuple[str, Mapping[str, Any]]]) -> list[list[Any]]:
    return [
        [label, e["n"], f"{e['wins']:g}", _pct(e["rate"]), _ci(e), f"{e.get('mean_payoff', e['rate']):.3f}"]
        for label, e in items
    ]


RATE_HEADER = ("", "seat-games", "wins", "win rate", "95 % CI", "mean payoff")

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.92em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
section { margin-bottom: 2.2em; }
.note { color: #555; font-size: 0.92em; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""


def render_html(
    summary: Mapping[str, Any], results: Sequence[Mapping[str, Any]], ratings: Mapping[str, Any] | None = None
) -> str:
    """The report page as a string (see the module docstring for its sections)."""
    finished = [r for r in results if not r.get("error")]
    title = f"Balance report — {summary['game']}"
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"]
    parts.append(f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>")
    parts.append(_overview(summary))
    bots = list(summary["bots"].items())
    parts.append("<section id='bots'><h2>Win rate by bot</h2>")
    parts.append("<p class='note'>A shared victory counts as a win for every winner; mean payoff splits it.</p>")
    if bots:
        parts.append(rate_plot([b for b, _ in bots], [e for _, e in bots], "Win rate by bot", None))
    parts.append(_table(("bot", *RATE_HEADER[1:]), _rate_rows(bots)) + "</section>")
    seats = [(f"seat {s}", e) for s, e in enumerate(summary["seats"])]
    fair = summary["fair_share"]
    parts.append(
        f"<section id='seats'><h2>Win rate by seat</h2><p class='note'>Dashed line: the fair share {_pct(fair)}.</p>"
    )
    if seats and finished:
        parts.append(rate_plot([s for s, _ in seats], [e for _, e in seats], "Win rate by seat", fair))
    parts.append(_table(("seat", *RATE_HEADER[1:]), [row[:5] for row in _rate_rows(seats)]) + "</section>")
    parts.append(_first_seat(summary))
    parts.append(_factors(summary, fair))
    parts.append("<section id='length'><h2>Game length</h2>")
    if finished:
        parts.append(length_plot(finished))
    length_rows = [[k, f"{d['mean']:.1f}", f"{d['median']:g}", f"{d['p90']:.1f}"] for k, d in summary["length"].items()]
    parts.append(_table(("", "mean", "median", "90th percentile"), length_rows) + "</section>")
    parts.append(_outcomes(summary, bool(finished)))
    if ratings is not None:
        parts.append(_tournament(ratings, summary))
    if summary["failed"]:
        rows = [[e["index"], e["seed"], e["error"]] for e in summary["errors"]]
        parts.append(f"<section id='failures'><h2>Failed games ({summary['failed']})</h2>")
        parts.append(_table(("game", "seed", "error"), rows) + "</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _overview(summary: Mapping[str, Any]) -> str:
    rows = [
        ["game", summary["game"]],
        ["games finished / planned", f"{summary['finished']} / {summary['games']}"],
        ["players", summary["players"]],
        ["bots", ", ".join(summary.get("tournament") or summary.get("lineup") or [])],
        ["seed", summary.get("seed", "")],
        ["options", json.dumps(summary.get("options", {}), sort_keys=True)],
        ["backend", json.dumps(summary.get("backend", {}), sort_keys=True)],
        ["run time (s)", summary.get("seconds", "")],
    ]
    note = ""
    if summary.get("balanced") is False:
        note = "<p class='note'>The game count is not a multiple of the seatings per deal: seats are not balanced.</p>"
    return "<section id='overview'><h2>Overview</h2>" + _table(("", ""), rows) + note + "</section>"


def _first_seat(summary: Mapping[str, Any]) -> str:
    fair = summary["fair_share"]
    rows = [["seat 0", *_rate_rows([("", summary["first_seat"])])[0][1:5]]]
    entries = [summary["first_seat"]]
    labels = ["seat 0"]
    if summary["first_mover"]["n"]:
        rows.append(["first to move", *_rate_rows([("", summary["first_mover"])])[0][1:5]])
        entries.append(summary["first_mover"])
        labels.append("first to move")
    out = [
        "<section id='first-seat'><h2>First-seat advantage</h2>",
        "<p class='note'>Seat 0 is the first seat at the table; the first to move is the seat that made the game's "
        f"first decision (games that draw a starting player differ). Fair share: {_pct(fair)}.</p>",
    ]
    if summary["finished"]:
        out.append(rate_plot(labels, entries, "First seat against the fair share", fair))
    out.append(_table(("", "games", "wins", "win rate", "95 % CI"), rows))
    return "".join(out) + "</section>"


def _factors(summary: Mapping[str, Any], fair: float) -> str:
    factors: Mapping[str, Mapping[str, Mapping[str, Any]]] = summary.get("factors") or {}
    out = ["<section id='factors'><h2>Win rate by deck, monster, creature…</h2>"]
    if not factors:
        out.append("<p class='note'>This game reports no per-seat factors (see <code>Game.report_factors</code>).</p>")
        return "".join(out) + "</section>"
    out.append(
        "<p class='note'>Presence win rates: for each factor, the win rate of the seats that had it. Dashed line: the "
        "win rate of all seats together.</p>"
    )
    overall_wins = sum(e["wins"] for e in summary["seats"])
    overall_n = sum(e["n"] for e in summary["seats"])
    baseline = overall_wins / overall_n if overall_n else fair
    for kind, values in factors.items():
        items = sorted(values.items(), key=lambda kv: -kv[1]["rate"])
        if len(items) > MAX_FACTOR_ROWS:
            half = MAX_FACTOR_ROWS // 2
            items = items[:half] + items[-half:]
        out.append(f"<h3 id='factor-{html.escape(kind)}'>{html.escape(kind)}</h3>")
        out.append(rate_plot([v for v, _ in items], [e for _, e in items], f"Win rate by {kind}", baseline))
        out.append(_table((kind, *RATE_HEADER[1:]), _rate_rows(items)))
    return "".join(out) + "</section>"


def _outcomes(summary: Mapping[str, Any], any_finished: bool) -> str:
    o = summary["outcomes"]
    rows = [
        ["someone won", o["won"]],
        ["draws (no winner, payoffs shared)", o["draw"]],
        ["lost by every seat (no winner, payoffs 0)", o["lost"]],
        ["cut by a safety cap", summary["capped"]],
        *[[f"ending: {k}", v] for k, v in summary["terminations"].items()],
    ]
    out = "<section id='outcomes'><h2>Draws, losses and safety caps</h2>"
    if any_finished:
        out += outcome_plot(summary)
    return out + _table(("", "games"), rows) + "</section>"


def _tournament(ratings: Mapping[str, Any], summary: Mapping[str, Any]) -> str:
    bots = list(ratings["bots"])
    rows = [
        [b, f"{e['rating']:.0f}", f"{e['ci95'][0]:.0f} – {e['ci95'][1]:.0f}", e["games"], f"{e['score']:.3f}"]
        for b, e in sorted(ratings["bots"].items(), key=lambda kv: -kv[1]["rating"])
    ]
    pairs = [[p["a"], p["b"], p["games"], f"{p['score']:.3f}", f"{p['expected']:.3f}"] for p in ratings["pairs"]]
    return "".join(
        [
            "<section id='tournament'><h2>Tournament ratings</h2>",
            f"<p class='note'>Round robin, {summary.get('games_per_pair', '?')} games per pair. "
            f"{html.escape(ratings['method'])}; a game's score is a bot's share of the payoff. Intervals: "
            f"{ratings['bootstrap']} bootstrap resamples of each pair's games; prior: {ratings['prior']:g} "
            "virtual drawn game per pair.</p>",
            ratings_plot(ratings),
            _table(("bot", "rating", "95 % CI", "games", "mean score"), rows),
            pair_matrix_plot(ratings, bots),
            _table(("a", "b", "games", "score of a", "model"), pairs),
            "</section>",
        ]
    )


def write_report(
    directory: Path,
    summary: Mapping[str, Any],
    results: Sequence[Mapping[str, Any]],
    ratings: Mapping[str, Any] | None = None,
) -> Path:
    """Write ``report.html`` and ``summary.json`` (with the ratings, if any) into ``directory``; the page's path.

    Raises:
        OSError: if the directory or the files cannot be written.
    """
    directory.mkdir(parents=True, exist_ok=True)
    page = directory / "report.html"
    page.write_text(render_html(summary, results, ratings), encoding="utf-8")
    data = dict(summary)
    if ratings is not None:
        data["ratings"] = ratings
    (directory / "summary.json").write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    return page
