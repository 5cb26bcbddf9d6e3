"""The server's response models are the client's types: the checked-in OpenAPI document (web/openapi.json,
from which the web build generates web/src/lib/api.gen.ts) must be the one the server describes, and the
table's WebSocket messages must fit their models for every game played to the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from monsterlair import games
from monsterlair.core import Game
from monsterlair.server.api import models
from monsterlair.server.api.openapi import default_path, openapi_document, render
from monsterlair.server.app import create_app
from monsterlair.server.storage.base import SeatData
from monsterlair.server.tables.table import Table

REGENERATE = "python -m monsterlair.server.api.openapi"


def test_the_checked_in_openapi_document_is_the_servers() -> None:
    path = default_path()
    assert path == Path(__file__).resolve().parents[2] / "web" / "openapi.json"
    current = render(openapi_document(create_app()))
    assert path.read_text(encoding="utf-8") == current, (
        f"web/openapi.json is out of date: run `{REGENERATE}` (the web build makes the TypeScript types from it)"
    )


def test_the_document_describes_every_api_answer_and_the_socket_messages() -> None:
    doc = openapi_document(create_app())
    schemas = doc["components"]["schemas"]
    for name in ("Catalogue", "Lobby", "TableDetail", "Replay", "ReplayFrame", "Profile", "Snapshot", "Update"):
        assert name in schemas
    untyped = []
    for path, ops in doc["paths"].items():
        if not path.startswith("/api/"):
            continue  # /health is for operators, not the client
        for method, op in ops.items():
            ok = op["responses"].get("200", {}).get("content", {}).get("application/json", {}).get("schema", {})
            if not ok or ok == {} or ok.get("additionalProperties") is True:
                untyped.append(f"{method.upper()} {path}")
    assert untyped == [], f"routes answering without a response model: {untyped}"


def test_a_model_refuses_a_key_it_does_not_name() -> None:
    with pytest.raises(ValidationError, match="extra"):
        models.Hint.model_validate({"action": "a", "label": "b", "why": "c", "state_id": 1, "secret": 2})


def test_optional_keys_are_left_out_rather_than_sent_empty() -> None:
    option = models.OptionSchema.model_validate({"default": 3, "doc": "d", "type": "int", "minimum": 0})
    assert option.model_dump(mode="json") == {"default": 3, "doc": "d", "type": "int", "minimum": 0}
    assert models.OptionSchema.model_validate({"default": True, "doc": "", "type": "bool"}).default is True


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_snapshots_and_updates_of_a_whole_game_fit_their_models(game: Game) -> None:
    players = game.default_players()
    seats = [SeatData(user_id=1 + i, name=f"P{i + 1}") for i in range(players)]
    table = Table.create(
        game, table_id="t1", owner_id=1, players=players, options=None, seats=seats, private=False, seed=3, invite="i"
    )
    table.start(1)
    rng = random.Random(5)
    for _ in range(400):
        state = table.state
        assert state is not None
        if state.over:
            break
        mover = state.to_move
        assert mover is not None
        action = rng.choice(state.legal_actions())
        proposal = table.propose(1 + mover, table.state_id, [str(action)])
        before = table.state_id
        table.commit(proposal)
        for seat in [None, *range(players)]:
            models.Update.model_validate(table.update(seat, proposal.entries, before))
    for seat in [None, *range(players)]:
        models.Snapshot.model_validate(table.snapshot(seat, host=seat == 0))
    models.TableInfo.model_validate(table.info())
