/* The first pass over the module, for bodies (emit/body/ir_body.c): the metadata numbers in use,
 * the variables' names, and per function what a temporary no #dbg_declare names needs to
 * take the type of the variables it is copied from or to (body_tmp_ids): allocas' sizes,
 * copies between locals, the destinations of sret calls, the declarations. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"
#include "ir_types.h"

bool body_is_our_metadata(const char *s, size_t n)
{
    size_t m = strlen(OUR_MD_MARK);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' '))
        n--;
    return s[0] == '!' && n >= m && memcmp(s + n - m, OUR_MD_MARK, m) == 0;
}

static void note_copy(body_typer *b, const char *from, const char *with, const char *len)
{
    const char *key = body_fn_key(b, b->note_fn, from);
    const char *old = map_get(b->copies, key);
    map_put(b->copies, key, old ? arena_printf(b->c->arena, "%s,%s=%s", old, with, len)
                                : arena_printf(b->c->arena, "%s=%s", with, len));
}

/* The local a "... ptr %x, ..." line names after its first ", ptr "; NULL if none. */
static const char *ptr_operand(body_typer *b, const char *s, size_t n)
{
    for (size_t i = 0; i + 7 < n; i++)
        if (memcmp(s + i, ", ptr %", 7) == 0) {
            lex_tok t = lex_next(s, i + 6, n);
            return t.kind == LEX_LOCAL ? arena_strndup(b->c->arena, s + t.at, t.end - t.at)
                                       : NULL;
        }
    return NULL;
}

/* A copy of a few bytes annotate made typed loads and stores (body_small_copy): its first
 * load "%tt.copyL.N.v0 = load T, ptr %src" and first store "store T %tt.copyL.N.v0, ptr
 * %dst" note the copy as the memcpy it was. True when the line was one of them. */
static bool note_small(body_typer *b, const char *s, size_t n)
{
    const char *v = NULL;
    size_t first = 0; /* where the value is */
    for (size_t i = 0; i + strlen(SMALL_PREFIX) + 1 < n; i++)
        if (s[i] == '%' && memcmp(s + i + 1, SMALL_PREFIX, strlen(SMALL_PREFIX)) == 0) {
            v = s + i + 1 + strlen(SMALL_PREFIX);
            first = i;
            break;
        }
    if (!v)
        return false;
    char *e;
    unsigned long long len = strtoull(v, &e, 10);
    if (e == v || *e != '.')
        return false;
    unsigned long num = strtoul(e + 1, &e, 10);
    if (strncmp(e, ".v0", 3) != 0 || (e[3] >= '0' && e[3] <= '9'))
        return false;
    const char *key = body_fn_key(
        b, b->note_fn, arena_printf(b->c->arena, "%%" SMALL_PREFIX "%llu.%lu", len, num));
    const char *p = ptr_operand(b, s, n);
    if (!p)
        return false;
    if (first == 2) /* the value is the line's first token: "  %tt.copyL.N.v0 = load" */
        map_put(b->small_src, key, (void *)p);
    else if (body_contains(s, n, "store ")) {
        const char *src = map_get(b->small_src, key);
        if (src) {
            const char *l = arena_printf(b->c->arena, "%llu", len);
            note_copy(b, p, src, l);
            note_copy(b, src, p, l);
        }
    }
    return true;
}

/* First pass: "store ptr %v, ptr %x" into an `alloca [8 x i8]` %x notes %v as a value %x
 * holds; any other store into %x notes "?". A temporary no #dbg_declare names that holds a
 * pointer (rustc at -O0: `let src = mid.sub(left)` in std's ptr_rotate_memmove goes
 * through one) then gives the pointer loaded from it the place every stored pointer has
 * (body_slot_place). A MIR local has one type, so the stores agree unless the alloca is
 * not one local's; they are checked at the load. */
void body_note_store(body_typer *b, const char *s, size_t n)
{
    if (n <= 8 || memcmp(s, "  store ", 8) != 0)
        return;
    lex_cur c = lex_start(s, 8, n);
    bool plain = !lex_take(&c, "volatile") && !lex_take(&c, "atomic");
    bool ptr = lex_take(&c, "ptr");
    lex_tok v = c.t;
    lex_step(&c);
    if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
        return;
    const char *key = body_fn_key(b, b->note_fn, arena_strndup(b->c->arena, s + c.t.at,
                                                               c.t.end - c.t.at));
    const char *size = map_get(b->alloca_size, key);
    if (!size || strcmp(size, "8") != 0)
        return;
    const char *val = plain && ptr && v.kind == LEX_LOCAL && !v.open
                          ? arena_strndup(b->c->arena, s + v.at, v.end - v.at)
                          : "?";
    const char *old = map_get(b->slot_stores, key);
    map_put(b->slot_stores, key,
            old ? arena_printf(b->c->arena, "%s,%s", old, val) : (void *)val);
}

