/* Trees inside function bodies (textual IR): what moves bytes gets the type of the place
 * it moves them from or to, when that place's Rust type is certain.
 *
 * Places: a pointer parameter of a described function (its pointee, a value passed
 * Indirect, the sret return), an alloca a #dbg_declare gives a Rust type (the types file's
 * "locals", checked against the variable's name in this very module), the sret argument
 * of a call to a described function, a constant-offset `getelementptr i8` into any of
 * those, and a `getelementptr` of any index into a run of elements whose stride (sized by
 * emit/ir_types.c, named structs included) is the element's size. Values: the {A, B} a
 * call to a described function returns.
 *
 * Annotated: llvm.memcpy / llvm.memmove / llvm.memset call sites, on each pointer operand,
 * when the bytes copied are exactly a place's type, one of its fields, or a whole number
 * of its array elements (run-time lengths: a pointer to elements of one kind); the tree is
 * "[-1]:Pointer" plus those bytes, the form Enzyme reads on calls that return nothing.
 * extractvalue of such {A, B}: `!enzyme_type` metadata, Enzyme's node encoding, of that
 * half's register tree. Nothing where a place's bytes are not certain (union bytes, enum
 * bytes whose variants disagree: the trees leave them out), where the two operands of a
 * copy have different trees, or where the length fits no type. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "ir_body.h"
#include "ir_lex.h"
#include "ir_types.h"

typedef struct {
    size_t start, end;
} span;

#define ATTR "\"enzyme_type\"=\""
#define MD_KIND "!enzyme_type"

typedef struct {
    tt_type *t;       /* the Rust type of the place's memory */
    uint64_t off;     /* byte offset into it */
    bool elems;       /* t is the element of a run of unknown length (pointer parameters) */
    const char *what; /* for explain: where the type comes from */
} place;

/* A metadata annotation worked out once per type (allocas, loads): most recur thousands of
 * times in a crate. id 0: nothing to say. */
typedef struct {
    unsigned long id;
    const char *tree; /* for explain */
} md_memo;

struct body_typer {
    tt_ctx *c;
    annotator *a;
    tt_tree_opts o;
    tt_map *var_names;   /* metadata number -> the DILocalVariable's name, in this module */
    unsigned long next_md;
    tt_map *md_ids;      /* tree string -> metadata number of its root node */
    tt_map *md_nodes;    /* node text "!{...}" -> "!N": each distinct node written once */
    tt_map *memo;        /* "a|T" (alloca of a T), "l|T|off|size" (load) -> md_memo */
    tt_buf md;           /* the metadata lines to append */
    tt_map *mem_trees;   /* type name -> tt_tree* (memory tree, memoised) */
    tt_map *places;      /* per function: "%name" -> place* */
    tt_map *pairs;       /* per function: "%name" -> tt_type* (returned {A, B}) */
    tt_map *derived;     /* per function: "%name" of pointers computed from places */
    tt_map *types;       /* the module's named types: "%name" -> its definition */
    tt_map *declared;    /* "<define index>:%name" -> "N[,N...]": the variables declared there */
    tt_map *alloca_size; /* "<define index>:%name" -> "N" of its `alloca [N x i8]` */
    tt_map *copies;      /* "<define index>:%name" -> "%a=L,%b=L...": memcpys with it (length L) */
    tt_map *sret_dest;   /* "<define index>:%name" of a call's sret -> the callee ("": unknown) */
    unsigned note_fn;    /* first pass: defines seen */
    unsigned body_fn;    /* second pass: bodies begun */
    const char *fn;
    body_report report;
    void *report_arg;
    body_stats stats;
};

body_typer *body_new(tt_ctx *c, annotator *a, const tt_tree_opts *o)
{
    body_typer *b = arena_alloc(c->arena, sizeof *b);
    b->c = c;
    b->a = a;
    b->o = o ? *o : tree_default_opts;
    b->var_names = map_new(c->arena);
    b->md_ids = map_new(c->arena);
    b->md_nodes = map_new(c->arena);
    b->memo = map_new(c->arena);
    b->alloca_size = map_new(c->arena);
    b->copies = map_new(c->arena);
    b->sret_dest = map_new(c->arena);
    b->mem_trees = map_new(c->arena);
    b->declared = map_new(c->arena);
    b->types = map_new(c->arena);
    return b;
}

void body_free(body_typer *b)
{
    if (!b)
        return;
    free(b->md.data);
    b->md.data = NULL;
}

void body_set_report(body_typer *b, body_report fn, void *arg)
{
    b->report = fn;
    b->report_arg = arg;
}

const body_stats *body_stats_of(const body_typer *b) { return &b->stats; }

/* ---- first pass: the module's metadata ---- */

/* A metadata line we wrote earlier ends with this comment: re-annotation drops it. */
#define OUR_MD_MARK "; typetree"

bool body_is_our_metadata(const char *s, size_t n)
{
    size_t m = strlen(OUR_MD_MARK);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' '))
        n--;
    return s[0] == '!' && n >= m && memcmp(s + n - m, OUR_MD_MARK, m) == 0;
}

/* Decimal digits of v into the end of buf[24]; returns where they start (no printf: the
 * body pass formats a number per annotation). */
static const char *digits(uint64_t v, char buf[24])
{
    char *p = buf + 23;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return p;
}

/* "<tag>|<name>[|a|b]": a memo key, without printf. */
static const char *memo_key(body_typer *b, char tag, const char *name, bool nums, uint64_t x,
                            uint64_t y)
{
    char bx[24], by[24];
    const char *sx = nums ? digits(x, bx) : "", *sy = nums ? digits(y, by) : "";
    size_t nl = strlen(name), xl = strlen(sx), yl = strlen(sy);
    char *k = arena_alloc(b->c->arena, nl + xl + yl + 5), *q = k;
    *q++ = tag;
    *q++ = '|';
    memcpy(q, name, nl);
    q += nl;
    if (nums) {
        *q++ = '|';
        memcpy(q, sx, xl);
        q += xl;
        *q++ = '|';
        memcpy(q, sy, yl);
        q += yl;
    }
    *q = 0;
    return k;
}

/* "<fn>:<name>" without printf (one per alloca and declaration: hot). */
static const char *fn_key(body_typer *b, unsigned fn, const char *name)
{
    char num[16];
    size_t k = sizeof num;
    do {
        num[--k] = (char)('0' + fn % 10);
        fn /= 10;
    } while (fn);
    size_t nl = sizeof num - k, ml = strlen(name);
    char *key = arena_alloc(b->c->arena, nl + 1 + ml + 1);
    memcpy(key, num + k, nl);
    key[nl] = ':';
    memcpy(key + nl + 1, name, ml + 1);
    return key;
}


static uint32_t split_args(const char *s, size_t open, size_t n, span *out, uint32_t max,
                           size_t *close);
static bool contains(const char *s, size_t n, const char *lit);
static const char *arg_value(body_typer *b, const char *s, span a, size_t *at);
static const char *call_callee(body_typer *b, const char *s, size_t n, size_t *open);
static const char *call_sret_arg(body_typer *b, const char *s, size_t open, size_t n);

static void note_copy(body_typer *b, const char *from, const char *with, const char *len)
{
    const char *key = fn_key(b, b->note_fn, from);
    const char *old = map_get(b->copies, key);
    map_put(b->copies, key, old ? arena_printf(b->c->arena, "%s,%s=%s", old, with, len)
                                : arena_printf(b->c->arena, "%s=%s", with, len));
}

