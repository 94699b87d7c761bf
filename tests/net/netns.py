"""Throw-away network namespaces joined by a bridge: a private LAN for discovery tests.

Each `Lan` builds one "switch" namespace holding a bridge and N host namespaces, each joined to
the bridge by a veth pair, with addresses from 10.77.0.0/24 that exist only inside them. Names
are unique per process and per Lan, so tests can run in parallel. `close()` deletes every
namespace (which deletes its interfaces); it is safe to call twice and runs even when the test
failed. Nothing here touches the machine's own interfaces: multicast sent inside a namespace
never reaches the real network.
"""

import itertools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.net.impairing_hub import Impairment

_COUNTER = itertools.count()
SUBNET = "10.77.0"


_swept = False
_OURS = re.compile(r"^lp(?:h|sw)(\d+)x")


class NetnsUnavailable(RuntimeError):
    """Namespaces cannot be built here (not root, or no `ip`)."""


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        raise RuntimeError(f"`ip {' '.join(args)}` failed: {done.stderr.strip()}")


def check_available() -> None:
    if shutil.which("ip") is None:
        raise NetnsUnavailable("the `ip` command (iproute2) is not installed")
    if os.geteuid() != 0:
        raise NetnsUnavailable("building network namespaces needs root (run the tests as root)")


def _sweep_orphans() -> None:
    """Once per process: delete the namespaces of runs that were killed before they could
    (their tag's process is gone), so they never pile up on a developer's machine."""
    global _swept
    if _swept:
        return
    _swept = True
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=10)
    alive = {int(pid) % 100000 for pid in os.listdir("/proc") if pid.isdigit()}
    for line in listed.stdout.splitlines():
        name = line.split(" ")[0]
        match = _OURS.match(name)
        if match and int(match.group(1)) not in alive:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


@dataclass(frozen=True)
class Host:
    namespace: str
    interface: str
    address: str

    def command(self, argv: Sequence[str]) -> list[str]:
        """`argv` to run inside this host's namespace."""
        return ["ip", "netns", "exec", self.namespace, *argv]

    def popen(self, argv: Sequence[str], **kwargs: object) -> "subprocess.Popen[str]":
        return subprocess.Popen(self.command(argv), text=True, **kwargs)  # type: ignore[call-overload,no-any-return]

    def python(self, *args: str) -> list[str]:
        return self.command([sys.executable, *args])


