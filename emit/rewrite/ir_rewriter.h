/* The rewriter's state and the helpers its files share (emit/rewrite/ir_rewrite.c, the
 * line rewrites and the driver; ir_checks.c, the checks that refuse a module;
 * ir_float_bits.c, floats made from integer bits). Private to emit/rewrite/. */
#ifndef IR_REWRITER_H
#define IR_REWRITER_H

#include "ir_rewrite.h"
#include "../ir/ir_define.h"
#include "../ir/ir_lex.h"

struct ir_rewriter {
    tt_ctx *c;
    const char *file; /* the input's name, for messages */
    unsigned which;
    /* memory attributes: the attribute groups (by number) of define lines and of
     * declarations of llvm.* intrinsics, from the listing pass */
    tt_map *def_groups, *intrinsic_groups;
    /* memmove: a call seen (the helper is then defined), and what the module declares */
    bool saw_memmove, has_malloc, has_free, has_memcpy;
    /* ... and the typed helpers made ("DST\nSRC\nLENGTH\nMETADATA" -> 1 + number) and
     * their definitions */
    tt_map *mm_variants;
    tt_buf mm_defs;
    /* float loads: the module's largest metadata number (listing pass), and the number of
     * each floating-point type's register tree, given when first used (0: not yet) */
    unsigned long max_md;
    unsigned long fp_md[7];
    /* pointer selects: functions counted by their define lines in each pass; the
     * ptrtoints ("<function>:%i" -> "%p") and the selects of an integer constant and a
     * value ("<function>:%s" -> struct ptr_select) the listing pass found */
    unsigned long fn_noted, fn_seen;
    tt_map *ptrtoints, *selects;
    /* inner first: every defined function in module order (listing pass), the names the
     * bodies reference, whether the order changes (decided at the first rewritten line),
     * the moved functions in their new order, and the one being held back */
    struct fn_rec *fns;
    size_t nfns, cap_fns;
    tt_map *syms; /* "@name" -> struct sym */
    bool in_body, ordered;
    size_t *moved, nmoved;
    tt_buf *holding;
    /* join loops, loop exits: the function being read, held until its "}"; whether a
     * guard needs @__typetree_never and whether the module defines it already */
    tt_buf fn, fn2;
    bool in_fn, never_used, never_defined;
    /* pair returns: the helpers called and those the module defines (bits of
     * ir_pair_widths) */
    unsigned pair_used, pair_defined;
    /* byte moves: the module's constant globals, its lines so far and the function being
     * read in the listing pass */
    tt_map *consts;
    size_t lines, listed_from; /* lines read; the line of the define being listed */
    tt_buf listed;
    /* const fn pointers: the functions passed as @enzyme_const, with their lines */
    struct const_fp *cfps;
    size_t ncfps, cap_cfps;
    /* float from bits: the function's lshr results ("%x" -> 64 * the width's index in
     * bits_int + the shift, never 0) and `or`s of one with high bits ("%y" -> 1 + that
     * index); whether each helper is called */
    tt_map *lshrs, *from_bits;
    bool bits_used[2];
    /* copy segments: Enzyme's offset limit; the runs of the `!typetree_segments` nodes
     * allocas name (number -> runs; "" until the node is read); the function's places with
     * runs ("%x" -> struct base); the copies' lists (number -> "!{...}"); the lists written
     * (node -> its number) and their lines */
    int64_t max_offset;
    tt_map *runs_md, *truetype_md, *bases, *seg_nodes;
    tt_buf seg_md;
    /* ... and element pointers (ir_elem_ptrs.c): the module's named types; the notes of
     * the function being listed and of every listed function with a place ("<function
     * number>" -> struct ep_func); the pointers found in the function being rewritten */
    tt_map *type_defs, *ep_fns, *ep_fn;
    tt_map *elem_types; /* LLVM named types annotate saw index runs: name -> runs */
    struct ep_func *ep_cur;
    /* ... and integer moves split (ir_split_moves.c): the loads of the function being
     * listed and of every listed function ("<function number>" -> map), those of the
     * function being rewritten, the ones split there, and a counter for names */
    tt_map *split_cands, *split_fns, *split_fn, *split_done;
    unsigned long split_count;
    tt_buf split_text; /* the function being listed */
    bool split_in;
    /* dead_on_return: the line being rewritten without the attribute */
    tt_buf dor;
    /* entry trees: the forwarders, printed after the last line; the define line being
     * read (12 KB: not on the stack; allocated at the first) */
    tt_buf entry_defs;
    ir_define_line *entry_def;
    bool nesting_decided; /* fns[].nested */
    /* strip captures: whether fns[].taped is decided and any function is; the line being
     * rewritten without capture attributes */
    bool taped_decided, taped_any;
    tt_buf capt;
    /* rename enzyme locals: the line being noted and the one being rewritten, renamed */
    tt_buf ren_note, ren_line;
    /* strong zero: the line being rewritten with the marker; whether a call got it and
     * whether the module defines it */
    tt_buf sz_line;
    bool sz_used, sz_defined;
    /* std rules (ir_std_rules.c): what the listing pass found (SR_* bits), the rules'
     * declarations the module has (bit k: the k-th), finish_grow being held, the lines
     * given for a line (none while holding), and a counter for names */
    unsigned sr_found, sr_declared;
    struct sr_decl *sr_decls; /* read once, in the arena */
    size_t sr_ndecls;
    bool sr_holding;
    tt_buf sr_fn, sr_out, sr_none;
    unsigned long sr_count;
};

