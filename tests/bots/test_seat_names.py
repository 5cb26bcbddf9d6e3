"""Bot seats have distinct, readable names (issue 13, item 6): a monster name with the bot's kind and strength."""

from __future__ import annotations

from monsterlair.bots.seat_names import MONSTERS, bot_name, kind_label
from monsterlair.core.words import Voice
from monsterlair.games import get


def test_names_carry_kind_and_strength_and_read_naturally() -> None:
    assert kind_label("greedy") == "Greedy bot" and kind_label("random") == "Random bot"
    assert kind_label("ismcts:seconds=1.0") == "Search bot, Thoughtful"
    assert kind_label("ismcts:seconds=7") == "Search bot"  # an unlisted strength: the kind alone
    name = bot_name("ismcts:seconds=1.0", 1)
    assert name.endswith(" (Search bot, Thoughtful)") and name.split(" (")[0] in MONSTERS
    smash = get("monster-smash")
    line = smash.describe_event({"type": "draw", "seat": 1, "count": 1, "deck_size": 3}, None, ["Ann", name])
    assert line == f"{name} draws 1 card."


def test_four_bots_at_one_table_get_four_names() -> None:
    names: list[str] = []
    for seat in range(4):
        names.append(bot_name("greedy", seat, names))
    assert len(set(names)) == 4 and all(n.endswith("(Greedy bot)") for n in names)
    assert Voice(names, None).says(0, "attack") == f"{names[0]} attacks"
    many: list[str] = []
    for seat in range(len(MONSTERS) + 2):  # more bots than names: still distinct
        many.append(bot_name("random", seat, many))
    assert len(set(many)) == len(many)
