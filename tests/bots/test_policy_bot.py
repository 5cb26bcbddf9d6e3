"""A learned policy is a bot: ``policy:path=FILE.npz`` plays what the network prefers, from the seat's view only."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from monsterlair import bots, games
from monsterlair.bots import BadBotOptions, PolicyBot
from monsterlair.bots.policy import PolicyMismatch, load_policy, save_policy
from monsterlair.cli import app
from monsterlair.core import Perspective, Rng, State
from monsterlair.protocol import Engine
from monsterlair.testing.conformance import player_counts
from tests.bots.test_bots import _hidden_twins, play
from tests.rl.helpers import load_example


def seat_to_move(state: State) -> int:
    seat = state.to_move
    assert seat is not None
    return seat


def random_policy(path: Path, game_id: str, players: int = 2, hidden: int = 8, seed: int = 0, label: str = "") -> Path:
    """A policy file with random weights for that game and player count."""
    game = games.get(game_id)
    options = game.options.resolve(None)
    obs, actions = game.observation_size(players, options), game.num_actions(players, options)
    rng = np.random.default_rng(seed)
    layers = [
        (rng.normal(0, 1, (obs, hidden)), rng.normal(0, 1, hidden)),
        (rng.normal(0, 1, (hidden, actions)), np.zeros(actions)),
    ]
    return save_policy(path, layers, game_id, players, {}, label=label)


def bias_policy(path: Path, favourite: list[int], game_id: str = "monster-smash", players: int = 2) -> Path:
    """A policy that ignores the view: action index ``favourite[0]`` scores highest, then ``favourite[1]``..."""
    game = games.get(game_id)
    options = game.options.resolve(None)
    obs, actions = game.observation_size(players, options), game.num_actions(players, options)
    bias = np.zeros(actions)
    for rank, index in enumerate(favourite):
        bias[index] = 100.0 - rank
    return save_policy(path, [(np.zeros((obs, actions)), bias)], game_id, players, {})


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A policy trained for a few batches by the project's REINFORCE example and saved with its ``save``."""
    example = load_example("train_rl_agent")
    policy = example.train(episodes=64, batch=16, hidden=16, lr=0.01, seed=1)
    return Path(policy.save(str(tmp_path_factory.mktemp("policy") / "smash"), "monster-smash", label="Smash learner"))


def test_a_trained_policy_is_saved_and_plays_whole_games(trained: Path) -> None:
    assert trained.suffix == ".npz" and trained.is_file()
    net = load_policy(trained)
    assert (net.game, net.players, len(net.layers), net.label) == ("monster-smash", 2, 2, "Smash learner")
    assert PolicyBot.file_label(str(trained), 1) == "Smash learner (Monster Smash, 2 players)"
    game = games.get("monster-smash")
    spec = f"policy:path={trained}"
    for seed in range(4):
        assert play(game, [spec, "random"] if seed % 2 else ["random", spec], seed).over
    assert bots.from_spec(spec).spec() == spec


def test_it_plays_the_most_likely_legal_action_and_never_an_illegal_one(tmp_path: Path) -> None:
    game = games.get("monster-smash")
    state = game.new(2, 5)
    legal = state.legal_actions()
    index = {game.action_index(a, 2, state.options): a for a in legal}
    illegal = next(i for i in range(game.num_actions(2, state.options)) if i not in index)
    wanted = sorted(index)[-1]
    bot = PolicyBot(path=str(bias_policy(tmp_path / "p.npz", [illegal, wanted])))
    for seed in range(5):
        assert bot.choose(Perspective(state, seat_to_move(state)), Rng(seed)) == index[wanted]
    probs = bot.probabilities(Perspective(state, seat_to_move(state)))
    assert set(probs) == set(legal) and abs(sum(probs.values()) - 1.0) < 1e-9
    assert max(probs, key=lambda a: probs[a]) == index[wanted]


