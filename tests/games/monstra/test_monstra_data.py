"""The card set as data: what the issue and rules promise about it, its checks, and the rules appendix."""

from __future__ import annotations

from pathlib import Path

import pytest

from monsterlair.games.monstra import spec
from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    CREATURES,
    GUARDIANS,
    PREMIUMS,
    PRESETS,
    SOURCE_TACTICS,
    TACTIC_INDEX,
    TACTICS,
    DataError,
)
from monsterlair.games.monstra.text import card_tables, creature_text

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "monstra.md"


def test_card_set_size_and_named_cards() -> None:
    assert len(CREATURES) >= 30
    per_sign = {sign: sum(c.sign == sign for c in CREATURES) for sign in spec.SIGNS}
    assert min(per_sign.values()) >= 5
    assert {CREATURES[i].name for i in PREMIUMS} == {"Fenara", "Aurelith", "Vharax", "Umbrael", "Veloryn"}
    flaro = next(c for c in CREATURES if c.name == "Flaro")
    assert (flaro.move, flaro.cost) == ("Flame Spiral", 2)
    assert "Deal 5 damage to the target and inflict Burn on it." in creature_text(flaro)
    assert len(TACTICS) >= 18 and all(t in TACTIC_INDEX for t in SOURCE_TACTICS) and len(SOURCE_TACTICS) == 7
    for version in GUARDIANS.values():
        names = [BEHAVIOURS[b].name for b in version.behaviours]
        assert len(names) == 12 == len(set(names)) and "Cinder Rift" in names
    assert len(PRESETS) >= 3


def test_premiums_are_stronger_but_not_by_much() -> None:
    def power(c: spec.Creature) -> float:
        return c.hp + 1.5 * c.spd + 3 * c.strike

    plain = [power(c) for c in CREATURES if not c.premium]
    prem = [power(c) for c in CREATURES if c.premium]
    ratio = (sum(prem) / len(prem)) / (sum(plain) / len(plain))
    assert 1.0 < ratio < 1.25


def test_bad_data_is_rejected_naming_the_card() -> None:
    good = {
        "id": "testling",
        "name": "Testling",
        "sign": "Fire",
        "evo": 1,
        "spd": 3,
        "hp": 12,
        "strike": 2,
        "signature": {
            "name": "Zap",
            "cost": 1,
            "target": "enemy",
            "effects": [{"do": "damage", "n": 3, "to": "target"}],
        },
    }
    assert spec._load_creatures([good])[0].damaging
    for change, message in (
        ({"sign": "Metal"}, "sign"),
        ({"spd": 0}, "spd"),
        ({"signature": {**good["signature"], "target": "none"}}, "chooses none"),  # type: ignore[dict-item]
        ({"signature": {**good["signature"], "target": "ally"}}, "hurt an ally"),  # type: ignore[dict-item]
    ):
        with pytest.raises(DataError, match=message) as info:
            spec._load_creatures([{**good, **change}])
        assert "testling" in str(info.value)
    for effects, message in (
        ([{"do": "heal", "n": 2, "to": "target"}, {"do": "cleanse", "to": "target"}], "first effect"),
        ([{"do": "heal", "n": 2, "to": "one_ally"}], "only for 'cleanse'"),
    ):
        with pytest.raises(DataError, match=message):
            spec._load_tactics([{"id": "oops", "cost": 1, "target": "ally", "effects": effects}])
    with pytest.raises(DataError, match="heal, shield or cleanse an enemy"):
        spec._load_tactics(
            [{"id": "oops", "cost": 1, "target": "enemy", "effects": [{"do": "heal", "n": 2, "to": "target"}]}]
        )


def test_rules_appendix_matches_the_data() -> None:
    text = DOC.read_text(encoding="utf-8")
    begin = text.index("\n", text.index("<!-- card-tables:begin")) + 1
    end = text.index("<!-- card-tables:end -->")
    assert text[begin:end].strip() == card_tables().strip(), (
        "docs/rules/monstra.md's card appendix is stale: regenerate it from text.card_tables()"
    )


def test_every_cards_text_reads_as_card_text() -> None:
    """Review: "first remove up to 2 Shield from each creature the move damages; +1 damage to each damage the
    acting creature's move deals" and "if an ally has Burn, Poison or Slow: Cleanse one ally; …" read like a
    machine's. Every creature's signature, tactic and Guardian behaviour (the browser shows ``display``'s texts,
    the terminal and the rules appendix ``effect_text``'s) is sentences: a capital first, a full stop last."""
    from monsterlair.games.monstra.display import display_data

    shown = display_data()
    texts = [shown["creatures"][c.id]["text"] for c in CREATURES]
    texts += [shown["tactics"][t.id]["text"] for t in TACTICS]
    texts += [b["text"] for b in shown["behaviours"].values()]
    for text in texts:
        sentences = [s for s in text.split(". ") if s]
        assert text.endswith(".") and all(s[0].isupper() for s in sentences), text
        assert (
            "to each damage" not in text
            and "; " not in text.replace("; otherwise", "")
            and ": " not in text.split(" (")[0]
        ), text
    tactic = {t.name: shown["tactics"][t.id]["text"] for t in TACTICS}
    assert tactic["Focus"] == "The acting creature's move deals +2 damage with each hit."
    assert tactic["Riftbreaker"] == (
        "The acting creature's move first removes up to 2 Shield from each creature it damages and deals +1 damage "
        "with each hit."
    )
    assert (
        tactic["Purifying Mist"] == "If an ally has Burn, Poison or Slow, cleanse one ally; otherwise, draw 1 tactic."
    )
    flaro = next(c for c in CREATURES if c.name == "Flaro")
    assert shown["creatures"][flaro.id]["text"] == "Deal 5 damage to the target and inflict Burn on it."