/* First pass: "%x = alloca [N x i8]" (its size) and llvm.memcpy between two locals with a
 * constant length (both ways), so that a temporary no #dbg_declare names can take the type
 * of the variables it is copied from or to whole (tmp_ids). True when the line was one. */
static bool note_alloca_or_copy(body_typer *b, const char *s, size_t n)
{
    if (n > 4 && s[1] == ' ' && s[2] == '%') {
        lex_cur c = lex_start(s, 2, n);
        lex_tok y = c.t;
        lex_step(&c);
        if (y.kind == LEX_LOCAL && !y.open && lex_take(&c, "=") && lex_take(&c, "alloca") &&
            lex_is(s, c.t, '[')) {
            lex_step(&c);
            lex_tok num = c.t;
            lex_step(&c);
            if (num.kind == LEX_NUMBER && lex_take(&c, "x") && lex_take(&c, "i8") &&
                lex_take(&c, "]"))
                map_put(b->alloca_size,
                        fn_key(b, b->note_fn, arena_strndup(b->c->arena, s + y.at, y.end - y.at)),
                        arena_printf(b->c->arena, "%llu", strtoull(s + num.at, NULL, 10)));
            return true;
        }
    }
    if (contains(s, n, " sret(")) {
        /* the local a call returns into, and its callee ("": indirect or several) */
        size_t open;
        const char *sym = call_callee(b, s, n, &open);
        const char *dest = sym ? call_sret_arg(b, s, open, n) : NULL;
        if (dest) {
            const char *key = fn_key(b, b->note_fn, dest);
            const char *old = map_get(b->sret_dest, key);
            /* several calls returning into one local: their callee only if it is one */
            map_put(b->sret_dest, key, (void *)(old && strcmp(old, sym) != 0 ? "" : sym));
        }
        return false;
    }
    if (!contains(s, n, "@llvm.memcpy."))
        return false;
    size_t open;
    const char *sym = call_callee(b, s, n, &open);
    if (!sym || strncmp(sym, "llvm.memcpy.", 12) != 0)
        return false;
    span args[8];
    size_t close;
    if (split_args(s, open, n, args, 8, &close) < 3)
        return true;
    size_t at;
    const char *dst = arg_value(b, s, args[0], &at), *src = arg_value(b, s, args[1], &at);
    lex_cur len = lex_start(s, args[2].start, args[2].end);
    if (!dst || !src || !lex_take(&len, "i64") || len.t.kind == LEX_END)
        return true;
    const char *l = arena_strndup(b->c->arena, s + len.t.at, args[2].end - len.t.at);
    note_copy(b, dst, src, l);
    note_copy(b, src, dst, l);
    return true;
}

static tt_type *local_type(body_typer *b, const char *key, const char **vname);

/* Whether every variable of "N[,N...]" has a sized type of exactly `size` bytes. */
static bool declared_size_is(body_typer *b, const char *ids, const char *size)
{
    unsigned long long want = strtoull(size, NULL, 10);
    for (const char *p = ids; *p;) {
        size_t len = strcspn(p, ",");
        const char *vname;
        tt_type *t = local_type(b, arena_strndup(b->c->arena, p, len), &vname);
        p += len + (p[len] == ',');
        if (!t)
            return false;
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        const tt_layout *l = layout_of(b->c, t, NULL);
        diag_truncate(b->c, tail, errs);
        if (!l || !l->sized || l->size != want)
            return false;
    }
    return true;
}

/* The variables a temporary holds (second pass): an alloca no #dbg_declare names, copied
 * whole (the length is its size) from or to declared variables that are themselves copied
 * whole (their type's size is the length: a field copied out of a variable through a
 * temporary, `b2.pos = a.pos` copying 32 bytes from the start of a 184-byte `a`, says
 * nothing of the whole variable's type), takes their declarations ("N[,N...]", the common
 * entries when they differ); NULL when there are none. A MIR local has one type; a
 * transmute between locals is a copy between two declared types, whose common entries are
 * all that stays. The copies may pass through other temporaries of the same size, copied
 * whole: a value moved through wrappers of one layout. `slots[i].write(b.clone())` in
 * std's `<[T]>::to_vec` (Vec::clone) moves the clone from `val: T` through `T`,
 * `ManuallyDrop<T>` and `MaybeUninit<T>` temporaries into the slot; typed one copy away
 * from `val` only, Enzyme could not type the last two copies (stress programs
 * agents_world, enum_events, enum_geometry at -O0). */
#define TMP_WALK_MAX 64

typedef struct {
    const char *seen[TMP_WALK_MAX]; /* temporaries visited */
    unsigned n;
    bool cut;                       /* a type was missed: more than TMP_WALK_MAX, or an sret
                                     * destination on the way */
    tt_buf ids;
} tmp_walk;

static void tmp_collect(body_typer *b, const char *y, const char *size, tmp_walk *w)
{
    /* A call's sret destination holds the callee's return type (scan_call's place); a copy
     * out of it may be one variant's payload: NodeRef::ascend's Result<Handle, NodeRef>
     * (24 bytes, niche-tagged) moved whole into `parent: Handle` in its Ok arm gave the
     * temporary Handle's tree, and the Err arm's node pointer at offset 8 was typed as
     * Handle's integer height there (stress grid_nested -O0, BTree insert_recursing).
     * Met on the way from another temporary, such a destination's type is not among the
     * declarations, so the walk gives up: nothing is certain. */
    if (map_get(b->sret_dest, fn_key(b, b->body_fn, y))) {
        w->cut = true;
        return;
    }
    for (unsigned i = 0; i < w->n; i++)
        if (strcmp(w->seen[i], y) == 0)
            return;
    const char *own = map_get(b->alloca_size, fn_key(b, b->body_fn, y));
    const char *list = own && strcmp(own, size) == 0 ? map_get(b->copies, fn_key(b, b->body_fn, y))
                                                     : NULL;
    if (!list)
        return;
    if (w->n == TMP_WALK_MAX) {
        w->cut = true;
        return;
    }
    w->seen[w->n++] = y;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len);
        if (eq && (size_t)(p + len - eq - 1) == strlen(size) && memcmp(eq + 1, size, strlen(size)) == 0) {
            const char *other = arena_strndup(b->c->arena, p, (size_t)(eq - p));
            const char *oid = map_get(b->declared, fn_key(b, b->body_fn, other));
            if (oid) {
                if (declared_size_is(b, oid, size) &&
                    !(w->ids.data && strstr(arena_printf(b->c->arena, ",%s,", w->ids.data),
                                            arena_printf(b->c->arena, ",%s,", oid))))
                    buf_printf(&w->ids, "%s%s", w->ids.len ? "," : "", oid);
            } else {
                tmp_collect(b, other, size, w);
            }
        }
        p += len + (p[len] == ',');
    }
}

static const char *tmp_ids(body_typer *b, const char *y)
{
    const char *size = map_get(b->alloca_size, fn_key(b, b->body_fn, y));
    if (!size)
        return NULL;
    tmp_walk w = {.n = 0}; /* an sret destination itself cuts the walk at once */
    tmp_collect(b, y, size, &w);
    /* every declaration the temporary meets counts (their common entries): none when
     * some were not reached */
    const char *out = w.ids.len && !w.cut ? arena_strdup(b->c->arena, w.ids.data) : NULL;
    free(w.ids.data);
    return out;
}

/* "#dbg_declare(ptr %x, !N, !DIExpression(), ...)": the alloca %x holds variable N, whole.
 * Its number, "%x" in *name; 0 when the line declares no whole variable at a local. */