def test_sampling_draws_from_the_bots_generator(tmp_path: Path) -> None:
    game = games.get("monster-smash")
    state = game.new(2, 5)
    path = bias_policy(tmp_path / "flat.npz", [])  # every action equally likely
    sampler = bots.from_spec(f"policy:path={path},sample=true")
    p = Perspective(state, seat_to_move(state))
    draws = [sampler.choose(p, Rng(seed)) for seed in range(40)]
    assert len(set(draws)) > 1 and set(draws) <= set(state.legal_actions())
    assert draws == [sampler.choose(p, Rng(seed)) for seed in range(40)]  # the same seed, the same move
    argmax = bots.from_spec(f"policy:path={path}")  # ties broken by the generator too
    assert {argmax.choose(p, Rng(seed)) for seed in range(40)} == set(state.legal_actions())


@pytest.mark.parametrize("game_id", games.ids())
def test_the_policy_never_reads_hidden_information(game_id: str, tmp_path: Path) -> None:
    """Twin positions that differ only in what the seat cannot see get exactly the same probabilities."""
    game = games.get(game_id)
    players = player_counts(game)[-1]
    bot = PolicyBot(path=str(random_policy(tmp_path / "r.npz", game_id, players)))
    checked = 0
    for state, twin, seat in _hidden_twins(game, players, seed=5, most=3):
        assert bot.probabilities(Perspective(state, seat)) == bot.probabilities(Perspective(twin, seat))
        checked += 1
    assert checked >= 3


def test_the_no_peeking_check_would_catch_a_policy_that_reads_the_state(tmp_path: Path) -> None:
    """A policy fed the full state's encoding would differ on the twins (so the check above can fail)."""
    game = games.get("monster-smash")
    bot = PolicyBot(path=str(random_policy(tmp_path / "r.npz", "monster-smash", 2)))
    net = load_policy(bot.path)
    differing = 0
    for state, twin, seat in _hidden_twins(game, 2, seed=5, most=3):
        other = (seat + 1) % 2  # the encoding of the other seat's view: what a peeking policy would read
        a = net.logits(game.encode_view(state.view(other), 2, state.options))
        b = net.logits(game.encode_view(twin.view(other), 2, twin.options))
        differing += not np.array_equal(a, b)
    assert differing >= 2


def test_a_policy_for_another_table_says_so(tmp_path: Path) -> None:
    bot = PolicyBot(path=str(random_policy(tmp_path / "two.npz", "monster-smash", 2)))
    three = games.get("monster-smash").new(3, 1)
    with pytest.raises(PolicyMismatch, match="trained for Monster Smash with 2 players; it cannot play Monster Smash"):
        bot.choose(Perspective(three, seat_to_move(three)), Rng(0))
    club = games.get("monster-club").new(2, 1)
    with pytest.raises(PolicyMismatch, match="trained for Monster Smash"):
        bot.check_table(club.game, 2, club.options)
    bot.check_table(games.get("monster-smash"), 2, {"max_turns": 50})  # an option the encoding does not read


def test_play_sim_and_the_protocol_refuse_a_policy_of_another_game(trained: Path) -> None:
    sim = CliRunner().invoke(app, ["sim", "monstra", "-n", "2", "-w", "1", "--bots", f"policy:path={trained},random"])
    said = " ".join(sim.output.split())
    assert sim.exit_code != 0 and "it cannot play MONSTRA with 2 players" in said and "Traceback" not in sim.output
    result = CliRunner().invoke(app, ["play", "monstra", "--seats", f"policy:path={trained},random", "--seed", "1"])
    said = " ".join(result.output.split())
    assert result.exit_code != 0 and "trained for Monster Smash with 2 players; it cannot play MONSTRA" in said
    assert "Traceback" not in result.output
    engine = Engine()
    gid = json.loads(engine.handle(json.dumps({"cmd": "new", "game": "monstra", "players": 2, "seed": 1})))["game_id"]
    answer = json.loads(engine.handle(json.dumps({"cmd": "bot", "game_id": gid, "bot": f"policy:path={trained}"})))
    assert not answer["ok"] and answer["error"]["code"] == "bad_request"
    assert "cannot play MONSTRA" in answer["error"]["message"]


