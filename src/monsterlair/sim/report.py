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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from monsterlair import games
from monsterlair.cli.web_replay import DEFAULT_SERVER
from monsterlair.core import Game, MonsterLairError
from monsterlair.core.words import join_words, plural
from monsterlair.sim.stats import moves_of

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


def length_plot(results: Sequence[Mapping[str, Any]], turns: str = "turns") -> str:
    """Histograms of game length in moves (as players count them) and in turns (``turns``: what the game calls
    them, MONSTRA's rounds)."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2), layout="constrained")
    for ax, label, values in zip(
        axes, ("moves", turns), ([moves_of(r) for r in results], [r["turns"] for r in results]), strict=True
    ):
        ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#72b7b2", edgecolor="#fff")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        ax.set_title(f"Game length ({label})")
    return _png(fig)


def outcome_plot(summary: Mapping[str, Any]) -> str:
    """Bars of how games ended: decided, draws, lost by every seat, capped; and the endings."""
    plt = _pyplot()
    ends = endings(summary)
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
    n = len(bots)
    grid = [[float("nan")] * n for _ in range(n)]
    for p in ratings["pairs"]:
        i, j = bots.index(p["a"]), bots.index(p["b"])
        grid[i][j] = p["score"]
        grid[j][i] = 1 - p["score"]
    return _score_grid_plot(grid, bots, "Mean score of row against column")


def _score_grid_plot(grid: Sequence[Sequence[float]], labels: Sequence[str], title: str) -> str:
    """A heat map of scores in [0, 1], row against column (``labels`` both ways), each known score written in
    its cell (NaN: none)."""
    plt = _pyplot()
    n = len(labels)
    fig, ax = plt.subplots(figsize=(1.6 + 1.1 * n, 1.2 + 0.9 * n))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(n))
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels)
    for i in range(n):
        for j in range(n):
            if grid[i][j] == grid[i][j]:
                ax.text(j, i, f"{grid[i][j]:.2f}", ha="center", va="center", fontsize=9)
    ax.set_title(title)
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
MARK_HEADER = ("q", "stands out")


def _marks(entry: Mapping[str, Any]) -> list[str]:
    """The multiple-comparison columns of a rate: its adjusted q-value and a mark when it stands out."""
    if "q" not in entry:
        return ["", ""]
    return [f"{entry['q']:.3f}", "★" if entry["stands_out"] else ""]


def _outlier_note(summary: Mapping[str, Any]) -> str:
    o = summary.get("outliers")
    if not o or not o["tests"]:
        return ""
    return (
        f"<p class='note'>{o['tests']} rates are tested (deck, card, creature… against all other seats, "
        f"{html.escape(o['method'])}). At the {_pct(o['level'])} level, {o['uncorrected']} pass uncorrected, where "
        f"chance alone would give about {o['expected_by_chance']:.1f}; <strong>{stand_out_text(o['stands_out'])}"
        f"</strong> (★, q &lt; {o['level']:g}) after the correction.{_bots_note(summary)}</p>"
    )


def stand_out_text(n: int) -> str:
    """ "1 stands out", "3 stand out", "none stands out"."""
    if n == 0:
        return "none stands out"
    return f"{n} stands out" if n == 1 else f"{n} stand out"


def _bots_note(summary: Mapping[str, Any]) -> str:
    """After the count of what stands out: a reminder, when the lineup's bots are far apart (see "Read this
    first"), that those rates may reflect the bots rather than the cards."""
    if not summary.get("warnings"):
        return ""
    return (
        " <strong>The bots are far apart</strong> (see <a href='#warnings'>Read this first</a>): these rates may "
        "reflect the bots rather than the cards."
    )


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.92em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
section { margin-bottom: 2.2em; }
.note { color: #555; font-size: 0.92em; }
.warn { background: #fff4d6; border-left: 4px solid #e8a400; padding: 0.2em 1em; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""


def render_html(
    summary: Mapping[str, Any], results: Sequence[Mapping[str, Any]], ratings: Mapping[str, Any] | None = None
) -> str:
    """The report page as a string (see the module docstring for its sections)."""
    finished = [r for r in results if not r.get("error")]
    game = _game(summary)
    title = f"Balance report — {summary['game'] if game is None else game.title}"
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"]
    parts.append(f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>")
    parts.append(_overview(summary))
    parts.append(_warnings(summary))
    bots = list(summary["bots"].items())
    parts.append("<section id='bots'><h2>Win rate by bot</h2>")
    parts.append("<p class='note'>A shared victory counts as a win for every winner; mean payoff splits it.</p>")
    if bots:
        parts.append(rate_plot([b for b, _ in bots], [e for _, e in bots], "Win rate by bot", None))
    parts.append(_table(("bot", *RATE_HEADER[1:]), _rate_rows(bots)) + "</section>")
    fair = summary["fair_share"]
    if summary.get("together", len(summary["seats"]) == 1):
        parts.append(_one_seat(summary))
    elif summary.get("teams"):
        parts.append(_teams(summary))
    else:
        seats = [(f"seat {s + 1}", e) for s, e in enumerate(summary["seats"])]
        parts.append(
            "<section id='seats'><h2>Win rate by seat</h2>"
            f"<p class='note'>Dashed line: the fair share {_pct(fair)}.</p>"
        )
        if finished:
            parts.append(rate_plot([s for s, _ in seats], [e for _, e in seats], "Win rate by seat", fair))
        parts.append(_table(("seat", *RATE_HEADER[1:]), _rate_rows(seats)) + "</section>")
        parts.append(_first_seat(summary))
    parts.append(_by_kind(summary, fair, _FACTORS))
    parts.append(_by_kind(summary, fair, _USAGE))
    parts.append(_actions(summary))
    parts.append(_margins(summary, finished))
    parts.append("<section id='length'><h2>Game length</h2>")
    parts.append(
        "<p class='note'>Moves as players count them, as the log and the replays number them (a choice of several "
        "cards is one move); turns as the game counts them.</p>"
    )
    if finished:
        parts.append(length_plot(finished, turn_word(summary)))
    length_rows = [
        [label, f"{d['mean']:.1f}", f"{d['median']:g}", f"{d['p90']:.1f}"] for label, d in length_rows_of(summary)
    ]
    parts.append(_table(("", "mean", "median", "90th percentile"), length_rows) + "</section>")
    parts.append(_outcomes(summary, bool(finished)))
    if ratings is not None:
        parts.append(_tournament(ratings, summary))
    if summary.get("variants"):
        parts.append(_variants(summary))
    if summary.get("deck_matrix"):
        parts.append(_deck_matrix(summary["deck_matrix"], deck_names(summary)))
    if summary.get("records") is not None:
        parts.append(_records(summary["records"]))
    if summary["failed"]:
        rows = [[e["index"], e["seed"], e["error"]] for e in summary["errors"]]
        parts.append(f"<section id='failures'><h2>Failed games ({summary['failed']})</h2>")
        parts.append(_table(("game", "seed", "error"), rows) + "</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def settings_text(settings: Mapping[str, Any]) -> str:
    """Options as a designer types them (``-o key=value``), sorted: "first_round_attacks=true, max_turns=80"."""

    def value(v: Any) -> str:
        if isinstance(v, bool) or v is None:
            return json.dumps(v)
        if isinstance(v, (int, float, str)):
            return str(v)
        return json.dumps(v, sort_keys=True, separators=(",", ":"), allow_nan=False)

    return ", ".join(f"{key}={value(settings[key])}" for key in sorted(settings)) or "(none)"


def _overview(summary: Mapping[str, Any]) -> str:
    rows = [
        ["game", summary["game"]],
        ["games finished / planned", f"{summary['finished']} / {summary['games']}"],
        ["players", summary["players"]],
        ["bots", ", ".join(summary.get("tournament") or summary.get("lineup") or [])],
        ["seed", summary.get("seed", "")],
        ["options", settings_text(summary.get("options", {}))],
        ["backend", settings_text(summary.get("backend", {}))],
        ["run time (s)", summary.get("seconds", "")],
    ]
    note = ""
    if summary.get("balanced") is False:
        note = f"<p class='note'>{html.escape(unbalanced_text(summary))}</p>"
    return "<section id='overview'><h2>Overview</h2>" + _table(("", ""), rows) + note + "</section>"


def _one_seat(summary: Mapping[str, Any]) -> str:
    """A game whose seats win or lose together (a solo or co-operative mission): its win rate, plainly; no fair
    share, no seat advantage."""
    only = summary["seats"][0]
    players = len(summary["seats"])
    who = "One seat" if players == 1 else f"The {players} seats win or lose together"
    return (
        f"<section id='seats'><h2>Win rate</h2><p class='note'>{who}: the share of games won (a mission's success "
        "rate).</p>"
        + _table(("", "games", "wins", "win rate", "95 % CI"), [["won", *_rate_rows([("", only)])[0][1:5]]])
        + "</section>"
    )


def _teams(summary: Mapping[str, Any]) -> str:
    """Partners share a side: the win rate of each side against its fair share, and of the side that moved
    first (a seat's own win rate is its side's)."""
    fair = summary["fair_share"]
    teams = [(f"seats {join_words(str(s + 1) for s in e['seats'])}", e) for e in summary["teams"]]
    out = [
        "<section id='seats'><h2>Win rate by team</h2>",
        f"<p class='note'>Partners win or lose together. Dashed line: a team's fair share {_pct(fair)}.</p>",
    ]
    if summary["finished"]:
        out.append(rate_plot([t for t, _ in teams], [e for _, e in teams], "Win rate by team", fair))
    rows = [row[:5] for row in _rate_rows(teams)]
    mover = summary["first_mover"]
    if mover["n"]:
        rows.append(["the team that moved first", *_rate_rows([("", mover)])[0][1:5]])
    out.append(_table(("team", "games", "wins", "win rate", "95 % CI"), rows))
    return "".join(out) + "</section>"


def _first_seat(summary: Mapping[str, Any]) -> str:
    fair = summary["fair_share"]
    rows = [["seat 1", *_rate_rows([("", summary["first_seat"])])[0][1:5]]]
    entries = [summary["first_seat"]]
    labels = ["seat 1"]
    if summary["first_mover"]["n"]:
        rows.append(["first to move", *_rate_rows([("", summary["first_mover"])])[0][1:5]])
        entries.append(summary["first_mover"])
        labels.append("first to move")
    out = [
        "<section id='first-seat'><h2>First-seat advantage</h2>",
        "<p class='note'>Seat 1 is the first seat at the table; the first to move is the seat that made the game's "
        f"first move (games that draw a starting player differ). Fair share: {_pct(fair)}.</p>",
    ]
    if summary["finished"]:
        out.append(rate_plot(labels, entries, "First seat against the fair share", fair))
    out.append(_table(("", "games", "wins", "win rate", "95 % CI"), rows))
    return "".join(out) + "</section>"


def _baseline(summary: Mapping[str, Any], fair: float | None) -> float:
    """The win rate of all seats together (the reference line of presence and usage plots)."""
    n = sum(e["n"] for e in summary["seats"])
    return sum(e["wins"] for e in summary["seats"]) / n if n else (fair or 0.0)


Entry = tuple[str, Mapping[str, Any]]
"""A value of a per-kind table and its summary entry (``{"n", "wins", "rate", ...}``)."""


class _ByKind(NamedTuple):
    """A section of per-kind tables (``summary[key]``: factors or usage): its title, what the game reports
    none of when there is no entry (``Game.report_<key>``), its note, and, per kind (given in the game's words),
    the table: the entries plotted, the plot's title, the header and the rows."""

    key: str
    anchor: str
    title: str
    none: str
    note: str
    table: Callable[[str, Mapping[str, Mapping[str, Any]]], tuple[list[Entry], str, tuple[str, ...], list[list[Any]]]]


def _by_kind(summary: Mapping[str, Any], fair: float | None, section: _ByKind) -> str:
    """A section of per-kind tables: the title, the note and the outlier note, then per kind a heading, a
    win-rate plot against the win rate of all seats together, and the table."""
    key = section.key
    out = [f"<section id='{key}'><h2>{section.title}</h2>"]
    by_kind: Mapping[str, Mapping[str, Mapping[str, Any]]] = summary.get(key) or {}
    if not by_kind:
        out.append(f"<p class='note'>This game reports no {section.none}.</p>")
        return "".join(out) + "</section>"
    out += [f"<p class='note'>{section.note}</p>", _outlier_note(summary)]
    baseline = _baseline(summary, fair)
    for kind, values in by_kind.items():
        heading = factor_text(summary, kind) if section.key == "factors" else kind_text(summary, kind)
        plotted, plot_title, header, rows = section.table(heading, _named(summary, kind, values))
        out.append(f"<h3 id='{section.anchor}-{html.escape(kind)}'>{html.escape(heading)}</h3>")
        out.append(rate_plot([v for v, _ in plotted], [e for _, e in plotted], plot_title, baseline))
        out.append(_table((heading, *header[1:]), rows))
    return "".join(out) + "</section>"


def kind_text(summary: Mapping[str, Any], kind: str) -> str:
    """What a usage kind counts, in the game's words (``Game.report_kind_text``: "cards burned")."""
    game = _game(summary)
    return kind if game is None else game.report_kind_text(kind)


def measure_text(summary: Mapping[str, Any], name: str) -> str:
    """What a measure counts, in the game's words (``Game.report_measure_text``: "monsters placed for their
    player")."""
    game = _game(summary)
    return name.replace("_", " ") if game is None else game.report_measure_text(name)


def factor_text(summary: Mapping[str, Any], kind: str) -> str:
    """What a factor kind is, in the game's words (``Game.report_factor_text``: "place in the turn order")."""
    game = _game(summary)
    return kind if game is None else game.report_factor_text(kind)


def _game(summary: Mapping[str, Any]) -> Game | None:
    """The game a summary is of, if this installation has it."""
    try:
        return games.get(str(summary.get("game")))
    except MonsterLairError:
        return None


def endings(summary: Mapping[str, Any]) -> dict[str, int]:
    """How many games ended each way, the ways in the game's words (``Game.termination_text``): "ended by the turn
    limit"; a drawn game apart from the decided ones ended the same way: "drawn, ended by reaching the destroys
    needed to win"."""
    game = _game(summary)
    ends: Mapping[str, int] = summary.get("terminations") or {}
    drawn: Mapping[str, int] = summary.get("drawn_terminations") or {}
    out: dict[str, int] = {}
    for k, v in ends.items():
        text = k if game is None else game.termination_text(k)
        if v - drawn.get(k, 0):
            out[f"ended by {text}"] = v - drawn.get(k, 0)
        if drawn.get(k):
            out[f"drawn, ended by {text}"] = drawn[k]
    return out


def turn_word(summary: Mapping[str, Any]) -> str:
    """What the game calls its turns, plural (``Game.turn_unit``: MONSTRA's "rounds")."""
    game = _game(summary)
    return "turns" if game is None else game.turn_unit[1]


def length_rows_of(summary: Mapping[str, Any]) -> list[tuple[str, Mapping[str, float]]]:
    """The game-length rows, labelled for a designer: moves, turns (in the game's word), and engine decisions
    only where they differ from the moves (a Monster Smash card pick is an engine decision of its own)."""
    length = summary["length"]
    rows: list[tuple[str, Mapping[str, float]]] = []
    if "moves" in length:
        rows.append(("moves", length["moves"]))
    rows.append((turn_word(summary), length["turns"]))
    engine = length.get("engine decisions", length.get("decisions"))
    if engine is not None and engine != length.get("moves"):
        rows.append(("engine decisions (card picks apart)", engine))
    return rows


def stand_outs(summary: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The factor and usage rates that stand out after the correction, each under the game's words for it and
    its kind, a usage kind in the game's words ("Anvil Drop (cards played)"), with its
    entry."""
    factors = summary.get("factors") or {}
    return [
        (f"{name} ({factor_text(summary, kind) if table is factors else kind_text(summary, kind)})", e)
        for table in (factors, summary.get("usage") or {})
        for kind, values in table.items()
        for name, e in _named(summary, kind, values).items()
        if e.get("stands_out")
    ]


def p_text(p: float) -> str:
    """A p-value as a report prints it: three decimals, and "< 0.001" below that (never "0.000")."""
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def difference_text(c: Mapping[str, Any]) -> tuple[str, str]:
    """A paired comparison's difference (B − A) and what backs it: for a rate, in points, with the deals whose
    outcome the change turned against it and for it ("−8.8 pts", "71 deals turned against, 36 for"); for a
    number, with its 95 % interval ("−6.00", "−8.90 to −3.10")."""
    if c["kind"] == "rate":
        against, for_ = c["changed_a_only"], c["changed_b_only"]
        return f"{100 * c['difference']:+.1f} pts", f"{plural(against, 'deal')} turned against, {for_} for"
    lo, hi = c["ci95"]
    return f"{c['difference']:+.2f}", f"{lo:+.2f} to {hi:+.2f}"


def unbalanced_text(summary: Mapping[str, Any]) -> str:
    """The warning for a game count that is not a whole number of blocks of seatings, naming the block."""
    block = summary.get("block")
    count = "--games-per-pair" if summary.get("tournament") else "The game count"
    fix = f" (use a multiple of {block})" if block else ""
    return f"{count} is not a multiple of the block of seatings{fix}: seats are not exactly balanced."


def ab_headers(a: str, b: str) -> tuple[str, str, str]:
    """The title and the two column headers of a paired comparison of variant ``b`` against the baseline ``a``:
    the title names both in full, in the columns' order ("A: first_round_attacks=false; B: …=true"); a header
    gives only what differs, so narrow columns stay apart ("A: false", "B: true")."""
    name_a, sep_a, value_a = a.partition("=")
    name_b, sep_b, value_b = b.partition("=")
    if sep_a and sep_b and name_a == name_b:
        return f"A: {a}; B: {b}", f"A: {value_a}", f"B: {value_b}"
    return f"A: {a}; B: {b}", f"A: {a}", f"B: {b}"


def _named(summary: Mapping[str, Any], kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """A kind's values under the words the game gives them (``Game.report_label``: a card's name for its id);
    a name that two values share is followed by each one's id. The summary itself keeps the ids."""
    game = _game(summary)
    if game is None:  # a summary of a game this installation does not have: the ids
        return dict(values)
    names = {v: game.report_label(kind, v) for v in values}
    shared = Counter(names.values())
    return {(names[v] if shared[names[v]] == 1 else f"{names[v]} ({v})"): e for v, e in values.items()}


def _factor_table(
    kind: str, values: Mapping[str, Mapping[str, Any]]
) -> tuple[list[Entry], str, tuple[str, ...], list[list[Any]]]:
    """The best and the worst factors of a kind by win rate."""
    items = sorted(values.items(), key=lambda kv: -kv[1]["rate"])
    if len(items) > MAX_FACTOR_ROWS:
        half = MAX_FACTOR_ROWS // 2
        items = items[:half] + items[-half:]
    rows = [r + _marks(e) for r, (_, e) in zip(_rate_rows(items), items, strict=True)]
    return items, f"Win rate by {kind}", (kind, *RATE_HEADER[1:], *MARK_HEADER), rows


_FACTORS = _ByKind(
    "factors",
    "factor",
    "Win rate by deck, monster, creature…",
    "per-seat factors",
    "Presence win rates: for each factor, the win rate of the seats that had it. Dashed line: the win rate of "
    "all seats together.",
    _factor_table,
)


def _warnings(summary: Mapping[str, Any]) -> str:
    warnings = summary.get("warnings") or []
    if not warnings:
        return ""
    items = "".join(f"<li>{html.escape(w)}</li>" for w in warnings)
    return f"<section id='warnings' class='warn'><h2>Read this first</h2><ul>{items}</ul></section>"


USAGE_HEADER = ("uses", "games", "seat-games", "wins", "win rate", "95 % CI", "first turn (mean)", *MARK_HEADER)


def _usage_table(
    kind: str, values: Mapping[str, Mapping[str, Any]]
) -> tuple[list[Entry], str, tuple[str, ...], list[list[Any]]]:
    """Every value of a kind, most used first; the most used plotted, by win rate."""
    items = sorted(values.items(), key=lambda kv: -kv[1]["uses"])
    shown = sorted(items[:MAX_FACTOR_ROWS], key=lambda kv: -kv[1]["rate"])
    rows = [
        [
            v,
            e["uses"],
            e["games"],
            e["n"],
            f"{e['wins']:g}",
            _pct(e["rate"]),
            _ci(e),
            f"{e['first_turn']['mean']:.1f}",
        ]
        + _marks(e)
        for v, e in items
    ]
    return shown, f"Win rate when used: {kind}", (kind, *USAGE_HEADER), rows


_USAGE = _ByKind(
    "usage",
    "usage",
    "What was played: use and win rate when used",
    "usage",
    "For each card, creature, tactic, behaviour or monster: how often it was played or used, in how many games, "
    "and the win rate of the seats that used it (a seat that used it several times in a game counts once). Win "
    "rate when used is not cause and effect: winners get to play more.",
    _usage_table,
)


def _actions(summary: Mapping[str, Any]) -> str:
    actions: Mapping[str, Mapping[str, float]] = summary.get("moves_by_kind") or {}
    out = ["<section id='actions'><h2>Moves by kind</h2>"]
    if not actions:
        return "".join(out) + "<p class='note'>No moves recorded.</p></section>"
    out.append(
        "<p class='note'>Moves as players count them (as the log and the replays number them): a choice of several "
        "cards is one move, with the confirmation that completes it. Each kind is named in the game's own words "
        "(a burn, an attack, a monster played, a tactic discarded…).</p>"
    )
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.32 * len(actions)))
    ax.barh(list(actions), [a["per_game"] for a in actions.values()], color="#f58518")
    ax.invert_yaxis()
    ax.set_xlabel("moves per game")
    ax.set_title("Moves by kind")
    out.append(_png(fig))
    rows = [
        [k, f"{a['total']:g}", f"{a['per_game']:.2f}", _pct(a["share"]), _pct(a["games"])] for k, a in actions.items()
    ]
    out.append(_table(("kind", "moves", "per game", "share", "games with one"), rows))
    return "".join(out) + "</section>"


def _margins(summary: Mapping[str, Any], finished: Sequence[Mapping[str, Any]]) -> str:
    from monsterlair.sim.usage import margins

    m = summary.get("margins") or {}
    out = ["<section id='margins'><h2>Score margins</h2>"]
    values = margins(finished)["values"]
    if not values:
        return "".join(out) + "<p class='note'>No scores to compare.</p></section>"
    out.append(
        "<p class='note'>How far the best score finished ahead of the next best (the score means what the game counts: "
        "cards, destroys, knockouts, lines…), in the games the score decided: those whose winners are the seats "
        "with the best score, or without a winner. A margin of 0 is a tie at the top: a shared victory, or no "
        f"winner and level on score. {_otherwise(m)}</p>"
    )
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 3))
    ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#54a24b", edgecolor="#fff")
    ax.set_xlabel("score margin")
    ax.set_ylabel("games")
    ax.set_title("Score margins")
    out.append(_png(fig))
    out.append(
        _table(
            ("", "mean", "median", "90th percentile", "level at the top"),
            [["margin", f"{m['mean']:.2f}", f"{m['median']:g}", f"{m['p90']:.1f}", m["level"]]],
        )
    )
    return "".join(out) + "</section>"