struct sym {
    long fn;       /* its index in fns, -1 when no function of that name is defined */
    size_t stamp;  /* 1 + the last function that referenced it (one reference a body) */
    bool handed;   /* named on a line that calls Enzyme, */
    bool reverse;  /* in reverse mode (pointer-float returns) */
    bool function; /* const fn pointers: defined or declared as a function, */
    bool values;   /* whose signature carries a float, a vector or a pointer */
    bool rule;     /* strip captures: named first by an @__enzyme_register_gradient_* */
    bool entry;       /* entry trees: handed to Enzyme first on a call, */
    bool entry_trees; /* defined with a tree, C's calling convention */
};
struct const_fp {
    struct sym *to;
    const char *name; /* as written, "@f" */
    size_t line;
};
struct ref {
    struct sym *to;
    struct ref *next;
};
struct fn_rec {
    struct ref *refs;
    bool enzyme, held;
    tt_buf text; /* held back: the rewritten lines */
    const char *name;  /* byte moves: its name as written, and the module line of */
    size_t byte_move;  /* the load of a move refused (0: none) */
    size_t pf_return;  /* pointer-float returns: its define's module line (0: none) */
    size_t enum_move;  /* enum moves: the module line of its first marked move (0: none), */
    const char *enum_move_type; /* and the Rust type the mark names */
    struct sym *sym;   /* its name's record */
    bool rule;         /* strip captures: a reverse rule of its own (!enzyme_augment), */
    bool indirect;     /* a call through a pointer, and whether it reaches a rule */
    bool taped;        /* (ir_taped_captures.c) */
    bool nested;       /* entry trees: calls Enzyme, and is reached from a function an
                        * Enzyme call hands it (ir_entry_trees.c) */
};

struct sr_decl {
    const char *line; /* a declaration line of rules/rust-alloc.ll, with its '\n' */
    size_t len;
    const char *name; /* its function's name, without '@' */
    size_t nlen;
};

struct ptr_select {
    const char *cond, *arm[2]; /* the condition and the two arms as written */
};

static inline bool rw_is_digit(char ch) { return ch >= '0' && ch <= '9'; }
/* A character of a word as grep's \w reads it: [A-Za-z0-9_]. */
static inline bool rw_is_word(char ch)
{
    return rw_is_digit(ch) || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}

/* Where line s[0, n) ends before its line break: where an attachment goes. */
static inline size_t rw_text_end(const char *s, size_t n)
{
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    return n;
}

/* "%x = OP" at the line's start: true with x the name token and c past OP. */
bool rw_assigns(lex_cur *c, const char *s, size_t n, const char *op, lex_tok *x);
/* Whether the line ends at c: nothing more, or ", !" metadata. */
bool rw_at_tail(const lex_cur *c);
/* The current token when it is of kind k (not cut by n), stepping past it; kind LEX_END
 * otherwise. */