static unsigned long declare_of(body_typer *b, const char *s, size_t n, const char **name)
{
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "#dbg_declare") || !lex_take(&c, "(") || !lex_take(&c, "ptr"))
        return 0;
    lex_tok x = c.t;
    lex_step(&c);
    if (x.kind != LEX_LOCAL || x.open || !lex_take(&c, ","))
        return 0;
    lex_tok var = c.t;
    lex_step(&c);
    if (var.kind != LEX_META || var.end == var.at + 1 || s[var.at + 1] < '0' || s[var.at + 1] > '9')
        return 0;
    /* a fragment or an offset of the variable is not the whole place */
    if (!lex_take(&c, ",") || !lex_take(&c, "!DIExpression") || !lex_take(&c, "(") ||
        !lex_take(&c, ")"))
        return 0;
    *name = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    return strtoul(s + var.at + 1, NULL, 10);
}

void body_note_line(body_typer *b, const char *s, size_t n)
{
    if (s[0] == '%') {
        ir_types_note(b->types, b->c->arena, s, n);
        return;
    }
    if (n > 7 && memcmp(s, "define ", 7) == 0) {
        b->note_fn++;
        return;
    }
    if (s[0] == ' ') {
        if (note_alloca_or_copy(b, s, n))
            return;
        const char *name;
        unsigned long id = declare_of(b, s, n, &name);
        if (!id)
            return;
        /* one alloca may hold several variables: the same value under inlined scopes */
        const char *key = fn_key(b, b->note_fn, name);
        const char *ids = map_get(b->declared, key);
        map_put(b->declared, key,
                ids ? arena_printf(b->c->arena, "%s,%lu", ids, id) : arena_printf(b->c->arena, "%lu", id));
        return;
    }
    if (s[0] != '!' || n < 2 || s[1] < '0' || s[1] > '9' || body_is_our_metadata(s, n))
        return;
    unsigned long id = strtoul(s + 1, NULL, 10);
    if (id + 1 > b->next_md)
        b->next_md = id + 1;
    /* "!N = [distinct] !DILocalVariable(name: "x", ...": the name as export decodes it */
    lex_cur c = lex_start(s, 0, n);
    lex_step(&c);
    if (!lex_take(&c, "="))
        return;
    lex_take(&c, "distinct");
    if (!lex_take(&c, "!DILocalVariable") || !lex_take(&c, "(") || !lex_take(&c, "name") ||
        !lex_take(&c, ":") || c.t.kind != LEX_STRING || c.t.open)
        return;
    map_put(b->var_names, arena_printf(b->c->arena, "%lu", id),
            (void *)lex_text(b->c->arena, s, c.t));
}

/* ---- per function ---- */

void body_begin(body_typer *b, const char *fn, uint32_t nparams, const char *const *names,
                tt_type *const *pointees)
{
    b->fn = fn;
    b->body_fn++;
    b->places = map_new(b->c->arena);
    b->pairs = map_new(b->c->arena);
    b->derived = map_new(b->c->arena);
    for (uint32_t i = 0; i < nparams; i++) {
        if (!names[i] || !pointees || !pointees[i])
            continue;
        place *p = arena_alloc(b->c->arena, sizeof *p);
        p->t = pointees[i];
        p->what = arena_printf(b->c->arena, "parameter %s: %s", names[i], pointees[i]->name);
        /* a pointer parameter to a T, or to the first of a run of them (slices) */
        if (p->t->kind == TY_SLICE) {
            p->t = p->t->elem;
            p->elems = true;
        } else {
            p->elems = true; /* *const T is also how a run of T is passed (copy_nonoverlapping) */
        }
        map_put(b->places, names[i], p);
    }
}

void body_end(body_typer *b)
{
    b->fn = NULL;
    b->places = b->pairs = b->derived = NULL;
}

/* ---- trees ---- */

static const tt_tree *memory_tree(body_typer *b, tt_type *t)
{
    tt_tree *m = map_get(b->mem_trees, t->name);
    if (m)
        return m;
    m = arena_alloc(b->c->arena, sizeof *m);
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    if (!tree_of_memory(b->c, t, &b->o, m, NULL)) {
        tree_free(m);
        memset(m, 0, sizeof *m);
    }
    diag_truncate(b->c, tail, errs);
    /* the tree's entries live on the heap: copy them into the arena, free the heap */
    tt_entry *v = arena_alloc(b->c->arena, (m->n + 1) * sizeof *v);
    if (m->n)
        memcpy(v, m->v, m->n * sizeof *v);
    free(m->v);
    m->v = v;
    m->cap = m->n;
    map_put(b->mem_trees, t->name, m);
    return m;
}

static uint64_t size_of(body_typer *b, tt_type *t)
{
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    const tt_layout *l = layout_of(b->c, t, NULL);
    diag_truncate(b->c, tail, errs);
    return l && l->sized && !l->uninhabited ? l->size : 0;
}

/* Whether the bytes [off, off+len) of a t are exactly one of its parts: t itself, a field
 * (recursively), an element or a whole number of consecutive elements of an array. */
static bool exact_part(body_typer *b, tt_type *t, uint64_t off, uint64_t len, unsigned depth)
{
    uint64_t size = size_of(b, t);
    if (!size || depth > 32 || off + len > size)
        return false;
    if (off == 0 && len == size)
        return true;
    if (t->kind == TY_ARRAY) {
        uint64_t es = size_of(b, t->elem);
        if (!es)
            return false;
        if (off % es == 0 && len % es == 0)
            return true;
        return exact_part(b, t->elem, off % es, len, depth + 1) && off % es + len <= es;
    }
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    const tt_layout *l = layout_of(b->c, t, NULL);
    diag_truncate(b->c, tail, errs);
    if (!l || l->is_enum || (t->kind == TY_ADT && t->def->kind == DEF_UNION))
        return false;
    uint32_t n = t->kind == TY_TUPLE ? t->n : t->kind == TY_ADT ? t->def->nfields : 0;
    for (uint32_t i = 0; i < n; i++) {
        tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
        uint64_t fo = l->offsets[i], fs = ft ? size_of(b, ft) : 0;
        if (ft && fs && off >= fo && off + len <= fo + fs)
            return exact_part(b, ft, off - fo, len, depth + 1);
    }
    return false;
}

/* "[-1]:Pointer" plus the entries of t's memory tree in [off, off+len), rebased to 0. */
static bool window_tree(body_typer *b, tt_type *t, uint64_t off, uint64_t len, tt_tree *out)
{
    const tt_tree *m = memory_tree(b, t);
    tt_entry head = {.len = 1, .kind = KIND_POINTER, .path = {-1}};
    out->n = 0;
    for (size_t i = 0; i < m->n; i++) {
        const tt_entry *e = &m->v[i];
        if (e->path[0] < (int64_t)off || e->path[0] >= (int64_t)(off + len))
            continue;
        if ((unsigned)e->len + 1 > b->o.max_depth || e->len + 1 > TT_PATH_MAX)
            continue;
        tt_entry x = {.len = (uint8_t)(e->len + 1), .kind = e->kind};
        x.path[0] = -1;
        x.path[1] = e->path[0] - (int64_t)off;
        memcpy(x.path + 2, e->path + 1, (e->len - 1) * sizeof e->path[0]);
        if (out->n == out->cap) {
            out->cap = out->cap ? out->cap * 2 : 16;
            out->v = realloc(out->v, out->cap * sizeof *out->v);
            if (!out->v)
                abort();
        }
        out->v[out->n++] = x;
    }
    if (!out->n)
        return false;
    if (out->n == out->cap) {
        out->v = realloc(out->v, (out->cap + 1) * sizeof *out->v);
        if (!out->v)
            abort();
        out->cap++;
    }
    out->v[out->n++] = head;
    tree_normalize(out);
    return true;
}

