"""Monster Club's power card calculations in the browser client (web/src/components/club): the card's face shows
the numbers in players' words ("−2" "to the conflicting stack", never the rules doc's "-2 opp"), and its help
says what a calculation of one term does; one of several terms is shown as printed. Run by node
(web/tools/callTs.mjs), as ``test_web_words`` runs the client's helpers."""

from __future__ import annotations

from typing import Any

from tests.test_web_words import call, needs_node

CASES: list[tuple[str, list[dict[str, str]], str]] = [
    ("", [], "Power card."),
    ("+2", [{"num": "+2", "note": ""}], "Power card. +2: adds 2 to its stack's score."),
    ("x2", [{"num": "×2", "note": ""}], "Power card. ×2: multiplies its stack's score by 2, after every addition."),
    (
        "-2 opp",
        [{"num": "−2", "note": "to the conflicting stack"}],
        "Power card. −2 to the conflicting stack: takes 2 from the score of the stack it fights.",
    ),
    ("+1 x2", [{"num": "+1", "note": ""}, {"num": "×2", "note": ""}], "Power card. +1 x2"),  # an edited card
    ("abc", [], "Power card. abc"),
]


@needs_node
def test_a_power_cards_calculation_reads_in_players_words_on_its_face_and_in_its_help() -> None:
    calls: list[tuple[str, str, list[Any]]] = []
    for calc, _, _ in CASES:
        card = {"id": "c", "name": "C", "kind": "power", "type": "rock", "calc": calc, "text": "", "copies": 1}
        calls += [
            ("components/club/club.ts", "calcFace", [calc]),
            ("components/club/help.ts", "clubCardHelp", [card, False]),
        ]
    got = call(*calls)
    for i, (calc, face, help_line) in enumerate(CASES):
        assert got[2 * i] == {"parts": face}, calc
        assert got[2 * i + 1]["lines"][0] == help_line, calc
