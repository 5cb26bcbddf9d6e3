"""The fan-out between server processes, over fake Redis: delivery, leases, reconnection."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import fakeredis
import pytest
import redis.exceptions

from monsterlair.server.tables.fanout import (
    Fanout,
    LocalFanout,
    RedisFanout,
    RedisUnreachable,
    decode,
    encode,
    make_fanout,
    own_prefix,
)
from tests.server.conftest import until

Received = list[tuple[str, str, dict[str, Any]]]


def recorder(into: Received, kind: str) -> Any:
    async def handler(table_id: str, payload: dict[str, Any]) -> None:
        into.append((kind, table_id, payload))

    return handler


def fanout_on(server: fakeredis.FakeServer, prefix: str = "t", **kwargs: Any) -> RedisFanout:
    return RedisFanout(lambda: fakeredis.FakeAsyncRedis(server=server), prefix, **kwargs)


@contextlib.asynccontextmanager
async def started(*fanouts: Fanout) -> AsyncIterator[None]:
    """Start the fan-outs (in order) around a block, and close them after it."""
    try:
        for fanout in fanouts:
            await fanout.start()
        yield
    finally:
        for fanout in fanouts:
            await fanout.close()


async def test_the_local_fanout_publishes_nothing_and_grants_every_lease() -> None:
    fanout = make_fanout("", "x")
    assert isinstance(fanout, LocalFanout) and not fanout.shared
    got: Received = []
    fanout.on("actions", recorder(got, "actions"))
    await fanout.start()
    fanout.publish("t1", "actions", {"state_id": 1})
    assert await fanout.claim("bot:t1:0", 5) and await fanout.claim("bot:t1:0", 5)
    await fanout.close()
    assert got == [] and fanout.status()["kind"] == "local"


def test_notices_encode_and_refuse_what_is_not_one() -> None:
    notices = [("t1", "chat", {"id": 3}), ("t2", "actions", {"state_id": 4})]
    assert decode(encode("p1", notices)) == ("p1", notices)
    assert encode("p1", notices).encode().startswith(own_prefix("p1"))
    assert not encode("p12", notices).encode().startswith(own_prefix("p1"))
    for bad in (
        "nope",
        "[]",
        '{"o":"p","n":{}}',
        '{"o":1,"n":[]}',
        '{"o":"p","n":[["t","k"]]}',
        '{"o":"p","n":[["t","k",[]]]}',
        b"\xff",
    ):
        assert decode(bad) is None


async def test_notices_reach_the_other_processes_in_order_and_not_the_sender() -> None:
    server = fakeredis.FakeServer()
    one, two, three = fanout_on(server), fanout_on(server), fanout_on(server)
    got: dict[str, Received] = {"one": [], "two": [], "three": []}
    for name, fanout in (("one", one), ("two", two), ("three", three)):
        fanout.on("actions", recorder(got[name], "actions"))
        fanout.on("chat", recorder(got[name], "chat"))
    async with started(one, two, three):
        for i in range(1, 6):
            one.publish("t1", "actions", {"state_id": i})
        one.publish("t2", "chat", {"message_id": 9})
        one.publish("t2", "unknown-kind", {})
        expected = [("actions", "t1", {"state_id": i}) for i in range(1, 6)] + [("chat", "t2", {"message_id": 9})]
        await until(lambda: got["two"] == expected and got["three"] == expected)
        assert got["one"] == []


async def test_a_burst_of_notices_travels_as_few_messages_in_order() -> None:
    # Under load a process stores many changes between two sends: they go out together (one Redis command,
    # one message per listener), not one message each.
    server = fakeredis.FakeServer()
    one, two = fanout_on(server), fanout_on(server)
    got: Received = []
    two.on("actions", recorder(got, "actions"))
    async with started(one, two):
        raw = fakeredis.FakeAsyncRedis(server=server)
        pubsub = raw.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe("t:tables")
        for i in range(1, 101):
            one.publish(f"t{i % 7}", "actions", {"state_id": i})
        await until(lambda: len(got) == 100)
        assert [p["state_id"] for _, _, p in got] == list(range(1, 101))
        messages = []
        for _ in range(20):  # (the first answers are the subscription's own)
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.02)
            if message is not None:
                messages.append(decode(message["data"]))
        assert 1 <= len(messages) <= 2, len(messages)
        assert [p["state_id"] for m in messages if m for _, _, p in m[1]] == list(range(1, 101))
        await pubsub.aclose()
        await raw.aclose()


async def test_a_failing_handler_does_not_stop_the_others_or_later_notices() -> None:
    server = fakeredis.FakeServer()
    one, two = fanout_on(server), fanout_on(server)
    got: Received = []

    async def broken(table_id: str, payload: dict[str, Any]) -> None:
        raise RuntimeError("bug in a handler")

    two.on("actions", broken)
    two.on("actions", recorder(got, "actions"))
    async with started(one, two):
        raw = fakeredis.FakeAsyncRedis(server=server)
        await raw.publish("t:tables", "not json")  # garbage on the channel is skipped
        await raw.aclose()
        one.publish("t1", "actions", {"state_id": 1})
        one.publish("t1", "actions", {"state_id": 2})
        await until(lambda: len(got) == 2)
        assert [p["state_id"] for _, _, p in got] == [1, 2]


async def test_deployments_with_different_prefixes_do_not_hear_each_other() -> None:
    server = fakeredis.FakeServer()
    one, other, same = fanout_on(server, "alpha"), fanout_on(server, "beta"), fanout_on(server, "alpha")
    heard_other: Received = []
    heard_same: Received = []
    other.on("actions", recorder(heard_other, "actions"))
    same.on("actions", recorder(heard_same, "actions"))
    async with started(one, other, same):
        one.publish("t1", "actions", {"state_id": 1})
        await until(lambda: len(heard_same) == 1)
        assert heard_other == []
        assert await other.claim("x", 5) and await one.claim("x", 5)  # leases are per prefix too
        assert not await same.claim("x", 5)


async def test_a_lease_belongs_to_one_process_until_it_lapses_or_is_released() -> None:
    server = fakeredis.FakeServer()
    one, two = fanout_on(server), fanout_on(server)
    async with started(one, two):
        assert await one.claim("bot:t1:4", 0.3)
        assert await one.claim("bot:t1:4", 0.3)  # still ours
        assert not await two.claim("bot:t1:4", 0.3)
        await two.release("bot:t1:4")  # not two's to release
        assert not await two.claim("bot:t1:4", 0.3)
        await asyncio.sleep(0.4)
        assert await two.claim("bot:t1:4", 5)  # lapsed
        await two.release("bot:t1:4")
        assert await one.claim("bot:t1:4", 5)  # released
        assert await two.claim("bot:t1:5", 5)  # another name is another lease


class FlakyRedis(fakeredis.FakeAsyncRedis):  # type: ignore[misc]
    """Fake Redis whose subscriptions break (as a dropped connection does) while ``broken`` is set."""

    broken = False

    def pubsub(self, **kwargs: Any) -> Any:
        inner = super().pubsub(**kwargs)
        original = inner.get_message
        owner = type(self)

        async def get_message(*args: Any, **kw: Any) -> Any:
            if owner.broken:
                raise redis.exceptions.ConnectionError("Connection reset by peer")
            return await original(*args, **kw)

        async def subscribe(*args: Any, **kw: Any) -> Any:
            if owner.broken:
                raise redis.exceptions.ConnectionError("Connection refused")
            return await type(inner).subscribe(inner, *args, **kw)

        inner.get_message = get_message
        inner.subscribe = subscribe
        return inner


async def test_after_losing_the_connection_the_listener_comes_back_and_reports_the_gap() -> None:
    server = fakeredis.FakeServer()

    class Flaky(FlakyRedis):
        broken = False

    one = fanout_on(server)
    two = RedisFanout(lambda: fakeredis.FakeAsyncRedis(server=server), "t", listen_connect=lambda: Flaky(server=server))
    got: Received = []
    gaps: list[int] = []

    async def on_gap() -> None:
        gaps.append(len(got))

    two.on("actions", recorder(got, "actions"))
    two.on_gap(on_gap)
    async with started(one, two):
        assert gaps == [0] and two.status()["connected"]  # subscribing the first time counts too
        one.publish("t1", "actions", {"state_id": 1})
        await until(lambda: len(got) == 1)
        Flaky.broken = True
        await until(lambda: not two.status()["connected"])
        one.publish("t1", "actions", {"state_id": 2})  # lost: nobody is subscribed on two's side
        await asyncio.sleep(0.2)
        Flaky.broken = False
        await until(lambda: len(gaps) == 2 and two.status()["connected"], seconds=5)
        assert gaps == [0, 1]
        one.publish("t1", "actions", {"state_id": 3})
        await until(lambda: len(got) == 2)
        assert [p["state_id"] for _, _, p in got] == [1, 3]


async def test_a_notice_published_while_redis_refuses_is_sent_once_it_is_back() -> None:
    server = fakeredis.FakeServer()
    failures = {"left": 3}

    class Refusing(fakeredis.FakeAsyncRedis):  # type: ignore[misc]
        async def publish(self, channel: Any, message: Any) -> Any:
            if failures["left"]:
                failures["left"] -= 1
                raise redis.exceptions.ConnectionError("Connection refused")
            return await super().publish(channel, message)

    one = RedisFanout(lambda: Refusing(server=server), "t")
    two = fanout_on(server)
    got: Received = []
    two.on("actions", recorder(got, "actions"))
    async with started(one, two):
        one.publish("t1", "actions", {"state_id": 1})
        one.publish("t1", "actions", {"state_id": 2})
        await until(lambda: len(got) == 2)
        assert [p["state_id"] for _, _, p in got] == [1, 2] and failures["left"] == 0


async def test_no_lease_is_granted_when_redis_cannot_answer() -> None:
    """Degraded: a bot turn waits for Redis (the sweep plays it later) rather than risk two processes playing it."""
    server = fakeredis.FakeServer()
    one, two = fanout_on(server), fanout_on(server)
    async with started(one, two):
        server.connected = False
        assert not await one.claim("bot:t1:0", 5)
        assert not await two.claim("bot:t1:0", 5)
        server.connected = True
        assert await one.claim("bot:t1:0", 5)
        assert not await two.claim("bot:t1:0", 5)


async def test_a_process_refuses_to_start_when_its_redis_does_not_answer() -> None:
    server = fakeredis.FakeServer()
    server.connected = False
    one = fanout_on(server)
    with pytest.raises(RedisUnreachable, match="does not start without it"):
        await one.start(wait=0.3)
    assert one.status()["degraded"] is True


async def test_a_start_cancelled_as_redis_answers_stays_cancelled() -> None:
    """A server stopped while it starts cancels its start-up. Cancelled just as Redis answered, the start once
    returned as if nothing had happened (Python 3.11's ``wait_for``), and the server went on starting."""
    server = fakeredis.FakeServer()
    one = fanout_on(server)
    starting: list[asyncio.Task[None]] = []

    async def stop_now() -> None:  # runs in the same moment the subscription is made
        starting[0].cancel()

    one.on_gap(stop_now)
    starting.append(asyncio.ensure_future(one.start()))
    try:
        with pytest.raises(asyncio.CancelledError):
            await starting[0]
    finally:
        await one.close()


async def test_close_sends_what_is_queued() -> None:
    server = fakeredis.FakeServer()
    spy = fakeredis.FakeAsyncRedis(server=server)
    pubsub = spy.pubsub(ignore_subscribe_messages=True)
    await pubsub.subscribe("t:tables")
    one = fanout_on(server)
    await one.start()
    for i in range(20):
        one.publish("t1", "actions", {"state_id": i})
    await one.close()
    seen = []
    for _ in range(40):  # (the first answers are the subscription's own)
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.02)
        if message is not None:
            decoded = decode(message["data"])
            assert decoded is not None
            seen += [payload["state_id"] for _, _, payload in decoded[1]]
    await pubsub.aclose()
    await spy.aclose()
    assert seen == list(range(20))
    one.publish("t1", "actions", {"state_id": 99})  # after close: dropped quietly


@pytest.mark.parametrize("url", ["redis://127.0.0.1:6379/0"])
def test_a_redis_url_makes_a_shared_fanout(url: str) -> None:
    fanout = make_fanout(url, "p")
    assert isinstance(fanout, RedisFanout) and fanout.shared and fanout.channel == "p:tables"