class Lan:
    """`hosts` namespaces on one private bridge. Use as a context manager.

    With `impairment`, an impairing hub (tests/net/impairing_hub.py) joins them instead of the
    bridge: every frame between two hosts is late and sometimes lost, as on bad Wi-Fi.
    """

    def __init__(self, hosts: int = 2, impairment: Impairment | None = None) -> None:
        check_available()
        _sweep_orphans()
        tag = f"{os.getpid() % 100000}x{next(_COUNTER)}"
        self.switch = f"lpsw{tag}"
        self.hosts: list[Host] = []
        self.impairment = impairment
        self.hub: subprocess.Popen[str] | None = None
        self.hub_counts = ""
        """What the hub carried and lost, once it stopped ("frames=… lost=… sent=…")."""
        self._namespaces: list[str] = []
        try:
            self._add_namespace(self.switch)
            if impairment is None:
                _ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
                _ip("-n", self.switch, "link", "set", "br0", "up")
            for index in range(hosts):
                self._add_host(tag, index)
            if impairment is not None:
                self._start_hub(impairment)
        except BaseException:
            self.close()
            raise

    def _start_hub(self, impairment: Impairment) -> None:
        ports = [f"--port=lpb{index}" for index in range(len(self.hosts))]
        command = ["ip", "netns", "exec", self.switch, sys.executable, "-m",
                   "tests.net.impairing_hub", *ports, *impairment.arguments()]  # fmt: skip
        root = Path(__file__).resolve().parents[2]
        self.hub = subprocess.Popen(
            command, cwd=root, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(root)},
        )  # fmt: skip
        assert self.hub.stdout is not None
        if self.hub.stdout.readline().strip() != "ready":
            raise RuntimeError("the impairing hub did not start")

    def _add_namespace(self, name: str) -> None:
        _ip("netns", "add", name)
        self._namespaces.append(name)
        _ip("-n", name, "link", "set", "lo", "up")

    def _add_host(self, tag: str, index: int) -> None:
        name = f"lph{tag}h{index}"
        self._add_namespace(name)
        inside, outside = f"lpv{index}", f"lpb{index}"
        # Create the pair inside the switch namespace, then move one end into the host, so no
        # interface ever appears in the machine's own namespace.
        _ip("-n", self.switch, "link", "add", inside, "type", "veth", "peer", "name", outside)
        _ip("-n", self.switch, "link", "set", inside, "netns", name)
        if self.impairment is None:
            _ip("-n", self.switch, "link", "set", outside, "master", "br0")
        else:
            # The hub reads frames for every host, and can only send one MTU at a time.
            _ip("-n", self.switch, "link", "set", outside, "promisc", "on")
            _ip("-n", name, "link", "set", inside, "gso_max_segs", "1")
        _ip("-n", self.switch, "link", "set", outside, "up")
        address = f"{SUBNET}.{index + 10}"
        _ip("-n", name, "addr", "add", f"{address}/24", "dev", inside)
        _ip("-n", name, "link", "set", inside, "up")
        _ip("-n", name, "route", "add", "224.0.0.0/4", "dev", inside)
        self.hosts.append(Host(name, inside, address))

    def isolate(self, a: Host, b: Host) -> None:
        """`a` and `b` can no longer reach each other (as on Wi-Fi that isolates its clients);
        both still reach every other host."""
        _ip("-n", a.namespace, "route", "add", "blackhole", f"{b.address}/32")
        _ip("-n", b.namespace, "route", "add", "blackhole", f"{a.address}/32")

    def reunite(self, a: Host, b: Host) -> None:
        """`a` and `b` reach each other again (after `isolate`)."""
        _ip("-n", a.namespace, "route", "del", "blackhole", f"{b.address}/32")
        _ip("-n", b.namespace, "route", "del", "blackhole", f"{a.address}/32")

    def unplug(self, host: Host) -> None:
        """`host`'s cable is pulled: its frames go nowhere and nothing answers for it (no
        refusal, no reset), as when a lid closes or the Wi-Fi is lost."""
        _ip("-n", self.switch, "link", "set", "lpb" + host.interface.removeprefix("lpv"), "down")

    def plug(self, host: Host) -> None:
        _ip("-n", self.switch, "link", "set", "lpb" + host.interface.removeprefix("lpv"), "up")

    def black_hole(self, host: Host, address: str = "10.0.0.9") -> None:
        """From `host`, `address` leads into a black hole: its frames go out to the bridge
        addressed to a network card that does not exist, so a connection's SYN leaves and
        nothing ever answers (no refusal, no ICMP, no failed ARP), as for an address where no
        laptop is any more."""
        _ip("-n", host.namespace, "route", "add", f"{address}/32", "dev", host.interface)
        _ip("-n", host.namespace, "neigh", "add", address, "lladdr", "02:00:00:00:de:ad",
            "dev", host.interface, "nud", "permanent")  # fmt: skip

    def close(self) -> None:
        if self.hub is not None:
            self.hub.terminate()
            try:
                self.hub_counts = self.hub.communicate(timeout=10)[0].strip()
            except subprocess.TimeoutExpired:
                self.hub.kill()
                self.hub.wait(5)
            self.hub = None
        for name in reversed(self._namespaces):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)
            Path(f"/run/netns/{name}").unlink(missing_ok=True)
        self._namespaces.clear()

    def __enter__(self) -> "Lan":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def lan_for_test(hosts: int) -> Iterator[Lan]:
    """A fixture's Lan of `hosts` namespaces, removed afterwards; without root the test is
    skipped, except in CI (CI=true), where it fails: these tests must run there."""
    import pytest

    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"tests in network namespaces must run in CI: {missing}")
        pytest.skip(str(missing))
    with Lan(hosts=hosts) as built:
        yield built
