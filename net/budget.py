"""What each member may send: a rate and a quota, per phase of the table (docs/protocol.md,
"Limits"). The mesh asks before it takes a message and counts what it keeps."""

from dataclasses import dataclass, field

from net.guard import Bucket


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


LOBBY_BUDGET = Budget(20, 60, 256 * 1024, 1024 * 1024, 1000, 1024 * 1024)
"""Before the start: requests and chat."""
GAME_BUDGET = Budget(2000, 5000, 4 * 1024 * 1024, 8 * 1024 * 1024, 100_000, 48 * 1024 * 1024)
"""After the start: game batches of at most GAME_BATCH bytes. A laptop sends about 0.4 MB in a
whole Purrfect game of seven seats, and 200 to 2000 messages; the quota (what this laptop keeps
of one member in its journal) bounds what a flooder costs it, and cuts the flooder off."""


@dataclass
class Account:
    """One member's use of its budget."""

    messages: Bucket
    size: Bucket
    kept_messages: int = 0
    kept_bytes: int = 0
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
        """The table's phase changed: every member's rate follows (quotas count on)."""
        if budget == self.budget:
            return
        self.budget = budget
        for account in self.accounts.values():
            account.messages = Bucket(budget.messages_per_second, budget.message_burst)
            account.size = Bucket(budget.bytes_per_second, budget.byte_burst)

    def keep(self, key: bytes, size: int) -> None:
        account = self.account(key)
        account.kept_messages += 1
        account.kept_bytes += size

    def wait(self, key: bytes, now: float, size: int) -> float:
        """Seconds before the member's next message of `size` bytes fits its rate."""
        if key in self.exempt:
            return 0.0
        account = self.account(key)
        return max(account.messages.wait(now), account.size.wait(now, size))

    def over_quota(self, key: bytes, size: int) -> str | None:
        """Why keeping one more message of `size` bytes would put the member over its quota."""
        account, quota = self.account(key), self.budget
        if key in self.exempt or (
            account.kept_messages + 1 <= quota.quota_messages
            and account.kept_bytes + size <= quota.quota_bytes
        ):
            return None
        return (
            f"over its quota ({quota.quota_messages} messages or "
            f"{quota.quota_bytes // 1024} KiB kept at this stage of the table)"
        )
