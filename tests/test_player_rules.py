"""The rules players read (/rules/<game>, the table's rules panel, the new-table form's rule links) are made from
docs/rules/<game>.md by web/tools/playerRules.ts at build time. Every numbered rule outside the developers'
sections reaches players whole: with its text, no sentence cut by the filter, and every rule an option's help
links to is there.

The players' text comes from the filter itself, run by node (web/tools/printPlayerRules.mjs)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from monsterlair import games

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
PRINT = ROOT / "web" / "tools" / "printPlayerRules.mjs"

DEVELOPER_SECTIONS = {
    "monster-smash": {"MS-13"},  # action texts
    "monstra": {"MO-12"},  # action texts, order and indices
    "push-a-monster": {"PM-8", "PM-10"},  # decisions for bots and RL; information, records and replay
    "monster-club": set(),
}
"""The numbered sections only developers read; every other numbered section is the players' too."""

RULE_LINE = r"^(?:\* )?\*\*({prefix}-\d+\.\d+)\*\*"
OPTION_RULES = re.compile(r"\s*Rules?\s+([A-Z]{2}-\d+(?:\.\d+)?(?:,\s*[A-Z]{2}-\d+(?:\.\d+)?)*)\.?\s*$")
"""An option's help ends with the rules it links to (the same pattern as web/src/components/CreateTable.svelte)."""

CUTS = {
    "a space before punctuation": re.compile(r"\s[,;:]|\s\.(?!\.)"),
    "a sentence that starts with punctuation": re.compile(r"(?:^|[.!?:]\s)[,;.:)]"),
    "a sentence that starts in lower case": re.compile(r"[.!?]\s+[a-z]"),
    "a sentence that is only a quotation": re.compile(
        r"(?:^|(?<!\be\.g)(?<!\bi\.e)[.!?]\s)\"[^\"]*\"\.?(?=\s+[A-Z(]|$)"
    ),
    "an empty bracket": re.compile(r"\(\s*\)"),
}
"""Marks of a sentence the filter cut, found in the text of a rule as players read it."""

DEVELOPER_PROSE = re.compile(
    r"clear error|rules version|\bcapped\b|seeded|generator|determini|\bviews?\b|\bevents?\b|simulation|greedy",
    re.IGNORECASE,
)
"""Words about the program, its history or its tests rather than the game (the reviewer found "refused with a
clear error" and "not marked capped" among the rules)."""

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "web" / "node_modules" / "typescript").is_dir(),
    reason="needs node and web/node_modules (npm install in web/)",
)

ALL_GAMES = ("monster-smash", "monstra", "push-a-monster", "monster-club")


@cache
def player_text(game: str) -> str:
    """The players' rules of ``game``, exactly as the site builds them."""
    doc = RULES / f"{game}.md"
    out = subprocess.run(
        ["node", str(PRINT), str(doc)], capture_output=True, text=True, check=True, cwd=ROOT, timeout=60
    )
    return str(json.loads(out.stdout)[str(doc)])


def prefix_of(game: str) -> str:
    return {"monster-smash": "MS", "monstra": "MO", "push-a-monster": "PM", "monster-club": "MC"}[game]