/* First pass: "%x = alloca [N x i8]" (its size) and llvm.memcpy between two locals with a
 * constant length (both ways), so that a temporary no #dbg_declare names can take the type
 * of the variables it is copied from or to whole (body_tmp_ids). True when the line was one. */
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
                        body_fn_key(b, b->note_fn,
                                    arena_strndup(b->c->arena, s + y.at, y.end - y.at)),
                        arena_printf(b->c->arena, "%llu", strtoull(s + num.at, NULL, 10)));
            return true;
        }
    }
    if (body_contains(s, n, " sret(")) {
        /* the local a call returns into, and its callee ("": indirect or several) */
        size_t open;
        const char *sym = body_call_callee(b, s, n, &open);
        const char *dest = sym ? body_call_sret_arg(b, s, open, n) : NULL;
        if (dest) {
            const char *key = body_fn_key(b, b->note_fn, dest);
            const char *old = map_get(b->sret_dest, key);
            /* several calls returning into one local: their callee only if it is one */
            map_put(b->sret_dest, key, (void *)(old && strcmp(old, sym) != 0 ? "" : sym));
        }
        return false;
    }
    if (note_small(b, s, n))
        return true;
    if (!body_contains(s, n, "@llvm.memcpy."))
        return false;
    size_t open;
    const char *sym = body_call_callee(b, s, n, &open);
    if (!sym || strncmp(sym, "llvm.memcpy.", 12) != 0)
        return false;
    span args[8];
    size_t close;
    if (body_split_args(s, open, n, args, 8, &close) < 3)
        return true;
    size_t at;
    const char *dst = body_arg_value(b, s, args[0], &at), *src = body_arg_value(b, s, args[1], &at);
    lex_cur len = lex_start(s, args[2].start, args[2].end);
    if (!dst || !src || !lex_take(&len, "i64") || len.t.kind == LEX_END)
        return true;
    const char *l = arena_strndup(b->c->arena, s + len.t.at, args[2].end - len.t.at);
    note_copy(b, dst, src, l);
    note_copy(b, src, dst, l);
    return true;
}

/* Whether every variable of "N[,N...]" has a sized type of exactly `size` bytes. */
static bool declared_size_is(body_typer *b, const char *ids, const char *size)
{
    unsigned long long want = strtoull(size, NULL, 10);
    for (const char *p = ids; *p;) {
        size_t len = strcspn(p, ",");
        const char *vname;
        tt_type *t = body_local_type(b, arena_strndup(b->c->arena, p, len), &vname);
        p += len + (p[len] == ',');
        if (!t)
            return false;
        const tt_layout *l = layout_of_quiet(b->c, t);
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
    /* A call's sret destination holds the callee's return type (body_scan_call's place); a copy
     * out of it may be one variant's payload: NodeRef::ascend's Result<Handle, NodeRef>
     * (24 bytes, niche-tagged) moved whole into `parent: Handle` in its Ok arm gave the
     * temporary Handle's tree, and the Err arm's node pointer at offset 8 was typed as
     * Handle's integer height there (stress grid_nested -O0, BTree insert_recursing).
     * Met on the way from another temporary, such a destination's type is not among the
     * declarations, so the walk gives up: nothing is certain. */
    if (map_get(b->sret_dest, body_fn_key(b, b->body_fn, y))) {
        w->cut = true;
        return;
    }
    for (unsigned i = 0; i < w->n; i++)
        if (strcmp(w->seen[i], y) == 0)
            return;
    const char *own = map_get(b->alloca_size, body_fn_key(b, b->body_fn, y));
    const char *list = own && strcmp(own, size) == 0
                           ? map_get(b->copies, body_fn_key(b, b->body_fn, y))
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
            const char *oid = map_get(b->declared, body_fn_key(b, b->body_fn, other));
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

const char *body_tmp_ids(body_typer *b, const char *y)
{
    const char *size = map_get(b->alloca_size, body_fn_key(b, b->body_fn, y));
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

void body_note_line(body_typer *b, const char *s, size_t n)
{
    if (s[0] == '%') {
        ir_types_note(b->types, b->c->arena, s, n);
        return;
    }
    if (n > 7 && memcmp(s, "define ", 7) == 0) {
        b->note_fn++;
        body_loops_note(b, s, n);
        return;
    }
    if (n > 8 && memcmp(s, "declare ", 8) == 0) {
        body_loops_note(b, s, n);
        return;
    }
    if (s[0] == ' ') {
        if (note_alloca_or_copy(b, s, n))
            return;
        const char *name;
        unsigned long id = body_declare_of(b, s, n, &name);
        if (!id)
            return;
        /* one alloca may hold several variables: the same value under inlined scopes */
        const char *key = body_fn_key(b, b->note_fn, name);
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