/* Every first-level entry of t's memory tree one kind, tiling t: a run of t copied as a
 * whole is one type, which is all Enzyme takes from a copy of run-time length. */
static bool one_kind(body_typer *b, tt_type *t)
{
    const tt_tree *m = memory_tree(b, t);
    uint64_t size = size_of(b, t), covered = 0;
    int kind = -1;
    for (size_t i = 0; i < m->n; i++) {
        const tt_entry *e = &m->v[i];
        if (e->len != 1)
            continue;
        if (kind >= 0 && e->kind != (uint8_t)kind)
            return false;
        kind = e->kind;
        covered += e->kind == KIND_INTEGER ? 1
                   : e->kind == KIND_POINTER ? b->c->target->ptr_size
                   : e->kind == KIND_HALF ? 2 : e->kind == KIND_FLOAT ? 4
                   : e->kind == KIND_DOUBLE ? 8 : 16;
    }
    return kind >= 0 && covered == size;
}

/* The tree of a copy of `len` bytes (len_known false: a run-time length) at place p. */
static bool copy_tree(body_typer *b, const place *p, bool len_known, uint64_t len, tt_tree *out)
{
    /* bytes behind a pointer or in a run are untyped: any data may be viewed as them (std's
     * read_unaligned copies a T out of `src as *const u8`; stress program repr_c_unaligned) */
    if ((p->elems || p->t->kind == TY_ARRAY) && tree_untyped_bytes(b->c, p->t))
        return false;
    if (!len_known) {
        if (!p->elems || p->off || !one_kind(b, p->t))
            return false;
        return window_tree(b, p->t, 0, size_of(b, p->t), out);
    }
    if (p->elems && p->off == 0) {
        /* a pointer to elements: a whole number of them, or a part of the first */
        uint64_t es = size_of(b, p->t);
        if (es && len < es && exact_part(b, p->t, 0, len, 0))
            return window_tree(b, p->t, 0, len, out);
        if (!es || len % es)
            return false;
        if (len == es)
            return window_tree(b, p->t, 0, es, out);
        if (!one_kind(b, p->t))
            return false;
        return window_tree(b, p->t, 0, es, out);
    }
    if (!exact_part(b, p->t, p->off, len, 0))
        return false;
    return window_tree(b, p->t, p->off, len, out);
}

/* ---- line scanning (tokens: emit/ir_lex.h) ---- */

/* Whether the literal lit occurs in s[0..n): a quick test before a line is lexed, since
 * most body lines are none of the instructions read here. */
static bool contains(const char *s, size_t n, const char *lit)
{
    size_t m = strlen(lit);
    const char *end = s + n;
    while ((size_t)(end - s) >= m) {
        const char *p = memchr(s, lit[0], (size_t)(end - s) - m + 1);
        if (!p)
            return false;
        if (memcmp(p, lit, m) == 0)
            return true;
        s = p + 1;
    }
    return false;
}

/* The value a line defines ("  %x = ..."), as "%x" (arena), or NULL. */
static const char *defined_value(body_typer *b, const char *s, size_t n, lex_cur *op)
{
    lex_tok t = lex_next(s, 0, n);
    if (t.kind != LEX_LOCAL || t.open || t.end + 3 > n || memcmp(s + t.end, " = ", 3) != 0)
        return NULL;
    *op = lex_start(s, t.end + 3, n);
    return arena_strndup(b->c->arena, s + t.at, t.end - t.at);
}

/* Splits the argument list that starts at s[open] == '(' at top-level commas (each span
 * with its leading spaces); *close is its ')' (0 and no arguments when unbalanced). */
static uint32_t split_args(const char *s, size_t open, size_t n, span *out, uint32_t max,
                           size_t *close)
{
    *close = 0;
    size_t end = lex_skip_group(s, open, n); /* just past the ')' */
    if (!end)
        return 0;
    uint32_t k = 0;
    for (size_t start = open + 1;;) {
        bool unbalanced;
        size_t e = lex_item_end(s, start, end - 1, &unbalanced);
        if (unbalanced)
            return 0;
        if (e == end - 1) {
            if (k < max && e > start)
                out[k++] = (span){start, e};
            break;
        }
        if (k < max)
            out[k++] = (span){start, e};
        start = e + 1;
    }
    *close = end - 1;
    return k;
}

/* An argument's value when its last token is %name, as "%x", and where it starts. */
static const char *arg_value(body_typer *b, const char *s, span a, size_t *at)
{
    lex_tok last = {.kind = LEX_END};
    for (lex_tok t = lex_next(s, a.start, a.end); t.kind != LEX_END; t = lex_next(s, t.end, a.end))
        last = t;
    if (last.kind != LEX_LOCAL || last.open)
        return NULL;
    *at = last.at;
    return arena_strndup(b->c->arena, s + last.at, last.end - last.at);
}

static const place *place_of(body_typer *b, const char *name)
{
    return name ? map_get(b->places, name) : NULL;
}

static void add_place(body_typer *b, const char *name, tt_type *t, uint64_t off, bool elems,
                      const char *what)
{
    if (!name || !t || map_get(b->places, name))
        return;
    place *p = arena_alloc(b->c->arena, sizeof *p);
    p->t = t;
    p->off = off;
    p->elems = elems;
    p->what = what;
    map_put(b->places, name, p);
}

/* The Rust type of variable N when the types file describes this module's variable N
 * (same number, same name: the file must come from this very module), else NULL. */
static tt_type *local_type(body_typer *b, const char *key, const char **vname)
{
    const tt_local_def *l = map_get(b->c->locals, key);
    const char *name = map_get(b->var_names, key);
    if (!l || !name || strcmp(name, l->name) != 0)
        return NULL;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    tt_type *t = types_resolve(b->c, l->ty, NULL);
    diag_truncate(b->c, tail, errs);
    *vname = l->name;
    return t;
}

/* A #dbg_declare of a whole variable: its pointer is the variable's place (an alloca seen
 * earlier already is; this adds pointer parameters rustc declares, Indirect arguments). */
static void scan_declare(body_typer *b, const char *s, size_t n)
{
    const char *name, *vname;
    unsigned long id = declare_of(b, s, n, &name);
    if (!id)
        return;
    const char *ids = map_get(b->declared, fn_key(b, b->body_fn, name));
    if (ids && strchr(ids, ','))
        return; /* several variables there: rewrite_alloca decided */
    tt_type *t = local_type(b, arena_printf(b->c->arena, "%lu", id), &vname);
    if (t)
        add_place(b, name, t, 0, false, arena_printf(b->c->arena, "local %s: %s", vname, t->name));
}

/* The size of a simple LLVM type (scalars, ptr, [N x i8]); 0 for anything else. */
static uint64_t llvm_size(const char *s, size_t n)
{
    static const struct { const char *t; uint64_t size; } simple[] = {
        {"i8", 1}, {"i16", 2}, {"i32", 4}, {"i64", 8}, {"i128", 16}, {"half", 2},
        {"float", 4}, {"double", 8}, {"fp128", 16}, {"ptr", 8}};
    for (size_t k = 0; k < sizeof simple / sizeof simple[0]; k++)
        if (strlen(simple[k].t) == n && memcmp(s, simple[k].t, n) == 0)
            return simple[k].size;
    if (n > 8 && s[0] == '[' && memcmp(s + n - 6, " x i8]", 6) == 0)
        return strtoull(s + 1, NULL, 10);
    return 0;
}

