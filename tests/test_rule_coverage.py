"""Every numbered rule in docs/rules/<game>.md is named by at least one test function."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monsterlair import games

ROOT = Path(__file__).resolve().parents[1]
RULE_NUMBER = re.compile(r"\*\*((?:MS|MO|PM|MC)-\d+(?:\.\d+)*)\*\*|^#+\s+((?:MS|MO|PM|MC)-\d+(?:\.\d+)*)\b", re.M)


def rule_numbers(doc: Path) -> set[str]:
    """Rule numbers as the documents write them: in bold (`**MS-4.2**`) or opening a heading."""
    text = doc.read_text(encoding="utf-8")
    return {a or b for a, b in RULE_NUMBER.findall(text)}


def _test_function_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
    return names


@pytest.mark.parametrize("game_id", games.ids())
def test_every_rule_has_a_test(game_id: str) -> None:
    doc = ROOT / "docs" / "rules" / f"{game_id}.md"
    assert doc.exists(), f"{doc} is missing"
    numbers = rule_numbers(doc)
    assert numbers, f"{doc} numbers no rules in bold (**XX-n.m**) or headings"
    names = " ".join(_test_function_names())
    missing = sorted(n for n in numbers if f"test_{n.replace('-', '_').replace('.', '_')}_" not in names + "_")
    assert not missing, f"rules with no test named after them in {doc.name}: {', '.join(missing)}"
