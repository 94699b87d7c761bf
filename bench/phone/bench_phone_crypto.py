"""What a phone's checks of lanpurr's proofs cost in a real browser: headless Chromium on this
machine, at full speed and with the CPU throttled 4× (a phone's stand-in), beside the same
checks in lanpurr's Python.

    PYTHONPATH=. .venv/bin/python bench/phone/bench_phone_crypto.py [--runs 15] [--loads 2]

1. fetches libsodium's JavaScript build (`libsodium-wrappers-sumo`, pinned below) from the npm
   registry into bench/phone/vendor/ if it is not there (git-ignored);
2. writes test vectors with lanpurr's own code (`make_vectors.py`): proofs of a shuffle for
   10 and 52 cards, decryption shares with their proof, the frames of one Momistigri blind
   draw, and a tampered copy of each;
3. serves bench/phone/ on 127.0.0.1 and opens www/index.html in headless Chromium through
   chromedriver: the page checks every vector (every verdict must be lanpurr's, or nothing is
   timed) and times the genuine ones, `--runs` times each after two warm-up runs;
4. does so `--loads` times at full speed and `--loads` times under
   `Emulation.setCPUThrottlingRate` 4, and prints the p50 of each.

Needs Debian's `chromium` and `chromium-driver` and the `selenium` package (a bench-only
dependency: `pip install selenium`; the app does not use it). Nothing leaves 127.0.0.1.
"""

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

