"""Typed options: defaults, coercion, and errors a person can act on."""

from __future__ import annotations

import pytest

from monsterlair.core import BadOptions, Option, OptionSet

OPTS = OptionSet(
    [
        Option("flag", False, "A switch."),
        Option("count", 5, "A count.", minimum=1, maximum=9),
        Option("ratio", 0.5, "A ratio.", minimum=0.0, maximum=1.0),
        Option("mode", "duel", "A mode.", choices=("duel", "mission")),
    ]
)


def test_defaults() -> None:
    assert OPTS.resolve(None) == {"flag": False, "count": 5, "ratio": 0.5, "mode": "duel"}


def test_coercion_from_text() -> None:
    got = OPTS.resolve({"flag": "yes", "count": "7", "ratio": "0.25", "mode": "mission"})
    assert got == {"flag": True, "count": 7, "ratio": 0.25, "mode": "mission"}


@pytest.mark.parametrize(
    ("given", "fragment"),
    [
        ({"flga": True}, "Did you mean 'flag'"),
        ({"count": 0}, "at least 1"),
        ({"count": 10}, "at most 9"),
        ({"count": "many"}, "whole number"),
        ({"count": True}, "whole number"),
        ({"flag": "maybe"}, "true or false"),
        ({"mode": "solo"}, "must be one of"),
        ({"ratio": [1]}, "takes a number"),
    ],
)
def test_bad_values_raise_bad_options(given: dict[str, object], fragment: str) -> None:
    with pytest.raises(BadOptions, match=fragment):
        OPTS.resolve(given)


def test_not_a_mapping() -> None:
    with pytest.raises(BadOptions):
        OPTS.resolve(["flag"])  # type: ignore[arg-type]


def test_schema_is_json_ready() -> None:
    import json

    schema = OPTS.schema()
    assert schema["mode"]["choices"] == ["duel", "mission"]
    assert schema["count"]["type"] == "int"
    json.dumps(schema)