def _otherwise(m: Mapping[str, Any]) -> str:
    """The sentence on games won other than on score (no margin)."""
    n = int(m.get("otherwise") or 0)
    if not n:
        return ""
    games, have = ("1 game was", "has") if n == 1 else (f"{n} games were", "have")
    return f"{games} won other than on score (the winners were not the seats with the best score) and {have} no margin."


def _variants(summary: Mapping[str, Any]) -> str:
    variants: Mapping[str, Mapping[str, Any]] = summary["variants"]
    out = [
        "<section id='variants'><h2>Variants compared on the same deals</h2>",
        "<p class='note'>Every variant plays the same games (the same seeds and seatings); each difference is tested "
        "on the pairs of games (McNemar's exact test for rates, the mean paired difference for numbers).</p>",
    ]
    for label, entry in variants.items():
        if "comparison" not in entry:
            continue
        rows = []
        names, diffs, lows, highs = [], [], [], []
        for measure, c in entry["comparison"].items():
            diff, detail = difference_text(c)
            if c["kind"] == "rate":
                a, b = _pct(c["a"]["rate"]), _pct(c["b"]["rate"])
            else:
                a, b = f"{c['a']:.2f}", f"{c['b']:.2f}"
                names.append(measure)
                diffs.append(c["difference"])
                lows.append(c["difference"] - c["ci95"][0])
                highs.append(c["ci95"][1] - c["difference"])
            mark = "★" if c["p"] < 0.05 else ""
            rows.append([measure, a, b, diff, detail, p_text(c["p"]), mark])
        title, a_head, b_head = ab_headers(str(entry["against"]), str(label))
        out.append(f"<h3>{html.escape(title)}</h3>")
        if names:
            plt = _pyplot()
            fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.4 * len(names)))
            ax.errorbar(diffs, list(range(len(names))), xerr=[lows, highs], fmt="o", color="#4c78a8", capsize=4)
            ax.set_yticks(range(len(names)))
            ax.set_yticklabels(names)
            ax.axvline(0, color="#888", linewidth=0.8)
            ax.invert_yaxis()
            ax.set_xlabel(f"{b_head} minus {a_head} (paired; bars: 95 % interval)")
            ax.set_title("Paired differences")
            out.append(_png(fig))
        out.append(
            _table(
                ("measure", a_head, b_head, "difference (B − A)", "pairs (for rates) or 95 % CI", "p", "p < 0.05"),
                rows,
            )
        )
    return "".join(out) + "</section>"


