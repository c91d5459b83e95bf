#!/usr/bin/env python3
"""The autodiff macros generate rustc's signatures: each derivative's name, parameters,
result type and unsafety, as rustc's pretty printer prints them after expansion, compared
with
  - rustc's own expected expansions, tests/pretty/autodiff/*.pp of rust-lang/rust, recorded in
    pp/ with the .rs inputs (each file names its upstream commit), and
  - rustc +nightly's expansion of std::autodiff on the programs of signatures/ (when a
    nightly toolchain is installed; SKIP otherwise).
Our side: the same program with its `use std::autodiff::...` line changed to
typetree_autodiff and its #![feature] lines removed, expanded by the stable rustc with
-Zunpretty=expanded (RUSTC_BOOTSTRAP=1 allows the flag: only to print the expansion), and
type-checked by the stable rustc without it (the code must build on stable as it is).

usage: signatures.py [--no-nightly]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "build", "tests", "autodiff")

# Known differences with an upstream fixture, each with its reason.
KNOWN = {
    ("trait.pp", "df"): (
        "seed",
        "dret",
        "this upstream file is written by hand, not printed by rustc: it names the seed `seed`; "
        "rustc's macro names it `dret` (autodiff.rs, inherent_impl.pp, and rustc +nightly on trait.rs)",
    ),
}


def build_macro_crate():
    """Builds typetree-autodiff (plain cargo: expansion needs no wrapper) -> (rlib, deps dir)."""
    os.makedirs(OUT, exist_ok=True)
    p = subprocess.run(
        ["cargo", "build", "--offline", "--locked", "-q", "-p", "typetree-autodiff",
         "--message-format=json", "--target-dir", os.path.join(OUT, "plain")],
        cwd=HERE, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("cargo build of typetree-autodiff failed:\n" + p.stdout[-3000:] + p.stderr[-3000:])
    rlib = deps = None
    for line in p.stdout.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "typetree_autodiff":
            rlib = [f for f in msg["filenames"] if f.endswith(".rlib")][0]
            deps = os.path.dirname([f for f in msg["filenames"] if f.endswith(".rmeta")][0])
    if not rlib:
        sys.exit("cargo built no rlib of typetree_autodiff")
    return rlib, deps


def to_stable(src):
    """std::autodiff's program as a stable one: the `use` line changed, #![feature] removed."""
    src = re.sub(r"use std::autodiff::", "use typetree_autodiff::", src)
    return re.sub(r"(?m)^#!\[feature\([^)]*\)\]\s*$", "", src)


def derivative_names(src):
    return re.findall(r"#\[autodiff_(?:forward|reverse)\(\s*(\w+)", src)


# What stands before a derivative: rustc's `#[rustc_autodiff(Forward|Reverse, ...)]`, and
# the `#[allow(unused_mut, ...)]` our expansion puts there (a trait may declare the same name).
RUSTC_MARK = r"#\[rustc_autodiff\((?:Forward|Reverse)[^\]]*\]\s*"
OUR_MARK = r"#\[allow\(unused_mut[^\]]*\]\s*"


def signature(text, name, mark):
    """`[pub(..)] [unsafe] [extern "C"] fn NAME<..>(..) -> R [where ..]` of the derivative (the
    fn after `mark` and any further attributes) up to its body or `;`, whitespace normalized
    (rustc breaks long signatures over lines)."""
    m = re.search(mark + r'(?:#\[[^\]]*\]\s*)*((?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+)?(?:extern\s+"[^"]*"\s+)?)fn\s+%s\b'
                  % re.escape(name), text)
    if not m:
        return None
    i = m.end()
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c in "{;" and depth == 0:
            break
        i += 1
    sig = re.sub(r"\s+", " ", m.group(1) + "fn " + name + text[m.end():i]).strip()
    sig = re.sub(r"([(\[]) ", r"\1", sig)
    return re.sub(r" ([)\],])", r"\1", sig)


def run(cmd, env=None, cwd=None):
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)


class Tally:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print("[PASS] " + what + (": " + detail if detail else ""))
        else:
            self.failed += 1
            print("[FAIL] " + what + (": " + detail if detail else ""))