def players_rules(game: str) -> list[str]:
    """The numbered rules of the document outside the developers' sections, in order."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    numbers = re.findall(RULE_LINE.format(prefix=prefix_of(game)), text, re.M)
    return [n for n in numbers if n.split(".")[0] not in DEVELOPER_SECTIONS[game]]


def rule_texts(game: str) -> dict[str, str]:
    """Each numbered rule on the players' page and its text (the lines of its paragraph or list item)."""
    out: dict[str, str] = {}
    number = None
    for line in player_text(game).split("\n"):
        m = re.match(r"^(?:\* )?\*\*([A-Z]{2}-\d+\.\d+)\*\*\s*(.*)$", line)
        if m:
            number = m.group(1)
            out[number] = m.group(2)
        elif number and line.strip() and not line.startswith("#"):
            out[number] += "\n" + line  # a list or table under the rule
        else:
            number = None
    return out


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_numbered_rule_reaches_players_whole(game: str) -> None:
    shown = rule_texts(game)
    missing = [n for n in players_rules(game) if n not in shown]
    problems = [f"rules left out: {', '.join(missing)}"] if missing else []
    # A rule may end with a colon only to introduce the list or table that follows it.
    introduces = set(
        re.findall(r"^(?:\* )?\*\*([A-Z]{2}-\d+\.\d+)\*\*.*:\n\n?(?:\||\s*[*-] |\s*\d+\. )", player_text(game), re.M)
    )
    for number, text in shown.items():
        plain = re.sub(r"\*+", "", text)
        if len(re.findall(r"[A-Za-z]+", plain)) < 4:
            problems.append(f"{number} says nothing: {text!r}")
        for what, pattern in CUTS.items():
            if m := pattern.search(plain):
                problems.append(f"{number} has {what} ({plain[max(0, m.start() - 30) : m.end() + 30]!r})")
        if plain.count("(") != plain.count(")") or plain.count('"') % 2:
            problems.append(f"{number} has an unbalanced bracket or quotation mark: {plain!r}")
        if plain.rstrip().endswith(":") and number not in introduces:
            problems.append(f"{number} ends in the middle of a sentence: {plain.rstrip()[-60:]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_developers_sections_are_the_only_ones_left_out(game: str) -> None:
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    sections = re.findall(rf"^##\s+({prefix_of(game)}-\d+)\s", text, re.M)
    shown = re.findall(rf"^##\s+({prefix_of(game)}-\d+)\s", player_text(game), re.M)
    assert shown == [s for s in sections if s not in DEVELOPER_SECTIONS[game]]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_rule_an_option_links_to_is_on_the_players_page(game: str) -> None:
    shown = set(rule_texts(game)) | set(re.findall(r"^##\s+([A-Z]{2}-\d+)\s", player_text(game), re.M))
    linked = {
        f"{name}: {rule}"
        for name, option in games.get(game).spec.options.items()
        if (m := OPTION_RULES.search(option.doc))
        for rule in m.group(1).split(",")
        if rule.strip() not in shown
    }
    assert not linked, f"option help links to rules the players' page of {game} lacks: {sorted(linked)}"


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_rule_that_a_table_chooses_names_the_choice_as_the_new_table_form_does(game: str) -> None:
    """A rule an option changes tells players which choice of the new-table form changes it, in the form's words
    (“Destroys to win”), so a player can find it; the option's key (destroys_to_win) is for developers."""
    texts = rule_texts(game)
    page = player_text(game)
    unnamed = []
    for name, option in games.get(game).spec.options.items():
        m = OPTION_RULES.search(option.doc)
        if not m or not option.label:
            continue
        rules = [r.strip() for r in m.group(1).split(",")]
        said = " ".join(texts.get(r, "") for r in rules)
        if f"“{option.label}”" not in said:
            unnamed.append(f"{name} ({', '.join(rules)}): “{option.label}”")
        assert "_" not in name or name not in page, f"the option key {name} is on the players' page of {game}"
    assert not unnamed, f"rules that do not name their choice on the new-table form: {unnamed}"


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_players_rules_speak_of_the_game_not_the_program(game: str) -> None:
    found = [f"{n}: {m.group(0)!r}" for n, text in rule_texts(game).items() if (m := DEVELOPER_PROSE.search(text))]
    assert not found, f"developer prose on the players' page of {game}: {found}"


def notes(game: str) -> list[str]:
    """The notes on the players' page of ``game`` ("> " paragraphs: the reasons for decisions), in order."""
    return [line[2:] for line in player_text(game).split("\n") if line.startswith("> ")]


def test_the_reasons_for_decisions_reach_players_as_notes_set_apart_from_the_rules() -> None:
    """The walkthrough read MS-1.1 ("The publisher's card list is not public…") and MS-8.2 ("This is our reading
    of the printed rules, for three reasons…") as rules: the reasons stay written down, in notes."""
    rules, said = rule_texts("monster-smash"), notes("monster-smash")
    for rule, reason in (("MS-1.1", "card list is not public"), ("MS-8.2", "our reading of the printed rules")):
        assert reason not in rules[rule], rules[rule]
        assert any(reason in note for note in said), said
    # a note says nothing for developers, as the rules do not
    for game in ALL_GAMES:
        for note in notes(game):
            assert not DEVELOPER_PROSE.search(note) and "`" not in note and "research" not in note, note