/* "%y = getelementptr inbounds [nuw] <T>, ptr %x, i64 <index>": with T = i8 and a constant
 * index, %y is place(%x) + index; with an index of any kind into a run of elements whose
 * size is T's, %y points into the same run. T may be a named struct (rustc indexes a slice
 * of structs over %"Record" at -O0: std's sort copies elements between such pointers,
 * stress programs sorted_records and nbody_vec). */
static void scan_gep(body_typer *b, const char *y, const char *s, size_t n, lex_cur c)
{
    if (!lex_take(&c, "getelementptr"))
        return;
    while (lex_take(&c, "inbounds") || lex_take(&c, "nuw") || lex_take(&c, "nusw"))
        ;
    lex_tok ty = lex_take_item(&c);
    if (ty.kind == LEX_END || !lex_take(&c, ",") || !lex_take(&c, "ptr"))
        return;
    uint64_t tsize = ir_type_size(b->types, s + ty.at, ty.end - ty.at);
    lex_tok x = c.t;
    lex_step(&c);
    if (!tsize || x.kind != LEX_LOCAL || x.open || !lex_take(&c, ",") || !lex_take(&c, "i64"))
        return;
    const char *bn = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    const place *base = place_of(b, bn);
    if (!base) {
        if (map_get(b->derived, bn))
            map_put(b->derived, y, (void *)"");
        return;
    }
    /* into a typed place: a place of its own below, or at least not untyped memory */
    map_put(b->derived, y, (void *)"");
    lex_tok idx = c.t;
    lex_step(&c);
    char *end = NULL;
    long long k = idx.kind == LEX_NUMBER ? strtoll(s + idx.at, &end, 10) : 0;
    bool constant = idx.kind == LEX_NUMBER && end == s + idx.end &&
                    (c.t.kind == LEX_END || lex_is(s, c.t, ','));
    if (base->elems) {
        uint64_t es = size_of(b, base->t);
        if (es && es == tsize)
            add_place(b, y, base->t, 0, true, base->what);
        else if (es && constant && k >= 0 && tsize == 1) /* into element k / es of the run */
            add_place(b, y, base->t, (uint64_t)k % es, false,
                      b->report ? arena_printf(b->c->arena, "%s + %lld", base->what, k) : base->what);
        return;
    }
    if (constant && k >= 0 && tsize == 1)
        add_place(b, y, base->t, base->off + (uint64_t)k, false,
                  b->report ? arena_printf(b->c->arena, "%s + %lld", base->what, k) : base->what);
}

/* A call or invoke line's callee: its symbol (decoded; "" for an indirect call through %f),
 * *open the '(' of its arguments: the first name right before a '(' after the keyword (a
 * named return type has a space). NULL when the line calls nothing. */
static const char *call_callee(body_typer *b, const char *s, size_t n, size_t *open)
{
    lex_tok t = lex_next(s, 0, n);
    while (t.kind != LEX_END && !lex_eq(s, t, "call") && !lex_eq(s, t, "invoke"))
        t = lex_next(s, t.end, n);
    for (; t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if ((t.kind != LEX_GLOBAL && t.kind != LEX_LOCAL) || t.open || t.end >= n ||
            s[t.end] != '(')
            continue;
        *open = t.end;
        return t.kind == LEX_LOCAL ? "" : lex_text(b->c->arena, s, t);
    }
    return NULL;
}

/* The value a call passes as its sret argument ("%x"), or NULL. */
static const char *call_sret_arg(body_typer *b, const char *s, size_t open, size_t n)
{
    span args[64];
    size_t close;
    uint32_t na = split_args(s, open, n, args, 64, &close);
    for (uint32_t k = 0; k < na; k++) {
        for (lex_tok t = lex_next(s, args[k].start, args[k].end); t.kind != LEX_END;
             t = lex_next(s, t.end, args[k].end)) {
            if (lex_eq(s, t, "sret") && t.end < args[k].end && s[t.end] == '(') {
                size_t vat;
                return arg_value(b, s, args[k], &vat);
            }
        }
    }
    return NULL;
}

/* A call: its callee symbol; the {A, B} it returns; its sret argument. */
static void scan_call(body_typer *b, const char *y, const char *s, size_t n)
{
    size_t open;
    const char *sym = call_callee(b, s, n, &open);
    tt_type *ret;
    tt_passmode mode;
    if (!sym || !*sym || !annotator_callee(b->a, sym, &ret, &mode))
        return;
    if (y && mode == PASS_PAIR)
        map_put(b->pairs, y, ret);
    const char *v = mode == PASS_INDIRECT ? call_sret_arg(b, s, open, n) : NULL;
    if (v)
        add_place(b, v, ret, 0, false,
                  arena_printf(b->c->arena, "the sret result of %s: %s", sym, ret->name));
}

/* ---- metadata ---- */

static const char *md_node(body_typer *b, const tt_tree *t, size_t lo, size_t hi, unsigned lvl);

/* The metadata number of a tree (Enzyme's TypeTree::toMD encoding), written once. */
static unsigned long md_of(body_typer *b, const tt_tree *t)
{
    tt_buf key = {0};
    tree_to_string(t, &key);
    const char *k = arena_strdup(b->c->arena, key.data);
    free(key.data);
    unsigned long *id = map_get(b->md_ids, k);
    if (id)
        return *id;
    const char *root = md_node(b, t, 0, t->n, 0);
    id = arena_alloc(b->c->arena, sizeof *id);
    *id = strtoul(root + 1, NULL, 10);
    map_put(b->md_ids, k, id);
    return *id;
}

/* Entries [lo, hi) share path[0..lvl); the node for that prefix: "!{!\"<kind at the
 * prefix, or Unknown>\", i32 <next index>, !child, ...}". Returns "!N". */
static const char *md_node(body_typer *b, const tt_tree *t, size_t lo, size_t hi, unsigned lvl)
{
    const char *base = "Unknown";
    tt_buf body = {0};
    size_t i = lo;
    if (i < hi && t->v[i].len == lvl) {
        base = kind_name((tt_kind)t->v[i].kind);
        i++;
    }
    while (i < hi) {
        int64_t idx = t->v[i].path[lvl];
        size_t j = i;
        while (j < hi && t->v[j].path[lvl] == idx)
            j++;
        const char *child = md_node(b, t, i, j, lvl + 1);
        buf_printf(&body, ", i32 %lld, %s", (long long)idx, child);
        i = j;
    }
    /* one node per distinct content: subtrees shared between trees are written once */
    const char *content = arena_printf(b->c->arena, "!{!\"%s\"%s}", base, body.data ? body.data : "");
    free(body.data);
    const char *known = map_get(b->md_nodes, content);
    if (known)
        return known;
    unsigned long id = b->next_md++;
    buf_printf(&b->md, "!%lu = %s " OUR_MD_MARK "\n", id, content);
    const char *ref = arena_printf(b->c->arena, "!%lu", id);
    map_put(b->md_nodes, content, (void *)ref);
    return ref;
}

void body_finish(body_typer *b, FILE *out)
{
    if (b->md.len)
        fwrite(b->md.data, 1, b->md.len, out);
}

/* ---- rewriting ---- */

static void report(body_typer *b, const char *what, const char *tree, const char *from)
{
    if (b->report)
        b->report(b->report_arg, b->fn, what, tree, from);
}

