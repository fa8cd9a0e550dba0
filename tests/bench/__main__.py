"""`make bench`: run every tests/bench/bench_*.py on CPython and on the MicroPython unix port
(with a Pico-sized heap) and print their figures side by side."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from tests.mp import PICO_HEAP, ROOT, micropython_exe, mpy_tree

BENCH_DIR = Path(__file__).resolve().parent


def run(cmd: list[str], env=None) -> tuple[dict[str, tuple[str, str]], str]:
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800, env=env)
    figures = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[0] == "BENCH":
            figures[parts[1]] = (parts[2], " ".join(parts[3:]))
    err = "" if proc.returncode == 0 else (proc.stdout + proc.stderr)[-2000:]
    return figures, err


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--heap", default=PICO_HEAP, help="MicroPython heap size (default: Pico-like)")
    ap.add_argument("-k", default="", help="only bench scripts whose name contains this")
    args = ap.parse_args()
    console = Console()
    failed = False
    # MicroPython loads shared_rules/ and firmware/ as .mpy, compiled as `lanterne flash` does.
    mp_env = dict(os.environ, MICROPYPATH=f"{mpy_tree()}:{ROOT}:.frozen")
    for script in sorted(BENCH_DIR.glob("bench_*.py")):
        if args.k not in script.name:
            continue
        rel = str(script.relative_to(ROOT))
        console.print(f"[bold]{script.stem}[/] …")
        cpy, cerr = run([sys.executable, rel])
        mpy, merr = run([micropython_exe(), "-X", f"heapsize={args.heap}", rel], env=mp_env)
        table = Table(title=f"{script.stem}  (MicroPython heap {args.heap})")
        table.add_column("figure")
        table.add_column("CPython", justify="right")
        table.add_column("MicroPython", justify="right")
        table.add_column("unit")
        for name in list(dict.fromkeys([*cpy, *mpy])):
            unit = (cpy.get(name) or mpy.get(name))[1]
            table.add_row(name, cpy.get(name, ("-",))[0], mpy.get(name, ("-",))[0], unit)
        console.print(table)
        for label, err in (("CPython", cerr), ("MicroPython", merr)):
            if err:
                failed = True
                console.print(f"[red]{script.name} failed on {label}:[/]\n{err}")
    if args.k in "heap_edge":
        from tests.bench import heap_edge

        console.print("[bold]heap_edge[/] … (a game's fault suite at smaller and smaller heaps)")
        table = Table(title=f"smallest MicroPython unix-port heap, {heap_edge.STEP_K} KB steps "
                            f"up to {PICO_HEAP} (a Pico holds about 1/1.4 of it)")
        table.add_column("figure")
        table.add_column("from", justify="right")
        table.add_column("unit")
        for name, k in heap_edge.figures():
            table.add_row(name, k, "KB")
        console.print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