def test_bad_policy_files_are_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(BadBotOptions, match="needs path=FILE.npz"):
        bots.from_spec("policy")
    with pytest.raises(BadBotOptions, match="ends with .npz"):
        bots.from_spec(f"policy:path={tmp_path / 'x.pt'}")
    with pytest.raises(BadBotOptions, match="no policy file"):
        bots.from_spec(f"policy:path={tmp_path / 'missing.npz'}")
    (tmp_path / "dir.npz").mkdir()
    with pytest.raises(BadBotOptions, match="is not a file"):
        bots.from_spec(f"policy:path={tmp_path / 'dir.npz'}")
    (tmp_path / "text.npz").write_text("hello")
    with pytest.raises(BadBotOptions, match="cannot be read as a policy"):
        bots.from_spec(f"policy:path={tmp_path / 'text.npz'}")
    pickled = tmp_path / "pickled.npz"  # an object array needs pickle, which is never allowed
    np.savez(pickled, meta=np.array([{"format": "monsterlair-policy"}], dtype=object))
    with pytest.raises(BadBotOptions, match="cannot be read as a policy"):
        bots.from_spec(f"policy:path={pickled}")
    good = random_policy(tmp_path / "good.npz", "monster-smash")
    with zipfile.ZipFile(good) as z:
        meta = json.loads(str(np.load(good)["meta"][()]))
        arrays = {n[:-4]: np.load(z.open(n)) for n in z.namelist() if n != "meta.npy"}
    nan = arrays["w0"].copy()
    nan[0, 0] = np.nan
    np.savez(tmp_path / "nan.npz", meta=np.array(json.dumps(meta)), **{**arrays, "w0": nan})
    with pytest.raises(BadBotOptions, match="NaN or infinite"):
        bots.from_spec(f"policy:path={tmp_path / 'nan.npz'}")
    np.savez(tmp_path / "short.npz", meta=np.array(json.dumps(meta)), **{**arrays, "w1": arrays["w1"][:, :3]})
    with pytest.raises(BadBotOptions, match="damaged"):
        bots.from_spec(f"policy:path={tmp_path / 'short.npz'}")
    np.savez(tmp_path / "alien.npz", meta=np.array(json.dumps({**meta, "format": "other"})), **arrays)
    with pytest.raises(BadBotOptions, match="not a Monster Lair policy file"):
        bots.from_spec(f"policy:path={tmp_path / 'alien.npz'}")


def test_saving_refuses_layers_that_do_not_fit_the_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="should take 185 inputs"):
        save_policy(tmp_path / "x", [(np.zeros((3, 37)), np.zeros(37))], "monster-smash", 2, {})
    with pytest.raises(ValueError, match="37 actions"):
        save_policy(tmp_path / "x", [(np.zeros((185, 5)), np.zeros(5))], "monster-smash", 2, {})


def test_sim_plays_a_policy(trained: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["sim", "monster-smash", "-n", "4", "-w", "2", "--bots", f"policy:path={trained},random", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4 and not any(r["error"] for r in rows)
    bad = CliRunner().invoke(app, ["sim", "monster-smash", "-n", "2", "--bots", "policy:path=nowhere.npz,random"])
    assert bad.exit_code != 0 and "no policy file 'nowhere.npz'" in " ".join(bad.output.split())


def test_play_takes_a_policy(trained: Path, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    args = ["play", "monster-smash", "--seats", f"random,policy:path={trained}", "--seed", "4", "--save", str(record)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text())["actions"]


def test_the_engine_protocol_plays_a_policy(trained: Path) -> None:
    engine = Engine()

    def ask(request: dict[str, object]) -> dict[str, object]:
        out: dict[str, object] = json.loads(engine.handle(json.dumps(request)))
        return out

    gid = ask({"cmd": "new", "game": "monster-smash", "players": 2, "seed": 9})["game_id"]
    missing = ask({"cmd": "bot", "game_id": gid, "bot": "policy:path=nowhere.npz"})
    assert not missing["ok"] and "no policy file" in missing["error"]["message"]  # type: ignore[index]
    for _ in range(200):
        legal = ask({"cmd": "legal", "game_id": gid})["actions"]
        if not legal:
            break
        answer = ask({"cmd": "bot", "game_id": gid, "bot": f"policy:path={trained}", "seed": 1})
        assert answer["ok"] and answer["action"] in legal  # type: ignore[operator]
        assert ask({"cmd": "play", "game_id": gid, "action": answer["action"]})["ok"]
    assert not ask({"cmd": "legal", "game_id": gid})["actions"]