def ours(src_path, rlib, deps, tmp, tally, label):
    """Our expansion of the stable form of src_path (printed), after checking it type-checks."""
    with open(src_path) as f:
        src = to_stable(f.read())
    stable = os.path.join(tmp, os.path.basename(src_path))
    with open(stable, "w") as f:
        f.write(src)
    env = dict(os.environ, RUSTC_TYPETREE_AUTODIFF="enzyme")
    env.pop("RUSTC_BOOTSTRAP", None)
    common = ["rustc", "--edition", "2021", "--crate-type", "lib", "--extern", "typetree_autodiff=" + rlib,
              "-L", "dependency=" + deps, "-A", "warnings", stable]
    p = run(common + ["--emit=metadata", "-o", os.path.join(tmp, "check.rmeta")], env=env)
    tally.check(p.returncode == 0, label + ": builds on stable rustc", "" if p.returncode == 0 else p.stderr[-2000:])
    p = run(common + ["-Zunpretty=expanded"], env=dict(env, RUSTC_BOOTSTRAP="1"))
    if p.returncode != 0:
        tally.check(False, label + ": expands", p.stderr[-2000:])
        return None, src
    return p.stdout, src


def compare(tally, label, names, expected_text, our_text, known_for=None):
    for name in names:
        exp = signature(expected_text, name, RUSTC_MARK)
        got = signature(our_text, name, OUR_MARK)
        what = "%s: %s" % (label, name)
        if exp is None:
            tally.check(False, what, "no `fn %s` in the expected expansion" % name)
            continue
        known = KNOWN.get((known_for, name)) if known_for else None
        if exp != got and known and exp.replace(known[0], known[1]) == got:
            tally.check(True, what, "%s (known difference: %s)" % (got, known[2]))
            continue
        tally.check(exp == got, what, got if exp == got else "\n    expected %s\n    got      %s" % (exp, got))


def main():
    use_nightly = "--no-nightly" not in sys.argv[1:]
    missing = None
    if not shutil.which("cargo"):
        missing = "cargo not found (rustup)"
    elif not os.path.isdir("/usr/share/cargo/registry/syn-1.0.107"):
        missing = "Debian's syn, quote and proc-macro2 sources missing (tools/setup installs them)"
    if missing:
        print("SKIP: " + missing)
        print("0 passed, 0 failed")
        return 0
    tally = Tally()
    rlib, deps = build_macro_crate()
    with tempfile.TemporaryDirectory() as tmp:
        pp_dir = os.path.join(HERE, "pp")
        for rs in sorted(f for f in os.listdir(pp_dir) if f.endswith(".rs")):
            pp = rs[:-3] + ".pp"
            with open(os.path.join(pp_dir, pp)) as f:
                expected = f.read()
            text, src = ours(os.path.join(pp_dir, rs), rlib, deps, tmp, tally, "pp/" + rs)
            if text is not None:
                compare(tally, "pp/" + pp, derivative_names(src), expected, text, known_for=pp)
        sig_dir = os.path.join(HERE, "signatures")
        nightly_ok = use_nightly and run(["rustc", "+nightly", "-V"]).returncode == 0
        if not nightly_ok:
            print("SKIP: signatures/ against rustc +nightly: %s" %
                  ("--no-nightly" if not use_nightly else "no nightly toolchain (rustup toolchain install nightly)"))
        else:
            for rs in sorted(f for f in os.listdir(sig_dir) if f.endswith(".rs")):
                path = os.path.join(sig_dir, rs)
                p = run(["rustc", "+nightly", "--edition", "2021", "-Zunpretty=expanded", path])
                if p.returncode != 0 or "does not support autodiff" in p.stderr:
                    print("SKIP: signatures/%s: rustc +nightly does not expand std::autodiff: %s" %
                          (rs, p.stderr.strip().splitlines()[-1:] or "?"))
                    continue
                text, src = ours(path, rlib, deps, tmp, tally, "signatures/" + rs)
                if text is not None:
                    compare(tally, "signatures/" + rs + " vs nightly", derivative_names(src), p.stdout, text)
    print("%d passed, %d failed" % (tally.passed, tally.failed))
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
