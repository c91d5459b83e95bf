#!/bin/sh
# tests/crates/run.sh: the crates test (docs/testing.md, "The crates test"). Builds the workspace
# tests/crates (four programs over Debian-packaged crates) through tools/rustc-typetree in
# debug and release with cargo --offline, runs each program against expected/<bin>.out
# (written by a plain cargo build, without the wrapper), then measures each binary's
# fat-LTO module (the IR the wrapper exported and annotated) against issue 11's targets:
#   - export warnings: at most 5 per module (count and kinds printed);
#     (each library crate's own export, which the wrapper also writes, is checked for the
#     next two targets and its warnings are counted)
#   - `typetree layout -W` on the export: 0 disagreements with rustc's layout blocks;
#   - re-export of the .tt.ll equals the export of the .ll (modulo its "doc" line; both
#     describe the functions the wrapper keeps, export and annotate --drop-unused), and
#     re-annotating the .tt.ll exits 0 and changes nothing (byte-identical);
#   - coverage: 99% of the functions with a debuginfo signature have an entry, and every
#     define is counted once by `annotate --stats` as annotated, skipped or not described,
#     every function with an entry as annotated or skipped (with its reason).
# Everything goes to build/crates/ (each profile's cargo target and, per binary, the
# wrapper's kept intermediates: crate.ll, export.log, annotate.log). The build starts
# from scratch each run, so the figures are those of this typetree.
#
# usage: tests/crates/run.sh [TYPETREE]      (default build/typetree)
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
. tests/lib/suite.sh
TT=$(cd "$(dirname "${1:-build/typetree}")" && pwd)/$(basename "${1:-build/typetree}")
out=$root/build/crates
src=$root/tests/crates
bins="geometry numeric collections records"

command -v cargo >/dev/null 2>&1 ||
    suite_skip "cargo not found (rustup; the crates test builds with cargo --offline)"
# Every crate the lock file names must be in Debian's registry (tools/setup installs them).
absent=$(sed -n '/^\[\[package\]\]/{n;s/^name = "\(.*\)"/\1/;h;n;s/^version = "\(.*\)"/\1/;H;x;s/\n/-/;p}' \
    "$src/Cargo.lock" | while read -r c; do
    case $c in geometry-* | numeric-* | collections-* | records-*) continue ;; esac
    [ -d "/usr/share/cargo/registry/$c" ] || printf ' %s' "$c"
done)
[ -z "$absent" ] ||
    suite_skip "Debian's crate sources missing in /usr/share/cargo/registry:$absent (run tools/setup)"
[ -x "$TT" ] || { fail "$TT not found (run make)"; suite_end; }