lex_tok rw_take_kind(lex_cur *c, lex_kind k);
/* Token t's text, in the rewriter's arena. */
char *rw_tok_text(ir_rewriter *rw, const char *s, lex_tok t);
/* Steps over the flag words LLVM prints between an opcode and its type (inbounds, nuw,
 * nsw, disjoint, exact, nneg, samesign, fast-math flags, ...). */
void rw_skip_flags(lex_cur *c);
/* The symbol record of global t ("@name"), made on first use. */
struct sym *rw_sym_of(ir_rewriter *rw, const char *s, lex_tok t);

/* s[0, n) into out (emptied first) without each parameter attribute of words (" WORD" and
 * its "(...)" when it has one, outside quoted strings); whether there was one. */
bool rw_strip_attrs(const char *s, size_t n, const char *const *words, size_t nwords,
                    tt_buf *out);

/* ir_taped_captures.c: the listing pass's notes for IR_RW_STRIP_CAPTURES (rules'
 * registrations, define lines, calls through pointers; after inner_first_note); line s[0,
 * n) without capture attributes in rw->capt when it is the define line of a function that
 * reaches a rule or a call of one (true then). */
void ir_taped_captures_note(ir_rewriter *rw, const char *s, size_t n);
bool ir_taped_captures(ir_rewriter *rw, const char *s, size_t n);

/* ir_checks.c: the listing pass's notes for IR_RW_CONST_FN_POINTERS (define and declare
 * lines, lines calling @__enzyme_*). */
void ir_const_fn_pointers_note(ir_rewriter *rw, const char *s, size_t n);

/* ir_checks.c: the listing pass's notes for IR_RW_ENUM_MOVES (body lines with a
 * "typetree_disputed_move" attribute). */
void ir_enum_moves_note(ir_rewriter *rw, const char *s, size_t n);

/* ir_entry_trees.c: the listing pass's notes for IR_RW_ENTRY_TREES (define lines, lines
 * calling Enzyme); line s[0, n) rewritten to out when it hands Enzyme a function that gets
 * a forwarder (true then), the forwarder made at the function's define line. */
void ir_entry_trees_note(ir_rewriter *rw, const char *s, size_t n);
bool ir_entry_trees(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);

/* ir_shims.c: what rewrite_line does last, the allocator shims' names and the memmove
 * calls on line s[0, n) (the line to out, rewritten or not); and, at the end, the memmove
 * helpers they called and their declarations (the typed ones in *moves, freed). */
void ir_shims_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);
void ir_memmove_helpers(ir_rewriter *rw, tt_buf *moves, tt_buf *out);

/* ir_enzyme_names.c: line s[0, n) with every local name that starts with "enzyme_"
 * prefixed "tt.", to out (true then; out untouched when the line has none). */
bool ir_rename_enzyme_locals(const char *s, size_t n, tt_buf *out);

/* ir_entry_trees.c: the callee token of a call of one of Enzyme's entry points
 * (__enzyme_autodiff*, fwddiff*, augmentfwd*, reverse*, fwdsplit*) on line s[0, n);
 * LEX_END for any other line. */
lex_tok ir_enzyme_entry_call(const char *s, size_t n);

/* ir_strong_zero.c: line s[0, n) with the strong-zero marker after the function handed
 * to Enzyme, to out, when it calls an entry point without it (true then); at the end,
 * the marker's definition when a call got it and the module has none. */
bool ir_strong_zero(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);
void ir_strong_zero_finish(const ir_rewriter *rw, tt_buf *out);

/* ir_std_rules.c: the listing pass's notes for IR_RW_STD_RULES (the shims' definitions,
 * the rules' names and declarations); false with a diagnostic when the module names
 * @__rust_realloc but lacks a shim the rules replace or already holds them; the lines to
 * write for line s[0, n) (NULL: the line as it is; empty while a function is held:
 * ir_rewrite_finish writes one the module leaves open); what goes after the module's last
 * line (the rules). */
