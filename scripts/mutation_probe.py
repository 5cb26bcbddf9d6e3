"""Mutation probe of the server's security-relevant code: break each guard once, run its tests, count kills.

Each mutant replaces one exact snippet of one source file (it must occur exactly once) and runs the test
files that should notice. A mutant is *killed* when those tests fail, and *survives* when they pass: a
guard no test defends. The file is restored after each mutant, also on Ctrl-C.

    .venv/bin/python scripts/mutation_probe.py             # every mutant; prints the kill ratio
    .venv/bin/python scripts/mutation_probe.py --list      # what would be broken, and where
    .venv/bin/python scripts/mutation_probe.py -k csrf     # only mutants whose name contains "csrf"

Run it on a clean work tree (it edits files in place, one at a time). A full run takes a few minutes.
The latest figures are in docs/server.md ("Tests").
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = "src/monsterlair/server/"


@dataclass(frozen=True)
class Mutant:
    """One broken guard: in ``path``, ``old`` becomes ``new``; ``tests`` should notice."""

    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = (
    # --- the three that survived the first probe (issue 15) -------------------------------------------------
    Mutant(
        "replay: any invite string opens a private game",
        SERVER + "api/routes/replays.py",
        "if meta.private and not member and invite != meta.invite:",
        "if meta.private and not member and invite is None:",
        ("tests/server/test_guarded_defences.py",),
    ),
    Mutant(
        "lobby: private games in the live list",
        SERVER + "api/routes/tables.py",
        "live = await store.list_tables(status=PLAYING, public_only=True",
        "live = await store.list_tables(status=PLAYING, public_only=False",
        ("tests/server/test_guarded_defences.py",),
    ),
    Mutant(
        "undo: the check for moves that used chance removed",
        SERVER + "tables/undo.py",
        "if rng_fingerprint(again) != rng_fingerprint(before):",
        "if False:",
        ("tests/server/test_guarded_defences.py",),
    ),
    # --- who may see and act ------------------------------------------------------------------------------
    Mutant(
        "table: any invite opens a private table",
        SERVER + "tables/table.py",
        "(invite is not None and invite == self.meta.invite)",
        "(invite is not None)",
        ("tests/server/test_guarded_defences.py", "tests/server/test_api_tables.py"),
    ),
    Mutant(
        "table: anyone seated may act out of turn",
        SERVER + "tables/table.py",
        'if self.state.to_move != seat:\n            raise TableError("not_your_turn"',
        'if False:\n            raise TableError("not_your_turn"',
        ("tests/server/test_ws.py", "tests/server/test_turns.py"),
    ),
    Mutant(
        "redaction: snapshots carry every event whole",
        SERVER + "tables/table.py",
        '"log": [e.for_seat(seat) for e in self.log],',
        '"log": [e.for_seat(seat, reveal_all=True) for e in self.log],',
        ("tests/server/test_guarded_defences.py", "tests/server/test_redaction.py"),
    ),
    Mutant(
        "profile: private games listed to anyone",
        SERVER + "storage/sql.py",
        "                    query = query.where(TableRow.private.is_(False))\n                else:",
        "                    pass\n                else:",
        ("tests/server/test_api_players.py",),
    ),
    Mutant(
        "websocket: connections from other sites accepted",
        SERVER + "transport/ws.py",
        'return same_origin(origin, websocket.headers.get("host", ""))',
        "return True",
        ("tests/server/test_ws.py",),
    ),
    # --- accounts and sessions ----------------------------------------------------------------------------
    Mutant(
        "login: a wrong password signs in",
        SERVER + "api/routes/auth.py",
        "if user is None or not ok:",
        "if user is None:",
        ("tests/server/test_api_auth.py",),
    ),
    Mutant(
        "logout: the session is not revoked",
        SERVER + "api/routes/auth.py",
        '    await signer.end()\n    response.delete_cookie(COOKIE, path="/")',
        '    response.delete_cookie(COOKIE, path="/")',
        ("tests/server/test_sessions.py",),
    ),
    Mutant(
        "password change: other sessions survive",
        SERVER + "api/routes/auth.py",
        "await signer.start(changed, end_all=True)",
        "await signer.start(changed)",
        ("tests/server/test_sessions.py",),
    ),
    Mutant(
        "sessions: never expire",
        SERVER + "accounts/auth.py",
        "return session.last_seen <= now - timedelta(seconds=IDLE) or",
        "return False and",
        ("tests/server/test_sessions.py",),
    ),
    Mutant(
        "sessions: an open socket outlives its revoked session",
        SERVER + "transport/ws.py",
        "        if found is None or found[1].id != conn.user_id:",
        "        if False:",
        ("tests/server/test_sessions.py",),
    ),
    Mutant(
        "sessions: revoke someone else's",
        SERVER + "storage/sql.py",
        "query = delete(SessionRow).where(SessionRow.user_id == user_id)",
        "query = delete(SessionRow)",
        ("tests/server/test_sessions.py",),
    ),
    # --- requests -----------------------------------------------------------------------------------------
    Mutant(
        "csrf: another site's Origin accepted",
        SERVER + "api/guards.py",
        "    if origin is not None:\n        return same_origin(origin, host)",
        "    if origin is not None:\n        return True",
        ("tests/server/test_request_guards.py",),
    ),
    Mutant(
        "csrf: a cookie without Origin or Referer accepted",
        SERVER + "api/guards.py",
        "return not has_session_cookie(headers)",
        "return True",
        ("tests/server/test_request_guards.py",),
    ),
    Mutant(
        "body: no size limit while streaming",
        SERVER + "api/guards.py",
        "if size > self.max_body_bytes:",
        "if False:",
        ("tests/server/test_request_guards.py",),
    ),
    Mutant(
        "bots: a bot token hosts a table",
        SERVER + "api/routes/tables.py",
        '    if user.is_bot:\n        raise ApiError("bots_cannot_host"',
        '    if False:\n        raise ApiError("bots_cannot_host"',
        ("tests/server/test_request_guards.py",),
    ),
    Mutant(
        "errors: outages answered 500",
        SERVER + "api/errors.py",
        'return error_response("unavailable", UNAVAILABLE, retry_after=5)',
        "return await on_failure(_request, exc)",
        ("tests/server/test_request_guards.py",),
    ),
    # --- limits -------------------------------------------------------------------------------------------
    Mutant(
        "rate limits: never refuse",
        SERVER + "api/ratelimit.py",
        "if not await limiter.test(item, rule, key):",
        "if False:",
        ("tests/server/test_rate_limits.py",),
    ),
    Mutant(
        "rate limits: logins to one account not counted",
        SERVER + "api/routes/auth.py",
        'await limits.require("login_account", username, "login attempts to this account")',
        "pass",
        ("tests/server/test_rate_limits.py",),
    ),
    Mutant(
        "tables: no cap on open tables",
        SERVER + "api/routes/tables.py",
        ">= settings.max_open_tables:",
        ">= 10**9:",
        ("tests/server/test_rate_limits.py",),
    ),
    Mutant(
        "hashing: the pool is unbounded",
        SERVER + "accounts/auth.py",
        "if self._busy >= self._slots:",
        "if False:",
        ("tests/server/test_rate_limits.py",),
    ),
    # --- ratings, seeds, files, Redis ---------------------------------------------------------------------
    Mutant(
        "ratings: guests are rated",
        SERVER + "accounts/ratings.py",
        "if any(s.user_id in guests for s in meta.seats):",
        "if False:",
        ("tests/server/test_ratings.py",),
    ),
    Mutant(
        "ratings: games with a bot are rated",
        SERVER + "accounts/ratings.py",
        "if any(s.user_id is None or s.bot_account for s in meta.seats):",
        "if False:",
        ("tests/server/test_ratings.py",),
    ),
    Mutant(
        "seeds: a 48-bit space",
        "src/monsterlair/core/rng.py",
        "return secrets.randbits(SEED_BITS)",
        "return secrets.randbits(48)",
        ("tests/server/test_hardening.py",),
    ),
    Mutant(
        "sqlite: an old world-readable file stays so",
        SERVER + "storage/sql.py",
        "            one.chmod(0o600)",
        "            pass",
        ("tests/server/test_hardening.py",),
    ),
    Mutant(
        "redis: a lease granted while Redis is away",
        SERVER + "tables/fanout.py",
        'log.warning("lease %s: Redis did not answer (%s); waiting for it", name, exc)\n            return False',
        'log.warning("lease %s: Redis did not answer (%s); waiting for it", name, exc)\n            return True',
        ("tests/server/test_fanout.py",),
    ),
    Mutant(
        "redis: a process starts without its Redis",
        SERVER + "tables/fanout.py",
        "            await self.close()\n            raise RedisUnreachable(",
        "            return\n            raise RedisUnreachable(",
        ("tests/server/test_fanout.py", "tests/server/test_hardening.py"),
    ),
)


def run_tests(tests: tuple[str, ...], timeout: float) -> bool:
    """True if the tests pass (the mutant survives)."""
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", "-m", "not browser"]
    try:
        done = subprocess.run([*cmd, *tests], cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return False  # a hang counts as noticed
    return done.returncode == 0


def probe(mutant: Mutant, timeout: float) -> bool:
    """True if the mutant is killed."""
    path = ROOT / mutant.path
    original = path.read_text(encoding="utf-8")
    if original.count(mutant.old) != 1:
        raise SystemExit(f"{mutant.name}: the snippet occurs {original.count(mutant.old)} times in {mutant.path}")
    try:
        path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
        return not run_tests(mutant.tests, timeout)
    finally:
        path.write_text(original, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", default="", help="only mutants whose name contains this")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds one mutant's tests may take")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if args.k.lower() in m.name.lower()]
    if args.list:
        for m in chosen:
            print(f"{m.name}: {m.path} ({', '.join(m.tests)})")
        return
    if not run_tests(tuple(sorted({t for m in chosen for t in m.tests})), args.timeout * 3):
        raise SystemExit("the tests fail before any mutation; fix them first")
    survivors = []
    start = time.monotonic()
    for m in chosen:
        killed = probe(m, args.timeout)
        print(f"{'killed ' if killed else 'SURVIVED'}  {m.name}", flush=True)
        if not killed:
            survivors.append(m.name)
    kills = len(chosen) - len(survivors)
    print(
        f"\n{kills} of {len(chosen)} mutants killed ({100 * kills / max(1, len(chosen)):.0f} %) "
        f"in {time.monotonic() - start:.0f} s"
    )
    if survivors:
        print("survivors:\n  " + "\n  ".join(survivors))
        raise SystemExit(1)


if __name__ == "__main__":
    main()
