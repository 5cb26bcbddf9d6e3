"""Several hubs on one database: changes reach the other processes' receivers, races are decided once.

Each :class:`Hub` here stands for one server process: they share one store (in-memory SQLite) and one
fake Redis server, exactly as processes share PostgreSQL and Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import fakeredis
import pytest

from monsterlair.server.storage.base import UserData
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables import hub as hub_module
from monsterlair.server.tables.bots import BotCatalog
from monsterlair.server.tables.fanout import Fanout, LocalFanout, RedisFanout, decode
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.refresh import refresh
from monsterlair.server.tables.table import Table, TableError
from tests.server.conftest import MEMORY, all_games, until
from tests.server.platform_kit import Recorder, bare

PREFIX = "cluster-test"


class Cluster:
    """Hubs sharing one store; with ``redis`` their fan-outs share one fake Redis server."""

    def __init__(self, store: SqlStore, redis: fakeredis.FakeServer | None, bots: BotCatalog | None = None) -> None:
        self.store = store
        self.redis = redis
        self.bots = bots or BotCatalog()
        self.hubs: list[Hub] = []
        self.executor = ThreadPoolExecutor(2)

    def fanout(self) -> Fanout:
        if self.redis is None:
            return LocalFanout()
        server = self.redis
        return RedisFanout(lambda: fakeredis.FakeAsyncRedis(server=server), PREFIX)

    async def hub(self, *, bot_delay: float = 0.0) -> Hub:
        fanout = self.fanout()
        hub = Hub(self.store, all_games(), self.bots, self.executor, bot_delay=bot_delay, fanout=fanout)
        await fanout.start()
        self.hubs.append(hub)
        return hub

    async def close(self) -> None:
        for hub in self.hubs:
            await hub.close()
            await hub.fanout.close()
        self.executor.shutdown(wait=False)


@contextlib.asynccontextmanager
async def cluster(*, redis: bool = True, bots: BotCatalog | None = None) -> AsyncIterator[Cluster]:
    store = SqlStore(MEMORY)
    await store.start()
    group = Cluster(store, fakeredis.FakeServer() if redis else None, bots)
    try:
        yield group
    finally:
        await group.close()
        await store.close()


async def race_table(hub: Hub, ann: UserData, bob: UserData, target: int = 40) -> Table:
    table = await hub.create(ann, "toy-race", 2, {"target": target}, [SeatRequest("me"), SeatRequest("open")])
    await hub.join(bob, table.id)
    await hub.start(ann, table.id)
    return table


async def duel(group: Cluster, target: int = 40) -> tuple[Hub, Hub, UserData, UserData, Table]:
    """Two processes, and a Toy Race between Ann and Bob started on the first one."""
    one, two = await group.hub(), await group.hub()
    ann, bob = await group.store.create_user("Ann"), await group.store.create_user("Bob")
    return one, two, ann, bob, await race_table(one, ann, bob, target)


def a_play(table: Table) -> str:
    """An action of the seat to move that plays a card (so a private draw follows), else a pass."""
    assert table.state is not None
    texts = [str(a) for a in table.state.legal_actions()]
    return next((t for t in texts if t.startswith("play")), texts[0])


async def watching(table_id: str, *where: tuple[Hub, int | None]) -> list[Recorder]:
    """A receiver for each (process, user; ``None``: a spectator), watching the table there."""
    out = []
    for hub, user_id in where:
        out.append(Recorder(user_id))
        await hub.subscribe(table_id, out[-1])
    return out


async def test_a_move_on_one_process_reaches_receivers_on_another_with_their_own_redaction() -> None:
    async with cluster() as group:
        one, two, ann, bob, table = await duel(group)
        # Bob watches on process two, and (for comparison) on process one; a spectator watches on two.
        bob_two, bob_one, spectator = await watching(table.id, (two, bob.id), (one, bob.id), (two, None))
        mover = table.to_move
        assert mover is not None
        user = ann if mover == 0 else bob
        await one.act(user.id, table.id, 0, [a_play(table)])

        await until(lambda: bool(bob_two.of("update")) and bool(spectator.of("update")))
        assert bob_two.of("update") == bob_one.of("update")  # byte for byte what process one sends Bob
        update = bob_two.of("update")[0]
        assert update["prev_state_id"] == 0 and update["state_id"] == 1
        remote = await two.table(table.id)
        assert remote.state_id == 1 and remote.state is not None and table.state is not None
        assert remote.state.view(None) == table.state.view(None)
        # Hidden information stays hidden: a card Ann drew is in no message to Bob or the spectator.
        for sub in (bob_two, spectator):
            for msg in sub.messages:
                for entry in msg.get("log", []):
                    if entry["event"]["type"] == "draw" and entry["by"] != sub.user_id:
                        assert "card" not in json.dumps(entry["event"])


async def test_notices_carry_no_hidden_information() -> None:
    async with cluster() as group:
        assert group.redis is not None
        spy = fakeredis.FakeAsyncRedis(server=group.redis)
        pubsub = spy.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(f"{PREFIX}:tables")
        one, _two, ann, bob, table = await duel(group, 12)
        while table.status == "playing":
            user = ann if table.to_move == 0 else bob
            await one.act(user.id, table.id, table.state_id, [a_play(table)])
        seen: list[tuple[str, str, dict[str, Any]]] = []
        for _ in range(100):  # until a quiet moment once the last action's notice is in
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.05)
            if message is not None:
                assert set(json.loads(message["data"])) == {"o", "n"}
                decoded = decode(message["data"])
                assert decoded is not None
                seen += decoded[1]
            elif any(k == "actions" and p["state_id"] == table.state_id for _, k, p in seen):
                break
        await pubsub.aclose()
        await spy.aclose()
        assert {k for _, k, _ in seen} == {"actions", "table"}
        assert len([k for _, k, _ in seen if k == "actions"]) == table.state_id
        for table_id, _, payload in seen:
            assert table_id == table.id
            assert set(payload) == {"state_id"} and isinstance(payload["state_id"], int)


async def test_the_same_action_on_two_processes_at_once_is_played_once() -> None:
    async with cluster() as group:
        one, two, ann, bob, table = await duel(group)
        remote = await two.table(table.id)
        mover = ann if table.to_move == 0 else bob
        text = a_play(table)
        watch_one, watch_two = Recorder(bob.id), Recorder(bob.id)
        await one.subscribe(table.id, watch_one)
        await two.subscribe(table.id, watch_two)
        results = await asyncio.gather(
            one.act(mover.id, table.id, 0, [text]), two.act(mover.id, table.id, 0, [text]), return_exceptions=True
        )
        errors = [r for r in results if isinstance(r, TableError)]
        assert len(errors) == 1 and errors[0].code == "stale_state", results
        assert [r for r in results if r is not None and not isinstance(r, TableError)] == []
        assert [a.text for a in await group.store.load_actions(table.id)] == [text]
        await until(lambda: len(watch_one.of("update")) == 1 and len(watch_two.of("update")) == 1)
        assert table.state_id == remote.state_id == 1
        assert watch_one.of("update") == watch_two.of("update")
        await asyncio.sleep(0.05)  # the loser's catch-up and the winner's notice do not announce it twice
        assert len(watch_one.of("update")) == len(watch_two.of("update")) == 1


async def test_a_process_that_missed_a_move_catches_up_when_its_action_loses() -> None:
    # No fan-out at all: process two hears nothing, so only the store's version check can save the day.
    async with cluster(redis=False) as group:
        one, two, ann, bob, table = await duel(group)
        remote = await two.table(table.id)
        watcher = Recorder(ann.id)
        await two.subscribe(table.id, watcher)
        mover = ann if table.to_move == 0 else bob
        text = a_play(table)
        await one.act(mover.id, table.id, 0, [text])
        assert remote.state_id == 0  # behind, and does not know it
        with pytest.raises(TableError) as refused:
            await two.act(mover.id, table.id, 0, [text])
        assert refused.value.code == "stale_state" and "state 1" in refused.value.message
        assert remote.state_id == 1 and remote.to_move == table.to_move
        assert [m["state_id"] for m in watcher.of("update")] == [1]  # its receivers were told
        assert [a.text for a in await group.store.load_actions(table.id)] == [text]
        # ... and the next player's move, on the process that was behind, is played normally.
        nxt = ann if remote.to_move == 0 else bob
        await two.act(nxt.id, table.id, 1, [a_play(remote)])
        assert len(await group.store.load_actions(table.id)) == 2


async def test_an_action_answering_a_newer_position_than_the_process_knows_is_played() -> None:
    async with cluster(redis=False) as group:
        one, two, ann, bob, table = await duel(group)
        remote = await two.table(table.id)
        first = ann if table.to_move == 0 else bob
        await one.act(first.id, table.id, 0, [a_play(table)])
        assert remote.state_id == 0
        # The next player saw state 1 on process one, then reconnected to process two, which is behind.
        second = ann if table.to_move == 0 else bob
        await two.act(second.id, table.id, 1, [a_play(table)])
        assert remote.state_id == 2
        assert len(await group.store.load_actions(table.id)) == 2


async def test_seat_changes_on_two_processes_do_not_overwrite_each_other() -> None:
    async with cluster(redis=False) as group:
        one, two = await group.hub(), await group.hub()
        ann, bob, cat = [await group.store.create_user(n) for n in ("Ann", "Bob", "Cat")]
        seats = [SeatRequest("me"), SeatRequest("open"), SeatRequest("open")]
        table = await one.create(ann, "toy-race", 3, None, seats)
        remote = await two.table(table.id)
        assert await one.join(bob, table.id) == 1
        # Process two still thinks seat 2 (index 1) is free: the store refuses its write, it catches up,
        # and Cat gets the next free seat instead of taking Bob's.
        assert await two.join(cat, table.id) == 2
        stored = await group.store.load_table(table.id)
        assert stored is not None and [s.user_id for s in stored.seats] == [ann.id, bob.id, cat.id]
        assert [s.user_id for s in remote.meta.seats] == [ann.id, bob.id, cat.id]
        # A stale start is checked against the fresh table too: only the host may start, and it starts once.
        with pytest.raises(TableError) as not_host:
            await one.start(bob, table.id)
        assert not_host.value.code == "not_host"
        await two.start(ann, table.id)
        with pytest.raises(TableError) as again:
            await one.start(ann, table.id)
        assert again.value.code == "already_started"
        assert table.status == remote.status == "playing"


async def test_two_processes_asked_for_a_rematch_agree_on_one() -> None:
    async with cluster(redis=False) as group:
        one, two, ann, bob, table = await duel(group, 6)
        while table.status == "playing":
            user = ann if table.to_move == 0 else bob
            await one.act(user.id, table.id, table.state_id, [a_play(table)])
        await two.table(table.id)  # finished; process two now holds a copy
        first = await one.rematch(ann, table.id)
        second = await two.rematch(bob, table.id)  # two had not heard of the first rematch
        assert second.id == first.id
        stored = await group.store.load_table(table.id)
        assert stored is not None and stored.rematch_id == first.id
        waiting = await group.store.list_tables(status="open", public_only=False, limit=10)
        assert [t.id for t in waiting] == [first.id]  # it waits for the other player's answer


def counting_catalog() -> tuple[BotCatalog, list[str]]:
    from monsterlair import bots

    decisions: list[str] = []

    class Counting:  # the real bot, counting its decisions
        def __init__(self, spec: str) -> None:
            self.inner = bots.from_spec(spec)

        def choose(self, perspective: Any, rng: Any) -> Any:
            decisions.append("decided")
            return self.inner.choose(perspective, rng)

    return BotCatalog(maker=Counting), decisions


async def test_each_bot_decision_is_made_by_one_process() -> None:
    catalog, decisions = counting_catalog()
    async with cluster(bots=catalog) as group:
        one = await group.hub(bot_delay=0.01)
        two = await group.hub(bot_delay=0.01)
        host = await group.store.create_user("Host")
        seats = [SeatRequest("bot", "random"), SeatRequest("bot", "random")]
        table = await one.create(host, "toy-race", 2, {"target": 25}, seats)
        remote = await two.table(table.id)
        await one.start(host, table.id)
        await two.recover()  # process two also resumes every game under way, this one included
        await until(lambda: table.status == "finished", seconds=20)
        assert (await two.table(table.id)) is remote and remote.status == "finished"
        stored = await group.store.load_actions(table.id)
        assert len(stored) == table.state_id
        assert len(decisions) == len(stored)  # no decision was thought twice


async def test_a_bot_turn_whose_process_went_away_is_taken_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "BOT_SWEEP_SECONDS", 0.05)
    monkeypatch.setattr(hub_module, "BOT_STALL_SECONDS", 0.0)
    async with cluster() as group:
        one = await group.hub()
        ann = await group.store.create_user("Ann")
        table = await one.create(ann, "toy-race", 2, None, [SeatRequest("me"), SeatRequest("bot", "random")])
        ghost = group.fanout()  # a process that took the bot's first turn, then died
        await ghost.start()
        try:
            for state_id in (0, 1):  # the bot's first turn comes at state 0 or 1, whoever starts
                # a lease long enough to outlast the start and the first move on a busy machine
                assert await ghost.claim(f"bot:{table.id}:{state_id}", 2.0)
            await one.start(ann, table.id)
            if table.to_move == 0:
                await one.act(ann.id, table.id, 0, [a_play(table)])
            before = table.state_id
            assert table.to_move == 1
            await one.recover()  # (starts the sweep for stalled bot turns)
            await asyncio.sleep(0.2)
            assert table.state_id == before  # the ghost's lease still holds the turn
            await until(lambda: table.state_id > before, seconds=10)  # it lapsed: process one plays it
        finally:
            await ghost.close()


async def test_a_process_stopping_mid_bot_turn_hands_it_over_at_once() -> None:
    async with cluster() as group:
        one = await group.hub(bot_delay=30.0)  # its bot waits long: the turn is still pending at the stop
        two = await group.hub()
        ann = await group.store.create_user("Ann")
        table = await one.create(ann, "toy-race", 2, None, [SeatRequest("me"), SeatRequest("bot", "random")])
        await one.start(ann, table.id)
        if table.to_move == 0:
            await one.act(ann.id, table.id, 0, [a_play(table)])
        before = table.state_id
        await until(lambda: getattr(one.live(table.id), "lease", None) is not None)  # process one took the bot's turn
        await asyncio.sleep(0.05)
        await one.close()
        await one.fanout.close()
        # No sweep is running (it would wait 10 s): the stopping process's notice is what hands it over.
        for _ in range(300):
            meta = await group.store.load_table(table.id)
            assert meta is not None
            if meta.state_id > before:
                break
            await asyncio.sleep(0.01)
        assert meta.state_id > before, "process two did not take the bot's turn over"
        remote = await two.table(table.id)
        assert remote.state_id > before


async def test_after_a_gap_every_watched_table_catches_up() -> None:
    async with cluster(redis=False) as group:
        one, two, ann, bob, table = await duel(group)
        watcher = Recorder(bob.id)
        await two.subscribe(table.id, watcher)
        mover = ann if table.to_move == 0 else bob
        await one.act(mover.id, table.id, 0, [a_play(table)])
        assert watcher.of("update") == []  # the notice was lost
        await two.fanout.gap()  # what the fan-out calls once it is connected again
        await until(lambda: bool(watcher.of("update")))
        assert watcher.of("update")[0]["state_id"] == 1


async def test_a_table_closed_on_another_process_is_gone_here_too() -> None:
    async with cluster() as group:
        one, two = await group.hub(), await group.hub()
        ann = await group.store.create_user("Ann")
        table = await one.create(ann, "toy-race", 2, None, [SeatRequest("me"), SeatRequest("open")])
        watcher = Recorder(None)
        await two.subscribe(table.id, watcher)
        await one.leave(ann, table.id)
        await until(lambda: any(m["table"]["status"] == "closed" for m in watcher.of("snapshot")))
        with pytest.raises(TableError) as gone:
            await two.table(table.id)
        assert gone.value.code == "not_found"


def replayed_stream(sub: Recorder) -> tuple[list[dict[str, Any]], int | None]:
    """The log and state a client builds from its messages (asserting no update skips a state)."""
    log: list[dict[str, Any]] = []
    state_id = None
    for message in sub.messages:
        if message["type"] == "snapshot":
            log, state_id = list(message["log"]), message["state_id"]
        elif message["type"] == "update":
            assert message["prev_state_id"] == state_id, "an update skipped a state"
            log.extend(message["log"])
            state_id = message["state_id"]
    return log, state_id


@pytest.mark.parametrize("seed", [1, 2])
async def test_concurrent_play_on_two_processes_keeps_every_copy_and_client_in_step(seed: int) -> None:
    import random

    rnd = random.Random(seed)
    async with cluster() as group:
        one, two = await group.hub(), await group.hub()
        ann, bob = await group.store.create_user("Ann"), await group.store.create_user("Bob")
        table = await one.create(ann, "monster-smash", 2, None, [SeatRequest("me"), SeatRequest("open")])
        await two.join(bob, table.id)
        await one.start(ann, table.id)  # (two may subscribe before it hears of the start)
        watchers = [(Recorder(ann.id), one), (Recorder(bob.id), two), (Recorder(ann.id), two), (Recorder(bob.id), one)]
        for sub, hub in watchers:
            await hub.subscribe(table.id, sub)
        for _ in range(40):
            stored = await group.store.load_table(table.id)
            assert stored is not None
            copies = [t for t in (one.cached(table.id), two.cached(table.id)) if t is not None]
            assert len(copies) == 2
            await until(lambda: all(c.state_id == stored.state_id for c in copies))  # noqa: B023
            live = rnd.choice(copies)
            if live.status != "playing" or live.state is None:
                break
            mover = ann if live.to_move == 0 else bob
            text = rnd.choice([str(a) for a in live.state.legal_actions()])
            sent = rnd.choice([1, 2, 2, 3])  # the same action, sent to both processes at once
            hubs = rnd.sample([one, two], 2)
            results = await asyncio.gather(
                *(hubs[i % 2].act(mover.id, table.id, live.state_id, [text]) for i in range(sent)),
                return_exceptions=True,
            )
            assert sum(r is None for r in results) == 1, results
            # The others answered a position that is gone (when the turn passed on, the master's order of
            # checks names that first).
            refused = {"stale_state", "not_your_turn", "game_over"}
            assert all(r is None or (isinstance(r, TableError) and r.code in refused) for r in results), results
        await asyncio.sleep(0.05)
        stored = await group.store.load_table(table.id)
        assert stored is not None
        reference = Table.restore(stored, table.game, await group.store.load_events(table.id))
        for copy in (await one.table(table.id), await two.table(table.id)):
            assert copy.state_id == stored.state_id
            assert [e.stored() for e in copy.log] == [e.stored() for e in reference.log]
        for sub, _hub in watchers:
            log, state_id = replayed_stream(sub)
            seat = reference.seat_of(sub.user_id)
            assert state_id == stored.state_id
            assert bare(log) == json.loads(json.dumps([e.for_seat(seat) for e in reference.log]))


def test_a_restored_table_leaves_out_events_stored_after_its_record_was_read() -> None:
    from monsterlair.server.storage.base import StoredEvent

    game = all_games()["toy-race"]
    state = game.new(2, 5, {})
    text = str(state.legal_actions()[0])
    state.apply(state.parse_action(text))
    meta_events = [StoredEvent(1, 0, "pass", {"seat": 0}, None, [])]
    later = [StoredEvent(2, 1, "pass", {"seat": 1}, None, [])]  # committed between the two reads
    from monsterlair.server.storage.base import SeatData, TableData

    meta = TableData(
        id="r1",
        game="toy-race",
        rules_version=game.rules_version,
        players=2,
        options=dict(state.options),
        seed=5,
        owner_id=1,
        private=False,
        invite="i",
        status="playing",
        state_id=1,
        record=state.record(),
        seats=[SeatData(user_id=1, name="A"), SeatData(user_id=2, name="B")],
    )
    restored = Table.restore(meta, game, meta_events + later)
    assert [e.ply for e in restored.log] == [1]


@pytest.mark.parametrize("game_id", ["toy-race", "monster-smash", "monstra", "push-a-monster", "monster-club"])
async def test_a_table_that_is_up_to_date_is_left_as_it_is(game_id: str) -> None:
    """Catching up with nothing new changes nothing and announces nothing (no spurious snapshots)."""
    async with cluster(redis=False) as group:
        one, two = await group.hub(), await group.hub()
        ann, bob = await group.store.create_user("Ann"), await group.store.create_user("Bob")
        table = await one.create(ann, game_id, 2, None, [SeatRequest("me"), SeatRequest("open")])
        assert await refresh(table, group.store) is None
        await one.join(bob, table.id)
        await one.start(ann, table.id)
        assert await refresh(table, group.store) is None
        remote = await two.table(table.id)
        for _ in range(6):
            if table.status != "playing" or table.state is None:
                break
            user = ann if table.to_move == 0 else bob
            await one.act(user.id, table.id, table.state_id, [str(table.state.legal_actions()[0])])
            assert await refresh(table, group.store) is None
        # The copy that fell behind catches up by playing on, and then matches a fresh load exactly.
        changed = await refresh(remote, group.store)
        assert changed is not None and changed.entries is not None
        assert remote.state is not None and table.state is not None
        assert remote.state.view(0) == table.state.view(0) and remote.state.view(None) == table.state.view(None)
        assert [e.stored() for e in remote.log] == [e.stored() for e in table.log]
        assert await refresh(remote, group.store) is None


def test_processes_started_together_agree_on_one_secret_key(tmp_path: Path) -> None:
    """Without MONSTERLAIR_SECRET_KEY, processes on one machine share the key file: exactly one writes it."""
    from concurrent.futures import ThreadPoolExecutor as Pool

    from monsterlair.server.config import Settings

    def key() -> str:
        return Settings(data_dir=tmp_path / "data", secret_key="").secret()

    with Pool(8) as pool:
        keys = list(pool.map(lambda _: key(), range(16)))
    assert len(set(keys)) == 1 and len(keys[0]) > 40
    assert (tmp_path / "data" / "secret_key").read_text().strip() == keys[0]
    (tmp_path / "data" / "secret_key").write_text("")  # an empty file left behind is filled again
    again = key()
    assert again and again != keys[0] and key() == again


async def test_a_chat_message_on_one_process_reaches_watchers_on_another_once() -> None:
    async with cluster() as group:
        one, two, ann, bob, table = await duel(group)
        ann_one, bob_two, spectator_two = await watching(table.id, (one, ann.id), (two, bob.id), (two, None))
        await one.chat.post(ann.id, table.id, "<b>good luck</b>")
        await until(lambda: bool(bob_two.of("chat")) and bool(spectator_two.of("chat")))
        sent = ann_one.of("chat")
        assert len(sent) == 1 and sent[0]["message"]["text"] == "<b>good luck</b>"
        assert bob_two.of("chat") == sent == spectator_two.of("chat")
        await asyncio.sleep(0.2)  # nothing is echoed back to the process that stored it
        assert len(ann_one.of("chat")) == 1


async def test_a_takeover_on_one_process_is_seen_on_another() -> None:
    async with cluster() as group:
        one, two, ann, bob, table = await duel(group)
        bob_two = Recorder(bob.id)
        await two.subscribe(table.id, bob_two)
        await one.controls.leave_game(ann.id, table.id)
        remote = await two.table(table.id)
        await until(lambda: remote.meta.seats[0].bot is not None)
        assert remote.meta.rated is False and remote.meta.seats[0].user_id == ann.id
        seats = [
            m["table"]["seats"][0] for m in bob_two.messages if m["type"] in ("snapshot", "update") and m.get("table")
        ]
        assert seats and seats[-1]["bot_since"] is not None
