#!/usr/bin/python3
"""Solve the shared MIPLIB instances with HiGHS through scipy.optimize.milp.

The HiGHS column of `lpbench -milp` (see README.md in this folder): every MPS
file of the shared miplib and miplib3 folders (or of --dir), solved one after
the other with the same time limit as the Go side, and written as a CSV in
lpbench's layout, which `lpbench -milp -highs FILE` reads.

    /usr/bin/python3 benchmarks/lpbench/highs_milp.py [--time-limit 20] [--cpu-limit 20] \
        [--dir DIR ...] [--out benchmarks/out/lpbench/highs_milp.csv]

It needs Debian's python3-scipy (1.9 or later carries HiGHS as
scipy.optimize.milp), hence /usr/bin/python3 rather than whatever python3
comes first on PATH. HiGHS's time limit is on its own wall clock; the CPU
time of the call (time.process_time) is recorded beside the wall-clock
time. --cpu-limit S limits each solve to S seconds of CPU time instead, as
lpbench limits the Go side: the solve runs in a forked child under
RLIMIT_CPU, and one the kernel ends counts as time_limit with no point. The MILP options are HiGHS's defaults except the relative gap, 1e-6,
the default of the pure-Go branch and bound and of the cbc backend.

The MPS reader follows the conventions of lp/mps (its package doc): free
format (fields separated by blanks), the first N row is the objective and
further N rows are dropped, an RHS on the objective is minus the constant,
RANGES as in IBM's MPSX, a lone negative UP frees the lower bound, and an
integer column that no BOUNDS record names is binary. Every answer with a
point is checked against the model read (rows, bounds, integrality, to
1e-6 scaled as solve.Verify scales it) and its objective recomputed.
"""

import argparse
import csv
import gzip
import math
import multiprocessing
import os
import resource
import sys
import time

import numpy as np
import scipy
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csr_matrix

INF = math.inf
MPS_INF = 1e30  # a bound or RHS of this magnitude is infinite (CoinMpsIO)
GAP = 1e-6  # mip_rel_gap: lp/mip.DefaultMIPGap
OBJ_TOL = 1e-6  # relative objective error that counts as solved
FEAS_TOL = 1e-6  # scaled primal tolerance of the check
INT_TOL = 1e-6  # integrality tolerance (DESIGN.md)


class Model:
    """A MILP read from MPS: min or max c·x + c0, rl <= Ax <= ru, lo <= x <= up."""

    def __init__(self):
        self.name = ""
        self.maximize = False
        self.obj_const = 0.0
        self.rows = {}  # name -> index
        self.row_type = []
        self.cols = {}  # name -> index
        self.c = []
        self.integer = []
        self.entries = []  # (row, col, value)
        self.rhs = {}
        self.ranges = {}
        self.lo = []
        self.up = []
        self.named_in_bounds = []
        self.lo_given = []


def number(tok, path, lineno):
    try:
        return float(tok)
    except ValueError:
        raise SystemExit(f"{path}:{lineno}: not a number: {tok!r}")


def read_mps(path):
    """Read a free-format MPS file (optionally gzipped) into a Model."""
    m = Model()
    objrow = None
    dropped = set()
    section = None
    intmode = False
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.strip() or line.startswith("*"):
                continue
            tok = line.split()
            if not line[0].isspace():
                section = tok[0].upper()
                if section == "ENDATA":
                    break
                if section == "NAME" and len(tok) > 1:
                    m.name = tok[1]
                if section in ("OBJSENSE", "OBJSENCE") and len(tok) > 1:
                    m.maximize = tok[1].upper().startswith("MAX")
                continue
            if section in ("OBJSENSE", "OBJSENCE"):
                m.maximize = tok[0].upper().startswith("MAX")
            elif section == "ROWS":
                kind, name = tok[0].upper(), tok[1]
                if kind == "N":
                    if objrow is None:
                        objrow = name
                    else:
                        dropped.add(name)
                    continue
                m.rows[name] = len(m.row_type)
                m.row_type.append(kind)
            elif section == "COLUMNS":
                if len(tok) >= 3 and tok[1].strip("'").upper() == "MARKER":
                    intmode = "INTORG" in tok[2].upper()
                    continue
                name = tok[0]
                j = m.cols.get(name)
                if j is None:
                    j = m.cols[name] = len(m.c)
                    m.c.append(0.0)
                    m.integer.append(intmode)
                    m.lo.append(0.0)
                    m.up.append(INF)
                    m.named_in_bounds.append(False)
                    m.lo_given.append(False)
                for k in range(1, len(tok) - 1, 2):
                    r, v = tok[k], number(tok[k + 1], path, lineno)
                    if r == objrow:
                        m.c[j] += v
                    elif r in m.rows:
                        m.entries.append((m.rows[r], j, v))
                    elif r not in dropped:
                        raise SystemExit(f"{path}:{lineno}: unknown row {r!r}")
            elif section in ("RHS", "RANGES"):
                pairs = tok[1:] if len(tok) % 2 == 1 else tok
                for k in range(0, len(pairs) - 1, 2):
                    r, v = pairs[k], number(pairs[k + 1], path, lineno)
                    if section == "RHS" and r == objrow:
                        m.obj_const = -v
                    elif r in m.rows:
                        (m.rhs if section == "RHS" else m.ranges)[r] = v
            elif section == "BOUNDS":
                kind = tok[0].upper()
                if kind in ("FR", "MI", "PL", "BV"):
                    # type [set] column [value]: a value is optional here
                    # (MIPLIB 3 qiu writes "BV BOUNDJE X0000 1.0").
                    name, v = (tok[-1], None) if tok[-1] in m.cols else (tok[-2], None)
                else:
                    name, v = tok[-2], number(tok[-1], path, lineno)
                    if abs(v) >= MPS_INF:
                        v = math.copysign(INF, v)
                j = m.cols.get(name)
                if j is None:
                    raise SystemExit(f"{path}:{lineno}: unknown column {name!r}")
                m.named_in_bounds[j] = True
                if kind == "UP" or kind == "UI":
                    m.up[j] = v
                    if v < 0 and not m.lo_given[j]:
                        m.lo[j] = -INF
                    m.integer[j] = m.integer[j] or kind == "UI"
                elif kind == "LO" or kind == "LI":
                    m.lo[j], m.lo_given[j] = v, True
                    m.integer[j] = m.integer[j] or kind == "LI"
                elif kind == "FX":
                    m.lo[j] = m.up[j] = v
                    m.lo_given[j] = True
                elif kind == "FR":
                    m.lo[j], m.up[j] = -INF, INF
                elif kind == "MI":
                    m.lo[j] = -INF
                elif kind == "PL":
                    m.up[j] = INF
                elif kind == "BV":
                    m.lo[j], m.up[j], m.integer[j] = 0.0, 1.0, True
                else:
                    raise SystemExit(f"{path}:{lineno}: bound type {kind} not supported")
    for j, is_int in enumerate(m.integer):
        if is_int and not m.named_in_bounds[j]:
            m.lo[j], m.up[j] = 0.0, 1.0
    return m


