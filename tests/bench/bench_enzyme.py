#!/usr/bin/env python3
"""bench_enzyme.py: what trees change for Enzyme, program by program (issue 13).

The corpus (docs/enzyme-benchmark.md) is tests/gradients/stress/ (programs written to
stress Enzyme's type analysis, std only, built by rustc) and tests/gradients/crates/cases/
(programs over Debian's kurbo, euclid, lyon_geom, num-complex and rand_distr, built by cargo
--offline); --suite takes the gradient suite's own programs (tests/gradients/cases) instead.
Each program is built ON ITS OWN through tools/rustc-typetree with the real Enzyme, with
trees and with --no-typetree, at -O0 and -O2, and run: the same checks as the gradient
suite (every derivative against central finite differences, inputs unchanged). Per build
it records the outcome (right, wrong, inputs changed, crash, Enzyme error with Enzyme's
reason), Enzyme's pass time (the EnzymeNewPM line of clang's -ftime-report, or from -O1
on of opt -time-passes, which the wrapper reports as its `enzyme` stage when
RUSTC_TYPETREE_TIMES is set; only for builds Enzyme finished), Enzyme's own work (that
pass less its `enzyme-postopt` stage: the LLVM -O2 simplification pipeline the pass runs
over the whole module after differentiating, from the time trace; no tree can shorten
it) and the peak RSS of the build (GNU time; the compile step with Enzyme dominates it).
Prints one table row per program and level with both configurations and the ratios
trees/plain of both times, then their geometric means and the counts of programs where
trees fix, break or change nothing. Writes the table to
build/bench/enzyme/table.txt and, when gnuplot is installed, a chart of the times and ratios
to build/bench/enzyme/enzyme.png.
A build still running after --time-limit seconds (default 900) is stopped and counts as
"timeout" (TIMEOUT in the table).
Figures only: the exit status is non-zero only when a build could not be run at all.

With --repeat N, every build Enzyme finished is built N times in all and keeps the sample
with the least own work (and its pass time): wall times here move by 10 to 25% with the load
on the other core, more than trees change them; the minimum of a few is the usual remedy.
A repeat whose outcome differs from the first build's is reported and not used.

With --merge TABLE (repeatable) it builds nothing and prints the table, summary and chart of
the rows of earlier runs' tables, a later table's row replacing an earlier one's for the same
program and level (a program measured again alone): enzyme_table.py. Its output goes to
build/bench/enzyme-merged unless --out says otherwise. A ratio is computed again from the
times as printed (3 decimals), so it can differ from the original row's in its last digit.

usage: tests/bench/bench_enzyme.py [--levels 0,2] [--jobs N] [--time-limit S] [--repeat N]
                                   [--out DIR] [--suite] [CASE...]
       tests/bench/bench_enzyme.py --merge TABLE [--merge TABLE...] [--out DIR]
Environment: ENZYME_PLUGIN (see tools/enzyme-plugin), TYPETREE (default build/typetree).
"""
import argparse
import glob
import math
import re
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "gradients"))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)
import run as gradients  # noqa: E402
from enzyme_plugin import find_plugin  # noqa: E402
import enzyme_table  # noqa: E402

OUT = os.path.join(ROOT, "build", "bench", "enzyme")
WRAPPER = os.path.join(ROOT, "tools", "rustc-typetree")
# Seconds one build may take (--time-limit): Enzyme can run for hours on a program it does
# not stop on (generic_tower at -O0 with trees); such a build counts as "timeout".
TIME_LIMIT = 900


STRESS = os.path.join(ROOT, "tests", "gradients", "stress")
CRATES = os.path.join(ROOT, "tests", "gradients", "crates")


def corpus(suite):
    """[(case, kind)]: kind "rustc" (a file of its directory, std only) or "cargo"."""
    if suite:
        return [(c, "suite") for c in gradients.list_cases("suite")]
    out = [(f[:-3], "stress") for f in sorted(os.listdir(STRESS)) if f.endswith(".rs")]
    return out + [(c, "cargo") for c in gradients.list_cases("crates")]


