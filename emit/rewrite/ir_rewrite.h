/* The wrapper's rewrites of textual LLVM IR (emit/rewrite/ir_rewrite.c): the Enzyme workarounds of
 * tools/enzyme-workarounds.tsv that change the module, line by line in one pass (the
 * memory attributes after a listing pass), so the process that already streams the module
 * (annotate, or `typetree rewrite`) applies them. Also the split of clang's printed pass
 * pipeline around Enzyme. Private to emit/ and the CLI. */
#ifndef IR_REWRITE_H
#define IR_REWRITE_H

#include <string.h>

#include "../emit.h"

/* Whether s[0, n) starts with p. */
static inline bool rw_starts(const char *s, size_t n, const char *p)
{
    size_t m = strlen(p);
    return n >= m && memcmp(s, p, m) == 0;
}

/* The length of the line at s[i] (with its '\n'), within n. */
static inline size_t rw_line_len(const char *s, size_t i, size_t n)
{
    const char *e = memchr(s + i, '\n', n - i);
    return e ? (size_t)(e - s) + 1 - i : n - i;
}

/* The first occurrence of p in s[from, n), or n. */
static inline size_t rw_find(const char *s, size_t from, size_t n, const char *p)
{
    size_t m = strlen(p);
    for (size_t i = from; i + m <= n; i++)
        if (s[i] == p[0] && memcmp(s + i, p, m) == 0)
            return i;
    return n;
}

