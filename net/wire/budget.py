"""What each member may send: a rate and a quota, per stage of the table (docs/protocol.md,
§5 "Rate" and "Quota"). The mesh asks before it takes a message and counts what it keeps.

A stage is the lobby or one game: what a member may have kept is counted afresh when the table
moves from one to the other, so a long party of many games never adds up to a cut-off, and a
flood is measured against what one game needs."""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from net.wire.guard import Bucket


@dataclass(frozen=True)
class Budget:
    """What one member may send: a rate (messages and bytes a second, with bursts) and a
    quota of what this peer keeps of it in its journal."""

    messages_per_second: float
    message_burst: float
    bytes_per_second: float
    byte_burst: float
    quota_messages: int
    quota_bytes: int
    stage: str = "at this stage of the table"
    """The stage, as the reason of a cut-off says it ("during a game")."""
    allowances: tuple[tuple[str, int], ...] = ()
    """(body kind, how many of that kind a member may have kept in this stage): kinds an
    honest laptop sends only a few of, so that a flood of them is cut off at once instead of
    at the quota."""

    def allowance(self, kind: str) -> int | None:
        return next((most for name, most in self.allowances if name == kind), None)


LOBBY_BUDGET = Budget(20, 60, 256 * 1024, 1024 * 1024, 1000, 1024 * 1024, "before the start")
"""Before the start: requests and chat."""
GAME_BUDGET = Budget(
    messages_per_second=2000,
    message_burst=5000,
    bytes_per_second=4 * 1024 * 1024,
    byte_burst=8 * 1024 * 1024,
    quota_messages=12_000,
    quota_bytes=12 * 1024 * 1024,
    stage="during a game",
    allowances=(("req", 64), ("refused", 64), ("sealed", 64), ("chat", 5000)),
)
"""During a game: game batches of at most GAME_BATCH bytes. The largest honest member, a laptop
playing six seats of a seven-seat Purrfect game, has about 730 messages and 2.4 MB kept per
game; a person adds at most a `seen` a second and a chat line every 2 s. The quota (what this
laptop keeps of one member in a game) bounds what a flood costs it: 12 000 messages (the CPU of
checking them, up to 0.3 ms each, and about 1 KB of memory each) and 12 MiB (its journal, and
its memory, which holds them too). Requests mean nothing during a game but a `leave` (the host
answers none): only those sent as the game started are on their way. A `refused` answers a
request before the start (a host of an earlier release of protocol 9 also answers those on
their way during a game); `sealed` carries the game key to each member; the app sends a chat
line or an emote every 2 s at most (after 5 at once), a person at a terminal less.
(docs/protocol.md §5, "Quota"; the figures in docs/benchmarks.md)"""


def counted_as(body: Mapping[str, Any]) -> str:
    """The kind a member's body counts as against its allowances: its `k`, except that a chat
    line or an emote (an `app` body, docs/protocol.md "Chat") counts as `chat`."""
    kind, data = body.get("k"), body.get("d")
    if kind == "app" and (isinstance(data, str) or (isinstance(data, dict) and "emote" in data)):
        return "chat"
    return kind if isinstance(kind, str) else ""


@dataclass
class Account:
    """One member's use of its budget."""

    messages: Bucket
    size: Bucket
    kept_messages: int = 0
    kept_bytes: int = 0
    kept_kinds: Counter[str] = field(default_factory=Counter)
    """Messages kept in this stage, by body kind (those with an allowance)."""
    strikes: int = 0


@dataclass
class Budgets:
    """Every member's account under the table's current budget."""

    budget: Budget = LOBBY_BUDGET
    exempt: frozenset[bytes] = frozenset()
    """Peers whose messages no rate or quota limits (the host, before the start: every
    newcomer must download its table states at once, and the host orders the lobby)."""
    accounts: dict[bytes, Account] = field(default_factory=dict)

    def account(self, key: bytes) -> Account:
        account = self.accounts.get(key)
        if account is None:
            b = self.budget
            account = self.accounts[key] = Account(
                Bucket(b.messages_per_second, b.message_burst),
                Bucket(b.bytes_per_second, b.byte_burst),
            )
        return account

    def set(self, budget: Budget) -> None:
        """The table's stage changed (the lobby, a game): every member's rate follows, and
        what each has kept is counted afresh."""
        if budget == self.budget:
            return
        self.budget = budget
        for account in self.accounts.values():
            account.messages = Bucket(budget.messages_per_second, budget.message_burst)
            account.size = Bucket(budget.bytes_per_second, budget.byte_burst)
            account.kept_messages = account.kept_bytes = 0
            account.kept_kinds.clear()

    def keep(self, key: bytes, size: int, kind: str = "") -> None:
        account = self.account(key)
        account.kept_messages += 1
        account.kept_bytes += size
        if self.budget.allowance(kind) is not None:
            account.kept_kinds[kind] += 1

    def wait(self, key: bytes, now: float, size: int) -> float:
        """Seconds before the member's next message of `size` bytes fits its rate."""
        if key in self.exempt:
            return 0.0
        account = self.account(key)
        return max(account.messages.wait(now), account.size.wait(now, size))

    def over_quota(self, key: bytes, size: int, kind: str = "") -> str | None:
        """Why keeping one more message of `size` bytes and body kind `kind` would put the
        member over its quota or its allowance of that kind (None: it fits)."""
        account, quota = self.account(key), self.budget
        if key in self.exempt:
            return None
        most = quota.allowance(kind)
        if most is not None and account.kept_kinds[kind] + 1 > most:
            return f"over its allowance ({most} {kind!r} messages {quota.stage})"
        if (
            account.kept_messages + 1 <= quota.quota_messages
            and account.kept_bytes + size <= quota.quota_bytes
        ):
            return None
        return (
            f"over its quota ({quota.quota_messages} messages or "
            f"{quota.quota_bytes // 1024} KiB kept {quota.stage})"
        )