REASONS = [re.compile(r) for r in (
    r"Cannot deduce type of \w+", r"Illegal update\w*(?: Analysis)?", r"cannot handle [^:%\n]{0,60}",
    r"could not statically determine size of \w+", r"Assertion [^\n]{0,120}",
    r"Enzyme: [^;<\n]{3,80}")]
FUNC = re.compile(r"in function (\S+)")


def enzyme_reason(text, why):
    """Enzyme's reason for stopping and the function it names, from the wrapper's output."""
    m = next((m for m in (r.search(text) for r in REASONS) if m), None)
    f = FUNC.search(text)
    if not m:
        return (why[0][24:] if why else "")[:160]
    name = f.group(1).replace("preprocess_", "") if f else "?"
    return "%s (in %s)" % (m.group(0).strip(), name[:90])


def build_and_run(case, kind, level, trees, plugin, typetree):
    tag = "trees" if trees else "plain"
    d = os.path.join(OUT, "%s-O%d-%s" % (case, level, tag))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    times = os.path.join(d, "times")
    rss = os.path.join(d, "rss")
    exe = os.path.join(d, "prog")
    # No fallback: the "trees" build measures Enzyme with the trees, whatever it does with them.
    env = dict(os.environ, TYPETREE=typetree, RUSTC_TYPETREE_TIMES=times,
               RUSTC_TYPETREE_NO_FALLBACK="1")
    timed = ["/usr/bin/time", "-f", "%M", "-o", rss]
    if kind == "cargo":
        # The crates program with this one case, in a project of its own; the dependencies
        # build once per level and configuration (a shared target directory: the peak
        # memory of the first build includes theirs, below the fat-LTO link's).
        proj = os.path.join(d, "proj")
        os.makedirs(os.path.join(proj, "src"))
        shutil.copytree(os.path.join(CRATES, ".cargo"), os.path.join(proj, ".cargo"))
        for f in ("Cargo.toml", "Cargo.lock"):
            shutil.copy(os.path.join(CRATES, f), proj)
        gradients.write_main([case], os.path.join(proj, "src", "main.rs"),
                             gradients.CASE_DIRS["crates"])
        target = os.path.join(OUT, "cargo-target-O%d-%s" % (level, tag))
        env.update(RUSTC_WRAPPER=WRAPPER, RUSTC_TYPETREE_ENZYME=plugin,
                   CARGO_PROFILE_RELEASE_OPT_LEVEL=str(level), CARGO_TARGET_DIR=target)
        if not trees:
            env["RUSTC_TYPETREE_NO_TYPETREE"] = "1"
        built = os.path.join(target, "release", "crates")
        kept_modules = os.path.join(target, "release", "deps", "crates-*.tt.ll")
        # the module an earlier program's build kept there is not this one's (below)
        for old in glob.glob(kept_modules):
            os.unlink(old)
        cmd = timed + ["cargo", "build", "--offline", "--locked", "--release", "-q"]
        cwd = proj
    else:
        main_rs = os.path.join(d, "main.rs")
        gradients.write_main([case], main_rs, STRESS if kind == "stress"
                             else gradients.CASE_DIRS["suite"])
        cmd = timed + [WRAPPER, "--enzyme", plugin]
        if not trees:
            cmd.append("--no-typetree")
        cmd += ["--edition=2021", "-A", "warnings", "-C", "opt-level=%d" % level,
                "--crate-name", "suite", main_rs, "-o", exe]
        built, cwd = None, None
    # Its own session, so that a build over the time limit is stopped whole (GNU time, the
    # wrapper, rustc, clang with Enzyme), not only its first process.
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        # SIGTERM first, so that the wrapper removes its temporary directory (the module,
        # tens of MB); SIGKILL what is still running 10 s later.
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
        return {"enzyme": None, "postopt": None, "rss": None, "outcome": "timeout",
                "why": "the build ran over %d s (--time-limit) and was stopped" % TIME_LIMIT}
    p = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
    if built and p.returncode == 0:
        shutil.copy(built, exe)
    if built:
        # The module the wrapper gave Enzyme, kept beside cargo's outputs under the crate's
        # name, one file per level and configuration: this build's copy, under the name a
        # rustc build keeps it, for enzyme_profile.py. (With --jobs above 1, two programs'
        # builds at one level and configuration can overlap in the shared target, and the
        # copy can be the other's: profile runs of --jobs 1.)
        kept = glob.glob(kept_modules)
        if kept:
            shutil.copy(max(kept, key=os.path.getmtime), os.path.join(d, "suite.tt.ll"))
    res = {"enzyme": None, "postopt": None, "rss": None}
    try:
        with open(rss) as f:
            res["rss"] = int(f.read().split()[-1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(times) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[0] in ("suite", "crates"):
                    if parts[1] == "enzyme":
                        res["enzyme"] = float(parts[2])
                    elif parts[1] == "enzyme-postopt":
                        res["postopt"] = float(parts[2])
    except OSError:
        pass
    if p.returncode != 0:
        text = p.stdout + p.stderr
        if "rustc-typetree: enzyme:" in text:
            why = [l for l in text.splitlines() if l.startswith("rustc-typetree: enzyme:")]
            res["outcome"], res["why"] = "enzyme error", enzyme_reason(text, why)
        else:
            res["outcome"], res["why"] = "build error", gradients.reason_of(text)[:160]
        return res
    res["outcome"], res["why"] = gradients.run_case(exe, case)
    return res


def fmt_t(x):
    return "%.3f" % x if x is not None else "-"


def own(r):
    """Enzyme's own work in a build: its pass less the LLVM pipeline the pass runs over the
    whole module after differentiating (PostOpt); None where either is unknown."""
    if r["enzyme"] is None or r["postopt"] is None:
        return None
    return max(r["enzyme"] - r["postopt"], 0.0)


def ratio(t, p):
    return t / p if t and p else None


def plot(cases, levels, results):
    """The chart of the table (gnuplot, when installed) to build/bench/enzyme/enzyme.png."""
    short = gradients.short
    if not shutil.which("gnuplot") or not results:
        return
    # Top: Enzyme's own time with and without trees, per program and level, with both
    # outcomes in the label; bottom: the ratio (builds Enzyme finished both ways).
    dat = os.path.join(OUT, "times.dat")
    with open(dat, "w") as f:
        for c in cases:
            for lv in levels:
                t, p = results[(c, lv, True)], results[(c, lv, False)]
                r = ratio(own(t), own(p))
                f.write('"%s O%d %s/%s" %.4f %.4f %s\n' % (
                    c, lv, short(t["outcome"]), short(p["outcome"]), own(t) or 0, own(p) or 0,
                    "%.4f" % r if r else "NaN"))
    png = os.path.join(OUT, "enzyme.png")
    script = (
        "set terminal pngcairo noenhanced size 1600,900 font ',9'; set output '%s';"
        "set multiplot layout 2,1;"
        "set style data histograms; set style histogram clustered gap 1; set style fill solid;"
        "set xtics rotate by -60 font ',7'; set grid ytics; set key top left;"
        "set offsets 0, 0, graph 0.08, 0;"
        "set ylabel \"Enzyme's own work, s\"; set yrange [0:*];"
        "set title \"Enzyme with (trees) and without (plain) typetree, each program built alone:"
        " its pass less the LLVM pipeline it runs afterwards; label: program, level, outcome"
        " trees/plain\";"
        "plot '%s' using 2:xtic(1) title 'trees' lc rgb '#1f77b4', '' using 3 title 'plain' lc rgb '#ff7f0e';"
        "unset title; set style data boxes; set boxwidth 0.7; set ylabel 'trees / plain';"
        "plot '%s' using 0:4:xtic(1) with boxes notitle lc rgb '#2ca02c', 1 with lines lw 2 lc rgb 'black' notitle;"
        "unset multiplot" % (png, dat, dat))
    g = subprocess.run(["gnuplot", "-e", script], capture_output=True, text=True)
    print("plot: %s" % (png if g.returncode == 0 else "gnuplot failed: " + g.stderr[:300]))


def report(plugin_name, cases, levels, results, repeat=1, flaky=()):
    """The table: a row per program and level, the summary lines, why each build is not right."""
    short = gradients.short
    lines = [enzyme_table.TITLE % plugin_name,
             "%-24s %3s  %-15s %17s %6s  %15s %6s  %15s" % (
                 "program", "lvl", "outcome t/p", "enzyme s t/p", "ratio", "own s t/p", "ratio",
                 "peak MB t/p")]
    ratios, own_ratios, fixed, broke, same = [], [], [], [], 0
    for c in cases:
        for lv in levels:
            t, p = results[(c, lv, True)], results[(c, lv, False)]
            r, ro = ratio(t["enzyme"], p["enzyme"]), ratio(own(t), own(p))
            if r:
                ratios.append(r)
            if ro:
                own_ratios.append(ro)
            lines.append("%-24s O%d   %-15s %8s/%-8s %6s  %7s/%-7s %6s  %7s/%-7s" % (
                c, lv, "%s/%s" % (short(t["outcome"]), short(p["outcome"])),
                fmt_t(t["enzyme"]), fmt_t(p["enzyme"]), "%.2f" % r if r else "-",
                fmt_t(own(t)), fmt_t(own(p)), "%.2f" % ro if ro else "-",
                "%.0f" % t["rss"] if t["rss"] else "-", "%.0f" % p["rss"] if p["rss"] else "-"))
            if t["outcome"] == "right" and p["outcome"] != "right":
                fixed.append("%s O%d (plain: %s%s)" % (c, lv, p["outcome"],
                                                       ": " + p["why"] if p["why"] else ""))
            elif p["outcome"] == "right" and t["outcome"] != "right":
                broke.append("%s O%d (trees: %s%s)" % (c, lv, t["outcome"],
                                                       ": " + t["why"] if t["why"] else ""))
            else:
                same += 1
    def gmean(xs):  # printed: "-" over no build
        return "%.3f" % math.exp(sum(math.log(r) for r in xs) / len(xs)) if xs else "-"
    # Where type analysis can dominate: builds whose plain Enzyme's own work is at least twice
    # the smallest of the run at that level (its fixed cost: the module carries all of std).
    heavy, slow = [], []
    for lv in levels:
        base = [own(results[(c, lv, False)]) for c in cases if own(results[(c, lv, False)])]
        floor = min(base) if base else None
        for c in cases:
            t, p = results[(c, lv, True)], results[(c, lv, False)]
            ot, op = own(t), own(p)
            if ot and op and op >= 2 * floor:
                heavy.append(ot / op)
            if ot and op and t["outcome"] == "right" and op >= 2 * ot:
                slow.append("%s O%d (plain %.2f s, trees %.2f s)" % (c, lv, op, ot))
    lines.append("")
    lines.append("geometric mean of Enzyme's pass time trees/plain over %d builds both finished: %s"
                 " (worst %s)" % (len(ratios), gmean(ratios),
                                  "%.3f" % max(ratios) if ratios else "-"))
    lines.append("geometric mean of Enzyme's own work (its pass less its LLVM post-optimization)"
                 " trees/plain: %s (worst %s)" % (gmean(own_ratios),
                                                    "%.3f" % max(own_ratios) if own_ratios else "-"))
    lines.append("  over the %d builds whose plain own work is at least twice the level's smallest: %s"
                 % (len(heavy), gmean(heavy)))
    lines.append("trees right and plain Enzyme's own work at least 2x longer: %d" % len(slow))
    for x in slow:
        lines.append("  slower: " + x)
    lines.append("trees right where plain is not: %d; plain right where trees are not: %d; "
                 "the same outcome: %d" % (len(fixed), len(broke), same))
    for x in fixed:
        lines.append("  fixed:  " + x)
    for x in broke:
        lines.append("  broken: " + x)
    # What the wrapper gives a user by default: a build Enzyme stops on with trees is built
    # again without them (the plain build's outcome); the runs above measure trees alone.
    fb_right = fb_broke = 0
    for c in cases:
        for lv in levels:
            t, p = results[(c, lv, True)], results[(c, lv, False)]
            o = p["outcome"] if t["outcome"] == "enzyme error" else t["outcome"]
            fb_right += o == "right"
            fb_broke += p["outcome"] == "right" and o != "right"
    lines.append("with the wrapper's fallback (Enzyme's failure with trees built again without "
                 "them): right %d of %d; plain right where that is not: %d"
                 % (fb_right, len(cases) * len(levels), fb_broke))
    if repeat > 1:
        lines.append("each build Enzyme finished: the least own work of %d builds" % repeat)
    for x in flaky:
        lines.append("  repeat with another outcome (not used): " + x)
    lines.append("")
    lines.append("why, per build that is not right:")
    for c in cases:
        for lv in levels:
            for tr in (True, False):
                r = results[(c, lv, tr)]
                if r["outcome"] != "right":
                    lines.append("  %s O%d %s: %s: %s" % (c, lv, "trees" if tr else "plain",
                                                          r["outcome"], r["why"] or "-"))
    return "\n".join(lines)


def write_report(text, cases, levels, results):
    print(text)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "table.txt"), "w") as f:
        f.write(text + "\n")
    plot(cases, levels, results)


