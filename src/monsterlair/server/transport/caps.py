"""How many WebSockets one account and one client address may hold open at once (on this process).

A table page holds one socket, so the caps count open tabs: ``WS_MAX_PER_ACCOUNT`` (16) is far more tables
than one person follows at once, and ``WS_MAX_PER_ADDRESS`` (64) leaves room for a household, an office or a
classroom behind one address. A socket past either cap is accepted only to be told why in words (an
``error`` with code ``too_many_connections``) and closed with :data:`CLOSE_TOO_MANY`; the page shows the
words and tries again later. A signed-in socket counts against its account and its address, an anonymous
one (a spectator) against its address only. Counts are per server process; ``RATE_LIMITS=false`` (a load
test on a private machine) lifts both caps.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

CLOSE_TOO_MANY = 4429
"""The close code of a socket refused by a cap (the page shows the error sent before it and retries later)."""


@dataclasses.dataclass(slots=True, eq=False)
class Ticket:
    """One open socket as counted: give it back with :meth:`SocketCaps.release`."""

    account: int | None
    address: str
    released: bool = False


class SocketCaps:
    """Open sockets per account and per address, and the caps on them."""

    def __init__(self, per_account: int, per_address: int, *, enabled: bool = True) -> None:
        self.per_account = per_account
        self.per_address = per_address
        self.enabled = enabled
        self._accounts: Counter[int] = Counter()
        self._addresses: Counter[str] = Counter()

    def take(self, account: int | None, address: str) -> Ticket | str:
        """Count one more socket, or say in players' words why it is refused (nothing is counted then)."""
        if self.enabled:
            if account is not None and self._accounts[account] >= self.per_account:
                return (
                    f"You already have {self.per_account} table pages open (in this browser and others), the most "
                    "one account may have at once. Close a few of them; this page tries again by itself."
                )
            if self._addresses[address] >= self.per_address:
                return (
                    f"{self.per_address} connections are already open from your network, the most one address may "
                    "have at once. Close some table pages (here or on other devices sharing your connection); this "
                    "page tries again by itself."
                )
        if account is not None:
            self._accounts[account] += 1
        self._addresses[address] += 1
        return Ticket(account, address)

    def release(self, ticket: Ticket) -> None:
        """The socket closed (a second release of one ticket changes nothing)."""
        if ticket.released:
            return
        ticket.released = True
        if ticket.account is not None:
            self._accounts[ticket.account] -= 1
            if self._accounts[ticket.account] <= 0:
                del self._accounts[ticket.account]
        self._addresses[ticket.address] -= 1
        if self._addresses[ticket.address] <= 0:
            del self._addresses[ticket.address]

    def counts(self, account: int | None = None, address: str | None = None) -> tuple[int, int]:
        """Sockets open now for an account and for an address (for tests and diagnostics)."""
        return (
            0 if account is None else self._accounts[account],
            0 if address is None else self._addresses[address],
        )
