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


NOTE_LINE = re.compile(r"^\s*> (.*)$")
"""A note on the players' page: "> " opening a line, or indented under a list item (the note of that item)."""


def rule_texts(game: str) -> dict[str, str]:
    """Each numbered rule on the players' page and its text (the lines of its paragraph or list item, without its
    note)."""
    out: dict[str, str] = {}
    number = None
    for line in player_text(game).split("\n"):
        m = re.match(r"^(?:\* )?\*\*([A-Z]{2}-\d+\.\d+)\*\*\s*(.*)$", line)
        if m:
            number = m.group(1)
            out[number] = m.group(2)
        elif NOTE_LINE.match(line):
            number = None
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
    """The notes on the players' page of ``game`` ("> " paragraphs: the reasons for decisions, and those indented
    under a list item), in order."""
    return [m.group(1) for line in player_text(game).split("\n") if (m := NOTE_LINE.match(line))]


def item_notes(game: str) -> dict[str, str]:
    """Each numbered rule that is a list item on the players' page, and the note indented under it."""
    out: dict[str, str] = {}
    number = None
    for line in player_text(game).split("\n"):
        if m := re.match(r"^\* \*\*([A-Z]{2}-\d+\.\d+)\*\*", line):
            number = m.group(1)
        elif number and (m := re.match(r"^  > (.*)$", line)):
            out[number] = m.group(1)
        else:
            number = None
    return out


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


def test_a_monster_club_rules_reason_is_a_note_under_its_item_not_a_rule() -> None:
    """Monster Club's rules are list items; their reasons ran on in them ("Without this rule, a hand of power cards
    … never changes", MC-6.5) and read as rules. Each reason is a note indented under its item (shown inside it),
    and the rule keeps its operative words and the choice of the new-table form that switches it."""
    rules, said = rule_texts("monster-club"), item_notes("monster-club")
    for rule, words, reason in (
        ("MC-6.5", "you show your hand and redraw", "a hand of power cards with no free slot never changes"),
        ("MC-11.5", "“End a stand-off (our rule)”", "Such stand-offs are real"),
        ("MC-11.6", "after 200 turns the game stops", "a game between players who both refuse to attack"),
        ("MC-2.6", "“Attacks in the first round (off: a rule of ours)”", "The first player has nothing to attack"),
        ("MC-6.3", "you lose", "the redraw (**MC-6.2**) would otherwise repeat for ever"),
    ):
        assert words in rules[rule] and reason not in rules[rule], (rule, rules[rule])
        assert reason in said.get(rule, ""), (rule, said.get(rule))
    # and Monster Smash's reasons for MS-4.1 and MS-12.2, after their paragraphs
    rules, smash = rule_texts("monster-smash"), notes("monster-smash")
    for rule, reason in (("MS-4.1", "equally exposed to a bad deal"), ("MS-12.2", "would repeat it for ever")):
        assert reason not in rules[rule] and any(reason in note for note in smash), rule