def merged(paths):
    """enzyme_table.read_tables(paths) with the programs in the corpus's order (stress
    programs, then the crates programs), as a run prints them: what --merge reports."""
    name, cases, levels, results = enzyme_table.read_tables(paths)
    order = [c for c, _ in corpus(False)]
    cases.sort(key=lambda c: order.index(c) if c in order else len(order))
    return name, cases, levels, results


def main():
    global TIME_LIMIT, OUT
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="0,2")
    ap.add_argument("--jobs", type=int, default=1,
                    help="builds at once (default 1: timings are taken one at a time)")
    ap.add_argument("--out", help="the output directory (default build/bench/enzyme)")
    ap.add_argument("--suite", action="store_true",
                    help="the gradient suite's programs instead of the stress corpus")
    ap.add_argument("--time-limit", type=int, default=TIME_LIMIT,
                    help="seconds one build may take before it is stopped (default %(default)s)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="builds of each build Enzyme finished; the least own work is kept "
                         "(default %(default)s)")
    ap.add_argument("--merge", action="append", metavar="TABLE",
                    help="build nothing: the table, summary and chart of the rows of these "
                         "tables (repeatable; a later table's row replaces an earlier one's), "
                         "to build/bench/enzyme-merged unless --out")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    TIME_LIMIT = a.time_limit
    if a.out:
        OUT = os.path.abspath(a.out)
    if a.merge:
        if not a.out:  # not over a run's own table and chart
            OUT = os.path.join(ROOT, "build", "bench", "enzyme-merged")
        try:
            name, cases, levels, results = merged(a.merge)
        except (OSError, ValueError) as e:
            print("bench_enzyme: %s" % e, file=sys.stderr)
            return 2
        write_report(report(name, cases, levels, results), cases, levels, results)
        return 0
    plugin, why = find_plugin()
    if not plugin:
        print("SKIP: bench_enzyme: no Enzyme plugin: %s" % why)
        return 0
    typetree = os.environ.get("TYPETREE", os.path.join(ROOT, "build", "typetree"))
    everything = corpus(a.suite)
    kinds = dict(everything)
    cases = a.cases or [c for c, _ in everything]
    unknown = [c for c in cases if c not in kinds]
    if unknown:
        print("bench_enzyme: not in the corpus: %s" % " ".join(unknown), file=sys.stderr)
        return 2
    levels = [int(x) for x in a.levels.split(",")]
    os.makedirs(OUT, exist_ok=True)
    # a snapshot of typetree: the builds take a while
    snap = os.path.join(OUT, "typetree")
    shutil.copy(typetree, snap)
    jobs = [(c, lv, tr) for c in cases for lv in levels for tr in (True, False)]
    def build(j):
        return build_and_run(j[0], kinds[j[0]], j[1], j[2], plugin, snap)
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = dict(zip(jobs, ex.map(build, jobs)))
    # Repeats, after every first build: of the builds Enzyme finished, the sample with the
    # least own work (its pass time with it), among those with the first build's outcome.
    flaky = []
    for _ in range(max(1, a.repeat) - 1):
        again = [j for j in jobs if own(results[j]) is not None]
        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for j, r in zip(again, ex.map(build, again)):
                if r["outcome"] != results[j]["outcome"] or own(r) is None:
                    flaky.append("%s O%d %s: %s, then %s" % (j[0], j[1], "trees" if j[2] else "plain",
                                                            results[j]["outcome"], r["outcome"]))
                elif own(r) < own(results[j]):
                    results[j] = r
    write_report(report(os.path.basename(plugin), cases, levels, results, a.repeat, flaky),
                 cases, levels, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