enum {
    /* std's allocator shims, mangled since rustc 1.9x (_RNvCs..._7___rustc12___rust_alloc),
     * by the plain names Enzyme knows (__rust_alloc, __rust_dealloc, __rust_realloc,
     * __rust_alloc_zeroed) */
    IR_RW_RENAME_ALLOCATOR = 1u << 0,
    /* every non-volatile llvm.memmove.p0.p0.i64 call whose operands hold no constant
     * expression through @__typetree_memmove (two memcpys through a heap temporary, in an
     * optnone function), defined at the end with what it needs */
    IR_RW_SPLIT_MEMMOVE = 1u << 1,
    /* memory(...) deleted from the attribute groups of defined functions, unless an
     * llvm.* intrinsic's declaration shares the group (needs the listing pass) */
    IR_RW_STRIP_MEMORY = 1u << 2,
    /* every load of a floating-point type (scalar or vector) without !enzyme_type gets
     * the register tree of its type, `!{!"Unknown", i32 -1, !{!"Float@double"}}`, in
     * metadata numbered past the module's own (needs the listing pass): Enzyme takes no
     * type from a load's LLVM type, and a float loaded through a pointer it cannot type
     * (a negative or unknown offset, a phi of pointers) stops it or loses its derivative
     * (tests/enzyme-bugs/shifted-double-phi.ll). For the module between LLVM's passes and
     * Enzyme, whose loads annotate never saw. */
    IR_RW_FLOAT_LOADS = 1u << 3,
    /* `%q = inttoptr i64 %s to ptr` where %s is `select i1 C, i64 K, i64 %i` (either order),
     * K an integer constant and %i `ptrtoint ptr %p to i64`, becomes `%q = select i1 C, ptr
     * inttoptr (i64 K to ptr), ptr %p`: the same address, the pointer's own provenance
     * (needs the listing pass). SROA makes this of an allocation's Result (the pointer or
     * the layout's size in one slot); Enzyme types the select neither Pointer nor Integer,
     * takes it for a differentiable integer and stops (tests/enzyme-bugs/
     * pointer-through-select.ll). For the module between LLVM's passes and Enzyme. */
    IR_RW_POINTER_SELECTS = 1u << 4,
    /* the functions that call Enzyme (`@__enzyme_*`) move to the module's end, each after
     * every other one it reaches through the functions it references (needs the listing
     * pass), when the module's order has one before a function it reaches: Enzyme lowers
     * the calls of each function in module order, and a derivative of code that still
     * calls Enzyme stops it ("No forward mode derivative found for __enzyme_autodiff": a
     * generated derivative called inside a differentiated function, forward over reverse).
     * A module where every such function already follows those it reaches is unchanged. */
    IR_RW_INNER_FIRST = 1u << 5,
    /* a loop LLVM's LoopSimplify split in two (an outer header of nothing but phis that
     * branches to the inner loop's header: a `continue` that passes a value on unchanged)
     * becomes one loop again with one latch block (emit/rewrite/ir_loops.c): Enzyme takes
     * the inner loop's edge to the outer latch for no exit, never records the inner trip
     * count there and the reverse pass reads it from memory never written: gradients on
     * the wrong elements, silently (tests/enzyme-bugs/continue-loop-limit.ll). For the
     * module between LLVM's passes and Enzyme. */
    IR_RW_JOIN_LOOPS = 1u << 6,
    /* a loop exit from which every path enters the loop again (an inner loop whose outer
     * loop leaves only through it: `loop { .. for .. { break 'outer } .. }`) goes through
     * a block that branches on the module's never-true `@__typetree_never` to a return
     * first (emit/rewrite/ir_loop_exits.c): Enzyme takes such an exit for none, loses the
     * inner trip count there as with a split loop, and gets gradients wrong silently
     * (tests/enzyme-bugs/nested-loop-limit.ll). After IR_RW_JOIN_LOOPS. For the module
     * between LLVM's passes and Enzyme. */
    IR_RW_LOOP_EXITS = 1u << 7,
    /* every call of one of std's debug precondition checks (`...::precondition_check`)
     * gets `memory(inaccessiblemem: readwrite)`: they compare the values they are given
     * and abort on failure, reading and writing nothing the program can see, but as calls
     * Enzyme cannot look into (`optnone`, annotate --optnone-checks) they may write any
     * memory to it, so it caches every load of the loop around them instead of reading
     * again, and that cache goes wrong in nested loops left from inside (the gradient case
     * nested_break at -O0). Call sites only: the functions' own attribute groups lose
     * memory(...) to IR_RW_STRIP_MEMORY. For the module between LLVM's passes and Enzyme. */
    IR_RW_QUIET_CHECKS = 1u << 8,
    /* a check, not a rewrite (emit/rewrite/ir_byte_moves.c; needs the listing pass): the
     * run fails, writing nothing, when a function reached from one handed to Enzyme (a
     * function a line calling `@__enzyme_*` names, then every function the bodies name)
     * moves bytes one at a time (`%v = load i8` then `store i8 %v`; any width under 16
     * bits, loads with !range and from constant globals aside) at a run-time byte index,
     * or four adjacent bytes of one base (a float's width; in the residues of a stride,
     * for unrolled loops). Enzyme takes every value narrower than 16 bits for an integer
     * and moves no derivative with it: a float moved as bytes keeps its derivative where
     * it was, silently, with any tree or none (tests/enzyme-bugs/float-as-bytes.ll). A
     * field's byte (u8, bool, a tag) is one offset from its base, which passes.
     * Our own typed copy helpers (`@__typetree_copy.*`, whose byte loop only takes the
     * remainder of a copy of whole elements) are not checked. */
    IR_RW_BYTE_MOVES = 1u << 9,
    /* a check, not a rewrite (needs the listing pass): the run fails, writing nothing,
     * when a line calling `@__enzyme_*` passes a function as `@enzyme_const` (`ptr
     * @enzyme_const, ptr @f`) whose signature takes or returns a float, a vector or a
     * pointer. Enzyme takes every call through a constant function pointer for inactive:
     * the derivative through it is silently 0, with any tree or none
     * (tests/enzyme-bugs/const-fnptr-inactive.ll; gradient case rustc_abi_fnptr). A
     * function of integers alone has no derivative to lose and passes. */
    IR_RW_CONST_FN_POINTERS = 1u << 10,
    /* a float made from the shifted bits of an integer (`%u = bitcast i64 %b to double`
     * where %b = `or [disjoint] i64 (lshr i64 %x, K), C`, K >= 1 and C's bits above the
     * shifted value's; the same over i32 and float) goes through a call of
     * @__typetree_float_from_bits.f64 (.f32), a bitcast Enzyme takes for inactive and does
     * not look into ("enzyme_inactive" "enzyme_ta_norecur"). rand makes its samples so
     * (f64::from_bits(u64 >> 12 | exponent)) while the generator keeps the u64 as its
     * state: the bitcast gives the integer Enzyme's Float, the state's tree its Integer,
     * and Enzyme stops (tests/enzyme-bugs/float-from-int-bits.ll). Such a float has no
     * derivative: its mantissa is bits moved down, none of a float's own. For the module
     * between LLVM's passes and Enzyme. */
    IR_RW_FLOAT_FROM_BITS = 1u << 11,
    /* each `ret` of a literal struct holding a float and an integer ({ i64, double }: an
     * Option<f64>, a ControlFlow<f64, f64>, a (usize, f64) by value) gives the integer
     * members, where they provably hold integers (constants, comparisons, values narrower
     * than 16 bits, loads with !range, and phis, selects, casts and arithmetic of those),
     * through a call of @__typetree_integer.iN: an identity whose return Enzyme is told is
     * Integer ("enzyme_type", "enzyme_inactive", "enzyme_ta_norecur"), the member
     * inserted again over the returned value. Enzyme takes a returned aggregate with a
     * byte of unknown type (an enum's tag from `zext i1` or the constant 0 is Anything) for
     * a possible pointer and drops the float member's derivative, silently, with any tree
     * or none (tests/enzyme-bugs/mixed-pair-return.ll; emit/rewrite/ir_pair_returns.c).
     * For the module between LLVM's passes and Enzyme: LLVM's pipeline after Enzyme
     * inlines the helper. */
    IR_RW_PAIR_RETURNS = 1u << 12,
    /* every load of an integer with rustc's !range and without !enzyme_type (an enum's
     * tag, a bool, a char, a Vec's capacity) gets the register tree Integer, as
     * IR_RW_FLOAT_LOADS gives floats theirs (needs the listing pass): a value of a valid
     * range is an integer, never a float's bits or an address, and Enzyme stops on
     * integer arithmetic of a load it cannot type ("cannot handle unknown binary
     * operator": the capacity of each Vec<f64> of a Vec<Vec<f64>>, read at a run-time
     * index when the outer Vec is dropped). For the module between LLVM's passes and
     * Enzyme. */
    IR_RW_RANGE_LOADS = 1u << 13,
    /* a check, not a rewrite (needs the listing pass): the run fails, writing nothing,
     * when a function reached from one handed to Enzyme's reverse mode (@__enzyme_autodiff*,
     * __enzyme_augmentfwd*, __enzyme_reverse*) returns a literal struct holding a pointer
     * and a float (`{ ptr, double }`: a (&T, f64) by value). Enzyme's reverse mode takes
     * such a return for a pointer, gives it a shadow or nothing, and drops the float's
     * derivative, silently, with any tree or none (tests/enzyme-bugs/
     * pointer-float-return.ll; forward mode is right). */
    IR_RW_POINTER_FLOAT_RETURNS = 1u << 14,
    /* a memcpy, memmove or memset of a constant length without `!enzyme_truetype` whose
     * operand is a place annotate wrote the bytes of (`!typetree_segments` on an alloca,
     * "typetree_segments" on a pointer parameter), or a constant offset into one, gets the
     * segment list of the bytes it covers when it is longer than Enzyme's offset limit and
     * they are of more than one kind, or when they are padding alone (needs the listing
     * pass; emit/rewrite/ir_copy_segments.c). LLVM's passes make such copies (memcpyopt,
     * SROA) without the list annotate gave rustc's: Enzyme then moves no derivative for
     * the floats past the limit, silently, or stops on a copy of padding. For the module
     * between LLVM's passes and Enzyme, with trees. */
    IR_RW_COPY_SEGMENTS = 1u << 15,
    /* every `dead_on_return` parameter attribute of a define or declare line deleted
     * (rustc puts it on an argument passed by value in memory, the callee's to change).
     * Enzyme keeps it on the augmented forward function it makes of such a callee, whose
     * reverse function then reads that memory again, after the return: LLVM's passes
     * after Enzyme delete the augmented function's last stores into it, and the reverse
     * reads the values before them, silently (tests/enzyme-bugs/dead-on-return-reload.ll).
     * For the module between LLVM's passes and Enzyme (or before the single clang run),
     * with trees and without. */
    IR_RW_STRIP_DEAD_ON_RETURN = 1u << 16,
    /* a loop header's pointer phi whose start (its value from outside the loop) an earlier
     * loop header's pointer phi starts from too starts from that pointer plus
     * @__typetree_integer.i64(i64 0) instead (emit/rewrite/ir_loop_starts.c): Enzyme takes
     * the later loop's loads for the earlier loop's when their start, step and trip count
     * are equal, and reads them in the later loop's reverse pass from the earlier loop's
     * cache at the earlier loop's counter, not set there: wrong, silently, with any tree
     * or none (tests/enzyme-bugs/loop-cache-reuse.ll). For the module between LLVM's
     * passes and Enzyme; only when it calls Enzyme (LLVM inlines the identity after
     * Enzyme). */
    IR_RW_LOOP_STARTS = 1u << 17,
    /* every call of an Enzyme entry point (__enzyme_autodiff*, fwddiff*, augmentfwd*,
     * reverse*, fwdsplit*) that hands it a defined function with a tree on a parameter or
     * its return, and C's calling convention, hands it @__typetree_entry.F instead, which
     * calls F with its parameters (emit/rewrite/ir_entry_trees.c): Enzyme seeds the
     * function it is handed from LLVM types alone and reads trees only at calls. For the
     * module between LLVM's passes and Enzyme (or before the single clang run). */
    IR_RW_ENTRY_TREES = 1u << 18,
    /* a check, not a rewrite (emit/rewrite/ir_checks.c; needs the listing pass): the run
     * fails, writing nothing, when a function reached from one handed to Enzyme holds a
     * call with a "typetree_disputed_move" attribute (annotate's body pass, with
     * --typed-copy-loops, marks the memmoves it leaves over values of an enum whose variants
     * put a float and other data at one byte: `copy_within`, `rotate`, `Vec::insert` over
     * `enum { A(f64), B(u64) }`). Enzyme types such a move from its first bytes, the tag,
     * and moves no derivative with the payloads, silently at -O2/-O3 where plain Enzyme
     * stops (random_cases.py seed 3, case 2; tests/enzyme-bugs/enum-memmove.ll). Copies
     * (memcpy) of such values go by variant instead (emit/body/ir_body_loops.c). */
    IR_RW_ENUM_MOVES = 1u << 19,
    /* every " captures(...)" and " nocapture" deleted from the define line of each function
     * that may hand a pointer to a function with a reverse rule of its own (registered
     * through `@__enzyme_register_gradient_*`; needs the listing pass), and from the calls
     * of those functions and the calls through pointers (emit/rewrite/
     * ir_taped_captures.c). Enzyme gives the shadow of an argument the argument's
     * attributes, and a rule's augmented forward pass may keep that shadow on its tape for
     * its reverse pass (the copies by variant of emit/body/ir_body_variant.c do); rustc
     * marks every sret parameter captures(none), so the passes after Enzyme take the
     * shadow of a returned value for one nothing reads after the call, and delete the
     * stores of its adjoint before the rule's reverse pass reads it: zeros, silently
     * (tests/enzyme-bugs/taped-shadow-captures.ll; random_cases.py seed 8 case 9). For the
     * module between LLVM's passes and Enzyme (or before the single clang run). */
    IR_RW_STRIP_CAPTURES = 1u << 20,
    /* Every local name that starts with "enzyme_" (a Rust variable's: `let enzyme_y =
     * df(..)`) starts with "tt.enzyme_" (emit/rewrite/ir_enzyme_names.c). Enzyme reads the
     * name of an alloca among a call's arguments as it reads a marker global's: once the
     * derivative is inlined, a variable so named reaches the call as such an alloca, and
     * Enzyme stops ("illegal enzyme metadata classification": rustc's own
     * tests/run-make/autodiff/rlib/main.rs) or, named as a marker (`enzyme_const`), takes
     * it for one, silently (tests/enzyme-bugs/local-named-marker.ll). For the module
     * between LLVM's passes and Enzyme (or before the single clang run), with trees and
     * without; applied to each line before the listing pass and every other rewrite see
     * it. */
    IR_RW_RENAME_ENZYME_LOCALS = 1u << 21,
    /* std's allocator rules (emit/rewrite/ir_std_rules.c; docs/std-rules.md): in a module
     * that names @__rust_realloc (std's shim, by the name IR_RW_RENAME_ALLOCATOR gives
     * it), that definition renamed @__typetree_std_realloc and rules/rust-alloc.ll
     * (compiled in) appended with the declarations the module lacks, RawVecInner's growth
     * methods' { i64, i64 } returns given the tree Integer, and finish_grow's sunk stores
     * split one per offset (needs the listing pass). The run fails, writing nothing, when
     * the module lacks a shim the rules replace or already holds them. For a module that
     * calls Enzyme, before LLVM's passes, with trees and without; the lines it writes go
     * through the other rewrites. */
    IR_RW_STD_RULES = 1u << 22,
    /* every call of an Enzyme entry point (__enzyme_autodiff*, fwddiff*, augmentfwd*,
     * reverse*, fwdsplit*) passes `ptr @enzyme_strong_zero` after the function it hands
     * (after the second argument when the first is an sret pointer), unless it names the
     * marker already; the marker defined at the end when the module does not define it
     * (emit/rewrite/ir_strong_zero.c). Enzyme's strong zero: an adjoint or tangent of 0
     * times any value is 0. Without it a 0 adjoint times a NaN read from bytes the program
     * never uses (LLVM made the code branch-free) is NaN, silently, with any tree or none
     * (tests/enzyme-bugs/strong-zero.ll). For the module between LLVM's passes and Enzyme
     * (or before the single clang run), with trees and without. */
    IR_RW_STRONG_ZERO = 1u << 23,
};