def row_bounds(m):
    """Return the row bounds rl, ru (MPSX ranges)."""
    n = len(m.row_type)
    rl, ru = np.full(n, -INF), np.full(n, INF)
    for name, i in m.rows.items():
        b = m.rhs.get(name, 0.0)
        if abs(b) >= MPS_INF:
            b = math.copysign(INF, b)
        kind, r = m.row_type[i], m.ranges.get(name)
        if kind == "L":
            ru[i] = b
            if r is not None:
                rl[i] = b - abs(r)
        elif kind == "G":
            rl[i] = b
            if r is not None:
                ru[i] = b + abs(r)
        elif kind == "E":
            rl[i] = ru[i] = b
            if r is not None:
                if r > 0:
                    ru[i] = b + r
                else:
                    rl[i] = b + r
        else:
            raise SystemExit(f"row {name}: type {kind} not supported")
    return rl, ru


def check(m, a, rl, ru, x):
    """Return a list of the checks x fails (rows, bounds, integrality)."""
    problems = []
    ax = a @ x
    lo, up = np.array(m.lo), np.array(m.up)
    for what, v, l, u in (("row", ax, rl, ru), ("column", x, lo, up)):
        with np.errstate(invalid="ignore"):  # inf - inf where a side is open
            below = np.where(np.isfinite(l), (l - v) / (1 + np.abs(l)), 0)
            above = np.where(np.isfinite(u), (v - u) / (1 + np.abs(u)), 0)
        worst = max(below.max(initial=0), above.max(initial=0))
        if worst > FEAS_TOL:
            problems.append(f"{what} violation {worst:.3g}")
    ints = np.array(m.integer, dtype=bool)
    if ints.any():
        frac = np.abs(x[ints] - np.round(x[ints])).max()
        if frac > INT_TOL:
            problems.append(f"integrality violation {frac:.3g}")
    return problems


def solve(path, limit, cpu_limit=None):
    """Solve one file; return (status, objective or None, wall, cpu, note).

    With cpu_limit (whole seconds), the solve runs in a forked child whose
    CPU time the kernel limits (RLIMIT_CPU; SIGXCPU ends it), and HiGHS's
    own wall-clock limit is only a cap; a child ended by the limit counts
    as time_limit with no point."""
    m = read_mps(path)
    if cpu_limit is None:
        return solve_model(m, limit)
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)

    def child():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 5))
        send.send(solve_model(m, limit))
        send.close()

    wall0 = time.perf_counter()
    proc = ctx.Process(target=child)
    proc.start()
    send.close()
    try:
        out = recv.recv()
    except EOFError:
        out = None
    proc.join()
    if out is None:
        wall = time.perf_counter() - wall0
        return "time_limit", None, wall, float(cpu_limit), f"ended by the CPU-time limit ({cpu_limit} s, exit code {proc.exitcode})"
    return out


