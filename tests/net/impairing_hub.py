"""An impairing hub: a bad Wi-Fi between throw-away namespaces, for soak tests and benchmarks.

The kernel here has no `netem`, so this process stands in for the bridge of a `Lan`: it reads
every Ethernet frame that arrives on its ports (the switch ends of the hosts' veth pairs, in the
switch namespace) and copies it to every other port, each copy late by a delay drawn uniformly
from `delay ± jitter` and lost with probability `loss`. Frames on one path keep their order, as
on one Wi-Fi link. Unicast frames reach the other hosts too (it is a hub, not a switch); their
kernels drop what is not addressed to them.

Run it inside the switch namespace:

    python -m tests.net.impairing_hub --port lpb0 --port lpb1 --delay 0.2 --jitter 0.05 --loss 0.1

It stops on SIGTERM or SIGINT, or after `--life` seconds at the latest. The hosts' interfaces
must send frames of at most one MTU (`gso_max_segs 1`), which `Lan` sets, since a raw socket
cannot send the 64 KiB segments the kernel otherwise hands to a veth.
"""

import argparse
import heapq
import itertools
import random
import select
import signal
import socket
import struct
import sys
import time
from dataclasses import dataclass

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
SOL_PACKET = 263
PACKET_AUXDATA = 8
TP_STATUS_CSUMNOTREADY = 0x8
_AUX = struct.Struct("=IIIHHHH")
MAX_FRAME = 65536


@dataclass(frozen=True)
class Impairment:
    """What every path between two hosts suffers."""

    delay: float = 0.2
    """Mean one-way delay, in seconds."""
    jitter: float = 0.05
    """The delay varies uniformly by up to this much either way, in seconds."""
    loss: float = 0.1
    """Probability that one frame is lost on one path."""

    def arguments(self) -> list[str]:
        return [
            "--delay", str(self.delay), "--jitter", str(self.jitter), "--loss", str(self.loss)
        ]  # fmt: skip


def _checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    total: int = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def complete_checksum(frame: bytes) -> bytes:
    """The frame with its IPv4 TCP or UDP checksum filled in.

    A frame captured on a veth may leave the transport checksum to the hardware that a veth does
    not have; once it goes out through a raw socket nobody would compute it, and the receiver
    would drop the segment.
    """
    if len(frame) < 34 or frame[12:14] != b"\x08\x00":
        return frame
    header = (frame[14] & 0x0F) * 4
    protocol = frame[23]
    total = struct.unpack("!H", frame[16:18])[0]
    start, end = 14 + header, 14 + total
    offset = {6: 16, 17: 6}.get(protocol)
    if offset is None or end > len(frame) or end - start < offset + 2:
        return frame
    segment = bytearray(frame[start:end])
    segment[offset : offset + 2] = b"\0\0"
    pseudo = frame[26:34] + struct.pack("!BBH", 0, protocol, len(segment))
    value = _checksum(pseudo + bytes(segment)) or (0xFFFF if protocol == 17 else 0)
    segment[offset : offset + 2] = struct.pack("!H", value)
    return frame[:start] + bytes(segment) + frame[end:]


class Hub:
    """Copies frames between raw sockets, late and sometimes not at all."""

    def __init__(self, ports: list[str], impairment: Impairment, seed: int | None) -> None:
        self.impairment = impairment
        self.random = random.Random(seed)
        self.sockets: list[socket.socket] = []
        for name in ports:
            raw = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
            raw.setsockopt(SOL_PACKET, PACKET_AUXDATA, 1)
            raw.bind((name, 0))
            raw.setblocking(False)
            self.sockets.append(raw)
        self._queue: list[tuple[float, int, int, bytes]] = []
        self._order = itertools.count()
        self._last_due = [[0.0] * len(ports) for _ in ports]
        self.counts = {"frames": 0, "lost": 0, "sent": 0}

    def _receive(self, index: int) -> None:
        raw = self.sockets[index]
        for _ in range(256):
            try:
                frame, ancillary, _flags, address = raw.recvmsg(MAX_FRAME, 64)
            except BlockingIOError:
                return
            if address[2] == PACKET_OUTGOING:
                continue
            for level, kind, data in ancillary:
                aux = level == SOL_PACKET and kind == PACKET_AUXDATA and len(data) >= _AUX.size
                if aux and _AUX.unpack_from(data)[0] & TP_STATUS_CSUMNOTREADY:
                    frame = complete_checksum(frame)
            self._spread(index, frame)

    def _spread(self, source: int, frame: bytes) -> None:
        self.counts["frames"] += 1
        now = time.monotonic()
        impairment = self.impairment
        for target in range(len(self.sockets)):
            if target == source:
                continue
            if self.random.random() < impairment.loss:
                self.counts["lost"] += 1
                continue
            late = impairment.delay + self.random.uniform(-impairment.jitter, impairment.jitter)
            due = max(now + max(late, 0.0), self._last_due[source][target])
            self._last_due[source][target] = due
            heapq.heappush(self._queue, (due, next(self._order), target, frame))

    def _send_due(self) -> None:
        now = time.monotonic()
        while self._queue and self._queue[0][0] <= now:
            _due, _order, target, frame = heapq.heappop(self._queue)
            try:
                self.sockets[target].send(frame)
                self.counts["sent"] += 1
            except OSError:
                self.counts["lost"] += 1

    def run(self, life: float) -> None:
        stopping = False

        def stop(*_: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        end = time.monotonic() + life
        while not stopping and time.monotonic() < end:
            wait = 0.05
            if self._queue:
                wait = min(wait, max(0.0, self._queue[0][0] - time.monotonic()))
            try:
                ready, _, _ = select.select(self.sockets, [], [], wait)
            except InterruptedError:
                continue
            for raw in ready:
                self._receive(self.sockets.index(raw))
            self._send_due()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", action="append", required=True, help="an interface to serve")
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--loss", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--life", type=float, default=3600.0, help="stop after this many s")
    args = parser.parse_args(argv)
    hub = Hub(args.port, Impairment(args.delay, args.jitter, args.loss), args.seed)
    print("ready", flush=True)
    hub.run(args.life)
    print(" ".join(f"{key}={value}" for key, value in hub.counts.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
