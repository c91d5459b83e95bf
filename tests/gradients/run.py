#!/usr/bin/env python3
"""tests/gradients: real Rust programs differentiated by the real Enzyme through
tools/rustc-typetree, proven by gradients.

Every file of cases/ is one program: a Rust function with a thin wrapper handed to
__enzyme_autodiff (reverse) and/or __enzyme_fwddiff (forward), checked against central
finite differences of the original code, with every primal input unchanged after the call
(harness.rs). All cases are compiled into ONE program per (opt level, trees or not): each
wrapper build carries std through fat LTO, so one build per case would take far too long.
Each case then runs in its own process (a crash is that case's outcome alone).

Builds: -C opt-level=0..3, with trees, with --no-typetree ("plain") and the baseline
("base": tools/rustc-typetree --baseline, rustc's own optimized module through `opt
-passes=enzyme` with Enzyme's default options, the strongest plain build a user without
typetree makes). When Enzyme rejects the
program, the case it failed on (from the source file of its error, else from the failing
function's symbol, else by halving the remaining cases) is recorded as "enzyme error" and
the program is rebuilt without it.

A case passes at a level when, with trees, its gradients are right. A case may be expected
to fail at some levels only because of a documented Enzyme bug with a reproducer
(known-bugs.json -> tests/enzyme-bugs/<bug>.ll), never when it is right in a plain build
([WORSE]) or when trees carry Enzyme to a wrong result, changed inputs or a crash where it
refuses without them ([SILENT]). Failures still open are listed with their cause in
open-failures.json and shown on every run ([SILENT-OPEN], or [OPEN] for an Enzyme refusal
not yet reduced to a reproducer); a listed case that turns right fails until removed. The
suite prints a table of outcomes (trees / plain / base) and ends with "N passed, N failed"
(one test per case and level). The verdict compares the plain and base builds with trees
only where trees are not right, so by default those
builds hold just these cases (one or two builds a level, where building every case costs
some 25 at -O0 to isolate plain Enzyme's failures); --full builds every case in every mode
(`make gradients`, docs/results.md's table); "." in the table: not built.

usage: tests/gradients/run.py [--levels 0,1,2,3] [--no-plain | --plain-levels 1,2,3]
                              [--no-base | --base-levels 0,2] [--full] [--jobs N]
                              [--table FILE] [--keep-ir] [--case-dir DIR] [CASE...]
Each build's directory (build/tests/gradients/<program>-O<level>-<trees|plain|base>/build<N>)
keeps the binary, and the module Enzyme got (.tt.ll) and Enzyme's log (.enzyme.log) when it
held a case the suite failed on ([FAIL], or [WORSE]: then the plain build's too; a build
Enzyme rejected keeps its log only); --keep-ir keeps them all.
The baseline is built at -O2 by default (--base-levels): at -O0 it stops in std's
RawVecInner::try_allocate_in in every program that allocates (rustc's -O0 IR as it is), which
costs about one build per case to isolate, more than the whole suite; -O1 and -O3 are left to
--base-levels to keep the suite within CI's time.
Environment: ENZYME_PLUGIN (default: ../shared/enzyme/LLDEnzyme-22.so beside the
repository), TYPETREE (default build/typetree).
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WRAPPER = os.path.join(ROOT, "tools", "rustc-typetree")
OUT = os.environ.get("GRADIENTS_OUT", os.path.join(ROOT, "build", "tests", "gradients"))

sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from enzyme_plugin import find_plugin  # noqa: E402

# The three builds of a level: the wrapper with trees, the wrapper without them
# (--no-typetree), and the baseline (--baseline: rustc's own optimized fat-LTO module through
# `opt -passes=enzyme` with Enzyme's default options, the strongest plain build a user
# without typetree makes). A program must be right with trees wherever either plain build is.
MODES = ["trees", "plain", "base"]
MODE_FLAGS = {"trees": [], "plain": ["--no-typetree"], "base": ["--baseline"]}
MODE_ENV = {"trees": {}, "plain": {"RUSTC_TYPETREE_NO_TYPETREE": "1"},
            "base": {"RUSTC_TYPETREE_BASELINE": "1"}}

OUTCOMES = ["right", "wrong", "inputs changed", "crash", "timeout", "enzyme error", "build error"]


CASE_DIRS = {"suite": os.path.join(HERE, "cases"), "crates": os.path.join(HERE, "crates", "cases")}


def list_cases(program=None):
    """Case names of one program (suite: rustc, crates: cargo over Debian's crates) or of all."""
    out = []
    for prog, d in CASE_DIRS.items():
        if program in (None, prog):
            out += sorted(f[:-3] for f in os.listdir(d) if f.endswith(".rs"))
    return out


def program_of(case):
    return "crates" if case in list_cases("crates") else "suite"


def write_main(cases, path, case_dir):
    harness = os.path.join(HERE, "harness.rs")
    lines = [
        "// Generated by tests/gradients/run.py: the harness and every case in one program.",
        "#![allow(dead_code, unused_imports, clashing_extern_declarations)]",
        "#[macro_use]",
        '#[path = "%s"]' % harness,
        "mod harness;",
        "mod cases {",
    ]
    for c in cases:
        lines.append('    #[cfg(not(tt_skip_%s))] #[path = "%s"] pub mod %s;'
                     % (c, os.path.join(case_dir, c + ".rs"), c))
    lines += ["}", "", "fn main() {",
              '    let name = std::env::args().nth(1).unwrap_or_default();',
              "    let result: Result<(), String> = match name.as_str() {"]
    for c in cases:
        lines.append('        #[cfg(not(tt_skip_%s))] "%s" => cases::%s::run(),' % (c, c, c))
    lines += ['        _ => { eprintln!("unknown case {:?}", name); std::process::exit(2) }',
              "    };", "    match result {",
              '        Ok(()) => println!("right"),',
              '        Err(e) => { println!("wrong: {}", e); std::process::exit(1) }',
              "    }", "}", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


# How a build the wrapper stopped before a program existed says so: Enzyme's failure, and
# the wrapper's checks of what Enzyme would get wrong silently (tools/rustc-typetree's
# byte-moves, const-fn-pointers, pointer-float-returns and enum-moves stages; recorded as
# "enzyme error", their message the reason). Any other failed build is a "build error" of
# every case it held.
REFUSED = ("rustc-typetree: enzyme:", "rustc-typetree: byte-moves:",
           "rustc-typetree: const-fn-pointers:", "rustc-typetree: pointer-float-returns:",
           "rustc-typetree: enum-moves:")


def reason_of(log):
    keep = [l for l in log.splitlines() if l.strip() and "Program arguments" not in l]
    return " | ".join(l[:300] for l in keep[-4:])


class Builder:
    """Builds one of the two programs for a configuration, some cases left out (--cfg
    tt_skip_CASE). -> (ok, output, exe, Enzyme's log, the .tt.ll Enzyme got)."""

    def __init__(self, plugin, typetree, env):
        self.plugin = plugin
        # A snapshot of the wrapper and typetree (which holds std's rules): the builds take
        # minutes, and a shell script edited while it runs is read half old, half new.
        self.wrapper = os.path.join(OUT, "rustc-typetree")
        shutil.copy(WRAPPER, self.wrapper)
        # the table of Enzyme workarounds and the compile stage the wrapper reads from
        # beside itself
        for f in ("enzyme-workarounds.tsv", "rustc-typetree-compile.sh"):
            shutil.copy(os.path.join(os.path.dirname(WRAPPER), f), OUT)
        snap = os.path.join(OUT, "typetree")
        shutil.copy(typetree, snap)
        # No fallback: a build whose trees Enzyme rejects must show as such, not be rebuilt
        # without them.
        self.env = dict(env, TYPETREE=snap, RUSTC_TYPETREE_NO_FALLBACK="1")
        self.cargo_lock = threading.Lock()

    def build(self, program, main_rs, level, mode, skip, out_dir):
        os.makedirs(out_dir, exist_ok=True)
        cfgs = []
        for c in sorted(skip):
            cfgs += ["--cfg", "tt_skip_%s" % c]
        if program == "suite":
            exe = os.path.join(out_dir, "suite")
            cmd = [self.wrapper, "--enzyme", self.plugin] + MODE_FLAGS[mode]
            cmd += ["--edition=2021", "-A", "warnings", "-C", "opt-level=%d" % level,
                    "--crate-name", "suite", main_rs, "-o", exe] + cfgs
            p = subprocess.run(cmd, env=self.env, capture_output=True, text=True)
            return (p.returncode == 0, p.stdout + p.stderr, exe,
                    os.path.join(out_dir, "suite.enzyme.log"), os.path.join(out_dir, "suite.tt.ll"))
        # cargo: one target directory per level (the dependencies build once per level);
        # `cargo rustc` hands the cfgs to the binary crate only.
        proj = os.path.dirname(os.path.dirname(main_rs))
        target = os.path.join(OUT, "crates-target-O%d" % level)
        env = dict(self.env, RUSTC_WRAPPER=self.wrapper, RUSTC_TYPETREE_ENZYME=self.plugin,
                   CARGO_PROFILE_RELEASE_OPT_LEVEL=str(level), CARGO_TARGET_DIR=target)
        env.update(MODE_ENV[mode])
        # the mode is in the arguments too, so that cargo rebuilds the binary when it changes
        cmd = ["cargo", "rustc", "--offline", "--locked", "--release", "-q", "--bin", "crates",
               "--", "-A", "warnings", "--cfg", "tt_mode_%s" % mode] + cfgs
        with self.cargo_lock:
            p = subprocess.run(cmd, cwd=proj, env=env, capture_output=True, text=True)
            deps = os.path.join(target, "release", "deps")
            exe = os.path.join(out_dir, "crates")
            if p.returncode == 0:
                shutil.copy(os.path.join(target, "release", "crates"), exe)
            logs = sorted(glob.glob(os.path.join(deps, "crates-*.enzyme.log")), key=os.path.getmtime)
            lls = sorted(glob.glob(os.path.join(deps, "crates-*.tt.ll")), key=os.path.getmtime)
            # moved, not copied: cargo's deps would otherwise gather one module and log
            # per configuration (tens of MB each), and a later build that cargo found
            # fresh could pick up another configuration's
            for src, dst in ((logs, "crates.enzyme.log"), (lls, "crates.tt.ll")):
                if src:
                    shutil.move(src[-1], os.path.join(out_dir, dst))
        return (p.returncode == 0, p.stdout + p.stderr, exe,
                os.path.join(out_dir, "crates.enzyme.log"), os.path.join(out_dir, "crates.tt.ll"))


def prepare_crates(cases):
    """The cargo project of the crates program, in the build directory: the manifest, the
    lock file and the offline source configuration, and a generated src/main.rs."""
    src = os.path.join(HERE, "crates")
    proj = os.path.join(OUT, "crates")
    os.makedirs(os.path.join(proj, "src"), exist_ok=True)
    os.makedirs(os.path.join(proj, ".cargo"), exist_ok=True)
    for f in ("Cargo.toml", "Cargo.lock", os.path.join(".cargo", "config.toml")):
        shutil.copy(os.path.join(src, f), os.path.join(proj, f))
    main_rs = os.path.join(proj, "src", "main.rs")
    write_main(cases, main_rs, CASE_DIRS["crates"])
    return main_rs


ENZYME_PREFIXES = ("preprocess_", "fakeaugmented_", "augmented_", "fwddiffe", "diffe",
                   "nofree_", "primal_", "shadow_")


def call_graph(ll_path):
    """-> ({function: set of functions and globals its body names},
           {function: set of the functions it hands to __enzyme_*: names it uses other
            than as a callee, when it calls __enzyme_autodiff/__enzyme_fwddiff})."""
    graph, handed, cur, refs, callees, enzyme = {}, {}, None, None, None, False
    sym = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)')
    callee = re.compile(r'(?:call|invoke)\b[^@]*?@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(')
    with open(ll_path, errors="replace") as f:
        for line in f:
            if line.startswith("define "):
                # the name is the @ that opens the parameter list ("Float@double" in an
                # attribute before it is not one)
                m = re.search(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(', line)
                cur, refs, callees, enzyme = (m.group(1).strip('"') if m else None), set(), set(), False
            elif cur is not None:
                if line.startswith("}"):
                    graph[cur] = refs
                    if enzyme:
                        handed[cur] = refs - callees
                    cur = None
                elif "@" in line:
                    names = [x.strip('"') for x in sym.findall(line)]
                    refs.update(names)
                    callees.update(x.strip('"') for x in callee.findall(line))
                    if any(n.startswith("__enzyme_") for n in names):
                        enzyme = True
    return graph, handed


# Where differentiated code reaches only on its way to a panic: never differentiated, and
# shared by every case (following it would make every error look like everyone's).
PANIC_PATH = re.compile(r"panick|panic_|4core3fmt|9core_fmt|unwrap_failed|expect_failed|"
                        r"_fail17h|index_fail|rust_begin_unwind|handle_alloc_error|capacity_overflow")


def reachable_by_case(graphs, cases):
    """{case: functions reachable from what the case hands to Enzyme, panic paths aside}."""
    graph, handed = graphs
    out = {}
    for c in cases:
        key = "5cases%d%s" % (len(c), c)
        todo = [g for f, gs in handed.items() if key in f for g in gs if g in graph]
        seen = set(todo)
        while todo:
            for g in graph.get(todo.pop(), ()):
                if g in graph and g not in seen and not PANIC_PATH.search(g):
                    seen.add(g)
                    todo.append(g)
        out[c] = seen
    return out


def original_name(fn, reach):
    """The module's function behind one of Enzyme's clones: preprocess_F, diffeF, F.25."""
    known = set().union(*reach.values()) if reach else set()
    for _ in range(4):
        if fn in known:
            return fn
        m = re.match(r"(.*)\.\d+$", fn)
        if m and m.group(1) in known:
            return m.group(1)
        fn = next((fn[len(p):] for p in ENZYME_PREFIXES if fn.startswith(p)), fn)
        fn = re.sub(r"\.\d+$", "", fn) if fn not in known else fn
    return fn


def last_define(lines, i):
    """The function Enzyme was working on when it crashed: the last one it printed."""
    for l in reversed(lines[max(0, i - 200000):i]):
        if l.startswith("define "):
            m = re.search(r'@("[^"]+"|[-\w.$]+)\(', l)
            if m:
                return m.group(1).strip('"')
    return None


def blame(log_path, ll_path, group):
    """Splits a failed build's cases: {case: reason} for the cases Enzyme's errors belong to
    alone, and the set of cases an error may belong to but not alone. An error belongs to
    the case whose source file it names, else to every case whose code reaches the function
    it names (Enzyme prefixes its clones' names: preprocess_, diffe, ...)."""
    try:
        with open(log_path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return {}, set(group)
    errors = [(i, l) for i, l in enumerate(lines)
              if (re.match(r"^(error|fatal error|LLVM ERROR): \S", l)
                  or re.match(r"^typetree: .*: error: @", l)  # the wrapper's checks (REFUSED)
                  or re.search(r"Assertion .* failed|UNREACHABLE executed at", l))
              and "too many errors" not in l]
    named, unsure = {}, set()
    reach = None
    for i, line in errors:
        m = re.search(r"cases/([A-Za-z0-9_]+)\.rs:\d+", line)
        owners = {m.group(1)} & set(group) if m else set()
        if not owners:
            fm = (re.search(r"in function (\S+)", line)
                  or re.search(r"^typetree: .*?: error: @(\"[^\"]+\"|[-\w.$]+)", line))
            fn = fm.group(1) if fm else last_define(lines, i)
            if fn:
                if reach is None:
                    reach = reachable_by_case(call_graph(ll_path), group)
                fn = original_name(fn, reach)
                owners = {c for c in group if fn in reach[c]}
        text = " | ".join(x[:300] for x in [line] + [l for l in lines[i + 1:i + 3] if l.strip()])
        if len(owners) == 1:
            c = owners.pop()
            named.setdefault(c, text)
        else:
            unsure |= owners or set(group)
    if not named and not unsure:
        # a failure none of whose lines was recognised (a crash of another kind): it belongs
        # to the group as a whole, never to no case, or the same group would be built again
        # and again
        unsure = set(group)
    return named, unsure - set(named)


def build_config(builder, program, main_rs, cases, level, mode, results, log, dirs, only=None,
                 apart=()):
    """Builds the suite for one configuration and runs every case. Enzyme reports every
    failing call of a module in one run: each error goes to the case it belongs to (see
    blame), those cases are recorded as "enzyme error", and the others are built again
    (cases an error may belong to, but not alone, are built one by one, or in halves when
    there are many). Fills results[case] = (outcome, detail) and adds each build's
    directory to dirs[case] for the cases it held. only: the cases to build (default: all of
    the program's; the others are left out with --cfg tt_skip_CASE). apart: cases built in a
    group of their own after the others (those known-bugs.json and open-failures.json list
    for the level, most of them Enzyme errors): a build Enzyme fails on costs a build of the
    whole program, and the others then build once."""
    tag = "%s-O%d-%s" % (program, level, mode)
    out_dir = os.path.join(OUT, tag)
    shutil.rmtree(out_dir, ignore_errors=True)
    attempt = 0
    first = list(cases if only is None else only)
    if not first:
        return
    # (cases, how many times their group was halved)
    queue = [(g, 0) for g in ([c for c in first if c not in apart],
                              [c for c in first if c in apart]) if g]
    built = []  # (exe, cases in it)
    while queue:
        group, halved = queue.pop(0)
        attempt += 1
        bdir = os.path.join(out_dir, "build%d" % attempt)
        t0 = time.time()
        ok, text, exe, elog, ll = builder.build(program, main_rs, level, mode,
                                                set(cases) - set(group), bdir)
        # where the suite's time goes (docs/testing.md: the README's test command should stay
        # under ~30 minutes)
        log("%s build%d: %d case%s, %.0f s, %s" % (tag, attempt, len(group),
                                                 "" if len(group) == 1 else "s", time.time() - t0,
                                                 "built" if ok else "failed"))
        for c in group:
            dirs.setdefault(c, []).append(bdir)
        if ok:
            built.append((exe, group))
            continue
        if not any(r in text for r in REFUSED):
            for c in group:
                results[c] = ("build error", reason_of(text))
            log("%s: build error: %s" % (tag, reason_of(text)))
            continue
        named, unsure = ({}, set()) if len(group) == 1 else blame(elog, ll, group)
        # a failed build's IR (~70 MB at -O0) has served: keep its Enzyme log only (at
        # -O0 without trees a run makes one build per program)
        for f in glob.glob(os.path.join(bdir, "*")):
            if not f.endswith(".enzyme.log"):
                try:
                    os.remove(f)
                except OSError:
                    pass
        if len(group) == 1:
            results[group[0]] = ("enzyme error", reason_of(text))
            continue
        for c, why in named.items():
            results[c] = ("enzyme error", why)
        clean = [c for c in group if c not in named and c not in unsure]
        if clean:
            queue.append((clean, halved))
        rest = [c for c in group if c in unsure]
        if len(rest) <= 6 or halved >= 1:
            # an error shared by many cases (std code they all reach) usually fails most
            # of them: one build each costs n builds, halving again n log n
            queue += [([c], halved) for c in rest]
        elif named:
            queue.append((rest, halved))
        else:
            queue += [(rest[:len(rest) // 2], halved + 1), (rest[len(rest) // 2:], halved + 1)]
    for exe, group in built:
        for c in group:
            results[c] = run_case(exe, c)


def run_case(exe, case):
    try:
        p = subprocess.run([exe, case], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return ("timeout", "no result after 60 s")
    out = (p.stdout + p.stderr).strip()
    if p.returncode == 0 and out.endswith("right"):
        return ("right", "")
    if p.returncode < 0:
        return ("crash", "signal %d: %s" % (-p.returncode, out[-300:]))
    if "primal input changed" in out:
        return ("inputs changed", out[-600:])
    if p.returncode == 1 and "wrong:" in out:
        return ("wrong", out[out.index("wrong:") + 7:][:600])
    if p.returncode == 1 and any(m in out for m in ENZYME_RUNTIME_STOPS):
        # Enzyme's own check in the derivative stopped the program with its reason before
        # any result: a refusal, made at run time (docs/limits.md, "Trait objects")
        return ("enzyme error", "at run time: %s" % out[-300:])
    return ("crash", "exit %d: %s" % (p.returncode, out[-300:]))


# What the checks Enzyme compiles into a derivative print before they exit(1): a call through
# a function pointer whose shadow is the primal itself (Utils.cpp, ErrorIfRuntimeInactive;
# a trait object's shadow that kept the primal's vtable).
ENZYME_RUNTIME_STOPS = ("Attempting to call an indirect active function whose runtime value "
                        "is inactive",)


# An outcome as the tables print it (tests/bench/enzyme_table.py reads them back with it).
SHORT = {"right": "ok", "wrong": "WRONG", "inputs changed": "CORRUPT", "crash": "CRASH",
         "timeout": "TIMEOUT", "enzyme error": "EZ-ERR", "build error": "BUILD"}


def short(o):
    return SHORT[o]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default="0,1,2,3")
    ap.add_argument("--no-plain", action="store_true", help="skip the --no-typetree builds")
    ap.add_argument("--plain-levels", help="the levels to build --no-typetree too (default: all)")
    ap.add_argument("--no-base", action="store_true", help="skip the --baseline builds")
    ap.add_argument("--base-levels", default="2",
                    help="the levels to build the baseline too (default: 2; see the docstring)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--table", help="also write the table to this file")
    ap.add_argument("--keep-ir", action="store_true",
                    help="keep every build's module and Enzyme log (default: only those of "
                    "builds holding a case the suite failed on)")
    ap.add_argument("--full", action="store_true",
                    help="build every case in every mode (default: the plain and base builds "
                    "hold only the cases not right with trees at that level)")
    ap.add_argument("--case-dir",
                    help="take the cases from this directory instead of cases/ and crates/ "
                    "(random_cases.py); known-bugs.json and open-failures.json do not apply")
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    if args.case_dir:
        CASE_DIRS.clear()
        CASE_DIRS["suite"] = os.path.abspath(args.case_dir)

    for tool in ("rustc", "clang-22"):
        if not shutil.which(tool):
            print("SKIP: %s not found (the gradient suite needs Rust 1.95 and clang-22)" % tool)
            print("0 passed, 0 failed")
            return 0
    plugin, why = find_plugin()
    if not plugin:
        print("SKIP: no Enzyme plugin: %s" % why)
        print("0 passed, 0 failed")
        return 0
    typetree = os.environ.get("TYPETREE", os.path.join(ROOT, "build", "typetree"))
    env = dict(os.environ, TYPETREE=typetree)

    cases = args.cases or list_cases()
    unknown = [c for c in cases if c not in list_cases()]
    if unknown:
        print("unknown case(s): %s" % " ".join(unknown))
        return 2
    levels = [int(x) for x in args.levels.split(",")]
    os.makedirs(OUT, exist_ok=True)
    programs = {}
    suite_cases = [c for c in cases if program_of(c) == "suite"]
    crate_cases = [c for c in cases if program_of(c) == "crates"]
    if suite_cases:
        main_rs = os.path.join(OUT, "main.rs")
        write_main(suite_cases, main_rs, CASE_DIRS["suite"])
        programs["suite"] = (main_rs, suite_cases)
    if crate_cases:
        if shutil.which("cargo") and os.path.isdir("/usr/share/cargo/registry/kurbo-0.7.1"):
            programs["crates"] = (prepare_crates(crate_cases), crate_cases)
        else:
            print("SKIP: crates program: cargo or Debian's crate sources missing (tools/setup "
                  "installs librust-kurbo-dev and the others)")
            cases = suite_cases
    print("Enzyme plugin: %s" % plugin)

    with open(os.path.join(HERE, "known-bugs.json")) as f:
        known = json.load(f)
    # failures still open, with their cause: silent wrong answers trees cause where plain
    # Enzyme refuses, and Enzyme's refusals not reduced to a reproducer yet
    with open(os.path.join(HERE, "open-failures.json")) as f:
        open_failures = json.load(f)
    if args.case_dir:
        known, open_failures = {}, {}
    problems = check_known_bugs(known)

    builder = Builder(plugin, typetree, env)
    plain_levels = [] if args.no_plain else (
        [int(x) for x in args.plain_levels.split(",")] if args.plain_levels else levels)
    base_levels = [] if args.no_base else [int(x) for x in args.base_levels.split(",")]
    configs = [(lv, m) for lv in levels for m in MODES
               if m == "trees" or (m == "plain" and lv in plain_levels)
               or (m == "base" and lv in base_levels)]
    results = {cfg: {} for cfg in configs}
    dirs = {cfg: {} for cfg in configs}  # the build directories each case was part of
    lock = threading.Lock()

    def log(msg):
        with lock:
            print(msg, flush=True)

    def one(job):
        prog, (lv, m) = job
        main_rs, pcases = programs[prog]
        only = None
        if m != "trees" and not args.full:
            # the verdict compares a mode with trees only where trees are not right
            # ([WORSE], [SILENT]): the plain and base builds hold just those cases
            only = [c for c in pcases if results[(lv, "trees")].get(c, ("",))[0] != "right"]
        listed = {c for table in (known, open_failures) for c, lvs in table.items()
                  if "O%d" % lv in lvs}
        build_config(builder, prog, main_rs, pcases, lv, m, results[(lv, m)], log,
                     dirs[(lv, m)], only, apart=listed if m == "trees" else ())

    jobs = [(prog, cfg) for prog in programs for cfg in configs]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        list(ex.map(one, [j for j in jobs if j[1][1] == "trees"]))
        list(ex.map(one, [j for j in jobs if j[1][1] != "trees"]))

    # Details of everything that is not right.
    for (lv, m) in configs:
        for c in cases:
            if m != "trees" and c not in results[(lv, m)]:
                continue  # not built: right with trees
            o, d = results[(lv, m)].get(c, ("build error", "not built"))
            if o != "right":
                print("  O%d %-5s %-28s %s: %s" % (lv, m, c, o, d))

    shown = [m for m in MODES if any(cm == m for (_, cm) in configs)]
    table = render_table(cases, levels, results, shown)
    print(table)
    if args.table:
        with open(args.table, "w") as f:
            f.write(table + "\n")

    passed = failed = 0
    flagged = set()  # (level, mode, case) whose builds keep their module and log
    for lv in levels:
        for c in cases:
            o, d = results[(lv, "trees")].get(c, ("build error", "not built"))
            bug = known.get(c, {}).get("O%d" % lv)
            for m in ("plain", "base"):
                other = results.get((lv, m), {}).get(c, (None, ""))[0]
                if other == "right" and o != "right":
                    # the project's first promise: trees never make a right program fail,
                    # and the wrapper is never behind plain Enzyme
                    print("[WORSE] %s O%d: right %s, %s with trees%s" % (
                        c, lv, "without trees" if m == "plain" else "in the baseline", o,
                        " (Enzyme bug %s)" % bug if bug else ""))
                    flagged |= {(lv, "trees", c), (lv, m, c)}
            silent = o in ("wrong", "inputs changed", "crash", "timeout")
            why_open = open_failures.get(c, {}).get("O%d" % lv)
            if silent and results.get((lv, "plain"), {}).get(c, (None,))[0] == "enzyme error":
                # where plain Enzyme refuses, trees must not carry it to a silent wrong
                # answer: a known bug of Enzyme's does not excuse that (the wrapper must
                # not hand Enzyme what triggers it). The ones still open are listed in
                # open-failures.json with their cause and shown on every run.
                flagged |= {(lv, "trees", c), (lv, "plain", c)}
                if why_open:
                    print("[SILENT-OPEN] %s O%d: Enzyme refuses without trees, %s with them "
                          "(open-failures.json: %s)" % (c, lv, o, why_open))
                    passed += 1
                    continue
                print("[SILENT] %s O%d: Enzyme refuses without trees, %s with them: %s"
                      % (c, lv, o, d))
                failed += 1
                continue
            if why_open and o == "right":
                print("[FAIL] %s O%d: right, but open-failures.json lists it: remove the entry"
                      % (c, lv))
                failed += 1
                continue
            if why_open and not bug:
                # a failure not reduced to a reproducer yet, with its cause
                print("[OPEN] %s O%d with trees: %s (open-failures.json: %s)" % (c, lv, o, why_open))
                passed += 1
                flagged.add((lv, "trees", c))
                continue
            if o == "right":
                passed += 1
                if bug:
                    print("[FAIL] %s O%d: right, but known-bugs.json expects Enzyme bug %s: "
                          "remove the entry" % (c, lv, bug))
                    failed += 1
                    passed -= 1
            elif bug and bug not in problems:
                print("[XFAIL] %s O%d: %s (Enzyme bug %s, reproducer tests/enzyme-bugs/%s.ll)"
                      % (c, lv, o, bug, bug))
                passed += 1
            else:
                print("[FAIL] %s O%d with trees: %s: %s" % (c, lv, o, d))
                failed += 1
                flagged.add((lv, "trees", c))
    for p in problems.values():
        print("[FAIL] %s" % p)
        failed += 1
    if not args.keep_ir:
        prune_ir(dirs, flagged)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


def prune_ir(dirs, flagged):
    """Removes the module Enzyme got and Enzyme's log (40 to 80 MB each, some 60 builds a
    run: CI once ran out of disk here) from every build that held no case the suite failed
    on; the binaries stay. Expected outcomes (a known Enzyme bug, a plain build's failure)
    are explained already; --keep-ir keeps everything."""
    keep = {d for (lv, tr), per in dirs.items() for c, ds in per.items()
            if (lv, tr, c) in flagged for d in ds}
    for per in dirs.values():
        for d in {d for ds in per.values() for d in ds} - keep:
            for f in glob.glob(os.path.join(d, "*")):
                if f.endswith((".tt.ll", ".enzyme.log")):
                    os.remove(f)


def check_known_bugs(known):
    """Every expected failure names an Enzyme bug whose reproducer, tests/enzyme-bugs/<bug>.ll,
    still shows the bug with this plugin (tests/lib/enzyme-cases.sh). {bug: problem}."""
    problems = {}
    bugs = sorted({b for levels in known.values() for b in levels.values()})
    for bug in bugs:
        ll = os.path.join(ROOT, "tests", "enzyme-bugs", bug + ".ll")
        if not os.path.isfile(ll):
            problems[bug] = "known-bugs.json names bug %s without a reproducer %s" % (bug, ll)
            continue
        p = subprocess.run(["sh", os.path.join(ROOT, "tests", "lib", "enzyme-cases.sh"), ll],
                           capture_output=True, text=True)
        if p.returncode != 0:
            problems[bug] = "the reproducer of Enzyme bug %s no longer shows it: %s" % (
                bug, " | ".join(l for l in p.stdout.splitlines() if l.startswith("[FAIL]")))
    return problems


def render_table(cases, levels, results, modes):
    """One column per level: the outcomes of the modes built (trees/plain/base); "." where a
    case was not built in that mode (right with trees: only --full builds it)."""
    width = 8 * len(modes) + 2
    label = "/".join(modes)
    cols = lambda: "".join("%-*s" % (width, "O%d %s" % (lv, label)) for lv in levels)
    head = "%-28s" % "case" + cols()
    rows = [head, "-" * len(head)]
    for c in cases:
        row = "%-28s" % c
        for lv in levels:
            row += "%-*s" % (width, " / ".join(
                "-" if (lv, m) not in results else
                short(results[(lv, m)][c][0]) if c in results[(lv, m)] else
                short("build error") if m == "trees" else "." for m in modes))
        rows.append(row)
    rows.append("")
    rows.append("summary (cases per outcome):")
    rows.append("%-28s" % "" + cols())
    for o in OUTCOMES:
        row = "%-28s" % o
        any_ = False
        for lv in levels:
            counts = []
            for m in modes:
                if (lv, m) not in results:
                    counts.append("-")
                    continue
                k = sum(1 for c in cases
                        if results[(lv, m)].get(c, ("build error" if m == "trees" else "",))[0] == o)
                any_ = any_ or k
                counts.append("%d" % k)
            row += "%-*s" % (width, " / ".join(counts))
        if any_:
            rows.append(row)
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
