# tools/rustc-typetree-compile.sh: stage 4 of tools/rustc-typetree, sourced by it (not a
# program of its own): the functions that compile the annotated module through LLVM's
# pipeline with Enzyme inside it (compile, compile_around_enzyme and the pipeline halves),
# name why Enzyme refused (refused, enzyme_reason, enzyme_warnings) and add std's rules
# (link_rules). They read the wrapper's variables ($tmp, $O, $plugin, $baseline, ...);
# rustc-typetree says what each is.
# shellcheck shell=sh
# -fno-crash-diagnostics: when Enzyme asserts, clang would otherwise leave a copy of the
# whole module (tens of MB) in /tmp for a bug report; the log the wrapper keeps says why.
compile() {  # IR -> $tmp/crate.o; clang's messages in $tmp/compile.log
    if [ -n "$baseline" ]; then
        if [ -n "$plugin" ]; then
            "$OPT" -load-pass-plugin="$plugin" -passes=enzyme "$1" -o "$tmp/post.bc" \
                2>"$tmp/compile.log" || return 1
            set -- "$tmp/post.bc"
        fi
        "$CLANG" "$O" -Wno-override-module -c "$1" -o "$tmp/crate.o" 2>>"$tmp/compile.log"
        return
    fi
    # With a plugin: from -O1 on, clang's pipeline for the level in two opt runs around
    # Enzyme, the memory attributes deleted in between; at -O0, when the program calls
    # Enzyme, the first half of the -O$preopt pipeline before Enzyme and -O0's after it
    # (Enzyme differentiates optimized code; see "debug builds" below).
    pre= post=
    if [ -n "$plugin" ]; then
        if [ "$O" != -O0 ]; then
            [ -z "$drop_memory" ] || pre=$O post=$O
        elif [ -n "$preopt_active" ]; then
            pre=-O$preopt post=-O0
        fi
    fi
    if [ -n "$pre" ]; then
        if enzyme_halves "$pre" && enzyme_halves "$post" && halves_run "$pre" "$post"; then
            compile_around_enzyme "$1" "$pre" "$post"
            return
        fi
        [ -e "$tmp/no-halves" ] || echo "$me: warning: enzyme: no EnzymeNewPM in clang's" \
            "pipeline with $plugin, or its halves do not parse: memory attributes kept" \
            "(see --keep-memory-attrs) and, at -O0, Enzyme runs on unoptimized IR" \
            "(see --enzyme-preopt)" >&2
        : >"$tmp/no-halves"
    fi
    # One clang run (-O0 with --enzyme-preopt=0, or --keep-memory-attrs): LLVM's passes do
    # not reorder functions, so the functions that call Enzyme are put after those they
    # reach here, before it (--inner-first, as between the halves above), returned pairs
    # give their integers as Integer (--pair-returns, as there), parameters lose
    # dead_on_return (--strip-dead-on-return, as there; here before LLVM's passes too) and
    # capture attributes where a rule may keep a shadow (--strip-captures, as there), local
    # names lose a leading enzyme_ (--rename-enzyme-locals, as there), the functions
    # handed to Enzyme get their forwarders (--entry-trees, as there) and, with
    # --strong-zero, the calls of Enzyme its marker (as there). Branches stay branches in
    # the whole pipeline (keep-branches: there only before Enzyme and in its process).
    if [ -n "$plugin" ] && [ -n "$enzyme_user" ]; then
        "$TT" rewrite --inner-first --pair-returns --strip-dead-on-return --strip-captures \
            --rename-enzyme-locals --entry-trees $strong_zero "$1" \
            -o "$tmp/ordered.ll" \
            2>"$tmp/compile.log" || return 1
        set -- "$tmp/ordered.ll"
    fi
    set -- "$O" -Wno-override-module -ferror-limit=0 -fno-crash-diagnostics -c "$1" -o "$tmp/crate.o"
    if [ -n "$plugin" ]; then
        set -- -fpass-plugin="$plugin" "$@"
        for f in $enzyme_flags ${enzyme_user:+$keep_branches}; do set -- -mllvm "$f" "$@"; done
        # (one run: the pipeline after Enzyme does not sink or make memsets either)
        for f in ${rules:+$pre_flags} $pre_opt_flags; do set -- -mllvm "$f" "$@"; done
    fi
    [ -z "${RUSTC_TYPETREE_TIMES:-}" ] || set -- -ftime-report -ftime-trace="$tmp/trace.json" "$@"
    "$CLANG" "$@" 2>"$tmp/compile.log"
}
# From -O1 on, LLVM's attribute inference marks functions memory(argmem: read) and the like
# before Enzyme runs, and Enzyme (fba597f6) then moves a call that fills memory such a
# callee reads into the reverse pass, after that callee's derivative has read it: silently
# wrong derivatives, with and without trees, for as common a loop as
# `for _ in 0..n { s = step(s) }; score(&s)` (tests/enzyme-bugs/readonly-callee-stale.ll,
# readonly-callee-unfilled.ll). So with a plugin the wrapper runs clang's own pipeline in
# two halves around Enzyme with opt, deletes the memory(...) attributes of the module's
# defined functions in between, and generates code with clang; --keep-memory-attrs
# (RUSTC_TYPETREE_KEEP_MEMORY_ATTRS=1) keeps the single clang run. -O0 infers none.
enzyme_halves() {  # -OLEVEL: clang's pipeline for it split at Enzyme: $tmp/pipe.pre-OLEVEL, .post-OLEVEL
    [ -s "$tmp/pipe.post$1" ] && return 0
    if [ "$1" = -O2 ] && [ -s "$tmp/pipeline-O2.probe" ]; then
        cp "$tmp/pipeline-O2.probe" "$tmp/pipeline" || return 1
    else
        "$CLANG" "$1" -fpass-plugin="$plugin" -mllvm -print-pipeline-passes -c "$tmp/probe.ll" \
            -o /dev/null >"$tmp/pipeline" 2>/dev/null || return 1
    fi
    # Up to Enzyme, with the pass managers it sits in closed; from Enzyme on, with them
    # opened again; the plugin's passes by their pipeline names (typetree split-pipeline).
    "$TT" split-pipeline "$tmp/pipeline" >"$tmp/halves" 2>/dev/null || return 1
    { IFS= read -r h_pre && IFS= read -r h_post; } <"$tmp/halves" || return 1
    printf '%s\n' "$h_pre" >"$tmp/pipe.pre$1" && printf '%s\n' "$h_post" >"$tmp/pipe.post$1" ||
        return 1
}
halves_run() {  # -OPRE -OPOST: opt runs the halves compile_around_enzyme gives it (one probe)
    [ -e "$tmp/halves-run$1$2" ] && return 0
    # (a plugin whose passes go by other names: the single clang run)
    "$OPT" -load-pass-plugin="$plugin" \
        -passes="$(cat "$tmp/pipe.pre$1"),$(cat "$tmp/pipe.post$2")" -disable-output \
        "$tmp/probe.ll" 2>/dev/null || return 1
    : >"$tmp/halves-run$1$2"
}
compile_around_enzyme() {  # IR -OPRE -OPOST -> $tmp/crate.o; the messages in $tmp/compile.log
    # shellcheck disable=SC2086 # the flag lists: options, word splitting wanted
    "$OPT" -load-pass-plugin="$plugin" $pre_opt_flags $pre_opt_builtins ${enzyme_user:+$keep_branches} \
        -passes="$(cat "$tmp/pipe.pre$2")" ${rules:+$pre_flags} "$1" -S \
        -o "$tmp/pre.ll" 2>"$tmp/compile.log" || return 1
    # Attribute groups of defined functions lose memory(...); intrinsics' groups stay. All
    # of them: keeping memory(argmem: readwrite) leaves fixtures/wrapper/passes.rs wrong
    # (its `step`). (Deleting it made gauss_jordan6 -O2 wrong through its `inverse`: with
    # the attribute Enzyme needed no augmented call of it, and without it met the
    # dead_on_return bug --strip-dead-on-return works around.)
    mid=
    [ -z "$drop_memory" ] || mid=--strip-memory
    # With trees, every float load LLVM's passes left without a tree gets its register's
    # (--float-loads): Enzyme takes no type from a load's LLVM type, and a float loaded
    # through a pointer it cannot type stops it (tests/enzyme-bugs/shifted-double-phi.ll;
    # docs/typetree-rules.md, "Float loads"). Type information, so not for the module
    # without trees.
    # So does every integer load with rustc's !range (--range-loads): a tag, a bool, a
    # char, a capacity is an integer, and Enzyme stops on arithmetic of one it cannot type
    # ("cannot handle unknown binary operator").
    # And every copy LLVM's passes made of a place annotate wrote the bytes of gets the
    # segment list annotate gives rustc's copies, where Enzyme needs one (--copy-segments):
    # past the offset limit (memcpyopt's forwarded copies of a 736-byte [Craft; 4]: Enzyme
    # gives the floats past byte 500 no derivative, silently; tests/enzyme-bugs/
    # array-element-chain.ll), or bytes that are padding alone (SROA's copy of a struct's
    # last three bytes, which stops Enzyme: "Cannot deduce type of copy").
    [ "$1" != "$tt" ] || [ -z "$typetree" ] ||
        mid="$mid${mid:+ }--float-loads --range-loads --copy-segments --max-offset $max_offset"
    # A pointer SROA passed through an integer select beside a constant (an allocation's
    # Result: the pointer or the layout's size in one slot) goes through a select of
    # pointers (--pointer-selects): Enzyme stops on the integer select (tests/enzyme-bugs/
    # pointer-through-select.ll). Not type information: with and without trees.
    mid="$mid${mid:+ }--pointer-selects"
    # Parameters lose dead_on_return (--strip-dead-on-return): rustc puts it on an argument
    # passed by value in memory, which the callee may change, and Enzyme keeps it on the
    # augmented forward function it makes of such a callee while the reverse function
    # reads that memory after the return; the passes after Enzyme then delete the
    # augmented function's last stores into it and the reverse reads the values before
    # them: silently wrong derivatives, with and without trees (tests/enzyme-bugs/
    # dead-on-return-reload.ll; gauss_jordan6's `inverse(m)` where memory attributes do not
    # spare it). Not type information: with and without trees.
    mid="$mid --strip-dead-on-return"
    # Functions that may hand a pointer to a rule of the wrapper's (a copy by variant,
    # whose tape keeps the shadows), the calls of them and calls through pointers lose
    # their capture attributes (--strip-captures): Enzyme gives an argument's shadow the
    # argument's attributes, rustc marks every sret parameter captures(none), and the
    # passes after Enzyme then delete the adjoint stores the rule's reverse pass reads
    # through its tape: zeros, silently (tests/enzyme-bugs/taped-shadow-captures.ll).
    # Not type information: with and without trees.
    mid="$mid --strip-captures"
    # Local names that start with enzyme_ start with tt.enzyme_ (--rename-enzyme-locals):
    # Enzyme reads the name of an alloca among a call's arguments as a marker's, and a Rust
    # variable so named reaches the call as one once the derivative is inlined (`let
    # enzyme_y1_lib = df1_lib(..)` in rustc's own rlib test stopped Enzyme; one named
    # enzyme_const is taken for the marker, silently: tests/enzyme-bugs/local-named-marker.ll).
    # Not type information: with and without trees.
    mid="$mid --rename-enzyme-locals"
    # The functions that call Enzyme after those they reach (--inner-first): Enzyme lowers
    # each function's calls in module order, and stops on a derivative of code that still
    # calls it (forward over reverse through the macros; docs/wrapper.md). Unchanged when
    # the order is right already.
    mid="$mid --inner-first"
    # A loop LoopSimplify split in two at a `continue` (an outer header of phis alone in
    # front of the inner loop's) is one loop again (--join-loops): Enzyme does not take the
    # inner loop's edge to the outer latch for an exit, loses the inner trip count there and
    # puts gradients on the wrong elements, silently (tests/enzyme-bugs/
    # continue-loop-limit.ll). A loop exit from which every path enters the loop again (an
    # outer loop left only by a `break 'outer` inside an inner one) goes through a branch
    # on a never-true global to a return first (--loop-exits): Enzyme takes such an exit
    # for none and loses the trip count the same way (tests/enzyme-bugs/
    # nested-loop-limit.ll); globalopt after Enzyme folds the branch. And every call of
    # std's debug precondition checks says it touches no memory the program sees
    # (--quiet-checks): as opaque calls (-O0: noinline optnone) they make Enzyme cache the
    # loads of the loops around them, which goes wrong in a nested loop left from inside
    # (the gradient case nested_break at -O0). Not type information: with and without trees.
    mid="$mid --join-loops --loop-exits --quiet-checks"
    # A float made from the shifted bits of an integer (rand's samples, f64::from_bits(u64
    # >> 12 | exponent)) goes through a call Enzyme takes for inactive and does not look
    # into (--float-from-bits): with the generator's u64 state typed Integer, the bitcast's
    # Float stops Enzyme (tests/enzyme-bugs/float-from-int-bits.ll), and such a float has
    # no derivative. Not type information: with and without trees.
    mid="$mid --float-from-bits"
    # The integer members of a returned pair of an integer and a float (an Option<f64>,
    # a ControlFlow<f64, f64>, a (usize, f64) by value), where they provably hold integers,
    # go through an identity Enzyme is told returns an Integer (--pair-returns): Enzyme
    # takes a returned aggregate with a byte it cannot type (a tag made by `zext i1`) for a
    # possible pointer and drops the float's derivative, silently, with any tree or none
    # (tests/enzyme-bugs/mixed-pair-return.ll). Only when the module calls Enzyme: LLVM
    # inlines the identity in Enzyme's post-optimization, which runs only then.
    [ -z "$enzyme_user" ] || mid="$mid --pair-returns"
    # Loops walking one buffer from one start get starts of their own (--loop-starts):
    # Enzyme takes a later loop's loads for an earlier loop's when start, step and trip
    # count agree, and reads them in the later loop's reverse pass from the earlier loop's
    # cache at a counter not set there, silently, with any tree or none
    # (tests/enzyme-bugs/loop-cache-reuse.ll; two sums over a Vec after a bounds check).
    # The same identity as --pair-returns, so only when the module calls Enzyme too.
    [ -z "$enzyme_user" ] || mid="$mid --loop-starts"
    # The functions handed to Enzyme are handed through a forwarder that calls them
    # (--entry-trees): Enzyme seeds the function it is handed from LLVM types alone and
    # reads a function's trees only at a call of it, so the handed function's own trees
    # reached it only through the functions it passes its parameters to, and not at all
    # where LLVM inlined those or promoted their arguments (a &Vec's length at -O3 stopped
    # Enzyme: tests/enzyme-bugs/entry-trees-unread.ll). Type information: with trees only.
    [ -z "$enzyme_user" ] || mid="$mid --entry-trees"
    # With --strong-zero, every call of Enzyme passes its strong-zero marker: in the
    # derivative, 0 times any value is 0 (tests/enzyme-bugs/strong-zero.ll; the wrapper's
    # option says why it is not the default).
    [ -z "$enzyme_user" ] || mid="$mid${strong_zero:+ }$strong_zero"
    # A check, not a rewrite (--byte-moves): code Enzyme differentiates that moves bytes
    # one at a time where they may hold a float (at a run-time byte index, or four adjacent
    # ones: `<[u8]>::swap` over `to_le_bytes`, HashMap's rehash swapping entries as bytes)
    # stops the build. Enzyme moves no derivative with a value narrower than 16 bits, so a
    # float moved so keeps its derivative where it was, silently, with any tree or none
    # (tests/enzyme-bugs/float-as-bytes.ll). --allow-byte-moves: build it anyway.
    mid="$mid${byte_moves:+ }$byte_moves"
    # A check too (--const-fn-pointers): a function passed to Enzyme as enzyme_const whose
    # signature carries floats or pointers. Enzyme takes every call through a constant
    # function pointer for inactive, so the derivative through it is 0, silently, with
    # trees and without (tests/enzyme-bugs/const-fnptr-inactive.ll; the macros refuse Const
    # on such a pointer at compile time, this covers Enzyme's C interface).
    # --allow-const-fn-pointers: build it anyway.
    mid="$mid${const_fn_pointers:+ }$const_fn_pointers"
    # And one (--pointer-float-returns): a function reached from Enzyme's reverse mode that
    # returns a pointer and a float together ({ ptr, double }: a (&T, f64) by value). The
    # reverse mode takes such a return for a pointer and drops the float's derivative,
    # silently, with trees and without (tests/enzyme-bugs/pointer-float-return.ll).
    # --allow-pointer-float-returns: build it anyway.
    mid="$mid${pointer_float_returns:+ }$pointer_float_returns"
    # And one (--enum-moves): a memmove (copy_within, rotate, Vec::insert) of values whose
    # variants put a float and other data at one byte (`enum { A(f64), B(u64) }`), or of a
    # struct holding one, which annotate marks (it copies such values variant by variant,
    # but not memmoves). Enzyme types the move from its first bytes, and moves no
    # derivative with the payloads, silently at -O2/-O3 where plain Enzyme stops
    # (tests/enzyme-bugs/enum-memmove.ll). Marks exist only in the annotated module.
    # --allow-enum-moves: build it anyway.
    mid="$mid${enum_moves:+ }$enum_moves"
    if [ -z "$mid" ]; then
        mv "$tmp/pre.ll" "$tmp/pre-nomem.ll"
    else
        # shellcheck disable=SC2086 # the option list: word splitting wanted
        "$TT" rewrite $mid "$tmp/pre.ll" -o "$tmp/pre-nomem.ll" 2>>"$tmp/compile.log" ||
            return 1
    fi
    set -- -load-pass-plugin="$plugin" -passes="$(cat "$tmp/pipe.post$3")" -enzyme-postopt=1
    for f in $enzyme_flags ${enzyme_user:+$keep_branches}; do set -- "$@" "$f"; done
    [ -z "${RUSTC_TYPETREE_TIMES:-}" ] || set -- "$@" -time-passes -time-trace \
        -time-trace-file="$tmp/trace.json"
    "$OPT" "$@" "$tmp/pre-nomem.ll" -o "$tmp/post.bc" 2>>"$tmp/compile.log" || return 1
    codegen "$tmp/post.bc"
}
# Code generation of the module after Enzyme, no passes, in parts on several cores: LLVM's
# module splitter (llvm-split, what LLVM's own LTO does for parallel code generation) cuts
# it in one part per core (at most 4), a clang per part runs at once, and a relocatable
# link (ld -r) makes their objects the one object the link step and a static library's
# member expect. The functions are those of the single run, each generated alone as
# before; what changes is that an internal symbol one part calls in another becomes a
# hidden global of the program. One core, no llvm-split or a split that fails: one clang
# run. RUSTC_TYPETREE_CODEGEN_JOBS=N sets the number of parts (1: one run).
codegen() {  # BITCODE -> $tmp/crate.o; the messages in $tmp/compile.log
    cg_jobs=${RUSTC_TYPETREE_CODEGEN_JOBS:-$(nproc 2>/dev/null || echo 1)}
    case $cg_jobs in '' | *[!0-9]* | 0) cg_jobs=1 ;; esac
    [ "$cg_jobs" -le 4 ] || cg_jobs=4
    if [ "$cg_jobs" -gt 1 ] && [ -x "$LLVM_SPLIT" ] &&
        "$LLVM_SPLIT" -j "$cg_jobs" -o "$tmp/part" "$1" 2>>"$tmp/compile.log"; then
        cg_pids= cg_i=0 cg_objs=
        while [ "$cg_i" -lt "$cg_jobs" ]; do
            mv "$tmp/part$cg_i" "$tmp/part$cg_i.bc" || return 1
            "$CLANG" "$O" -Wno-override-module -Xclang -disable-llvm-optzns -c "$tmp/part$cg_i.bc" \
                -o "$tmp/part$cg_i.o" 2>>"$tmp/compile.log" &
            cg_pids="$cg_pids $!" cg_objs="$cg_objs $tmp/part$cg_i.o" cg_i=$((cg_i + 1))
        done
        cg_st=0
        for cg_p in $cg_pids; do wait "$cg_p" || cg_st=1; done
        # shellcheck disable=SC2086 # the objects' list: word splitting wanted
        [ "$cg_st" = 0 ] && ld -r $cg_objs -o "$tmp/crate.o" 2>>"$tmp/compile.log"
        return
    fi
    "$CLANG" "$O" -Wno-override-module -Xclang -disable-llvm-optzns -c "$1" \
        -o "$tmp/crate.o" 2>>"$tmp/compile.log"
}
# A check of the mid rewrite that refused the module (its errors in the log say PATTERN)
# stops the build with them, the temporary module's name cut (the function names the
# place); nothing when none did.
refused() {  # stage pattern why
    grep -q "^typetree: .*$2" "$tmp/compile.log" || return 0
    grep "^typetree: .*$2" "$tmp/compile.log" | sed "s|^typetree: $tmp/pre.ll: line [0-9]*: ||" \
        >"$tmp/reason"
    fail_stage "$1" "$tmp/reason" "refused to differentiate $crate_name: $3"
}
# Keeps clang's log of a failed Enzyme run as $1 and writes the lines that say why to
# $tmp/reason (Enzyme prints the whole module before them).
enzyme_reason() {  # kept-log
    cp "$tmp/compile.log" "$1"
    grep -E '^(error|fatal error|LLVM ERROR):|^typetree: |Enzyme: |Illegal updateAnalysis|Assertion|^val:|bad enzyme_type|^cannot handle' \
        "$tmp/compile.log" | cut -c1-400 | tail -n 12 >"$tmp/reason"
}
# What Enzyme warns of on a build it finishes goes to the user: some of its warnings are the
# only sign of a wrong derivative ("didn't implement memmove, using memcpy as fallback").
# Each distinct line once, at most 10, then where the whole log is ($1: where to keep it).
enzyme_warnings() {  # log
    [ -n "$plugin" ] && grep -q 'warning: ' "$tmp/compile.log" || return 0
    grep 'warning: ' "$tmp/compile.log" | sed 's/^.*warning: //' | cut -c1-400 |
        awk '!seen[$0]++' >"$tmp/warnings"
    n=$(wc -l <"$tmp/warnings")
    log=$1
    cp "$tmp/compile.log" "$log" || die "cannot write $log"
    head -n 10 "$tmp/warnings" | sed "s/^/$me: warning: enzyme: /" >&2
    [ "$n" -le 10 ] || echo "$me: warning: enzyme: and $((n - 10)) more (full log: $log)" >&2
    return 0
}
# Rules for std's allocator that Enzyme cannot derive (Vec growth: __rust_realloc), added to
# a module that calls Enzyme, with trees and without (typetree rewrite --std-rules, which
# holds rules/rust-alloc.ll; docs/std-rules.md). --no-rules (RUSTC_TYPETREE_NO_RULES=1)
# leaves them out.
link_rules() {  # file.ll (the module or its annotated copy), rewritten in place
    [ -n "$enzyme_user" ] && [ -n "$rules" ] || return 0
    "$TT" rewrite --std-rules -i "$1" || die "rules: cannot add std's rules to $1"
}