typedef struct ir_rewriter ir_rewriter;
/* A rewriter doing the rewrites of `which` (IR_RW_* bits) on the module read from file
 * (its name in messages); lives in c's arena. An error it meets is a diagnostic in c. */
ir_rewriter *ir_rewriter_new(tt_ctx *c, const char *file, unsigned which);
/* Frees what the rewriter holds on the heap (IR_RW_INNER_FIRST's functions); the
 * rewriter itself is the arena's. ir_rewrite_finish calls it; call it when stopping
 * before. */
void ir_rewriter_release(ir_rewriter *rw);
/* Whether the rewrites need ir_rewrite_note over every line before the first
 * ir_rewrite_line (IR_RW_STRIP_MEMORY, IR_RW_FLOAT_LOADS, IR_RW_POINTER_SELECTS,
 * IR_RW_INNER_FIRST, IR_RW_STRIP_CAPTURES and the checks do). */
bool ir_rewrite_needs_listing(const ir_rewriter *rw);
void ir_rewrite_note(ir_rewriter *rw, const char *s, size_t n);
/* Appends line s[0, n) (with its '\n'), rewritten, to out. */
void ir_rewrite_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);
/* Appends what goes after the last line (the functions IR_RW_INNER_FIRST moved, the memmove
 * helper and its declarations) and releases what the rewriter holds on the heap. */
