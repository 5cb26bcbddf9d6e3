"""A count and its noun in the browser client (web/src) read right: "1 card", "2 cards", never "1 cards",
"1 open seat(s)" or "each of its next 1 actions". Every count with its noun is made by the shared helper
(web/src/lib/words.ts, ``plural``), not written out by hand screen by screen.

The helpers' texts come from the TypeScript modules themselves, run by node (web/tools/callTs.mjs)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web" / "src"
CALL = ROOT / "web" / "tools" / "callTs.mjs"

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "web" / "node_modules" / "typescript").is_dir(),
    reason="needs node and web/node_modules (npm install in web/)",
)


def call(*calls: tuple[str, str, list[Any]]) -> list[Any]:
    """What each (module under web/src, function, arguments) returns, in order."""
    spec = json.dumps([[f"web/src/{module}", name, args] for module, name, args in calls])
    out = subprocess.run(["node", str(CALL), spec], capture_output=True, text=True, check=True, cwd=ROOT, timeout=60)
    result: list[Any] = json.loads(out.stdout)
    return result


@needs_node
def test_the_helper_gives_a_count_its_noun_in_the_right_number() -> None:
    words = "lib/words.ts"
    got = call(
        (words, "plural", [1, "card"]),
        (words, "plural", [0, "card"]),
        (words, "plural", [2, "power card"]),
        (words, "plural", [1, "try"]),
        (words, "plural", [3, "try"]),
        (words, "plural", [2, "box"]),
        (words, "plural", [2, "day"]),
        (words, "plural", [1, "person", "people"]),
        (words, "plural", [4, "person", "people"]),
        (words, "noun", [1, "card"]),
        (words, "noun", [7, "card"]),
    )
    assert got == [
        "1 card",
        "0 cards",
        "2 power cards",
        "1 try",
        "3 tries",
        "2 boxes",
        "2 days",
        "1 person",
        "4 people",
        "card",
        "cards",
    ]


def unit(poison: int) -> dict[str, Any]:
    return {"unit": "g", "creature": "guardian", "hp": 5, "max_hp": 9, "spd": 2, "poison": poison}


@needs_node
def test_the_texts_with_a_count_read_right_for_one_and_for_more() -> None:
    one_poison, two_poison, one_try, no_try, one_day, three_days = call(
        ("components/monstra/help.ts", "creatureHelp", [{"creatures": {}}, unit(1), True]),
        ("components/monstra/help.ts", "creatureHelp", [{"creatures": {}}, unit(2), True]),
        ("components/push/push.ts", "tries", [1]),
        ("components/push/push.ts", "tries", [0]),
        ("lib/platformLog.ts", "formatLimit", [86_400]),
        ("lib/platformLog.ts", "formatLimit", [3 * 86_400]),
    )
    poison = [line for line in one_poison["lines"] if line.startswith("Poison")]
    assert poison == ["Poison: loses 1 HP after its next action."]  # not "after each of its next 1 actions"
    assert "Poison: loses 1 HP after each of its next 2 actions." in two_poison["lines"]
    assert one_try == "1 try left to get it fully on the arena, then it is placed for you"
    assert no_try == "0 tries left to get it fully on the arena, then it is placed for you"
    assert (one_day, three_days) == ("1 day", "3 days")


NOUNS = (
    r"actions|behaviours|cards|characters|creatures|days|destroys|events|games|losses|monsters|moves|people"
    r"|players|points|rounds|seats|tactics|tokens|tries|turns|viewers|wins"
)
FIXED_PLURAL = re.compile(
    # a count (an interpolation: ${…} in a string, {…} in markup), perhaps a word or two, then a plural noun
    rf"(\$\{{[^{{}}]*\}}|(?<![$\w]){{[^{{}}#/:@]*\}})(?:\s|&nbsp;|<[^<>]*>|/\{{[^{{}}]*\}})*"
    rf"(?:(?!of\b|the\b|your\b|its\b|and\b|or\b)[a-z]+ ){{0,2}}(?:{NOUNS})\b"
)
HAND_BUILT = re.compile(r"[!=]==\s*1\s*\?\s*[\"'`]|\?\s*([\"'`])\1\s*:\s*[\"'`]s[\"'`]|(?<=\s)[a-z]+\(s\)(?= [a-z])")
"""A word chosen by hand for a count of one (``n === 1 ? "card" : "cards"``), or a plural dodged with "(s)"."""
NAMES = re.compile(r"leader\(|[nN]ame\(|\.name\b|label|\btitle\b")
"""An interpolation that gives a name, not a count ("your own Emberjaw cards")."""


def hand_made(line: str) -> bool:
    """Whether this line of source writes a count's noun by hand."""
    if HAND_BUILT.search(line):
        return True
    return any(not NAMES.search(m.group(1)) for m in FIXED_PLURAL.finditer(line))


def hand_made_plurals() -> list[str]:
    found = []
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in {".ts", ".svelte"} or path.name == "api.gen.ts" or path.name == "words.ts":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            if hand_made(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:140]}")
    return found


def test_every_count_with_its_noun_comes_from_the_shared_helper() -> None:
    found = hand_made_plurals()
    assert not found, "counts with a noun written by hand (use plural from lib/words.ts):\n" + "\n".join(found)


def test_the_search_for_hand_made_plurals_finds_them() -> None:
    """The patterns above catch the kinds of line this test was written for (and leave names alone)."""
    caught = [
        '<small>{view.hand_sizes[s] === 1 ? "card" : "cards"}</small>',
        "aria-label={`${name(opp)} holds ${view.hand_counts[opp]} cards`}",
        "{left} characters left",
        "`${openSeats} open seat(s) to fill.`",
        "`Rating over the last ${games} game${games === 1 ? '' : 's'}`",
        '{setup.left} start {setup.left === 1 ? "monster" : "monsters"} to set down',
        ">{hand.length}/{winTotal} cards</span",
        'return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;',
    ]
    left_alone = [
        "`Select attack cards — your own ${leader(display, ownSuit)} cards plus`",
        '`${plural(n, "card")} in hand`',
        "Tactics: {team.hand_count} in hand · {team.deck_count} in deck",
        "`${kos} of 3 knockouts`",
        '{#if myTurn && phase === "attack" && targets.includes(s)}',
    ]
    for line in caught:
        assert hand_made(line), line
    for line in left_alone:
        assert not hand_made(line), line