HERE = Path(__file__).resolve().parent
VENDOR = HERE / "vendor"
PACKAGE = "libsodium-wrappers-sumo"
VERSION = "0.8.4"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def ensure_library() -> dict[str, str]:
    """The pinned libsodium build in vendor/, fetched with npm when missing; its versions."""
    manifest = VENDOR / "node_modules" / PACKAGE / "package.json"
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != VERSION:
        VENDOR.mkdir(exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(VENDOR), "--no-audit", "--no-fund",
             "--ignore-scripts", f"{PACKAGE}@{VERSION}"],
            check=True,
        )  # fmt: skip
    core = VENDOR / "node_modules" / "libsodium-sumo" / "package.json"
    return {PACKAGE: VERSION, "libsodium-sumo": json.loads(core.read_text())["version"]}


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve() -> ThreadingHTTPServer:
    handler = functools.partial(_Quiet, directory=str(HERE))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(profile: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--user-data-dir={profile}"):  # fmt: skip
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def load(driver: Any, url: str, rate: int) -> dict[str, Any]:
    """One page load at CPU throttling `rate` (1: none); the page's result."""
    from selenium.common.exceptions import TimeoutException

    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
    driver.get(url)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        try:
            result = driver.execute_script("return window.benchResult || null;")
        except TimeoutException:  # the page is inside a long check: ask again
            continue
        if result is not None:
            if "error" in result:
                raise RuntimeError(f"the page failed: {result['error']}")
            return dict(result)
        time.sleep(0.2)
    raise TimeoutError("the page gave no result within 10 minutes")


def python_figures(vectors: dict[str, Any], runs: int) -> dict[str, float]:
    """The same checks, and the proofs a seat makes, in lanpurr's Python here (ms, p50)."""
    from lanpurr.fair import group, proofs, shuffle_proof
    from lanpurr.fair.masked_deck import card_points, open_deck, shuffle

    shuffle_proof.REMEMBER = False

    def p50(run: Callable[[], object]) -> float:
        run()
        times = []
        for _ in range(runs):
            proofs.verify_dleq.cache_clear()
            proofs._verify_dleq_many.cache_clear()
            start = time.perf_counter()
            run()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    def cards(blob: bytes) -> list[tuple[bytes, bytes]]:
        return [(blob[k : k + 32], blob[k + 32 : k + 64]) for k in range(0, len(blob), 64)]

    def words(blob: bytes) -> list[bytes]:
        return [blob[k : k + 32] for k in range(0, len(blob), 32)]

    out: dict[str, float] = {}
    for v in vectors["shuffles"]:
        if v["expect"]:
            args = [cards(bytes.fromhex(v["deck_in"])), cards(bytes.fromhex(v["deck_out"])),
                    bytes.fromhex(v["key"]), bytes.fromhex(v["proof"]),
                    bytes.fromhex(v["context"])]  # fmt: skip
            out[v["name"]] = p50(lambda args=args: shuffle_proof.verify_shuffle(*args))
    for v in vectors["deals"]:
        if v["expect"]:
            deal = [
                shuffle_proof.Shuffled(
                    cards(bytes.fromhex(s["deck_in"])), cards(bytes.fromhex(s["deck_out"])),
                    bytes.fromhex(s["proof"]), bytes.fromhex(s["context"]),
                )
                for s in v["shuffles"]
            ]  # fmt: skip
            key = bytes.fromhex(v["key"])
            out[v["name"]] = p50(lambda d=deal, k=key: shuffle_proof.verify_shuffles(d, k))
    for v in vectors["shares"]:
        if v["expect"]:
            args = [bytes.fromhex(v["a"]), words(bytes.fromhex(v["bases"])),
                    words(bytes.fromhex(v["values"])), bytes.fromhex(v["proof"]),
                    bytes.fromhex(v["context"])]  # fmt: skip
            out[v["name"]] = p50(lambda args=args: proofs.verify_dleq_many(*args))
    # What a seat's own proofs cost its laptop (a phone seat would make them itself).
    key = group.base_mul(group.random_scalar())
    x = group.random_scalar()
    for n in (10, 52):
        deck, _ = shuffle(open_deck(card_points("phone-bench", n), key), key)
        out[f"make: a re-shuffle of {n} cards and its proof of a shuffle"] = p50(
            lambda d=deck: _prove(d, key)
        )
    for m in (1, 40):
        bases = [group.base_mul(group.random_scalar()) for _ in range(m)]
        out[f"make: {m} decryption share(s) with their proof"] = p50(
            lambda b=bases: proofs.prove_dleq_many(
                x, group.base_mul(x), b, [group.mul(x, c) for c in b], b"c"
            )
        )
    return out


def _prove(deck: list[tuple[bytes, bytes]], key: bytes) -> bytes:
    from lanpurr.fair.masked_deck import shuffle
    from lanpurr.fair.shuffle_proof import prove_shuffle

    out, secret = shuffle(deck, key)
    return prove_shuffle(deck, out, key, secret, b"c")


def frame_sizes(vectors: dict[str, Any]) -> list[tuple[str, int]]:
    [move] = [v for v in vectors["moves"] if v["expect"]]
    import msgpack

    sizes = []
    for frame in move["frames"]:
        raw = bytes.fromhex(frame)
        body = msgpack.unpackb(msgpack.unpackb(raw)[5], raw=False)
        sizes.append((body["k"], len(raw)))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per check and load")
    parser.add_argument("--loads", type=int, default=2, help="page loads per CPU rate")
    args = parser.parse_args()

    versions = ensure_library()
    sys.path.insert(0, str(HERE))
    import make_vectors

    vectors = make_vectors.write(HERE / "www" / "vectors.json")
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {chromium.strip()}; "
          f"{PACKAGE} {VERSION} (libsodium-sumo {versions['libsodium-sumo']}); "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip

    server = serve()
    url = f"http://127.0.0.1:{server.server_address[1]}/www/index.html?runs={args.runs}"
    results: dict[int, list[dict[str, Any]]] = {1: [], 4: []}
    with tempfile.TemporaryDirectory(prefix="lanpurr-phone-") as profile:
        driver = browser(profile)
        try:
            for _ in range(args.loads):
                for rate in (1, 4):
                    results[rate].append(load(driver, url, rate))
        finally:
            driver.quit()
            server.shutdown()

    first = results[1][0]
    print(f"libsodium inside the page: {first['library']}; {first['userAgent']}")
    for r in results[1] + results[4]:
        if not r["allRight"]:
            raise SystemExit("a verdict differs from lanpurr's: " + json.dumps(r["verdicts"]))
    print("verdicts (every load, both rates, agree with lanpurr's):")
    for v in first["verdicts"]:
        verdict = "accepted" if v["accepted"] else f"refused ({v['problem']})"
        print(f"  {v['name']}: {verdict}")

    print(f"\np50 of {args.runs} runs per load, ms (one figure per load; full speed | CPU 4×):")
    python = python_figures(vectors, args.runs)
    for k, timing in enumerate(first["timings"]):
        full = " / ".join(f"{r['timings'][k]['p50']:.1f}" for r in results[1])
        slow = " / ".join(f"{r['timings'][k]['p50']:.1f}" for r in results[4])
        here = python.get(timing["name"])
        py = f" | Python {here:.1f}" if here is not None else ""
        print(f"  {timing['name']}: {full} | {slow}{py}")
    print("\none operation in the page, ms (full speed | CPU 4×):")
    for op in first["unit"]:
        full = " / ".join(f"{r['unit'][op]:.4f}" for r in results[1])
        slow = " / ".join(f"{r['unit'][op]:.4f}" for r in results[4])
        print(f"  {op}: {full} | {slow}")
    once = [" / ".join(f"{r['generatorsMs']:.0f}" for r in results[rate]) for rate in (1, 4)]
    print(
        f"\nonce a page: the 63 generators of a proof hashed to the group: {once[0]} | {once[1]} ms"
    )
    print("\nwhat a seat's laptop spends making its own proofs, Python here (p50, ms):")
    for name, ms in python.items():
        if name.startswith("make:"):
            print(f"  {name[6:]}: {ms:.1f}")
    print("\nthe frames of the blind draw (bytes): "
          + ", ".join(f"{kind} {size}" for kind, size in frame_sizes(vectors)))  # fmt: skip
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