def deck_names(summary: Mapping[str, Any]) -> dict[str, str]:
    """The matrix's decks by the names the game gives them (its ids if this installation lacks the game)."""
    game = _game(summary)
    decks = (summary.get("deck_matrix") or {}).get("decks") or []
    return {d: d if game is None else game.report_label("deck", d) for d in decks}


def _deck_matrix(matrix: Mapping[str, Any], names: Mapping[str, str]) -> str:
    decks = list(matrix["decks"])
    n = len(decks)
    grid = [[float("nan")] * n for _ in range(n)]
    for i, a in enumerate(decks):
        for j, b in enumerate(decks):
            cell = matrix["score"].get(a, {}).get(b)
            if cell is not None:
                grid[i][j] = cell["score"]
    plot = _score_grid_plot(grid, [names[d] for d in decks], "Score of the row deck against the column deck")
    rows = [
        [names[a], names[b], c["n"], _pct(c["score"]), _ci(c)]
        for a in decks
        for b, c in matrix["score"].get(a, {}).items()
        if decks.index(a) < decks.index(b)
    ]
    overall = [[names.get(a, a), c["n"], _pct(c["score"]), _ci(c)] for a, c in matrix["overall"].items()]
    return "".join(
        [
            "<section id='deck-matrix'><h2>Deck against deck</h2>",
            "<p class='note'>Every pair of decks on the same deals, each deal played both ways round between equal "
            "bots. Score: the share of the games the row deck won (a draw counts half).</p>",
            plot,
            _table(("deck", "against", "games", "score", "95 % CI"), rows),
            _table(("deck", "games", "score against all", "95 % CI"), overall),
            "</section>",
        ]
    )


