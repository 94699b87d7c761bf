"""How long `lanpurr` takes from process start to its main window on screen.

Each run starts a fresh Python process (offscreen Qt, a throwaway LANPURR_HOME with a saved
name so the first-run question does not wait for a person, network kept off so nothing is sent)
which runs the app's own start-up path and reports once the window has been shown and painted.
The time is measured by this script from just before the process is spawned; the child's CPU
time is reported too, as it says more than wall time when other work shares the machine.

    .venv/bin/python bench/bench_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys
from ui.app import launch
app, window = launch(sys.argv, start_network=False)
window.repaint()          # the first frame really drawn, not just scheduled
app.processEvents()
modules = sorted({name.split('.')[0] for name in sys.modules})
heavy = [m for m in ('net', 'zeroconf', 'nacl', 'cryptography', 'lanpurr') if m in modules]
print('shown', ','.join(heavy), flush=True)
"""


def one_run(home: Path) -> tuple[float, float, str]:
    """(wall seconds to the window, CPU seconds the whole child used, heavy modules loaded)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LANPURR_HOME=str(home))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,  # the offscreen plugin's chatter; shown only on failure
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    elapsed = time.perf_counter() - started
    _, errors = child.communicate(timeout=30)
    if not line.startswith("shown"):
        raise SystemExit(f"the app did not report its window (exit {child.returncode}):\n{errors}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, line.split(" ", 1)[1].strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        (Path(home) / "settings.ini").write_text("[General]\nname=Bench\nlanguage=en\n")
        one_run(Path(home))  # warm the file cache; not counted
        results = [one_run(Path(home)) for _ in range(args.runs)]
    times = sorted(seconds for seconds, _, _ in results)
    cpu = statistics.median(used for _, used, _ in results)
    loaded = results[-1][2] or "none"
    print(f"runs: {args.runs}")
    print(f"process start -> main window shown: median {statistics.median(times) * 1000:.0f} ms")
    print(f"  min {times[0] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")
    print(f"CPU time of one start (user + system, whole process): median {cpu * 1000:.0f} ms")
    print(f"heavy packages loaded before the window: {loaded}")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")


if __name__ == "__main__":
    main()