start=$(date +%s)
# per target, over every module: the worst figure and how many modules met it
modules=0 max_warn=0 n_warn=0 disagree=0 n_layout=0 n_idem=0 min_pct=100 n_pct=0 uncounted=0
n_count=0 n_runs=0
for profile in debug release; do
    pdir=$out/$profile
    rm -rf "$pdir"
    mkdir -p "$pdir/tmp"
    flag=
    [ "$profile" = debug ] || flag=--release
    t0=$(date +%s)
    # The wrapper keeps its temporary directory per crate (RUSTC_TYPETREE_KEEP) under our
    # TMPDIR: a binary's holds crate.ll (the module export read) and the stages' logs.
    # RUSTC_TYPETREE_LIB_TREES=1: the libraries' own export and annotate too (the wrapper
    # skips them by default), whose warnings this test counts.
    # shellcheck disable=SC2086 # $flag is empty or one word
    if ! (cd "$src" && RUSTC_WRAPPER=$root/tools/rustc-typetree TYPETREE=$TT \
        RUSTC_TYPETREE_KEEP=1 RUSTC_TYPETREE_LIB_TREES=1 TMPDIR=$pdir/tmp \
        CARGO_TARGET_DIR=$pdir/target \
        cargo build --offline --locked -j 2 --message-format=json-render-diagnostics $flag) \
        >"$pdir/cargo.json" 2>"$pdir/cargo.log"; then
        grep -v 'rustc-typetree: keeping' "$pdir/cargo.log" | tail -n 30
        fail "$profile: cargo build through the wrapper"
        continue
    fi
    pass "$profile: cargo build through the wrapper ($(($(date +%s) - t0)) s)"
    # Sort the kept directories: a binary's (its crate is one of $bins: the workspace's
    # packages are binaries only) by crate name; of the libraries' (their modules are
    # inside each binary's) only the export warnings are kept.
    : >"$pdir/libraries-export.log"
    for d in "$pdir"/tmp/rustc-typetree.*; do
        name=$(sed -n "1s/^; ModuleID = '\([A-Za-z0-9_]*\)\..*/\1/p" "$d/crate.ll" 2>/dev/null)
        if [ -n "$name" ] && case " $bins " in *" $name "*) true ;; *) false ;; esac; then
            mv "$d" "$pdir/$name"
        else
            cat "$d/export.log" >>"$pdir/libraries-export.log" 2>/dev/null
            rm -rf "$d"
        fi
    done
    rmdir "$pdir/tmp" 2>/dev/null
    # The wrapper annotates a crate compiled at opt-level 0 with --pair-offsets; cargo says
    # each crate's opt-level (a release build compiles build scripts' and proc-macros'
    # dependencies at 0).
    pairs_of() {  # <crate>-<hash> -> the wrapper's annotate options for it
        level=$(grep '"reason":"compiler-artifact"' "$pdir/cargo.json" |
            grep -F "/deps/lib$1.rlib\"" | sed -n 's/.*"opt_level":"\([^"]*\)".*/\1/p' | head -n 1)
        # (a binary's artifact is named without its hash: the profile's own level)
        [ -n "$level" ] || { [ "$profile" = debug ] && level=0; }
        [ "$level" != 0 ] || echo --pair-offsets
    }

    for b in $bins; do
        m=$pdir/$b
        what="$profile $b"
        exe=$pdir/target/$profile/$b
        if "$exe" >"$m.out" 2>"$m.err" && cmp -s "$m.out" "$src/expected/$b.out"; then
            pass "$what: runs, prints expected/$b.out ($(tail -n 1 "$m.out"))"
            n_runs=$((n_runs + 1))
        else
            fail "$what: output differs from expected/$b.out (see $m.out, $m.err)"
        fi
        tt=$(ls "$pdir"/target/$profile/deps/"$b"-*.tt.ll 2>/dev/null | head -n 1)
        types=${tt%.tt.ll}.types.json
        pairs=$(pairs_of "$(basename "$tt" .tt.ll)")
        if [ ! -f "$m/crate.ll" ] || [ ! -f "$tt" ] || [ ! -f "$types" ]; then
            fail "$what: the wrapper's crate.ll, .tt.ll and .types.json (not found)"
            continue
        fi
        modules=$((modules + 1))

        # export warnings, by kind (file, line numbers and counts folded)
        nw=$(grep -c 'warning:' "$m/export.log")
        kinds=$(grep 'warning:' "$m/export.log" | sed 's/^.*warning: //; s/[0-9][0-9]*/N/g' |
            sort | uniq -c | sort -rn | sed 's/^ *\([0-9]*\) /\1x /' | tr '\n' ';' | sed 's/;$//')
        line="$what: export warnings: $nw (target <= 5)${kinds:+: $kinds}"
        [ "$nw" -le "$max_warn" ] || max_warn=$nw
        if [ "$nw" -le 5 ]; then pass "$line"; n_warn=$((n_warn + 1)); else fail "$line"; fi

        # layout -W: the engine against every layout block of the export
        "$TT" layout "$types" >/dev/null 2>"$m/layout.log"
        nd=$(grep -c 'warning:' "$m/layout.log")
        disagree=$((disagree + nd))
        if "$TT" layout -W "$types" >/dev/null 2>&1 && [ "$nd" -eq 0 ]; then
            n_layout=$((n_layout + 1))
            pass "$what: layout -W disagreements: 0 (target 0) over $(grep -c '"layout":' "$types") layout blocks"
        else
            fail "$what: layout -W disagreements: $nd (target 0); first: $(grep -m 1 . "$m/layout.log")"
        fi

        idem=0
        # re-export of the .tt.ll = the wrapper's export of the .ll (export --drop-unused:
        # the functions the .tt.ll keeps), apart from the doc line naming the input
        if "$TT" export "$tt" -o "$m/reexport.json" 2>"$m/reexport.log" &&
            grep -v '^  "doc": ' "$types" >"$m/export.nodoc" &&
            grep -v '^  "doc": ' "$m/reexport.json" >"$m/reexport.nodoc" &&
            cmp -s "$m/export.nodoc" "$m/reexport.nodoc"; then
            pass "$what: re-export of the .tt.ll equals the export"
            idem=$((idem + 1))
        else
            fail "$what: re-export of the .tt.ll differs (diff $m/export.nodoc $m/reexport.nodoc)"
        fi

        # re-annotation of the .tt.ll, with the wrapper's options: exit 0, nothing changes
        # shellcheck disable=SC2086
        if "$TT" annotate --types "$types" $pairs "$tt" -o "$m/reannotated.ll" \
            2>"$m/reannotate.log" && cmp -s "$tt" "$m/reannotated.ll"; then
            pass "$what: re-annotation exits 0 and is byte-identical"
            idem=$((idem + 1))
        else
            fail "$what: re-annotation (status or bytes; see $m/reannotate.log, cmp $tt $m/reannotated.ll)"
        fi
        rm -f "$m/reannotated.ll"
        [ "$idem" -ne 2 ] || n_idem=$((n_idem + 1))

        # annotate of crate.ll with the wrapper's options for a binary (std's allocator names,
        # what nothing live refers to left out) reproduces the .tt.ll
        # shellcheck disable=SC2086
        "$TT" annotate --types "$types" $pairs --rename-allocator --drop-unused "$m/crate.ll" \
            -o "$m/annotated.ll" 2>"$m/annotated.log"
        st=$?
        if [ "$st" -eq 0 ] && cmp -s "$m/annotated.ll" "$tt"; then
            pass "$what: annotate of crate.ll reproduces the wrapper's .tt.ll"
        else
            fail "$what: annotate of crate.ll (exit $st) does not reproduce the wrapper's .tt.ll"
        fi
        rm -f "$m/annotated.ll"
        # coverage, over the functions the .tt.ll keeps (what the export describes): entries
        # for the functions with a debuginfo signature (counted from the IR's DISubprograms),
        # and annotate's own count of every define
        # shellcheck disable=SC2086
        "$TT" annotate --stats --types "$types" $pairs "$tt" -o "$m/stats.ll" 2>"$m/stats.log"
        rm -f "$m/stats.ll"
        python3 "$src/signatures.py" "$tt" "$types" >"$m/signatures.txt"
        get() { sed -n "s/^$1 //p" "$m/signatures.txt"; }
        defines=$(get defines) signed=$(get signed) entries=$(get entries)
        described=$(get described) prechecks=$(get prechecks)
        pct=$(awk -v e="$entries" -v s="$signed" 'BEGIN { printf "%.2f", s ? 100 * e / s : 100 }')
        line="$what: entries for functions with a debuginfo signature: $entries of $signed ($pct%, target >= 99%)"
        min_pct=$(awk -v p="$pct" -v q="$min_pct" 'BEGIN { print (p < q) ? p : q }')
        if awk -v p="$pct" 'BEGIN { exit !(p >= 99) }'; then pass "$line"; n_pct=$((n_pct + 1)); else
            fail "$line; without: $(get missing)"; fi
        s=$(sed -n 's/^typetree: annotate: \([0-9]*\) functions in the IR: \([0-9]*\) annotated .*, \([0-9]*\) skipped (\([0-9]*\) signature mismatch, \([0-9]*\) failed[^)]*), \([0-9]*\) not described.*/\1 \2 \3 \4 \5 \6/p' "$m/stats.log")
        # shellcheck disable=SC2086 # six numbers
        set -- $s 0 0 0 0 0 0
        fns=$1 ann=$2 skp=$3 nd=$6
        reasons=$(grep 'left unannotated: ' "$m/stats.log" | sed 's/.*left unannotated: //;
            s/[0-9][0-9]*/N/g' | sort | uniq -c | sort -rn | sed 's/^ *\([0-9]*\) /\1x /' |
            tr '\n' ';' | sed 's/;$//')
        line="$what: $fns defines ($defines in the IR) = $ann annotated + $skp skipped ($prechecks std precondition checks left without trees) + $nd not described; $described have an entry"
        if [ "$fns" -eq "$defines" ] && [ $((ann + skp + nd)) -eq "$fns" ] &&
            [ $((ann + skp)) -eq "$described" ]; then
            pass "$line${reasons:+; skipped: $reasons}"
            n_count=$((n_count + 1))
        else
            uncounted=$((uncounted + described - ann - skp))
            fail "$line: $((described - ann - skp)) with an entry counted as not described, without a reason${reasons:+; skipped: $reasons}"
        fi
    done

    # Every library crate's own export and .tt.ll (the wrapper writes them beside the
    # rlib): layout -W, re-export and re-annotation, as for the binaries.
    nlib=0 bad=
    for tt in "$pdir"/target/$profile/deps/*.tt.ll; do
        crate=$(basename "$tt" .tt.ll)
        case $crate in geometry-* | numeric-* | collections-* | records-*) continue ;; esac
        types=${tt%.tt.ll}.types.json
        pairs=$(pairs_of "$crate")
        nlib=$((nlib + 1))
        "$TT" layout -W "$types" >/dev/null 2>&1 || bad="$bad $crate(layout -W)"
        "$TT" export "$tt" -o "$pdir/lib.json" 2>/dev/null &&
            grep -v '^  "doc": ' "$types" >"$pdir/lib-a.nodoc" &&
            grep -v '^  "doc": ' "$pdir/lib.json" >"$pdir/lib-b.nodoc" &&
            cmp -s "$pdir/lib-a.nodoc" "$pdir/lib-b.nodoc" || bad="$bad $crate(re-export)"
        # shellcheck disable=SC2086
        "$TT" annotate --types "$types" $pairs "$tt" -o "$pdir/lib.ll" 2>/dev/null &&
            cmp -s "$tt" "$pdir/lib.ll" || bad="$bad $crate(re-annotation)"
    done
    rm -f "$pdir/lib.json" "$pdir/lib-a.nodoc" "$pdir/lib-b.nodoc" "$pdir/lib.ll"
    lw=$(grep -c 'warning:' "$pdir/libraries-export.log")
    line="$profile: $nlib library crates' own exports ($lw export warnings): layout -W, re-export and re-annotation"
    if [ "$nlib" -gt 0 ] && [ -z "$bad" ]; then pass "$line: no disagreement, nothing changes"; else
        fail "$line:${bad:- no library .tt.ll found}"; fi
done
verdict() { if [ "$1" -eq "$modules" ] && [ "$modules" -eq 8 ]; then echo met; else echo UNMET; fi; }
echo
echo "targets over the $modules modules (4 binaries, debug and release):"
echo "  programs print their expected output: $n_runs of 8 builds"
echo "  export warnings <= 5 per binary: at most $max_warn; $n_warn of $modules modules: $(verdict "$n_warn")"
echo "  layout -W disagreements 0: $disagree in all; $n_layout of $modules modules: $(verdict "$n_layout")"
echo "  re-export and re-annotation change nothing: $n_idem of $modules modules: $(verdict "$n_idem")"
echo "  >= 99% of functions with a debuginfo signature have an entry: at least $min_pct%; $n_pct of $modules modules: $(verdict "$n_pct")"
echo "  every define counted once, every described one annotated or skipped: $n_count of $modules modules ($uncounted described functions counted as not described): $(verdict "$n_count")"
echo "crates: wall time $(($(date +%s) - start)) s"
suite_end
