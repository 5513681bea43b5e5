"""Shared helpers of the benchmarks: timing, medians, the data they read and peers on the PATH.

The benchmarks that measure on the full public puzzle sets read them from ../shared/data, a folder
beside the checkout (the repository holds samples of them in tests/data, for the tests);
tests/data/README.md says where to get each set. The SE referee is ../shared/tools/se/serate,
Sudoku Explainer's serate built from source: github.com/SudokuMonster/SukakuExplainer at tag
v1.15.10 (the sukaku scale) and github.com/1to9only/SudokuExplainer at 729c00e (SE 1.2.1 with
gsf's serate 1.2.1.3, the classic scale); it measures, and is no part of the workbench or its
tests."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "data"
DATA = ROOT / "tests" / "data"
SERATE = ROOT.parent / "shared" / "tools" / "se" / "serate"


def source_at(rev: str, folder: Path) -> Path:
    """The repository's files at a git revision, unpacked into `folder` (for A/B runs)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def app_command(target: Path, folder: Path | None = None) -> str:
    """The shell command that starts the app on `target`: the installed `puzzle-tui`, or with
    `folder` the app of that source tree (python -m cli)."""
    if folder is None:
        return f"{Path(sys.executable).with_name('puzzle-tui')} {target}"
    return f"env PYTHONPATH={folder} {sys.executable} -m cli {target}"


def shared(*parts: str) -> Path:
    """A file of the full sets in ../shared/data; when it is missing, stop and say where to get
    it."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        sys.exit(f"{path} not found: the benchmarks read the full public puzzle sets from "
                 "../shared/data beside the checkout; tests/data/README.md says where to get them")
    return path


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def median_ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000


def have(program: str) -> bool:
    return shutil.which(program) is not None


def run_cpu_seconds(cmd: list[str], stdin: str | None = None, cwd=None,
                    env: dict | None = None) -> tuple[str, float]:
    """Run a peer; its user+system CPU time (start-up included) and its output."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True,
                         cwd=cwd, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def paired(time_a, time_b, pairs: int) -> None:
    """A worker's side of pooled_pairs: `pairs` timings of A and B (each a callable of the
    pair's number giving seconds), alternating which goes first, garbage collected between
    pairs and not within; prints the JSON pooled_pairs reads."""
    import gc
    import json

    ratios, times_a, times_b = [], [], []
    gc.disable()
    for i in range(pairs):
        if i % 2 == 0:
            ta, tb = time_a(i), time_b(i)
        else:
            tb, ta = time_b(i), time_a(i)
        gc.collect()
        ratios.append(tb / ta)
        times_a.append(ta)
        times_b.append(tb)
    gc.enable()
    print(json.dumps({"ratios": ratios, "a": times_a, "b": times_b}))


def pooled_pairs(script: str, case: str, worker_args: list[str], procs: int, width: int,
                 digits: int, seeded: bool = False) -> None:
    """A paired A/B of one case over `procs` worker processes (`script --worker ARGS`, plus
    a seed per process when `seeded`, each printing JSON with per-pair ratios and A and B
    times): prints the pooled medians and each process's median ratio."""
    import json

    ratios, times_a, times_b, medians = [], [], [], []
    for p in range(procs):
        done = subprocess.run([sys.executable, script, "--worker", *worker_args,
                               *([str(p * 10 ** 4)] if seeded else [])],
                              capture_output=True, text=True, check=True)
        out = json.loads(done.stdout)
        ratios += out["ratios"]
        times_a += out["a"]
        times_b += out["b"]
        medians.append(statistics.median(out["ratios"]))
    print(f"{case:{width}} {len(ratios):5d} {statistics.median(times_a) * 1000:9.{digits}f} "
          f"{statistics.median(times_b) * 1000:9.{digits}f} {statistics.median(ratios):7.3f}   "
          + " ".join(f"{m:.3f}" for m in medians), flush=True)


def files_at(rev: str, folder: str, names) -> str:
    """A temporary folder holding the files `folder/NAME.py` of the repository at a git
    revision (the A side of a paired A/B)."""
    import tempfile

    out = tempfile.mkdtemp()
    for name in names:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{folder}/{name}.py"],
                              capture_output=True, text=True, check=True).stdout
        Path(out, f"{name}.py").write_text(text)
    return out
