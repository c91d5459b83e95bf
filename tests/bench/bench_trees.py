#!/usr/bin/env python3
"""bench_trees.py TYPETREE OUTDIR [--count N] [--batch B] [--reps R]: times `typetree tree`.

Cases (wall seconds and peak RSS of the typetree processes; figures only, never fails):
  - the trees of N generated types (tests/bench/gen_bench.py N 1; every non-generic named
    type T as `&T`, generic ones instantiated with f64 / [f64], until N expressions),
    B names per call (the CLI takes the types on the command line); the per-call fixed
    cost (reading the document, one trivial type) is measured too and subtracted;
  - single expressions: `&[f64; 2^40]`, `&[[f32; 1000]; 1000]`, the same by value, an
    array of 2^40 elements inside a tuple, and a recursive graph (Level1..Level8 chain of
    {val: f64, next: Option<Box<LevelN+1>>} closing back on Level1, GraphNodeA/B linked
    through Vec, Box, Option<Box>, Rc), deep enough to hit the depth limit of 6.
Python 3 standard library only.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIME = "/usr/bin/time"
TIME_OUT = None     # set in main: a file in OUTDIR


def run_once(cmd):
    """-> (wall seconds, peak RSS KiB, exit code, bytes of stdout, lines, max line length).
    stdout is read and counted here (as a consumer would), stderr kept for messages."""
    # The peak RSS comes from /usr/bin/time (a small C program): a child forked from
    # Python would report Python's own RSS when that is larger (ru_maxrss survives exec).
    timed = os.path.exists(TIME)
    if timed:
        cmd = [TIME, "-f", "%M", "-o", TIME_OUT] + cmd
    t = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        nbytes = nlines = maxlen = 0
        cur = 0
        while True:
            chunk = p.stdout.read(1 << 20)
            if not chunk:
                break
            nbytes += len(chunk)
            start = 0
            while True:
                i = chunk.find(b"\n", start)
                if i < 0:
                    cur += len(chunk) - start
                    break
                cur += i - start
                maxlen = max(maxlen, cur)
                cur = 0
                nlines += 1
                start = i + 1
        err = p.stderr.read()
        _, status, ru = os.wait4(p.pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        p.returncode = rc
    wall = time.perf_counter() - t
    rss = ru.ru_maxrss
    if timed:
        with open(TIME_OUT) as f:
            rss = int(f.read().split()[-1])     # "Command exited with ..." may come first
    if rc != 0:
        sys.stderr.write(err.decode(errors="replace")[:500])
    return wall, rss, rc, nbytes, nlines, maxlen


def best(cmd, reps):
    rs = [run_once(cmd) for _ in range(reps)]
    w = min(r[0] for r in rs)
    return (w, max(r[1] for r in rs), max(abs(r[2]) for r in rs)) + rs[0][3:]


def bench_names(doc_path, n):
    """&T for each non-generic type of a gen_bench.py document, then generic ones
    instantiated, until n expressions."""
    with open(doc_path) as f:
        types = json.load(f)["types"]
    plain, generic = [], []
    for key, body in types.items():
        if "<" in key:
            name, params = key[:key.index("<")], key[key.index("<") + 1:-1]
        else:
            name, params = key, ",".join(body.get("generics", []))
        if not params:
            plain.append("&" + name)
        elif "?Sized" in params:
            generic.append("&%s<[f64]>" % name)
        else:
            generic.append("&%s<f64>" % name)
    names = plain + generic
    k = 0
    while len(names) < n and plain:           # more than the document has: repeat, wrapped
        names.append("&Option<%s>" % plain[k % len(plain)][1:])
        k += 1
    return names[:n]


GRAPH = {
    "format": "rust-types/1",
    "doc": "bench_trees.py: a recursive graph for `typetree tree` (depth limit 6)",
    "types": dict(
        [("Level%d" % i, {"kind": "struct", "fields": [
            {"name": "val", "ty": "f64"},
            {"name": "next", "ty": "Option<Box<Level%d>>" % (i % 8 + 1)}]})
         for i in range(1, 9)] +
        [("GraphNodeA", {"kind": "struct", "fields": [
            {"name": "weight", "ty": "f64"},
            {"name": "edges", "ty": "Vec<GraphNodeB>"},
            {"name": "parent", "ty": "Option<Box<GraphNodeA>>"},
            {"name": "chain", "ty": "Box<Level1>"},
            {"name": "id", "ty": "u32"}]}),
         ("GraphNodeB", {"kind": "struct", "fields": [
             {"name": "x", "ty": "f32"}, {"name": "y", "ty": "f32"},
             {"name": "nodes", "ty": "Vec<GraphNodeA>"},
             {"name": "back", "ty": "Option<std::rc::Rc<GraphNodeB>>"},
             {"name": "weights", "ty": "Box<[f64]>"}]})])
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("typetree")
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=100000)
    ap.add_argument("--batch", type=int, default=100000)
    ap.add_argument("--reps", type=int, default=5)
    a = ap.parse_args()
    tt, out = a.typetree, a.outdir
    os.makedirs(out, exist_ok=True)
    global TIME_OUT
    TIME_OUT = os.path.join(out, "bench_trees.time")

    # ---- N generated types
    doc = os.path.join(out, "types-%d-1.json" % a.count)
    gen = os.path.join(HERE, "gen_bench.py")
    if not os.path.isfile(doc) or os.path.getsize(doc) == 0 or \
            os.path.getmtime(gen) > os.path.getmtime(doc):
        with open(doc + ".tmp", "w") as f:
            subprocess.run([sys.executable, gen, str(a.count), "1"], stdout=f, check=True)
        os.replace(doc + ".tmp", doc)
    names = bench_names(doc, a.count)
    print("typetree tree of %d generated types (tests/bench/gen_bench.py %d 1), %d per call"
          % (len(names), a.count, a.batch))
    fixed = best([tt, "tree", doc, "u8"], 3)
    wall = rss = nbytes = maxlen = 0
    calls = fails = lines = 0
    for i in range(0, len(names), a.batch):
        # the names go through --types-from: one document read per batch
        lst = os.path.join(out, "names.txt")
        with open(lst, "w") as f:
            f.write("\n".join(names[i:i + a.batch]) + "\n")
        w, r, rc, nb, nl, ml = run_once([tt, "tree", doc, "--types-from", lst])
        wall += w
        rss = max(rss, r)
        nbytes += nb
        lines += nl
        maxlen = max(maxlen, ml)
        calls += 1
        fails += rc != 0
    work = max(0.0, wall - calls * fixed[0])
    print("  %-44s %9.2f s  peak RSS %7.1f MB" % ("all %d calls" % calls, wall, rss / 1024))
    print("  %-44s %9.2f s  peak RSS %7.1f MB" % ("fixed cost per call (read doc, tree of u8)",
                                                 fixed[0], fixed[1] / 1024))
    print("  %-44s %9.2f s  = %.1f us per type" % ("trees alone (all - calls x fixed)", work,
                                                   work * 1e6 / max(1, len(names))))
    print("  output: %d lines, %.1f MB, longest tree %.1f KB%s" % (
        lines, nbytes / 1e6, maxlen / 1e3,
        "" if not fails else "   (%d calls failed: exit status != 0)" % fails))

    # ---- single expressions
    minimal = os.path.join(out, "min.json")
    with open(minimal, "w") as f:
        f.write('{"format": "rust-types/1"}\n')
    graph = os.path.join(out, "graph.json")
    with open(graph, "w") as f:
        json.dump(GRAPH, f, indent=1)
    cases = [
        (minimal, "&[f64; 1099511627776]"),
        (minimal, "&[[f32; 1000]; 1000]"),
        (minimal, "[[f32; 1000]; 1000]"),
        (minimal, "&(u8, [f64; 1099511627776])"),
        (minimal, "[f64; 4]"),
        (graph, "&Level1"),
        (graph, "&GraphNodeA"),
        (graph, "&GraphNodeB"),
        (graph, "&Vec<GraphNodeA>"),
    ]
    print()
    print("one type expression per run (best of %d; peak RSS the largest)" % a.reps)
    for d, e in cases:
        w, r, rc, nb, nl, ml = best([tt, "tree", d, e], a.reps)
        entries = 0
        if rc == 0:
            p = subprocess.run([tt, "tree", d, e], stdout=subprocess.PIPE)
            s = p.stdout.decode().strip()
            entries = 0 if s == "{}" else s.count(", ") + 1
        print("  %-30s %9.4f s  peak RSS %7.1f MB  %6d entries%s" % (
            e if d == minimal else e + " (graph)", w, r / 1024, entries,
            "" if rc == 0 else "   (exit status %d)" % rc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
