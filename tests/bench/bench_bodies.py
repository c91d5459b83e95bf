#!/usr/bin/env python3
"""bench_bodies.py: how many copies inside the gradient suite's own functions carry trees at
-O0 (issue 9's target: at least 90% of the llvm.memcpy calls inside user functions).

The suite's program (every case of tests/gradients/cases in one crate, as run.py builds it)
is compiled with rustc -C opt-level=0 -C debuginfo=2 --emit=llvm-ir, exported and annotated
as tools/rustc-typetree does at -O0 (annotate --pair-offsets, bodies on). A user function
is one whose DISubprogram's file is a case file or the harness. Prints, per case file and in
total, the llvm.memcpy/memmove calls and how many carry "enzyme_type" call-site trees, the
untyped ones of the worst files with their first lines, and annotate's --stats line. Figures
only: never fails on a ratio.
usage: tests/bench/bench_bodies.py [--keep DIR]
"""
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "gradients"))
import run as gradients  # noqa: E402


def main():
    keep = None
    if len(sys.argv) == 3 and sys.argv[1] == "--keep":
        keep = sys.argv[2]
    elif len(sys.argv) != 1:
        print(__doc__.strip().splitlines()[-1])
        return 2
    tt = os.environ.get("TYPETREE", os.path.join(ROOT, "build", "typetree"))
    work = keep or tempfile.mkdtemp(prefix="bench-bodies.")
    os.makedirs(work, exist_ok=True)
    cases = gradients.list_cases("suite")
    main_rs = os.path.join(work, "main.rs")
    gradients.write_main(cases, main_rs, gradients.CASE_DIRS["suite"])
    ll, types, out = (os.path.join(work, n) for n in ("suite.ll", "suite.json", "suite.tt.ll"))
    steps = [
        ["rustc", "--edition=2021", "-A", "warnings", "-C", "opt-level=0", "-C", "debuginfo=2",
         "-C", "codegen-units=1", "--emit=llvm-ir", "--crate-name", "suite", main_rs, "-o", ll],
        [tt, "export", ll, "-o", types],
        [tt, "annotate", "--types", types, "--pair-offsets", "--stats", ll, "-o", out],
    ]
    stats = ""
    for cmd in steps:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            print("FAIL: %s: %s" % (" ".join(cmd[:2]), p.stderr.strip()[-2000:]))
            return 1
        stats += p.stderr
    text = open(out).read().splitlines()
    files = {}      # DIFile id -> filename
    subprogram = {}  # DISubprogram id -> DIFile id
    for line in text:
        m = re.match(r'^!(\d+) = !DIFile\(filename: "([^"]*)"', line)
        if m:
            files[m.group(1)] = m.group(2)
            continue
        m = re.match(r'^!(\d+) = (?:distinct )?!DISubprogram\(.*?\bfile: !(\d+)', line)
        if m:
            subprogram[m.group(1)] = m.group(2)
    user = lambda f: "/tests/gradients/" in f or f.startswith("tests/gradients/") or \
        os.path.basename(os.path.dirname(f)) == "cases"
    per = defaultdict(lambda: [0, 0])
    untyped = defaultdict(list)
    cur = None
    for line in text:
        if line.startswith("define "):
            m = re.search(r"!dbg !(\d+) \{$", line)
            f = files.get(subprogram.get(m.group(1), ""), "") if m else ""
            cur = os.path.basename(f) if f and user(f) else None
            fn = re.search(r"@(\"[^\"]+\"|[\w.$]+)\(", line)
            fn = fn.group(1) if fn else "?"
            continue
        if line.startswith("}"):
            cur = None
            continue
        if cur and re.search(r"call void @llvm\.mem(cpy|move)\.", line):
            per[cur][0] += 1
            if '"enzyme_type"=' in line:
                per[cur][1] += 1
            else:
                untyped[cur].append("%s: %s" % (fn[:60], line.strip()[:140]))
    total = sum(v[0] for v in per.values())
    typed = sum(v[1] for v in per.values())
    print("llvm.memcpy/memmove inside the gradient suite's own functions at -O0 "
          "(rustc -C debuginfo=2, annotate as the wrapper does)")
    print("  %-28s %6s %6s %7s" % ("file", "calls", "typed", "share"))
    for f in sorted(per):
        n, t = per[f]
        print("  %-28s %6d %6d %6.1f%%" % (f, n, t, 100.0 * t / n if n else 100.0))
    share = 100.0 * typed / total if total else 100.0
    print("  %-28s %6d %6d %6.1f%%   (target >= 90%%: %s)" % (
        "total", total, typed, share, "yes" if share >= 90 else "NO"))
    cn = total - per.get("harness.rs", [0, 0])[0]
    ct = typed - per.get("harness.rs", [0, 0])[1]
    print("  %-28s %6d %6d %6.1f%%   (the cases alone, harness.rs left out)" % (
        "cases", cn, ct, 100.0 * ct / cn if cn else 100.0))
    for line in stats.splitlines():
        if "in bodies" in line:
            print("  " + line.strip())
    left = [(f, l) for f in sorted(untyped) for l in untyped[f]]
    if left:
        print("untyped copies (first 15):")
        for f, l in left[:15]:
            print("  %s: %s" % (f, l))
    return 0


if __name__ == "__main__":
    sys.exit(main())
