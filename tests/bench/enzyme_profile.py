#!/usr/bin/env python3
"""enzyme_profile.py: how much of Enzyme's pass is type analysis, with and without trees.

bench_enzyme.py times Enzyme's whole pass. The trees can only shorten the part of it that is
type analysis, so that share bounds the ratio the pass time can reach. This script measures
it by instruction counts (valgrind's callgrind: exact and repeatable, unlike times on a
shared machine) on the modules bench_enzyme.py kept, for each program and level where both
builds (with trees and --no-typetree) got through Enzyme:
  1. the kept module (<out>/<case>-O<l>-<trees|plain>/suite.tt.ll, what the wrapper gives
     clang) through LLVM's -O<l> pipeline up to the point where Enzyme runs in it (opt, the
     pipeline the plugin prints, cut before EnzymeNewPM);
  2. Enzyme alone on that (`opt -passes=enzyme`, the wrapper's Enzyme options) under
     callgrind; opt's pass runs without PostOpt (the LLVM -O2 pipeline over the whole module
     that the pass clang's pipeline adds runs after differentiating), so what is counted is
     Enzyme's own work, the column of that name in bench_enzyme.py's table;
  3. inclusive instructions of Enzyme's pass (EnzymeNewPM's run), of type analysis
     (TypeAnalysis::analyzeFunction, the outermost calls: interprocedural analysis of
     callees is inside them) and of Enzyme's check of called functions' names against the
     BLAS routines it knows (extractBLAS, a cost per call no tree changes; inside type
     analysis too, where type analysis calls it).
Prints per build the counts for trees/plain, the shares of type analysis and of the BLAS
name check (the two overlap where type analysis checks a name), the ratios trees/plain, then
geometric means. Figures only; nothing is asserted.
Cargo-built programs (tests/gradients/crates) are covered the same way: bench_enzyme.py
copies the module the wrapper kept beside cargo's outputs into the build's directory under
the same name.

usage: tests/bench/enzyme_profile.py [--out DIR] [--enzyme-flags "F1 F2"] [CASE-O<l> ...]
       (default: every pair found; Enzyme's options: the wrapper's, or --enzyme-flags, to
       compare two settings run by run)
Environment: ENZYME_PLUGIN (see tools/enzyme-plugin), OPT (default /usr/lib/llvm-22/bin/opt).
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from enzyme_plugin import find_plugin  # noqa: E402

OPT = os.environ.get("OPT", "/usr/lib/llvm-22/bin/opt")
ENZYME_PASS = re.compile(r"^\s*([\d,]+) .*PassModel<llvm::Module, EnzymeNewPM,.*::run\(")
TYPE_ANALYSIS = re.compile(r"^\s*([\d,]+) .*:TypeAnalysis::analyzeFunction\(FnTypeInfo const&\) ")
# Enzyme's check of every called function's name against the BLAS routines it knows (it
# builds the candidate names as strings, call after call): no tree changes what it costs
# per call.
BLAS_NAMES = re.compile(r"^\s*([\d,]+) .*:extractBLAS\(llvm::StringRef\) ")


def wrapper_flags():
    """Enzyme's options as tools/rustc-typetree gives them by default (one place: the
    wrapper, which prints them)."""
    env = {k: v for k, v in os.environ.items() if k != "RUSTC_TYPETREE_ENZYME_FLAGS"}
    p = subprocess.run([os.path.join(ROOT, "tools", "rustc-typetree"), "--print-enzyme-flags"],
                       env=env, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("enzyme_profile: tools/rustc-typetree --print-enzyme-flags failed: " + p.stderr)
    return p.stdout.split()


def pipeline_before_enzyme(plugin, level, tmp):
    """LLVM's default<O<level>> pipeline text up to (not including) Enzyme's pass."""
    probe = os.path.join(tmp, "probe.ll")
    with open(probe, "w") as f:
        f.write('target triple = "x86_64-unknown-linux-gnu"\n')
    out = subprocess.run([OPT, "-load-pass-plugin=" + plugin, "-passes=default<O%d>" % level,
                          "-print-pipeline-passes", "-disable-output", probe],
                         capture_output=True, text=True).stdout.strip()
    if "EnzymeNewPM" not in out:
        sys.exit("enzyme_profile: %s adds no EnzymeNewPM to LLVM's -O%d pipeline" % (plugin, level))
    pre = out[:out.index("EnzymeNewPM")].rstrip(",")
    # the plugin's own marker pass has no pipeline name opt could parse back
    return ",".join(p for p in pre.split(",") if p != "PreserveNVVMNewPM")


def finished(d):
    """Whether Enzyme got through this build (the wrapper logged its time)."""
    try:
        with open(os.path.join(d, "times")) as f:
            return any(l.split()[1:2] == ["enzyme"] and float(l.split()[2]) > 0 for l in f)
    except (OSError, ValueError, IndexError):
        return False


def kept_builds(out, names, tool):
    """[(name, case, level)] of the builds to read under a bench_enzyme.py output directory:
    those named (CASE-O<level>), or every one whose build with trees has its `times` (the
    builds' own directories, not the shared cargo targets). Exits with a message naming the
    tool on a missing directory or a malformed name."""
    if not os.path.isdir(out):
        sys.exit("%s: %s: no such directory (run make bench-enzyme first)" % (tool, out))
    names = names or sorted({n[:-len("-trees")] for n in os.listdir(out)
                             if n.endswith("-trees")
                             and os.path.isfile(os.path.join(out, n, "times"))})
    builds = []
    for n in names:
        m = re.match(r"^(.*)-O(\d)$", n)
        if not m:
            sys.exit("%s: %s: expected CASE-O<level>" % (tool, n))
        builds.append((n, m.group(1), int(m.group(2))))
    return builds


def before_enzyme(module, pipeline, tmp):
    """A kept module through pipeline_before_enzyme's passes: the module as it reaches
    Enzyme's pass (tmp/pre.bc, overwritten each call)."""
    pre = os.path.join(tmp, "pre.bc")
    subprocess.run([OPT, "-passes=" + pipeline, module, "-o", pre], check=True)
    return pre


def profile(module, plugin, flags, pipeline, tmp):
    """(Enzyme pass, type analysis, BLAS name check) instructions for one kept module."""
    pre = before_enzyme(module, pipeline, tmp)
    cg = os.path.join(tmp, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, OPT,
                    "-load-pass-plugin=" + plugin] + flags + ["-passes=enzyme", pre, "-o", os.devnull],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cg],
                         capture_output=True, text=True, check=True).stdout
    first = {}  # the first (outermost, non-recursive) line of each function
    for line in ann.splitlines():
        for rx, key in ((ENZYME_PASS, "e"), (TYPE_ANALYSIS, "t"), (BLAS_NAMES, "b")):
            m = rx.match(line)
            if m and "'" not in line.split(":", 1)[1].split("(")[0]:
                first.setdefault(key, int(m.group(1).replace(",", "")))
    enzyme, ta, blas = first.get("e"), first.get("t"), first.get("b")
    if enzyme is None or ta is None:
        raise RuntimeError("callgrind_annotate shows no %s" %
                           ("EnzymeNewPM run" if enzyme is None else "TypeAnalysis::analyzeFunction"))
    return enzyme, ta, blas or 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "enzyme"),
                    help="bench_enzyme.py's output directory (default build/bench/enzyme)")
    ap.add_argument("--enzyme-flags", help="Enzyme's options, space-separated "
                    "(default: the wrapper's, tools/rustc-typetree)")
    ap.add_argument("builds", nargs="*", help="CASE-O<level> (default: every pair found)")
    args = ap.parse_args()
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            print("SKIP: enzyme_profile: %s not installed (Debian package valgrind)" % tool)
            return 0
    plugin, why = find_plugin()
    if not plugin:
        print("SKIP: enzyme_profile: no Enzyme plugin: %s" % why)
        return 0
    pairs = kept_builds(args.out, args.builds, "enzyme_profile")
    flags = args.enzyme_flags.split() if args.enzyme_flags is not None else wrapper_flags()
    rows, pipelines = [], {}
    print("%-24s %-4s %-19s %-19s %-13s %-13s %-7s %s" % (
        "program", "lvl", "enzyme G instr t/p", "type analysis G t/p", "TA share t/p",
        "BLAS share t/p", "enzyme", "TA ratio"))
    with tempfile.TemporaryDirectory() as tmp:
        for pair, case, level in pairs:
            dirs = [os.path.join(args.out, "%s-%s" % (pair, k)) for k in ("trees", "plain")]
            mods = [os.path.join(d, "suite.tt.ll") for d in dirs]
            if not all(os.path.isfile(p) for p in mods):
                print("%-24s O%-3d skipped: no kept module (not built)" % (case, level))
                continue
            if not all(finished(d) for d in dirs):
                print("%-24s O%-3d skipped: Enzyme did not finish both builds" % (case, level))
                continue
            if level not in pipelines:
                pipelines[level] = pipeline_before_enzyme(plugin, level, tmp)
            try:
                (et, tt, bt), (ep, tp, bp) = [profile(p, plugin, flags, pipelines[level], tmp)
                                              for p in mods]
            except (subprocess.CalledProcessError, RuntimeError) as e:
                print("%-24s O%-3d failed: %s" % (case, level, e))
                continue
            rows.append((et / ep, tt / tp, tt / et, tp / ep, bt / et, bp / ep))
            share = "%.1f%%/%.1f%%" % (100 * tt / et, 100 * tp / ep)
            bshare = "%.1f%%/%.1f%%" % (100 * bt / et, 100 * bp / ep)
            print("%-24s O%-3d %8.2f/%-10.2f %8.2f/%-10.2f %-13s %-13s %-7.2f %.2f" % (
                case, level, et / 1e9, ep / 1e9, tt / 1e9, tp / 1e9, share, bshare, et / ep,
                tt / tp), flush=True)
    if rows:
        gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))  # noqa: E731
        print("\nover %d builds: geometric mean of trees/plain, Enzyme's pass %.3f, type analysis %.3f"
              % (len(rows), gm([r[0] for r in rows]), gm([r[1] for r in rows])))
        print("type analysis share of Enzyme's pass: with trees %.1f%% to %.1f%%, plain %.1f%% to %.1f%%"
              % (100 * min(r[2] for r in rows), 100 * max(r[2] for r in rows),
                 100 * min(r[3] for r in rows), 100 * max(r[3] for r in rows)))
        print("BLAS name check's share of Enzyme's pass: with trees %.1f%% to %.1f%%, plain %.1f%% to %.1f%%"
              % (100 * min(r[4] for r in rows), 100 * max(r[4] for r in rows),
                 100 * min(r[5] for r in rows), 100 * max(r[5] for r in rows)))
        best = max(r[3] for r in rows)
        print("lowest pass ratio type analysis allows (plain share %.1f%%, its cost at 0): %.2f"
              % (100 * best, 1 - best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
