#!/usr/bin/env python3
"""tests/gradients/test_run.py: the gradient suite's own bookkeeping, without Enzyme.

run.py builds many cases into one program and, when Enzyme fails on it, splits the cases
by the errors in Enzyme's log (blame) and builds the rest again (build_config). These
checks feed it logs of the shapes Enzyme writes (an error naming a case's file, an error
in a function some cases reach, an UNREACHABLE crash, a crash it recognises nothing in)
and a fake builder, and check that every failing case is found, no right case is blamed,
and the splitting ends: a crash blame recognised nothing in once made it build the same
group again forever."""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "lib"))
import run  # noqa: E402
from checks import Checks  # noqa: E402

checks = Checks()
check = checks.check

# run_case: a case's outcome from what its process printed and its exit status. Enzyme's
# own run-time check stopping the program is a refusal, any other exit without a result a
# crash.
rc_dir = tempfile.mkdtemp()
for name, body in (("right", 'echo right'), ("wrong", 'echo "wrong: reverse: error 1"; exit 1'),
                   ("stop", 'echo "Attempting to call an indirect active function whose '
                            'runtime value is inactive"; exit 1'),
                   ("exit1", 'echo "something else"; exit 1'), ("signal", 'kill -SEGV $$')):
    path = os.path.join(rc_dir, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n%s\n" % body)
    os.chmod(path, 0o755)
    check("run_case: a program that does %s" % name,
          run.run_case(path, "case")[0],
          {"right": "right", "wrong": "wrong", "stop": "enzyme error", "exit1": "crash",
           "signal": "crash"}[name])
shutil.rmtree(rc_dir, ignore_errors=True)


# A module: each case's entry hands its own function to __enzyme_autodiff; "shared" is
# reached by a and b, "only_c" by c alone.
MODULE = """\
define void @_ZN5suite5cases1a3run17h0E() {
  call void @__enzyme_autodiff(ptr @fa)
  ret void
}
define void @_ZN5suite5cases1b3run17h0E() {
  call void @__enzyme_autodiff(ptr @fb)
  ret void
}
define void @_ZN5suite5cases1c3run17h0E() {
  call void @__enzyme_autodiff(ptr @fc)
  ret void
}
define double @fa(ptr %x) {
  call void @shared()
  ret double 0.0
}
define double @fb(ptr %x) {
  call void @shared()
  ret double 0.0
}
define double @fc(ptr %x) {
  call void @only_c()
  ret double 0.0
}
define void @shared() {
  ret void
}
define void @only_c() {
  ret void
}
"""

CRASH_IN = """\
oldFunc: ; Function Attrs: nounwind
define internal void @preprocess_%s(ptr %%x) {
start:
</analysis>

Cannot deduce adding type
UNREACHABLE executed at DiffeGradientUtils.cpp:517!
PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/
Stack dump:
clang-22: error: clang frontend command failed with exit code 134
"""

tmp = tempfile.mkdtemp(prefix="tt-test-run-")
ll = os.path.join(tmp, "m.ll")
with open(ll, "w") as f:
    f.write(MODULE)
group = ["a", "b", "c"]


def blame_of(text):
    log = os.path.join(tmp, "e.log")
    with open(log, "w") as f:
        f.write(text)
    named, unsure = run.blame(log, ll, group)
    return sorted(named), sorted(unsure)


check("error naming a case's file",
      blame_of("error: tests/gradients/cases/b.rs:3:5: in function preprocess_fb double (ptr): "
               "Enzyme: Cannot deduce type of copy\n"),
      (["b"], []))
check("error in a function one case reaches",
      blame_of("error: library/x.rs:1:1: in function preprocess_only_c void (): Enzyme: x\n"),
      (["c"], []))
check("error in a function two cases reach",
      blame_of("error: library/x.rs:1:1: in function diffeshared void (): Enzyme: x\n"),
      ([], ["a", "b"]))
check("UNREACHABLE crash in a function one case reaches", blame_of(CRASH_IN % "only_c"), (["c"], []))
check("UNREACHABLE crash in a function two cases reach", blame_of(CRASH_IN % "shared"), ([], ["a", "b"]))
check("the wrapper's refusal naming a function one case reaches",
      blame_of("typetree: /tmp/rustc-typetree.x/pre.ll: line 9: error: @only_c is passed to "
               "Enzyme as enzyme_const, a function pointer whose signature carries floats\n"),
      (["c"], []))
check("the wrapper's refusal naming a function two cases reach",
      blame_of("typetree: /tmp/rustc-typetree.x/pre.ll: line 9: error: @shared (x::y), which "
               "Enzyme differentiates, moves bytes one at a time\n"),
      ([], ["a", "b"]))
check("a crash with nothing recognised belongs to the whole group",
      blame_of("Segmentation fault\nclang-22: error: clang frontend command failed with exit code 139\n"),
      ([], ["a", "b", "c"]))


class FakeBuilder:
    """Fails a build while it includes a case of `bad`, with a log that names nothing."""

    def __init__(self, bad):
        self.bad, self.builds = set(bad), 0

    def build(self, program, main_rs, level, trees, skip, out_dir):
        self.builds += 1
        if self.builds > 50:
            raise RuntimeError("more than 50 builds of 3 cases: the splitting does not end")
        os.makedirs(out_dir, exist_ok=True)
        cases = [c for c in group if c not in skip]
        if not self.bad & set(cases):
            return True, "", "exe:" + ",".join(cases), None, None
        log = os.path.join(out_dir, "suite.enzyme.log")
        with open(log, "w") as f:
            f.write("clang-22: error: clang frontend command failed with exit code 139\n")
        return False, "rustc-typetree: enzyme: clang failed", None, log, ll


run.OUT = tmp
run.run_case = lambda exe, case: ("right", "")
for bad in ([], ["b"], ["a", "c"], ["a", "b", "c"]):
    builder = FakeBuilder(bad)
    results = {}
    try:
        run.build_config(builder, "suite", None, group, 0, False, results, lambda m: None, {})
    except RuntimeError as e:
        checks.fail("build_config with %s failing: %s" % (bad or "none", e))
    got = sorted(c for c, (o, _) in results.items() if o == "enzyme error")
    check("build_config with %s failing: the failing cases" % (bad or "none"), got, sorted(bad))
    check("build_config with %s failing: every case has an outcome" % (bad or "none"),
          sorted(results), group)
    check("build_config with %s failing: ends within 2n+1 builds" % (bad or "none"),
          builder.builds <= 2 * len(group) + 1, True)

# only: a plain or base build holds the cases it names, the others left out with tt_skip.
seen = []
class SubsetBuilder(FakeBuilder):
    def build(self, program, main_rs, level, mode, skip, out_dir):
        seen.append(sorted(skip))
        return super().build(program, main_rs, level, mode, skip, out_dir)
results = {}
run.build_config(SubsetBuilder([]), "suite", None, group, 0, "plain", results, lambda m: None,
                 {}, only=["b"])
check("build_config with only=[b]: one build leaving out a and c", seen, [["a", "c"]])
check("build_config with only=[b]: an outcome for b alone", sorted(results), ["b"])
seen.clear()
run.build_config(SubsetBuilder([]), "suite", None, group, 0, "plain", {}, lambda m: None, {},
                 only=[])
check("build_config with only=[]: no build", seen, [])
# apart: the cases the JSON files list for the level build after the others, in a group of
# their own; c failing there costs no build of a and b again.
seen.clear()
results = {}
builder = SubsetBuilder(["c"])
run.build_config(builder, "suite", None, group, 0, "trees", results, lambda m: None, {},
                 apart={"c"})
check("build_config with apart={c}, c failing: a and b first, then c alone", seen,
      [["c"], ["a", "b"]])
check("build_config with apart={c}, c failing: its outcome", results.get("c", ("",))[0],
      "enzyme error")

# prune_ir keeps the module and log of the builds that held a failed case, and the binaries.
pr = os.path.join(tmp, "prune")
for name in ("t1", "t2", "p1"):
    d = os.path.join(pr, name)
    os.makedirs(d, exist_ok=True)
    for f in ("suite", "suite.tt.ll", "suite.enzyme.log"):
        open(os.path.join(d, f), "w").close()
pdirs = {(0, True): {"a": [os.path.join(pr, "t1")], "b": [os.path.join(pr, "t1"), os.path.join(pr, "t2")]},
         (0, False): {"a": [os.path.join(pr, "p1")], "b": [os.path.join(pr, "p1")]}}
run.prune_ir(pdirs, {(0, True, "a")})
left = sorted(os.path.relpath(os.path.join(r, f), pr) for r, _, fs in os.walk(pr) for f in fs)
check("prune_ir: a failed case's build keeps all, the others their binaries", left,
      ["p1/suite", "t1/suite", "t1/suite.enzyme.log", "t1/suite.tt.ll", "t2/suite"])

# The stress corpus's generated program is its generator's output (edit the generator).
STRESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stress")
sys.path.insert(0, STRESS)
import gen_ipo_contexts  # noqa: E402
with open(os.path.join(STRESS, "ipo_contexts.rs")) as f:
    check("stress/ipo_contexts.rs is gen_ipo_contexts.py's output",
          f.read() == gen_ipo_contexts.generate(*gen_ipo_contexts.COMMITTED), True)

shutil.rmtree(tmp, ignore_errors=True)
sys.exit(checks.finish("gradients-bookkeeping"))