void ir_rewrite_finish(ir_rewriter *rw, tt_buf *out);

/* Before the first ir_rewrite_line, after the listing pass: false, with a diagnostic per
 * function, when IR_RW_BYTE_MOVES finds bytes moved where they may be a float's. */
bool ir_rewrite_check(ir_rewriter *rw);
/* Function text s[0, n) (its define line to its "}" line): the line (1: the define line)
 * of the first byte load whose move IR_RW_BYTE_MOVES refuses, 0 for none. consts: the
 * module's constant globals (their names without '@'). */
size_t ir_byte_moves(const char *s, size_t n, const tt_map *consts);

/* Function text s[0, n) (its define line to its "}" line) with every split loop joined
 * (IR_RW_JOIN_LOOPS), appended to out; the number of joins (0: s unchanged). */
unsigned ir_join_loops(const char *s, size_t n, tt_buf *out);
/* The same with every loop exit Enzyme would not see guarded (IR_RW_LOOP_EXITS); the
 * number of guards. A module with one needs `@__typetree_never` defined (ir_rewrite_finish
 * does it). */
unsigned ir_loop_exits(const char *s, size_t n, tt_buf *out);

/* The same with the integer members of returned pairs given as Integer
 * (IR_RW_PAIR_RETURNS); the number of returns rewritten. *widths gets bit k set for each
 * helper @__typetree_integer.iN called, N = ir_pair_widths[k] (ir_rewrite_finish defines
 * them). */