def solve_model(m, limit):
    """Solve a Model read by read_mps with HiGHS's time limit `limit`."""
    n = len(m.c)
    rows, cols, vals = zip(*m.entries) if m.entries else ((), (), ())
    a = csr_matrix((vals, (rows, cols)), shape=(len(m.row_type), n))
    rl, ru = row_bounds(m)
    c = np.array(m.c)
    sign = -1.0 if m.maximize else 1.0
    cons = [LinearConstraint(a, rl, ru)] if len(m.row_type) else []
    options = {"time_limit": limit, "disp": False, "mip_rel_gap": GAP}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    res = milp(sign * c, integrality=np.array(m.integer, dtype=int), bounds=Bounds(m.lo, m.up),
               constraints=cons, options=options)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    status = {0: "optimal", 1: "time_limit", 2: "infeasible", 3: "unbounded"}.get(res.status, "numerical_error")
    if res.status == 1 and "time" not in (res.message or "").lower():
        status = "iteration_limit"
    note = f"highs status {res.status}: {res.message}"
    bound = getattr(res, "mip_dual_bound", None)
    if bound is not None:
        note += f"; bound {sign * bound + m.obj_const:.10g}, {getattr(res, 'mip_node_count', 0)} nodes"
    obj = None
    if res.x is not None:
        problems = check(m, a, rl, ru, res.x)
        if problems:
            note = "check: " + "; ".join(problems) + "; " + note
            if status == "optimal":
                status = "numerical_error"
        obj = float(c @ res.x) + m.obj_const
    return status, obj, wall, cpu, note


def find_shared():
    """The shared folder: $STREAMOPT_SHARED, or a folder named shared beside
    this checkout or beside any folder above it (as internal/instances)."""
    env = os.environ.get("STREAMOPT_SHARED")
    if env:
        return env
    d = os.path.dirname(os.path.abspath(__file__))
    while True:
        cand = os.path.join(d, "shared")
        if os.path.isdir(os.path.join(cand, "miplib")):
            return cand
        parent = os.path.dirname(d)
        if parent == d:
            raise SystemExit("shared instances not found: put the shared folder beside the checkout or set STREAMOPT_SHARED")
        d = parent


def read_optima(folder):
    path = os.path.join(folder, "optimal.csv")
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {row["name"].strip(): float(row["optimal_objective"]) for row in csv.DictReader(f)}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", action="append", help="folder of MPS files with an optional optimal.csv (repeatable; default: the shared miplib and miplib3)")
    ap.add_argument("--time-limit", type=float, default=20.0, help="HiGHS time limit of each solve, in seconds (default 20)")
    ap.add_argument("--cpu-limit", type=int, default=0, help="limit each solve to this many whole seconds of CPU time instead (RLIMIT_CPU on a forked child; --time-limit is then only a wall-clock cap): fair on a loaded machine, where a wall-clock limit gives HiGHS less CPU than the Go side's CPU-time limit")
    ap.add_argument("--out", default=os.path.join("benchmarks", "out", "lpbench", "highs_milp.csv"), help="CSV to write")
    args = ap.parse_args(argv)
    if not args.time_limit > 0:
        ap.error(f"--time-limit: must be > 0, got {args.time_limit}")
    if args.cpu_limit < 0:
        ap.error(f"--cpu-limit: must be >= 0, got {args.cpu_limit}")
    dirs = args.dir
    if not dirs:
        shared = find_shared()
        dirs = [os.path.join(shared, "miplib"), os.path.join(shared, "miplib3")]
    rows = []
    for d in dirs:
        optima = read_optima(d)
        files = sorted(f for f in os.listdir(d) if f.endswith(".mps") or f.endswith(".mps.gz"))
        for name in files:
            inst = name[: -len(".mps.gz")] if name.endswith(".gz") else name[: -len(".mps")]
            try:
                status, obj, wall, cpu, note = solve(os.path.join(d, name), args.time_limit, args.cpu_limit or None)
            except (SystemExit, ValueError, OSError) as e:
                status, obj, wall, cpu, note = "read_error", None, 0.0, 0.0, str(e)
            opt = optima.get(inst)
            rel = ""
            if opt is not None and obj is not None:
                rel = f"{abs(obj - opt) / max(1, abs(opt)):.2e}"
            rows.append([inst, os.path.basename(os.path.normpath(d)), "highs", status,
                         "" if obj is None else repr(obj), "" if opt is None else repr(opt), rel,
                         f"{wall:.4f}", f"{cpu:.4f}", "", note])
            print(f"{rows[-1][1]}/{inst:<12} {status:<16} {rows[-1][4]:>22} {cpu:8.2f}s cpu {wall:8.2f}s", file=sys.stderr)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["instance", "set", "backend", "status", "objective", "optimum", "rel_error", "seconds", "cpu_seconds", "iterations", "note"])
        w.writerows(rows)
    solved = sum(1 for r in rows if r[3] == "optimal" and r[6] != "" and float(r[6]) <= OBJ_TOL)
    limit = f"CPU-time limit {args.cpu_limit} s" if args.cpu_limit else f"time limit {args.time_limit:g} s"
    print(f"HiGHS (scipy {scipy.__version__}), {limit}: solved {solved}/{len(rows)}; wrote {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
