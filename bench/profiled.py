"""Run a module with every thread under cProfile (for `bench_play.py --profile DIR`):

    python bench/profiled.py DIR MODULE ARGS...

Each thread gets its own profiler; at exit (a laptop stopped with SIGTERM exits normally)
every thread's profile is written to DIR/<pid>-<thread name>.prof. Read them with
`python -m pstats` or `bench/profiled.py --report DIR`.
"""

import atexit
import cProfile
import os
import pstats
import runpy
import sys
import threading
from pathlib import Path

_PROFILERS: dict[str, cProfile.Profile] = {}


def _profiled_run(original: "type[threading.Thread]") -> None:
    run = original.run

    def profiled(self: threading.Thread) -> None:
        profiler = cProfile.Profile()
        _PROFILERS[self.name] = profiler
        profiler.enable()
        try:
            run(self)
        finally:
            profiler.disable()

    original.run = profiled  # type: ignore[method-assign]


def _dump(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, profiler in list(_PROFILERS.items()):
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
        profiler.create_stats()
        profiler.dump_stats(str(directory / f"{os.getpid()}-{safe}.prof"))


def report(directory: Path, limit: int = 40) -> None:
    """Every profile of DIR added up, sorted by internal time then by cumulative time."""
    files = sorted(str(p) for p in directory.glob("*.prof"))
    stats = pstats.Stats(files[0])
    for name in files[1:]:
        stats.add(name)
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)


def main() -> None:
    if sys.argv[1] == "--report":
        report(Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 40)
        return
    directory, module = Path(sys.argv[1]), sys.argv[2]
    sys.argv = [module, *sys.argv[3:]]
    _profiled_run(threading.Thread)
    main_profiler = cProfile.Profile()
    _PROFILERS["main"] = main_profiler
    atexit.register(_dump, directory)
    main_profiler.enable()
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
