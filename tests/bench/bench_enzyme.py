#!/usr/bin/env python3
"""bench_enzyme.py: what trees change for Enzyme, program by program (issue 13).

Each program of the gradient suite (tests/gradients/cases, or the ones named) is built ON
ITS OWN through tools/rustc-typetree with the real Enzyme, with trees and with
--no-typetree, at -O0 and -O2, and run. Per build it records the outcome (right, wrong,
inputs changed, crash, Enzyme error with Enzyme's reason), Enzyme's own pass time (the
EnzymeNewPM line of clang's -ftime-report, which the wrapper reports as its `enzyme`
stage when RUSTC_TYPETREE_TIMES is set; only for builds Enzyme finished) and the peak RSS
of the build (GNU time; the compile step with Enzyme dominates it). Prints one table row per
program and level with both configurations and the ratio trees/plain of Enzyme's time,
then the geometric mean of the ratios and the counts of programs where trees fix, break or
change nothing. Writes the table to build/bench/enzyme/table.txt and, when gnuplot is
installed, a bar chart of the time ratios to build/bench/enzyme/ratios.png.
Figures only: the exit status is non-zero only when a build could not be run at all.

usage: tests/bench/bench_enzyme.py [--levels 0,2] [--jobs N] [CASE...]
Environment: ENZYME_PLUGIN (see tools/enzyme-plugin), TYPETREE (default build/typetree).
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "gradients"))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import run as gradients  # noqa: E402
from enzyme_plugin import find_plugin  # noqa: E402

OUT = os.path.join(ROOT, "build", "bench", "enzyme")
WRAPPER = os.path.join(ROOT, "tools", "rustc-typetree")


def build_and_run(case, level, trees, plugin, typetree):
    d = os.path.join(OUT, "%s-O%d-%s" % (case, level, "trees" if trees else "plain"))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    main_rs = os.path.join(d, "main.rs")
    gradients.write_main([case], main_rs, gradients.CASE_DIRS["suite"])
    times = os.path.join(d, "times")
    rss = os.path.join(d, "rss")
    exe = os.path.join(d, "prog")
    cmd = ["/usr/bin/time", "-f", "%M", "-o", rss, WRAPPER, "--enzyme", plugin]
    if not trees:
        cmd.append("--no-typetree")
    cmd += ["--edition=2021", "-A", "warnings", "-C", "opt-level=%d" % level,
            "--crate-name", "suite", main_rs, "-o", exe]
    env = dict(os.environ, TYPETREE=typetree, RUSTC_TYPETREE_TIMES=times)
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    res = {"enzyme": None, "rss": None}
    try:
        with open(rss) as f:
            res["rss"] = int(f.read().split()[-1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(times) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[1] == "enzyme":
                    res["enzyme"] = float(parts[2])
    except OSError:
        pass
    if p.returncode != 0:
        text = p.stdout + p.stderr
        if "rustc-typetree: enzyme:" in text:
            why = [l for l in text.splitlines() if l.startswith("rustc-typetree: enzyme:")]
            res["outcome"], res["why"] = "enzyme error", (why[0][24:] if why else "")[:160]
        else:
            res["outcome"], res["why"] = "build error", gradients.reason_of(text)[:160]
        return res
    res["outcome"], res["why"] = gradients.run_case(exe, case)
    return res


def fmt_t(x):
    return "%.3f" % x if x is not None else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="0,2")
    ap.add_argument("--jobs", type=int, default=1,
                    help="builds at once (default 1: timings are taken one at a time)")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    plugin, why = find_plugin()
    if not plugin:
        print("SKIP: bench_enzyme: no Enzyme plugin: %s" % why)
        return 0
    typetree = os.environ.get("TYPETREE", os.path.join(ROOT, "build", "typetree"))
    cases = a.cases or gradients.list_cases("suite")
    levels = [int(x) for x in a.levels.split(",")]
    os.makedirs(OUT, exist_ok=True)
    # a snapshot of typetree: the builds take a while
    snap = os.path.join(OUT, "typetree")
    shutil.copy(typetree, snap)
    jobs = [(c, lv, tr) for c in cases for lv in levels for tr in (True, False)]
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = dict(zip(jobs, ex.map(lambda j: build_and_run(j[0], j[1], j[2], plugin, snap),
                                         jobs)))
    short = gradients.short
    lines = ["Enzyme with and without trees, each program built alone (%s)" % os.path.basename(plugin),
             "%-24s %3s  %-15s %17s %7s  %15s" % ("program", "lvl", "outcome t/p",
                                                   "enzyme s t/p", "ratio", "peak MB t/p")]
    ratios, fixed, broke, same = [], [], [], 0
    for c in cases:
        for lv in levels:
            t, p = results[(c, lv, True)], results[(c, lv, False)]
            r = None
            if t["enzyme"] and p["enzyme"]:
                r = t["enzyme"] / p["enzyme"]
                ratios.append(r)
            lines.append("%-24s O%d   %-15s %8s/%-8s %7s  %7s/%-7s" % (
                c, lv, "%s/%s" % (short(t["outcome"]), short(p["outcome"])),
                fmt_t(t["enzyme"]), fmt_t(p["enzyme"]), "%.2f" % r if r else "-",
                "%.0f" % t["rss"] if t["rss"] else "-", "%.0f" % p["rss"] if p["rss"] else "-"))
            if t["outcome"] == "right" and p["outcome"] != "right":
                fixed.append("%s O%d (plain: %s%s)" % (c, lv, p["outcome"],
                                                       ": " + p["why"] if p["why"] else ""))
            elif p["outcome"] == "right" and t["outcome"] != "right":
                broke.append("%s O%d (trees: %s%s)" % (c, lv, t["outcome"],
                                                       ": " + t["why"] if t["why"] else ""))
            else:
                same += 1
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else float("nan")
    lines.append("")
    lines.append("geometric mean of Enzyme's time trees/plain over %d builds both finished: %.3f"
                 % (len(ratios), gm))
    lines.append("trees right where plain is not: %d; plain right where trees are not: %d; "
                 "the same outcome: %d" % (len(fixed), len(broke), same))
    for x in fixed:
        lines.append("  fixed:  " + x)
    for x in broke:
        lines.append("  broken: " + x)
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(OUT, "table.txt"), "w") as f:
        f.write(text + "\n")
    if shutil.which("gnuplot") and ratios:
        dat = os.path.join(OUT, "ratios.dat")
        with open(dat, "w") as f:
            for c in cases:
                for lv in levels:
                    t, p = results[(c, lv, True)], results[(c, lv, False)]
                    if t["enzyme"] and p["enzyme"]:
                        f.write('"%s O%d" %.4f\n' % (c, lv, t["enzyme"] / p["enzyme"]))
        png = os.path.join(OUT, "ratios.png")
        script = ("set terminal pngcairo size 1400,600; set output '%s'; set style fill solid;"
                  "set boxwidth 0.7; set xtics rotate by -60 font ',8'; set grid ytics;"
                  "set ylabel \"Enzyme's time, trees / plain\"; set yrange [0:*];"
                  "plot '%s' using 0:2:xtic(1) with boxes notitle, 1 with lines lw 2 notitle"
                  % (png, dat))
        g = subprocess.run(["gnuplot", "-e", script], capture_output=True, text=True)
        print("plot: %s" % (png if g.returncode == 0 else "gnuplot failed: " + g.stderr[:300]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