def _records(index: Sequence[Mapping[str, Any]]) -> str:
    out = [
        "<section id='records'><h2>Games to look at</h2>",
        "<p class='note'>Replayable records of the outliers (or of every game with <code>--keep all</code>). Step "
        "through one in the terminal with its <em>replay</em> command. To watch it in the web replay viewer, start a "
        f"server with <code>monsterlair serve</code> (it prints its address, <a href='{DEFAULT_SERVER}'>"
        f"{DEFAULT_SERVER}</a> by default) and run its <em>web replay viewer</em> command, which prints the replay's "
        "link (add <code>--server URL</code> for another address); or open the server's address in a browser, choose "
        "<em>Open a saved game</em> and pick the game's file (the directory given to <code>--records</code>, "
        "<code>game-N.json</code>).</p>",
    ]
    rows = [
        [
            e["index"],
            e.get("variant") or "",
            ", ".join(e["why"]) or "kept",
            e.get("moves", e.get("decisions")),
            "" if e["margin"] is None else f"{e['margin']:g}",
            e["replay"],
            e.get("web", ""),
        ]
        for e in index
    ]
    out.append(_table(("game", "variant", "why", "moves", "margin", "replay", "web replay viewer"), rows))
    return "".join(out) + "</section>"


def _outcomes(summary: Mapping[str, Any], any_finished: bool) -> str:
    o = summary["outcomes"]
    rows = [
        ["someone won", o["won"]],
        ["draws (no winner, payoffs shared)", o["draw"]],
        ["lost by every seat (no winner, payoffs 0)", o["lost"]],
        ["cut by a safety cap", summary["capped"]],
        *[[k, v] for k, v in endings(summary).items()],
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
    (directory / "summary.json").write_text(json.dumps(data, indent=1, default=str, allow_nan=False), encoding="utf-8")
    return page
