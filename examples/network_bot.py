"""A small Monster Lair bot that plays over the network: it picks a random legal action each turn.

It needs Python 3.11+ and the ``websockets`` package only (``pip install websockets``, or the project's
``bot`` extra); it does not import Monster Lair, so you can copy it and start your own bot from it.

First make a bot account (you must be signed in with a registered account): in the lobby's "Your bots"
panel, or ``POST /api/bots {"name": "randy"}``. The answer holds the bot's token, shown once. Then::

    export MONSTERLAIR_BOT_TOKEN=mlbot_...                       # or pass --token
    python examples/network_bot.py --server http://127.0.0.1:8000             # wait for an invitation
    python examples/network_bot.py --server http://127.0.0.1:8000 --table T --join   # take an open seat at T
    python examples/network_bot.py --server http://127.0.0.1:8000 --games 0   # play until stopped

A host invites the bot by its name when creating a table or from the seat panel. The bot plays every
table it is seated at (only ``--table`` with that option) and stops after ``--games`` finished games.
Exit status: 0 when the games are played, 1 when the bot lost its seat or could not join, 2 when the
server refused the token.

The protocol, in short (docs/server.md, "Bots over the network"): connect to ``/ws/bot`` with the header
``Authorization: Bearer <token>``; the server says ``hello``, then ``seated`` for each table where the bot
has a seat, ``turn`` (with ``view``, ``legal`` action texts and ``state_id``) whenever it must decide, and
``finished`` at the end. The bot answers a turn with ``{"type": "action", "table": ..., "state_id": ...,
"actions": [text]}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

FATAL = {"bad_token", "token_revoked", "token_in_url", "not_signed_in"}
"""Errors after which trying again cannot help."""


class Done(Exception):
    """The bot has finished, with an exit status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def socket_url(server: str) -> str:
    """``http://host:port`` → ``ws://host:port/ws/bot`` (``https`` → ``wss``)."""
    server = server.rstrip("/")
    if server.startswith("https://"):
        return "wss://" + server[len("https://") :] + "/ws/bot"
    if server.startswith("http://"):
        return "ws://" + server[len("http://") :] + "/ws/bot"
    if server.startswith(("ws://", "wss://")):
        return server if server.endswith("/ws/bot") else server + "/ws/bot"
    return "ws://" + server + "/ws/bot"


def describe(result: dict[str, Any] | None, seat: int) -> str:
    """One line about how the game ended for ``seat``."""
    if not result:
        return "the game ended"
    winners = result.get("winners") or []
    outcome = "won" if seat in winners else ("drew" if not winners else "lost")
    scores = result.get("scores")
    return f"you {outcome}" + (f" (scores {scores})" if scores else "")


class RandomBot:
    """Plays random legal actions, reproducibly for a given seed."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.games = 0
        self.actions = 0
        self.joined = False
        self.last_table: str | None = None
        self.pending = False  # an action was sent and no later turn has confirmed the table moved on

    def wanted(self, table_id: str | None) -> bool:
        """True for messages about the table the bot was told to play (any table without --table)."""
        return self.args.table is None or table_id == self.args.table

    async def run(self, ws: ClientConnection) -> None:
        """Read messages until the bot is done (raises :class:`Done`) or the connection drops."""

        async def send(message: dict[str, Any]) -> None:
            await ws.send(json.dumps(message))

        if self.args.table and self.args.join and not self.joined:
            # A join is answered by a "seated" message (or an error with the same ref).
            await send({"type": "join", "table": self.args.table, "seat": self.args.seat, "ref": "join"})
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")
            table = msg.get("table")
            table_id = table.get("id") if isinstance(table, dict) else table
            if kind in ("turn", "finished"):
                self.pending = False  # the server moved on: the action sent before this one was played
            if kind == "hello":
                print(f"signed in as {msg['bot']['name']}", flush=True)
            elif kind == "error":
                await self.on_error(msg, send)
            elif not self.wanted(table_id):
                continue
            elif kind == "seated":
                self.joined = True
                info = msg["table"]
                print(f"seated at table {info['id']} ({info['title']}), seat {msg['seat'] + 1}", flush=True)
            elif kind == "turn":
                action = self.rng.choice(msg["legal"])
                await send({"type": "action", "table": table_id, "state_id": msg["state_id"], "actions": [action]})
                self.actions += 1
                self.pending = True
                self.last_table = table_id
            elif kind == "finished":
                self.games += 1
                print(f"table {table_id} finished: {describe(msg.get('result'), msg['seat'])}", flush=True)
                if self.args.games and self.games >= self.args.games:
                    print(f"played {self.actions} actions in {self.games} game(s)", flush=True)
                    raise Done(0)
            elif kind == "unseated":
                print(f"no longer seated at table {table_id} ({msg.get('reason')})", flush=True)
                if self.args.table:
                    raise Done(1)

    async def on_error(self, msg: dict[str, Any], send: Any) -> None:
        code = msg.get("code")
        print(f"server: {code}: {msg.get('message')}", file=sys.stderr, flush=True)
        if code in FATAL:
            raise Done(2)
        if msg.get("ref") == "join":
            if code == "already_seated":
                self.joined = True
                return
            raise Done(1)
        table = msg.get("table")
        if self.pending and code in ("rate_limited", "stale_state", "not_your_turn", "illegal_action", "bad_action"):
            self.actions -= 1  # that action was refused (or never read): it was not played
            self.pending = False
        if code == "rate_limited":
            # The message was not read (so the error names no table): wait, then ask again.
            await asyncio.sleep(1.0)
            table = table or self.last_table
        if table and code in ("rate_limited", "illegal_action", "bad_action"):
            # Ask for the table again; a fresh "turn" follows if it is still this bot's decision.
            await send({"type": "sync", "table": table})
        # stale_state / not_your_turn: the table moved on; the next "turn" message says what to do.


async def main_async(args: argparse.Namespace) -> int:
    token = args.token or os.environ.get("MONSTERLAIR_BOT_TOKEN", "")
    if not token:
        print("Give the bot's token with --token or MONSTERLAIR_BOT_TOKEN.", file=sys.stderr)
        return 2
    bot = RandomBot(args)
    url = socket_url(args.server)
    for attempt in range(args.retries + 1):
        if attempt:
            await asyncio.sleep(min(10.0, 0.5 * 2**attempt))
            print(f"reconnecting (attempt {attempt} of {args.retries})", file=sys.stderr, flush=True)
        try:
            async with connect(url, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=10) as ws:
                await bot.run(ws)
        except Done as done:
            return done.status
        except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            print(f"connection to {url} lost: {exc}", file=sys.stderr, flush=True)
    return 1


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A Monster Lair bot that plays random legal actions over the network.")
    parser.add_argument("--server", default="http://127.0.0.1:8000", help="the server's address")
    parser.add_argument("--token", default="", help="the bot's token (better: MONSTERLAIR_BOT_TOKEN)")
    parser.add_argument("--table", help="play only at this table (its id)")
    parser.add_argument("--join", action="store_true", help="take an open seat at --table first")
    parser.add_argument("--seat", type=int, default=None, help="with --join: the seat number (from 0)")
    parser.add_argument("--games", type=int, default=1, help="stop after this many finished games (0: never)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the random choices")
    parser.add_argument("--retries", type=int, default=5, help="reconnect this many times after a lost connection")
    args = parser.parse_args(argv)
    if args.join and not args.table:
        parser.error("--join needs --table")
    return args


def main(argv: list[str] | None = None) -> int:
    return asyncio.run(main_async(parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