void ir_std_rules_note(ir_rewriter *rw, const char *s, size_t n);
bool ir_std_rules_check(ir_rewriter *rw);
const tt_buf *ir_std_rules_line(ir_rewriter *rw, const char *s, size_t n);
void ir_std_rules_finish(ir_rewriter *rw, tt_buf *out);

/* ir_float_bits.c: line s[0, n) rewritten to out when it is a float made from shifted
 * integer bits (IR_RW_FLOAT_FROM_BITS; true then); the helpers it called, defined after
 * the module's last line. */
bool ir_float_from_bits(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);
void ir_float_bits_helpers(const ir_rewriter *rw, tt_buf *out);

/* A place's byte runs, "SIZE;Kind:start Kind:start ..." as annotate writes them
 * (emit/body/ir_body_segments.c), parsed: size, and per run its kind text and first byte. */
#define RW_MAX_RUNS 256
struct rw_runs {
    uint64_t size;
    size_t n;
    const char *kind[RW_MAX_RUNS];
    size_t klen[RW_MAX_RUNS];
    uint64_t start[RW_MAX_RUNS];
};
/* Parses text into r; false when malformed or longer than RW_MAX_RUNS (more runs than a
 * list is worth: left alone). */
bool rw_parse_runs(const char *text, struct rw_runs *r);
/* The run byte in (< r->size) lies in, and whether run k is of the kind named name. */
size_t rw_run_at(const struct rw_runs *r, uint64_t in);
bool rw_run_is(const struct rw_runs *r, size_t k, const char *name);
/* Where the loaded type starts on a line "  %x = load [volatile] T, ...", n when the line
 * is no such load (an atomic load's ordering comes after its operand: left alone). */
size_t rw_loaded_type(const char *s, size_t n);
/* Line s[0, n) to out with ", !enzyme_type !N" before its end, N the register tree of
 * kind k (ir_rewrite.c's fp_enzyme[k]: the float types, then RW_INTEGER_MD), numbered past
 * the module's metadata when first used; ir_rewrite.c prints the nodes at the end. */
#define RW_INTEGER_MD 6
void rw_add_load_tree(ir_rewriter *rw, int k, const char *s, size_t n, tt_buf *out);

/* ir_copy_segments.c: the listing pass's notes for IR_RW_COPY_SEGMENTS (allocas' runs
 * nodes); line s[0, n) rewritten to out when it is a copy that gets a segment list (true
 * then). The new nodes are in rw->seg_md. */
void ir_copy_segments_note(ir_rewriter *rw, const char *s, size_t n);
/* ... and an integer load from such a place without a tree that gets {[-1]:Integer}. */
bool ir_copy_segments(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);
/* ir_elem_ptrs.c: the define line's pointer parameters with runs, each to fn(arg, "%name",
 * runs); the listing pass's notes of element pointers; and, in the rewrite pass, at each
 * define line the function's pointers found, then the runs of the parameter value %name
 * points into, with the byte of its element in *off (NULL: none). */
void rw_param_runs(ir_rewriter *rw, const char *s, size_t n,
                   void (*fn)(void *arg, const char *name, const char *runs), void *arg);
void ir_elem_ptrs_note(ir_rewriter *rw, const char *s, size_t n);
void ir_elem_ptrs_function(ir_rewriter *rw);
/* whether the function being listed has a place (a parameter or an alloca with runs) */
bool ir_elem_ptrs_places(const ir_rewriter *rw);
const char *ir_elem_ptr(ir_rewriter *rw, const char *name, uint64_t *off);
/* ir_split_moves.c: the listing pass's notes; at each define line of the rewrite pass, the
 * function's; and line s[0, n) rewritten to out when it is an integer load of mixed bytes
 * split into pieces, a store of one, or a debug record of one (true then). runs_of gives
 * the runs a pointer %name points into (NULL: none), the byte there and whether they
 * repeat. */
void ir_split_moves_note(ir_rewriter *rw, const char *s, size_t n);
void ir_split_moves_function(ir_rewriter *rw);
bool ir_split_moves(ir_rewriter *rw, const char *s, size_t n,
                    const char *(*runs_of)(ir_rewriter *, const char *, uint64_t *, bool *),
                    tt_buf *out);

#endif