/* memcpy/memmove/memset: an attribute on each pointer operand whose place types it. */
static bool rewrite_mem(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    size_t open;
    const char *sym = call_callee(b, s, n, &open);
    const char *what = !sym                                     ? NULL
                       : strncmp(sym, "llvm.memset.", 12) == 0  ? "memset"
                       : strncmp(sym, "llvm.memcpy.", 12) == 0  ? "memcpy"
                       : strncmp(sym, "llvm.memmove.", 13) == 0 ? "memmove"
                                                                : NULL;
    if (!what)
        return false;
    bool set = what[3] == 's';
    span args[8];
    size_t close;
    uint32_t na = split_args(s, open, n, args, 8, &close);
    if (na < 3)
        return false;
    b->stats.copies++;
    uint32_t nptr = set ? 1 : 2;
    /* "i64 24": a constant length */
    lex_cur len = lex_start(s, args[2].start, args[2].end);
    bool known = false;
    uint64_t bytes = 0;
    if ((lex_take(&len, "i64") || lex_take(&len, "i32")) && len.t.kind == LEX_NUMBER) {
        char *end;
        bytes = strtoull(s + len.t.at, &end, 10);
        known = end == s + len.t.end && len.t.end == args[2].end;
    }
    tt_tree trees[2] = {{0}, {0}};
    bool have[2] = {false, false};
    size_t at[2] = {0, 0};
    const place *pl[2] = {NULL, NULL};
    const char *vn[2] = {"?", "?"};
    for (uint32_t k = 0; k < nptr; k++) {
        const char *v = arg_value(b, s, args[k], &at[k]);
        if (v)
            vn[k] = v;
        pl[k] = place_of(b, v);
        if (pl[k])
            have[k] = copy_tree(b, pl[k], known, bytes, &trees[k]);
    }
    const tt_tree *use = NULL;
    if (have[0] && have[1]) {
        if (tree_equal(&trees[0], &trees[1]))
            use = &trees[0];
        else
            b->stats.conflicting++; /* the same bytes typed two ways: say nothing */
    } else if (have[0] || have[1]) {
        use = have[0] ? &trees[0] : &trees[1];
    }
    bool done = false;
    if (use) {
        tt_buf t = {0};
        tree_to_string(use, &t);
        size_t pos = 0;
        for (uint32_t k = 0; k < nptr; k++) {
            if (!at[k]) {
                /* a constant operand (@g, or getelementptr (i8, ptr @g, i64 8) whose last
                 * token is inside the expression): the attribute goes right after the
                 * type, where parameter attributes begin */
                lex_cur c = lex_start(s, args[k].start, args[k].end);
                lex_take_item(&c);
                at[k] = c.t.kind != LEX_END ? c.t.at : args[k].end;
            }
            buf_putn(out, s + pos, at[k] - pos);
            buf_printf(out, ATTR "%s\" ", t.data);
            pos = at[k];
        }
        buf_putn(out, s + pos, n - pos);
        b->stats.copies_typed++;
        report(b, arena_printf(b->c->arena, "%s %s%s%s, %s bytes", what, vn[0], set ? "" : " <- ",
                               set ? "" : vn[1],
                               known ? arena_printf(b->c->arena, "%llu", (unsigned long long)bytes)
                                     : "run-time"),
               t.data, pl[0] && have[0] ? pl[0]->what : pl[1]->what);
        free(t.data);
        done = true;
    }
    tree_free(&trees[0]);
    tree_free(&trees[1]);
    return done;
}

/* Appends ", !enzyme_type !id" to a line. */
static void put_md_id(const char *s, size_t n, unsigned long id, tt_buf *out)
{
    size_t line_end = n;
    while (line_end && (s[line_end - 1] == '\n' || s[line_end - 1] == '\r'))
        line_end--;
    buf_putn(out, s, line_end);
    char d[24];
    buf_put(out, ", " MD_KIND " !");
    buf_put(out, digits(id, d));
    buf_putn(out, s + line_end, n - line_end);
}

/* Appends ", !enzyme_type !N" (the node of tree t) to a line. */
static void put_with_md(body_typer *b, const char *s, size_t n, const tt_tree *t, tt_buf *out)
{
    put_md_id(s, n, md_of(b, t), out);
}

/* The memoised metadata of tree t (NULL or empty: nothing) under key. */
static const md_memo *memo_put(body_typer *b, const char *key, const tt_tree *t)
{
    md_memo *m = arena_alloc(b->c->arena, sizeof *m);
    m->id = 0;
    m->tree = NULL;
    if (t && t->n) {
        m->id = md_of(b, t);
        tt_buf tb = {0};
        tree_to_string(t, &tb);
        m->tree = arena_strdup(b->c->arena, tb.data);
        free(tb.data);
    }
    map_put(b->memo, key, m);
    return m;
}

/* "%y = extractvalue {A, B} %x, K" of a described call's result: metadata. */
static bool rewrite_extract(body_typer *b, const char *s, size_t n, lex_cur c, tt_buf *out)
{
    if (!lex_take(&c, "extractvalue"))
        return false;
    b->stats.extracts++;
    /* "{A, B} %x, K": a returned pair is a literal struct */
    if (!lex_is(s, c.t, '{') || lex_take_item(&c).kind == LEX_END)
        return false;
    lex_tok x = c.t;
    lex_step(&c);
    if (x.kind != LEX_LOCAL || x.open || !lex_take(&c, ","))
        return false;
    const char *pair = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    tt_type *t = map_get(b->pairs, pair);
    if (!t)
        return false;
    lex_tok idx = c.t;
    lex_step(&c);
    char *end = NULL;
    unsigned long k = idx.kind == LEX_NUMBER ? strtoul(s + idx.at, &end, 10) : 2;
    if (end != s + idx.end || k > 1 || (c.t.kind != LEX_END && !lex_is(s, c.t, ',')))
        return false;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    const tt_layout *l = layout_of(b->c, t, NULL);
    tt_tree half = {0};
    if (l && l->abi == ABI_PAIR)
        tree_of_scalar_at(b->c, t, k ? l->b_offset : 0, k ? l->b.prim.size : l->a.prim.size,
                          &b->o, &half, NULL);
    diag_truncate(b->c, tail, errs);
    bool done = false;
    if (half.n) {
        put_with_md(b, s, n, &half, out);
        b->stats.extracts_typed++;
        tt_buf tb = {0};
        tree_to_string(&half, &tb);
        report(b, arena_printf(b->c->arena, "extractvalue %lu of %s", k, pair), tb.data,
               arena_printf(b->c->arena, "the %s a call returns", t->name));
        free(tb.data);
        done = true;
    }
    tree_free(&half);
    return done;
}

/* Keeps the entries of *t that u has too, with the same kind (both normalized). */
static void tree_keep_common(tt_tree *t, const tt_tree *u)
{
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++) {
        for (size_t j = 0; j < u->n; j++) {
            const tt_entry *x = &t->v[i], *y = &u->v[j];
            if (x->len == y->len && x->kind == y->kind &&
                memcmp(x->path, y->path, x->len * sizeof x->path[0]) == 0) {
                t->v[k++] = t->v[i];
                break;
            }
        }
    }
    t->n = k;
}

/* Types alloca y as holding one t: its place and `!enzyme_type` metadata, the pointer to t's
 * tree (worked out once per type). */
static bool type_alloca(body_typer *b, const char *y, tt_type *t, const char *s, size_t n,
                        tt_buf *out, const char *what)
{
    add_place(b, y, t, 0, false, what);
    const char *key = memo_key(b, 'a', t->name, false, 0, 0);
    const md_memo *m = map_get(b->memo, key);
    if (!m) {
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        tt_tree one = {0};
        tree_of_pointer_to(b->c, t, &b->o, &one, NULL);
        diag_truncate(b->c, tail, errs);
        m = memo_put(b, key, one.n > 1 ? &one : NULL); /* more than "[-1]:Pointer" */
        tree_free(&one);
    }
    if (!m->id)
        return false;
    put_md_id(s, n, m->id, out);
    b->stats.allocas_typed++;
    if (b->report)
        report(b, arena_printf(b->c->arena, "alloca %s", y), m->tree, what);
    return true;
}

