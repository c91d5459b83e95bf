#!/usr/bin/env python3
"""enzyme_learned.py: whether our trees reach Enzyme's type analysis, and what it learns beyond them.

A tree saves Enzyme work only where it reaches the analysis before Enzyme would find the same
out itself. Enzyme reads a function's parameter trees at its callers' call sites (the callee's
`enzyme_type` attributes, TypeAnalysis.cpp's considerTBAA), as a fact about the caller's
operand, and analyses the callee starting from what the caller then knows of each argument
(its "knowndata", one analysis per such calling context). Under -enzyme-strict-aliasing=0,
the wrapper's setting as rustc's, it skips an update whose origin does not post-dominate the
value: a tree read at a call in a loop or after a branch does not reach the caller's argument,
nor then the callee's context. A function called through a pointer is analysed with no
context, and the function handed to __enzyme_autodiff from its LLVM types (left out here).
This script measures, on the modules bench_enzyme.py kept, for each build made with trees
that Enzyme finished:
  1. the kept module through LLVM's -O<l> pipeline up to Enzyme (as enzyme_profile.py does);
  2. Enzyme on it with -enzyme-print-type (the wrapper's options), its log read line by line;
  3. for each analysis of a function whose parameters carry our attributes and each such
     argument: "not reached" when the analysis started without some fact of the attribute
     (an entry "[offsets]:Type", or one at offset -1 in its place), "body taught" when an
     update from the body added facts after that start (facts a complete tree that reached
     it would have given; or, where the tree did not reach, the ones it would have saved);
     and the updates Enzyme skipped, of any value.
Prints one row per build, up to --examples arguments of each kind with the facts, and the
totals. Figures only; nothing asserted.

usage: tests/bench/enzyme_learned.py [--out DIR] [--examples N] [CASE-O<l> ...]
       (default: every build with trees Enzyme finished under DIR, build/bench/enzyme)
Environment: ENZYME_PLUGIN (see tools/enzyme-plugin), OPT, LLVM_DIS (default LLVM 22's).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import enzyme_profile as prof  # noqa: E402  (pipeline, options, "finished": one place)
from enzyme_plugin import find_plugin  # noqa: E402

LLVM_DIS = os.environ.get("LLVM_DIS", "/usr/lib/llvm-22/bin/llvm-dis")
NAME = r'%(?:[-\w.$]+|"[^"]*")'
# a definition's parameter with our attribute: the tree, then the parameter's name
PARAM_TREE = re.compile(r'"enzyme_type"="(\{[^"]*\})"[^,()]*?\s(' + NAME + r')\s*[,)]')
# (the return's attribute may hold an "@", as in Float@double: the name follows a space)
DEFINE = re.compile(r'^define .*? @("[^"]*"|[-\w.$]+)\(')
# a call handing a function to Enzyme: __enzyme_autodiff(i64 ptrtoint (ptr @top to i64), ...)
ENTRY = re.compile(r'@__enzyme_\w+\([^@]*@("[^"]*"|[-\w.$]+)')
KNOWN = re.compile(r" \+ knowndata: \S+ (" + NAME + r") : (\{.*?\})")
UPDATE = re.compile(r'^updating analysis of val: (\S+ (' + NAME + r')) current: (\{.*?\}) new '
                    r'(\{.*?\})(?: from (.*?))? Changed=(\d) legal=\d$')


def facts(tree):
    """The entries of a printed TypeTree, "{[-1]:Pointer, [-1,0]:Integer}", as a set."""
    body = tree.strip()[1:-1].strip()
    return set(e.strip() for e in re.split(r",\s(?=\[)", body)) if body else set()


def attribute_trees(module):
    """({function: {argument name: set of facts}} for the parameters of the module's
    definitions that carry an enzyme_type attribute, the functions handed to Enzyme), from
    the module's text (llvm-dis's, for bitcode)."""
    with open(module, "rb") as f:
        bitcode = f.read(4) == b"BC\xc0\xde"
    if bitcode:
        text = subprocess.run([LLVM_DIS, module, "-o", "-"], capture_output=True, text=True,
                              check=True).stdout
    else:
        with open(module, errors="replace") as f:
            text = f.read()
    trees, entries = {}, set()
    for line in text.splitlines():
        if "@__enzyme_" in line:
            entries.update(n.strip('"') for n in ENTRY.findall(line))
        m = DEFINE.match(line) if '"enzyme_type"=' in line else None
        if not m:
            continue
        params = line[m.end() - 1:]
        args = {a: facts(t) for t, a in PARAM_TREE.findall(params)}
        if args:
            trees[m.group(1).strip('"')] = args
    return trees, entries


def original(fn, trees):
    """The module's function an analysed one stands for: Enzyme analyses its own copies too,
    "preprocess_<name>", and numbered clones of them, "<name>.<n>"."""
    names = [fn] + ([fn[len("preprocess_"):]] if fn.startswith("preprocess_") else [])
    for name in names:
        if name in trees:
            return name
        base = re.sub(r"\.\d+$", "", name)
        if base in trees:
            return base
    return None


def covered(fact, known):
    """Whether a fact "[o1,...,on]:T" is in a set of facts, as such or through an entry at
    offset -1 in its place (Enzyme's "every offset")."""
    if fact in known:
        return True
    path, _, ty = fact.partition("]:")
    idx = path[1:].split(",")
    return any("[%s]:%s" % (",".join(idx[:i] + ["-1"] + idx[i + 1:]), ty) in known
               for i in range(len(idx)) if idx[i] != "-1")


class Arg:
    """One annotated argument in one analysis: its attribute's facts, the seed Enzyme
    started from (the calling context) and what the function's body taught it after that."""
    def __init__(self, fn, name, attr):
        self.fn, self.name, self.attr, self.seed, self.taught = fn, name, attr, None, set()

    def unreached(self):
        """The attribute's facts the analysis did not start from."""
        return {f for f in self.attr if not covered(f, self.seed or set())}


def learned(log, trees, entries=()):
    """Reads Enzyme's -enzyme-print-type log (an iterable of lines) against the attributes:
    (analyses, [Arg] of every annotated argument analysed, updates Enzyme skipped).
    An analysis of a function starts from its calling context ("knowndata": what the caller
    knew of each argument, which is where the callee's attribute reaches it), then learns from
    the body; the function handed to Enzyme is seeded from its LLVM types instead, so its
    analyses (`entries`) are left out. Enzyme skips an update whose origin does not
    post-dominate the value under -enzyme-strict-aliasing=0 (the wrapper's setting): a
    callee's attribute read at a call in a loop or after a branch does not reach the
    caller's argument, nor then the callee's context."""
    analyses, args, skipped = 0, [], 0
    orig, cur_args = None, {}
    for line in log:
        if line.startswith("analyzing function "):
            fn = line.split()[2]
            orig = original(fn, trees)
            if orig in entries:
                orig = None
            cur_args = {a: Arg(fn, a, t) for a, t in trees.get(orig, {}).items()}
            args.extend(cur_args.values())
            analyses += 1
            continue
        if line.startswith(" skipping update into "):
            skipped += 1
            continue
        if not cur_args:
            continue
        if line.startswith(" + knowndata: "):
            m = KNOWN.match(line)
            if m and m.group(1) in cur_args:
                cur_args[m.group(1)].seed = facts(m.group(2))
            continue
        if not line.startswith("updating analysis of val: "):
            continue
        m = UPDATE.match(line.rstrip("\n"))
        if not m or m.group(2) not in cur_args:
            continue
        val, arg, cur, new, origin, changed = m.groups()
        if changed == "1" and origin != val:
            cur_args[arg].taught |= facts(new) - facts(cur)
    return analyses, args, skipped


def analyse(module, plugin, flags):
    """(analyses, [Arg], skipped updates): Enzyme with -enzyme-print-type and `flags` on a
    module as it reaches Enzyme's pass, its log read as it comes (tens of MB)."""
    trees, entries = attribute_trees(module)
    p = subprocess.Popen([prof.OPT, "-load-pass-plugin=" + plugin] + flags +
                         ["-enzyme-print-type", "-passes=enzyme", module, "-o", os.devnull],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         errors="replace")
    analyses, args, skipped = learned(p.stdout, trees, entries)
    if p.wait() != 0:
        raise RuntimeError("opt -passes=enzyme exited with %d" % p.returncode)
    return analyses, args, skipped


def run_build(module, plugin, flags, pipeline, tmp):
    """(analyses, [Arg], skipped updates) of one kept module."""
    return analyse(prof.before_enzyme(module, pipeline, tmp), plugin, flags)


def show(facts_, n=6):
    shown = sorted(facts_)
    return ", ".join(shown[:n]) + (" (+%d)" % (len(shown) - n) if len(shown) > n else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "enzyme"),
                    help="bench_enzyme.py's output directory (default build/bench/enzyme)")
    ap.add_argument("--examples", type=int, default=3,
                    help="arguments shown per build and kind (default 3)")
    ap.add_argument("builds", nargs="*", help="CASE-O<level> (default: every build with trees)")
    args = ap.parse_args()
    plugin, why = find_plugin()
    if not plugin:
        print("SKIP: enzyme_learned: no Enzyme plugin: %s" % why)
        return 0
    builds = prof.kept_builds(args.out, args.builds, "enzyme_learned")
    flags = prof.wrapper_flags()
    pipelines, total = {}, [0, 0, 0, 0, 0]
    print("%-22s %-4s %8s %10s %14s %13s %8s" % ("program", "lvl", "analyses", "annotated",
                                                 "not reached", "body taught", "skipped"))
    with tempfile.TemporaryDirectory() as tmp:
        for b, case, level in builds:
            d = os.path.join(args.out, b + "-trees")
            module = os.path.join(d, "suite.tt.ll")
            if not os.path.isfile(module):
                print("%-22s O%-3d skipped: no kept module (not built)" % (case, level))
                continue
            if not prof.finished(d):
                print("%-22s O%-3d skipped: Enzyme did not finish the build with trees"
                      % (case, level))
                continue
            if level not in pipelines:
                pipelines[level] = prof.pipeline_before_enzyme(plugin, level, tmp)
            try:
                n, seen, skipped = run_build(module, plugin, flags, pipelines[level], tmp)
            except (subprocess.CalledProcessError, RuntimeError) as e:
                print("%-22s O%-3d failed: %s" % (case, level, e))
                continue
            missed = [(a, u) for a, u in ((a, a.unreached()) for a in seen) if u]
            taught = [a for a in seen if a.taught]
            row = (n, len(seen), len(missed), len(taught), skipped)
            total = [t + r for t, r in zip(total, row)]
            print("%-22s O%-3d %8d %10d %14d %13d %8d" % ((case[:22], level) + row), flush=True)
            for a, u in missed[:args.examples]:
                print("    not reached: %s %s: %s" % (a.fn[:80], a.name, show(u)))
            for a in taught[:args.examples]:
                print("    taught: %s %s: %s" % (a.fn[:80], a.name, show(a.taught)))
    print("\nover all builds: %d analyses of %d annotated arguments; the attribute did not reach "
          "%d of them (their analysis started without some of its facts); the body taught "
          "Enzyme something about %d; %d updates skipped" % tuple(total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