/* Whether define line s[0, n) returns a literal struct holding a pointer and a float
 * (IR_RW_POINTER_FLOAT_RETURNS). */
bool ir_pointer_float_return(const char *s, size_t n);
#define IR_PAIR_WIDTHS 6
extern const unsigned ir_pair_widths[IR_PAIR_WIDTHS];
/* k with ir_pair_widths[k] == width, -1 for none. */
int ir_pair_width_index(unsigned width);
unsigned ir_pair_returns(const char *s, size_t n, tt_buf *out, unsigned *widths);
/* The same with loops' shared pointer starts made their own (IR_RW_LOOP_STARTS); the
 * number of phis given one. Sets the bit of @__typetree_integer.i64 in *widths when it
 * calls it. */
unsigned ir_loop_starts(const char *s, size_t n, tt_buf *out, unsigned *widths);

/* clang's pipeline as -print-pipeline-passes prints it (one line), split where Enzyme's
 * pass (EnzymeNewPM) runs: *pre the passes before it with the pass managers it sits in
 * closed, *post Enzyme and the rest with them opened again, the plugin's passes by the
 * names opt parses (preserve-nvvm, preserve-nvvm-end, enzyme). Heap strings. False when
 * the pipeline has no EnzymeNewPM. */
bool ir_split_pipeline(const char *pipeline, char **pre, char **post);

/* `typetree rewrite`: IN (text; "-": stdin) rewritten to OUT ("-": stdout; a file appears
 * whole or not at all, OUT may be IN). False with diagnostics naming the file and line. */
bool ir_rewrite_file(tt_ctx *c, const char *in, const char *out, unsigned which,
                     int64_t max_offset);
/* Whether the module IN (text) declares one of Enzyme's entry points (__enzyme_*). */
bool ir_declares_enzyme(tt_ctx *c, const char *in, bool *yes);

#endif