/* "%x = alloca ..." of variables the module #dbg_declare's whole (first pass): the place
 * of that variable and `!enzyme_type` metadata on the alloca, the pointer to its type.
 * The metadata is the alloca's own fact: Enzyme takes it wherever the alloca's users are
 * (without strict aliasing it ignores what a call in another block says about it).
 * Several variables on one alloca (a value under inlined scopes): one type, or only the
 * entries all their trees share and no place. */
static bool rewrite_alloca(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                           tt_buf *out)
{
    if (!lex_take(&c, "alloca"))
        return false;
    const char *ids = map_get(b->declared, fn_key(b, b->body_fn, y));
    if (!ids) {
        /* a temporary the callee returns into holds the callee's return type */
        const char *sym = map_get(b->sret_dest, fn_key(b, b->body_fn, y));
        tt_type *ret;
        tt_passmode mode;
        if (sym && *sym && annotator_callee(b->a, sym, &ret, &mode) && mode == PASS_INDIRECT && ret)
            return type_alloca(b, y, ret, s, n, out,
                               b->report ? arena_printf(b->c->arena, "the sret result of %s: %s", sym,
                                                        ret->name)
                                         : "sret");
    }
    if (!ids)
        ids = tmp_ids(b, y);
    if (!ids)
        return false;
    if (!strchr(ids, ',')) {
        /* one variable: its type's tree, worked out once per type */
        const char *vname;
        tt_type *t = local_type(b, ids, &vname);
        if (!t)
            return false;
        return type_alloca(b, y, t, s, n, out,
                           b->report ? arena_printf(b->c->arena, "local %s: %s", vname, t->name)
                                     : "local");
    }
    tt_tree ptr = {0};
    tt_type *first = NULL;
    bool same = true, any = false;
    const char *what = NULL;
    for (const char *p = ids; *p;) {
        size_t len = strcspn(p, ",");
        const char *vname;
        tt_type *t = local_type(b, arena_strndup(b->c->arena, p, len), &vname);
        p += len + (p[len] == ',');
        if (!t) {
            same = false;
            tree_free(&ptr);
            memset(&ptr, 0, sizeof ptr);
            any = true; /* an untyped declaration: nothing is certain */
            break;
        }
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        tt_tree one = {0};
        tree_of_pointer_to(b->c, t, &b->o, &one, NULL);
        diag_truncate(b->c, tail, errs);
        if (!any) {
            ptr = one;
            first = t;
            what = arena_printf(b->c->arena, "local %s: %s", vname, t->name);
            any = true;
            continue;
        }
        if (t != first && strcmp(t->name, first->name) != 0) {
            same = false;
            what = arena_printf(b->c->arena, "%s, and local %s: %s (their common entries)", what,
                                vname, t->name);
        }
        tree_keep_common(&ptr, &one);
        tree_free(&one);
    }
    if (same && first)
        add_place(b, y, first, 0, false, what);
    bool done = ptr.n > 1; /* more than "[-1]:Pointer" */
    if (done) {
        put_with_md(b, s, n, &ptr, out);
        b->stats.allocas_typed++;
        tt_buf tb = {0};
        tree_to_string(&ptr, &tb);
        report(b, arena_printf(b->c->arena, "alloca %s", y), tb.data, what);
        free(tb.data);
    }
    tree_free(&ptr);
    return done;
}

/* LLVM's float types: rustc gives them to Rust floats alone (the IR is annotated before
 * LLVM's passes could make float values of anything else). */
static const struct {
    const char *ty;     /* as LLVM prints it */
    tt_kind kind;
    const char *tree;   /* the register tree of such a value */
} float_types[] = {
    {"double", KIND_DOUBLE, "{[-1]:Float@double}"},
    {"float", KIND_FLOAT, "{[-1]:Float@float}"},
    {"half", KIND_HALF, "{[-1]:Float@half}"},
    {"fp128", KIND_FP128, "{[-1]:Float@fp128}"},
};
#define NFLOAT_TYPES (sizeof float_types / sizeof float_types[0])

/* A load of an LLVM float type from an untyped place: the value is that float. rustc gives
 * LLVM float types to Rust floats alone, and the IR is annotated before LLVM's passes could
 * make float loads of anything else. Without it, Enzyme cannot type a phi of two such loads
 * when the float use sits in a block that does not post-dominate them (a bounds check's
 * panic branch between): tests/enzyme-bugs/phi-float-branch.ll. */
static bool float_load(body_typer *b, const char *s, size_t n, const char *ty, size_t tlen,
                       tt_buf *out)
{
    for (size_t k = 0; k < NFLOAT_TYPES; k++) {
        if (strlen(float_types[k].ty) != tlen || memcmp(ty, float_types[k].ty, tlen) != 0)
            continue;
        const char *key = float_types[k].ty;
        const md_memo *m = map_get(b->memo, key);
        if (!m) {
            tt_entry e = {.len = 1, .kind = (uint8_t)float_types[k].kind, .path = {-1}};
            tt_tree t = {.v = &e, .n = 1, .cap = 1};
            m = memo_put(b, key, &t);
        }
        put_md_id(s, n, m->id, out);
        b->stats.loads_typed++;
        if (b->report)
            report(b, "load", m->tree, "its LLVM float type (rustc's float types are Rust floats)");
        return true;
    }
    return false;
}

/* The Rust type a pointer stored at byte off of a t points to (&T, *const T, NonNull<T>,
 * Box<T>, a wide pointer's data half, a field's "points_to" buffer); NULL when no pointer
 * of certain type sits exactly there (enum and union bytes included). */
static tt_type *pointee_at(body_typer *b, tt_type *t, uint64_t off, unsigned depth)
{
    if (!t || depth > 16)
        return NULL;
    tt_type *pt = types_pointee(b->c, t);
    if (pt)
        return off == 0 ? pt : NULL;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    const tt_layout *l = layout_of(b->c, t, NULL);
    diag_truncate(b->c, tail, errs);
    if (!l || l->is_enum || (t->kind == TY_ADT && t->def->kind == DEF_UNION))
        return NULL;
    if (t->kind == TY_ARRAY) {
        uint64_t es = size_of(b, t->elem);
        return es ? pointee_at(b, t->elem, off % es, depth + 1) : NULL;
    }
    uint32_t nf = t->kind == TY_TUPLE ? t->n : t->kind == TY_ADT ? t->def->nfields : 0;
    for (uint32_t i = 0; i < nf; i++) {
        tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
        uint64_t fo = l->offsets[i], fs = ft ? size_of(b, ft) : 0;
        if (!ft || !fs || off < fo || off >= fo + fs)
            continue;
        if (t->kind == TY_ADT && off == fo) {
            tt_type *to = types_field_points_to(b->c, t, 0, i); /* Vec's buffer: [T] */
            if (to)
                return to;
        }
        return pointee_at(b, ft, off - fo, depth + 1);
    }
    return NULL;
}

/* A pointer loaded from a typed place: a place of its own, the first of a run of its
 * pointee's type, when that type has something to say behind a pointer (not bytes, not
 * unsized): copies through it (sort's merges copy elements between such pointers) then
 * get the element's tree. */
