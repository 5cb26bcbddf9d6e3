"""The engine protocol, driven line by line through ``Engine`` (no subprocess): every command, every error."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from monsterlair.protocol import COMMANDS, Engine, ErrorCode, serve
from monsterlair.protocol.engine import read_line
from tests import example_game


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Engine:
    example_game.register(monkeypatch)
    return Engine()


def ask(engine: Engine, request: Any) -> dict[str, Any]:
    """Send a request (an object, or a raw line) and decode the one response line."""
    line = request if isinstance(request, str | bytes) else json.dumps(request)
    out = engine.handle(line)
    assert "\n" not in out
    response = json.loads(out)
    assert isinstance(response, dict) and isinstance(response["ok"], bool)
    return response


def code(response: dict[str, Any]) -> str:
    assert response["ok"] is False, response
    message = response["error"]["message"]
    assert isinstance(message, str) and message.endswith((".", "?")), message
    return str(response["error"]["code"])


def new_game(engine: Engine, seed: int = 3, players: int = 2, **options: Any) -> str:
    response = ask(engine, {"cmd": "new", "game": "toy-race", "players": players, "seed": seed, "options": options})
    assert response["ok"], response
    return str(response["game_id"])


def play_out(engine: Engine, game_id: str) -> None:
    """Play the first legal action until the game ends."""
    while True:
        legal = ask(engine, {"cmd": "legal", "game_id": game_id})
        if not legal["actions"]:
            return
        assert ask(engine, {"cmd": "play", "game_id": game_id, "action": legal["actions"][-1]})["ok"]


# --- commands ---------------------------------------------------------------------------------


def test_games_lists_registered_games_with_option_docs(engine: Engine) -> None:
    response = ask(engine, {"cmd": "games"})
    toy = next(g for g in response["games"] if g["id"] == "toy-race")
    assert toy["title"] == "Toy Race" and toy["min_players"] == 2 and toy["max_players"] == 4
    assert toy["options"]["target"]["default"] == 12
    assert toy["options"]["mode"]["doc"]


def test_new_legal_play_view_result_record_close(engine: Engine) -> None:
    response = ask(engine, {"cmd": "new", "game": "toy-race", "players": 2, "seed": 3})
    assert response == {"ok": True, "game_id": response["game_id"], "to_move": 0, "over": False}
    gid = response["game_id"]
    legal = ask(engine, {"cmd": "legal", "game_id": gid})
    assert legal["to_move"] == 0 and legal["actions"][0] == "pass"
    played = ask(engine, {"cmd": "play", "game_id": gid, "action": legal["actions"][1]})
    assert played["ok"] and played["to_move"] == 1 and played["over"] is False
    assert [e["type"] for e in played["events"]] == ["play", "draw"]
    view = ask(engine, {"cmd": "view", "game_id": gid, "seat": 1})["view"]
    assert view["seat"] == 1 and view["to_move"] == 1 and isinstance(view["hand"], list)
    assert ask(engine, {"cmd": "result", "game_id": gid}) == {
        "ok": True,
        "over": False,
        "winners": [],
        "scores": [],
        "score_meaning": example_game.GAME.score_meaning,
    }
    record = ask(engine, {"cmd": "record", "game_id": gid})["record"]
    assert record["game"] == "toy-race" and record["actions"] == [legal["actions"][1]] and record["seed"] == 3
    play_out(engine, gid)
    result = ask(engine, {"cmd": "result", "game_id": gid})
    assert result["over"] is True and result["winners"] and len(result["scores"]) == 2
    assert ask(engine, {"cmd": "legal", "game_id": gid}) == {"ok": True, "to_move": None, "actions": []}
    assert ask(engine, {"cmd": "close", "game_id": gid}) == {"ok": True}
    assert code(ask(engine, {"cmd": "legal", "game_id": gid})) == "unknown_game_id"


def test_spectator_view_hides_hands_and_seat_view_shows_own(engine: Engine) -> None:
    gid = new_game(engine)
    assert ask(engine, {"cmd": "view", "game_id": gid, "seat": None})["view"]["hand"] is None
    assert ask(engine, {"cmd": "view", "game_id": gid})["view"]["hand"] is None
    assert ask(engine, {"cmd": "view", "game_id": gid, "seat": 0})["view"]["hand"] is not None


def test_play_events_are_redacted_for_the_mover_by_default(engine: Engine) -> None:
    gid = new_game(engine)
    action = ask(engine, {"cmd": "legal", "game_id": gid})["actions"][1]
    mover = ask(engine, {"cmd": "play", "game_id": gid, "action": action})["events"]
    assert "card" in next(e for e in mover if e["type"] == "draw")
    for seat in (1, None):
        other = new_game(engine)
        events = ask(engine, {"cmd": "play", "game_id": other, "action": action, "seat": seat})["events"]
        draw = next(e for e in events if e["type"] == "draw")
        assert "card" not in draw and draw["deck"] == 5


def test_load_replays_a_record_to_the_same_state(engine: Engine) -> None:
    gid = new_game(engine, seed=11)
    for _ in range(3):
        action = ask(engine, {"cmd": "legal", "game_id": gid})["actions"][-1]
        ask(engine, {"cmd": "play", "game_id": gid, "action": action})
    record = ask(engine, {"cmd": "record", "game_id": gid})["record"]
    loaded = ask(engine, {"cmd": "load", "record": record})
    assert loaded["ok"] and loaded["game_id"] != gid
    for seat in (None, 0, 1):
        a = ask(engine, {"cmd": "view", "game_id": gid, "seat": seat})
        b = ask(engine, {"cmd": "view", "game_id": loaded["game_id"], "seat": seat})
        assert a == b


def test_several_games_are_independent(engine: Engine) -> None:
    a, b = new_game(engine, seed=1), new_game(engine, seed=1)
    action = ask(engine, {"cmd": "legal", "game_id": a})["actions"][-1]
    ask(engine, {"cmd": "play", "game_id": a, "action": action})
    assert ask(engine, {"cmd": "record", "game_id": a})["record"]["actions"] == [action]
    assert ask(engine, {"cmd": "record", "game_id": b})["record"]["actions"] == []
    ask(engine, {"cmd": "close", "game_id": a})
    assert ask(engine, {"cmd": "legal", "game_id": b})["ok"]


def test_bot_returns_a_legal_choice_without_playing_it(engine: Engine) -> None:
    gid = new_game(engine, seed=5)
    before = ask(engine, {"cmd": "record", "game_id": gid})
    legal = ask(engine, {"cmd": "legal", "game_id": gid})["actions"]
    for bot, budget in (
        ("random", None),
        ("greedy", None),
        ("ismcts", {"iterations": 40}),
        ("ismcts", {"seconds": 0.05}),
    ):
        request: dict[str, Any] = {"cmd": "bot", "game_id": gid, "bot": bot, "seed": 9}
        if budget:
            request["budget"] = budget
        response = ask(engine, request)
        assert response["ok"] and response["action"] in legal, (bot, response)
    assert ask(engine, {"cmd": "record", "game_id": gid}) == before


def test_bot_with_iterations_and_seed_is_reproducible(engine: Engine) -> None:
    gid = new_game(engine, seed=8)
    request = {"cmd": "bot", "game_id": gid, "bot": "ismcts", "budget": {"iterations": 60}, "seed": 4}
    assert len({ask(engine, request)["action"] for _ in range(3)}) == 1


def test_random_bot_ignores_a_budget(engine: Engine) -> None:
    gid = new_game(engine)
    assert ask(engine, {"cmd": "bot", "game_id": gid, "bot": "random", "budget": {"iterations": 5}})["ok"]


def test_id_is_echoed_on_success_and_error_and_absent_without_one(engine: Engine) -> None:
    assert ask(engine, {"cmd": "games", "id": "x1"})["id"] == "x1"
    assert ask(engine, {"cmd": "legal", "game_id": "nope", "id": 7})["id"] == 7
    assert ask(engine, {"cmd": "nope", "id": [1, {"a": None}]})["id"] == [1, {"a": None}]
    assert ask(engine, {"cmd": "quit", "id": None}) == {"id": None, "ok": True}
    assert "id" not in ask(engine, {"cmd": "games"})
    assert "id" not in ask(engine, "not json")


def test_quit_answers_and_marks_the_engine_done(engine: Engine) -> None:
    assert not engine.done
    assert ask(engine, {"cmd": "quit"}) == {"ok": True}
    assert engine.done


def test_every_command_is_documented_in_the_closed_set() -> None:
    assert COMMANDS == (
        "hello",
        "schema",
        "games",
        "new",
        "legal",
        "play",
        "view",
        "result",
        "bot",
        "record",
        "load",
        "close",
        "quit",
    )


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        "{",
        '{"cmd": "games",}',
        '{"cmd": NaN}',
        '{"x": Infinity}',
        "\x00\x01",
        "[" * 5000 + "]" * 5000,
        '{"a":' * 300 + "1" + "}" * 300,
        "9" * 5000,
    ],
)
def test_bad_json(engine: Engine, line: str) -> None:
    assert code(ask(engine, line)) == "bad_json"


def test_non_utf8_bytes_are_bad_json(engine: Engine) -> None:
    assert code(ask(engine, b'{"cmd": "games", "x": "\xff\xfe"}')) == "bad_json"


def test_huge_line_is_answered(engine: Engine) -> None:
    assert code(ask(engine, '{"cmd": "' + "x" * 2_000_000 + '"}')) == "unknown_command"
    assert code(ask(engine, "x" * 2_000_000)) == "bad_json"


@pytest.mark.parametrize(
    "request_",
    [
        [1, 2],
        "just a string",
        17,
        None,
        {"no_cmd": 1},
        {"cmd": 3},
        {"cmd": "new", "players": 2},
        {"cmd": "hello", "protocol": 1},
        {"cmd": "new", "game": "toy-race", "players": "2"},
        {"cmd": "new", "game": "toy-race", "players": True},
        {"cmd": "new", "game": "toy-race", "players": 2.0},
        {"cmd": "new", "game": "toy-race", "players": 2, "seed": "7"},
        {"cmd": "new", "game": "toy-race", "players": 2, "options": [1]},
        {"cmd": "new", "game": 5, "players": 2},
        {"cmd": "legal"},
        {"cmd": "legal", "game_id": 1},
        {"cmd": "play", "game_id": "g1"},
        {"cmd": "play", "game_id": "g1", "action": 3},
        {"cmd": "view", "game_id": "g1", "seat": "0"},
        {"cmd": "bot", "game_id": "g1"},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"iterations": 0}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"iterations": 1, "seconds": 1}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"minutes": 1}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"seconds": -1}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"seconds": 3601}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": {"iterations": 10**12}},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "budget": 5},
        {"cmd": "bot", "game_id": "g1", "bot": "random", "seed": 1.5},
        {"cmd": "load"},
        {"cmd": "close"},
    ],
)
def test_bad_request(engine: Engine, request_: Any) -> None:
    assert code(ask(engine, json.dumps(request_))) == "bad_request"


def test_bad_request_for_seat_out_of_range_and_unknown_bot(engine: Engine) -> None:
    gid = new_game(engine)
    assert code(ask(engine, {"cmd": "view", "game_id": gid, "seat": 2})) == "bad_request"
    assert code(ask(engine, {"cmd": "view", "game_id": gid, "seat": -1})) == "bad_request"
    assert code(ask(engine, {"cmd": "play", "game_id": gid, "action": "pass", "seat": 9})) == "bad_request"
    response = ask(engine, {"cmd": "bot", "game_id": gid, "bot": "gredy"})
    assert code(response) == "bad_request" and "greedy" in response["error"]["message"]
    assert code(ask(engine, {"cmd": "bot", "game_id": gid, "bot": "ismcts:bogus=1"})) == "bad_request"
    assert ask(engine, {"cmd": "record", "game_id": gid})["record"]["actions"] == []


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts:seconds=nan"}', "bad_request"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts:seconds=inf"}', "bad_request"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts:seconds=1e9"}', "bad_request"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts:iterations=1000000000000"}', "bad_request"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts","budget":{"seconds":1e999}}', "bad_request"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts","budget":{"seconds":NaN}}', "bad_json"),
        ('{"cmd":"bot","game_id":"GID","bot":"ismcts","budget":{"seconds":Infinity}}', "bad_json"),
    ],
)
def test_a_bot_spec_or_budget_without_a_finite_capped_budget_is_refused_at_once(
    engine: Engine, request_: str, error: str
) -> None:
    gid = new_game(engine)
    before = ask(engine, {"cmd": "record", "game_id": gid})
    response = ask(engine, request_.replace("GID", gid))
    assert code(response) == error
    assert ask(engine, {"cmd": "record", "game_id": gid}) == before


def test_a_new_game_with_non_finite_options_is_refused(engine: Engine) -> None:
    assert code(ask(engine, '{"cmd":"new","game":"push-a-monster","players":2,"options":{"tremor_scale":NaN}}'))
    response = ask(engine, {"cmd": "new", "game": "push-a-monster", "players": 2, "options": {"tremor_scale": "inf"}})
    assert not response["ok"] and "finite" in response["error"]["message"]
    assert ask(engine, {"cmd": "new", "game": "push-a-monster", "players": 2})["ok"]


def test_unknown_command(engine: Engine) -> None:
    response = ask(engine, {"cmd": "fly"})
    assert code(response) == "unknown_command" and "games" in response["error"]["message"]


def test_unknown_game(engine: Engine) -> None:
    response = ask(engine, {"cmd": "new", "game": "chess", "players": 2})
    assert code(response) == "unknown_game" and "toy-race" in response["error"]["message"]
    assert code(ask(engine, {"cmd": "load", "record": {"game": "chess"}})) == "unknown_game"


def test_unknown_game_id(engine: Engine) -> None:
    for cmd in ("legal", "view", "result", "record", "close"):
        assert code(ask(engine, {"cmd": cmd, "game_id": "g404"})) == "unknown_game_id"
    assert code(ask(engine, {"cmd": "play", "game_id": "g404", "action": "pass"})) == "unknown_game_id"
    assert code(ask(engine, {"cmd": "bot", "game_id": "g404", "bot": "random"})) == "unknown_game_id"


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 1},
        {"players": 9},
        {"players": 2, "options": {"target": 0}},
        {"players": 2, "options": {"targte": 10}},
        {"players": 2, "options": {"mode": "long"}},
        {"players": 2, "options": {"target": "lots"}},
    ],
)
def test_bad_options(engine: Engine, fields: dict[str, Any]) -> None:
    response = ask(engine, {"cmd": "new", "game": "toy-race", **fields})
    assert code(response) == "bad_options"
    assert not engine.games


def test_illegal_action_changes_nothing_and_hides_the_hand(engine: Engine) -> None:
    gid = new_game(engine, seed=3)
    hand = ask(engine, {"cmd": "view", "game_id": gid, "seat": 0})["view"]["hand"]
    missing = next(v for v in (1, 2, 3, 4, 5) if v not in hand)
    before = {s: ask(engine, {"cmd": "view", "game_id": gid, "seat": s}) for s in (None, 0, 1)}
    for text in (f"play {missing}", "play 9", "dance", "", "play"):
        response = ask(engine, {"cmd": "play", "game_id": gid, "action": text})
        assert code(response) == "illegal_action"
        message = response["error"]["message"]
        assert "legal:" not in message
        assert not any(f"play {v}" in message for v in hand), message
    assert {s: ask(engine, {"cmd": "view", "game_id": gid, "seat": s}) for s in (None, 0, 1)} == before
    assert ask(engine, {"cmd": "record", "game_id": gid})["record"]["actions"] == []


def test_game_over(engine: Engine) -> None:
    gid = new_game(engine)
    play_out(engine, gid)
    record = ask(engine, {"cmd": "record", "game_id": gid})
    assert code(ask(engine, {"cmd": "play", "game_id": gid, "action": "pass"})) == "game_over"
    assert code(ask(engine, {"cmd": "play", "game_id": gid, "action": "gibberish"})) == "game_over"
    assert code(ask(engine, {"cmd": "bot", "game_id": gid, "bot": "random"})) == "game_over"
    assert ask(engine, {"cmd": "record", "game_id": gid}) == record


def _record(engine: Engine) -> dict[str, Any]:
    gid = new_game(engine, seed=2)
    action = ask(engine, {"cmd": "legal", "game_id": gid})["actions"][-1]
    ask(engine, {"cmd": "play", "game_id": gid, "action": action})
    record: dict[str, Any] = ask(engine, {"cmd": "record", "game_id": gid})["record"]
    return record


@pytest.mark.parametrize(
    "change",
    [
        {"actions": ["play 9"]},
        {"actions": ["pass", "pass", "play 9"]},
        {"actions": "pass"},
        {"actions": [1]},
        {"rules_version": 99},
        {"players": 7},
        {"players": "two"},
        {"seed": "x"},
        {"options": {"target": -1}},
        {"options": ["target"]},
        {"game": 3},
    ],
)
def test_bad_record(engine: Engine, change: dict[str, Any]) -> None:
    record = {**_record(engine), **change}
    open_before = set(engine.games)
    assert code(ask(engine, {"cmd": "load", "record": record})) == "bad_record"
    assert set(engine.games) == open_before


def test_bad_record_for_missing_fields_and_non_objects(engine: Engine) -> None:
    record = _record(engine)
    del record["seed"]
    assert code(ask(engine, {"cmd": "load", "record": record})) == "bad_record"
    assert code(ask(engine, {"cmd": "load", "record": [1, 2]})) == "bad_record"
    assert code(ask(engine, {"cmd": "load", "record": {}})) == "bad_record"


def test_an_engine_bug_answers_internal_error_and_changes_nothing(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    gid = new_game(engine)
    before = ask(engine, {"cmd": "view", "game_id": gid, "seat": 0})

    def broken(self: Any, action: Any) -> Any:
        self.total += 100  # a half-done move, then a crash
        raise RuntimeError("secret card 5 in hand")

    monkeypatch.setattr(example_game.ToyState, "apply_unchecked", broken)
    response = ask(engine, {"cmd": "play", "game_id": gid, "action": "pass"})
    assert code(response) == ErrorCode.INTERNAL_ERROR.value
    assert "secret" not in response["error"]["message"]
    assert "secret" in capsys.readouterr().err
    assert ask(engine, {"cmd": "view", "game_id": gid, "seat": 0}) == before


def test_every_error_code_is_produced() -> None:
    """The codes the protocol document lists are exactly ours (plus internal_error for engine bugs)."""
    documented = {
        "bad_json",
        "bad_request",
        "unknown_command",
        "unknown_game",
        "unknown_game_id",
        "bad_options",
        "illegal_action",
        "game_over",
        "bad_record",
        "unsupported_protocol",
    }
    assert {c.value for c in ErrorCode} == documented | {"internal_error"}


# --- the stdio loop ---------------------------------------------------------------------------


def run_serve(data: bytes, limit: int = 1 << 20) -> list[dict[str, Any]]:
    out = io.BytesIO()
    assert serve(io.BytesIO(data), out, limit=limit) == 0
    lines = out.getvalue().decode("ascii").splitlines()
    return [json.loads(line) for line in lines]


def test_serve_answers_every_line_in_order_and_survives_garbage(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    data = b"\n".join(
        [
            b'{"cmd": "new", "game": "toy-race", "players": 2, "seed": 1, "id": 1}',
            b"\xff\xfe\xfd garbage",
            b"[]",
            b"",
            b"x" * 5000,
            b'{"cmd": "legal", "game_id": "g1", "id": 2}\r',
            b'{"cmd": "quit", "id": 3}',
            b'{"cmd": "games", "id": 4}',
        ]
    )
    responses = run_serve(data, limit=1000)
    assert [r.get("id") for r in responses] == [1, None, None, None, 2, 3]
    assert [r["ok"] for r in responses] == [True, False, False, False, True, True]
    assert [r["error"]["code"] for r in responses if not r["ok"]] == ["bad_json", "bad_request", "bad_json"]


def test_serve_ends_at_end_of_input_even_without_a_final_newline(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    responses = run_serve(b'{"cmd": "games"}\n{"cmd": "new", "game": "toy-race", "players": 2}')
    assert [r["ok"] for r in responses] == [True, True]


def test_serve_keeps_stray_prints_off_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    example_game.register(monkeypatch)
    original = example_game.ToyState.view

    def noisy(self: Any, seat: Any) -> dict[str, Any]:
        print("debugging output")
        return original(self, seat)

    monkeypatch.setattr(example_game.ToyState, "view", noisy)
    responses = run_serve(b'{"cmd":"new","game":"toy-race","players":2}\n{"cmd":"view","game_id":"g1"}\n')
    assert responses[1]["ok"]
    captured = capsys.readouterr()
    assert "debugging output" in captured.err and "debugging output" not in captured.out


def test_read_line_skips_the_rest_of_an_overlong_line() -> None:
    stream = io.BytesIO(b"a" * 50 + b"\nnext\n")
    assert read_line(stream, 10) == (b"", True)
    assert read_line(stream, 10) == (b"next", False)
    assert read_line(stream, 10) == (None, False)


# --- the documentation's examples are what the engine says -----------------------------------------------


def _doc() -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[2] / "docs" / "engine-protocol.md").read_text(encoding="utf-8")


def test_the_documented_session_is_what_the_engine_answers() -> None:
    """docs/engine-protocol.md's session showed the bot answering "burn 2" where the engine says "pass"."""
    block = _doc().split("## A session", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    lines = [line for line in block.splitlines() if line.strip()]
    engine = Engine()
    pairs = list(zip(lines[::2], lines[1::2], strict=True))
    assert len(pairs) >= 5
    for request, documented in pairs:
        assert request.startswith("> ") and documented.startswith("< ")
        answer = engine.handle(request[2:])
        if "…" in documented:  # a long answer, shortened in the doc: its start must match
            assert answer.startswith(documented[2:].split("…")[0].rstrip('"[,')), (request, answer)
        else:
            assert json.loads(answer) == json.loads(documented[2:]), (request, answer)


def test_the_documented_record_has_the_rules_version_the_engine_plays() -> None:
    from monsterlair import games

    example = _doc().split("### RECORD", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    record = json.loads(example.replace("{…}", "{}").replace(", …", ""))
    game = games.get(record["game"])
    assert record["rules_version"] == game.rules_version
    engine = Engine()
    ask(engine, {"cmd": "new", "game": record["game"], "seed": record["seed"]})
    for action in record["actions"]:
        assert ask(engine, {"cmd": "play", "game_id": "g1", "action": action})["ok"], action


@pytest.mark.parametrize(("seed", "shown"), [(-1, "-1"), (1.5, "1.5"), ("7", "a string"), (True, "a boolean")])
@pytest.mark.parametrize("cmd", ["new", "bot"])
def test_a_seed_is_a_whole_number_from_0(engine: Engine, cmd: str, seed: Any, shown: str) -> None:
    game_id = new_game(engine)
    request = {"cmd": "new", "game": "toy-race", "seed": seed}
    if cmd == "bot":
        request = {"cmd": "bot", "game_id": game_id, "bot": "random", "seed": seed}
    response = ask(engine, request)
    assert code(response) == "bad_request"
    assert response["error"]["message"] == f'"seed" must be a whole number (0 or more), not {shown}.'


def test_a_misspelt_game_gets_a_did_you_mean(engine: Engine) -> None:
    response = ask(engine, {"cmd": "new", "game": "monster-clb"})
    assert code(response) == "unknown_game" and "Did you mean 'monster-club'?" in response["error"]["message"]