static void place_of_loaded_pointer(body_typer *b, const char *y, const place *p, uint64_t off)
{
    tt_type *pt = pointee_at(b, p->t, off, 0);
    if (pt && pt->kind == TY_SLICE)
        pt = pt->elem;
    if (!pt || !size_of(b, pt))
        return;
    const char *key = memo_key(b, 'p', pt->name, false, 0, 0);
    const md_memo *m = map_get(b->memo, key);
    if (!m) {
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        tt_tree one = {0};
        tree_of_pointer_to(b->c, pt, &b->o, &one, NULL);
        diag_truncate(b->c, tail, errs);
        m = memo_put(b, key, one.n > 1 ? &one : NULL); /* more than "[-1]:Pointer" */
        tree_free(&one);
    }
    if (m->id)
        add_place(b, y, pt, 0, true,
                  b->report ? arena_printf(b->c->arena, "the %s a pointer loaded from %s points to",
                                           pt->name, p->what)
                            : "a loaded pointer");
}

/* "%v = load <scalar>, ptr %p": the scalar a typed place holds there, as metadata. The
 * load then says what it reads even where Enzyme does not connect %p to its type (a call
 * in a loop does not type its arguments in the caller without strict aliasing). */
static bool rewrite_load(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                         tt_buf *out)
{
    if (!lex_take(&c, "load") || lex_eq(s, c.t, "volatile") || lex_eq(s, c.t, "atomic"))
        return false;
    lex_tok ty = lex_take_item(&c);
    if (ty.kind == LEX_END || !lex_take(&c, ",") || !lex_take(&c, "ptr"))
        return false;
    size_t tlen = ty.end - ty.at;
    uint64_t size = llvm_size(s + ty.at, tlen);
    lex_tok ptr = c.t;
    if (!size || ptr.kind != LEX_LOCAL || ptr.open || (s[ty.at] == '[' && s[ty.at + 1] != '1'))
        return false; /* scalars only ([1 x i8] aside, no arrays) */
    const char *pn = arena_strndup(b->c->arena, s + ptr.at, ptr.end - ptr.at);
    const place *p = place_of(b, pn);
    if (!p) {
        /* a pointer into a typed place that says nothing certain here (union bytes,
         * variants that disagree) reads memory typed otherwise too: nothing */
        if (map_get(b->derived, pn))
            return false;
        return float_load(b, s, n, s + ty.at, tlen, out);
    }
    uint64_t off = p->elems ? 0 : p->off;
    if (p->elems && size > size_of(b, p->t))
        return false; /* a pointer to elements reads the first bytes of one */
    if (lex_eq(s, ty, "ptr"))
        place_of_loaded_pointer(b, y, p, off);
    const char *key = memo_key(b, 'l', p->t->name, true, off, size);
    const md_memo *m = map_get(b->memo, key);
    if (!m) {
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        tt_tree reg = {0};
        tree_of_scalar_at(b->c, p->t, off, size, &b->o, &reg, NULL);
        diag_truncate(b->c, tail, errs);
        m = memo_put(b, key, &reg);
        tree_free(&reg);
    }
    if (!m->id)
        return false;
    put_md_id(s, n, m->id, out);
    b->stats.loads_typed++;
    if (b->report)
        report(b,
               arena_printf(b->c->arena, "load of %llu bytes from %s", (unsigned long long)size, pn),
               m->tree, p->what);
    return true;
}

/* An indirect call returning a float type: rustc gives LLVM float types to Rust floats
 * alone, so the result is that float (a direct call has its callee's attributes). */
static bool rewrite_indirect_fp(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    lex_cur c = lex_start(s, 0, n);
    while (c.t.kind != LEX_END && !lex_eq(s, c.t, "call"))
        lex_step(&c);
    /* the callee: the first name right before a '(', through %f; the type before it */
    lex_tok prev = c.t;
    for (; c.t.kind != LEX_END; prev = c.t, lex_step(&c)) {
        lex_tok t = c.t;
        if ((t.kind != LEX_GLOBAL && t.kind != LEX_LOCAL) || t.open || t.end >= n ||
            s[t.end] != '(')
            continue;
        if (t.kind != LEX_LOCAL || prev.kind != LEX_WORD)
            return false;
        for (size_t k = 0; k < NFLOAT_TYPES; k++) {
            if (!lex_eq(s, prev, float_types[k].ty))
                continue;
            buf_putn(out, s, prev.at);
            buf_printf(out, ATTR "%s\" ", float_types[k].tree);
            buf_putn(out, s + prev.at, n - prev.at);
            b->stats.calls_typed++;
            report(b, "indirect call", float_types[k].tree,
                   "its LLVM float type (rustc's float types are Rust floats)");
            return true;
        }
        return false;
    }
    return false;
}

/* Where our annotation that starts with token t ends (with the one space after an
 * attribute), 0 when t starts none: `"enzyme_type"="{...}"` and `, !enzyme_type !N`. */
static size_t ours_end(const char *s, size_t n, lex_tok t)
{
    if (t.kind == LEX_STRING && lex_eq(s, t, "\"enzyme_type\"") && t.end + 1 < n &&
        s[t.end] == '=' && s[t.end + 1] == '"') {
        size_t e = lex_next(s, t.end + 1, n).end;
        return e < n && s[e] == ' ' ? e + 1 : e;
    }
    if (!lex_is(s, t, ',') || t.end + 1 >= n || s[t.end] != ' ')
        return 0;
    lex_tok k = lex_next(s, t.end, n);
    if (k.kind != LEX_META || !lex_eq(s, k, MD_KIND) || k.end + 1 >= n || s[k.end] != ' ' ||
        s[k.end + 1] != '!')
        return 0;
    lex_tok id = lex_next(s, k.end, n);
    return id.end == id.at + 1 || (s[id.at + 1] >= '0' && s[id.at + 1] <= '9') ? id.end : 0;
}

void body_strip_ours(const char *s, size_t n, tt_buf *out)
{
    size_t from = 0;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        size_t e = ours_end(s, n, t);
        if (!e)
            continue;
        buf_putn(out, s + from, t.at - from);
        from = t.end = e;
    }
    buf_putn(out, s + from, n - from);
}

bool body_line(body_typer *b, const char *s, size_t n, bool strip, tt_buf *out)
{
    bool ours = contains(s, n, "enzyme_type") && (contains(s, n, ATTR) || contains(s, n, MD_KIND));
    tt_buf clean = {0};
    if (ours) {
        body_strip_ours(s, n, &clean);
        s = clean.data;
        n = clean.len;
    }
    bool changed = ours;
    if (!strip && b->places) {
        lex_cur op; /* at the instruction after "%y = " */
        const char *y = defined_value(b, s, n, &op);
        if (contains(s, n, "#dbg_declare(")) {
            scan_declare(b, s, n);
        } else if (y && (rewrite_alloca(b, y, s, n, op, out) ||
                         rewrite_extract(b, s, n, op, out) || rewrite_load(b, y, s, n, op, out))) {
            free(clean.data);
            return true;
        } else if (contains(s, n, "@llvm.mem")) {
            size_t before = out->len;
            if (rewrite_mem(b, s, n, out)) {
                free(clean.data);
                return true;
            }
            out->len = before;
        } else {
            if (y)
                scan_gep(b, y, s, n, op);
            if (contains(s, n, "call ") || contains(s, n, "invoke ")) {
                scan_call(b, y, s, n);
                if (y && rewrite_indirect_fp(b, s, n, out)) {
                    free(clean.data);
                    return true;
                }
            }
        }
    }
    if (changed)
        buf_putn(out, s, n);
    free(clean.data);
    return changed;
}
