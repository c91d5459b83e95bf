/* An enum's element copy by the variant it holds (ir_body_loops.c says why copies of such
 * enums go by variant), and the rule Enzyme differentiates it by.
 *
 * Enzyme's own derivative of the copy is wrong where one place holds different variants
 * over time: with the wrapper's -enzyme-strict-aliasing=0, a store of an integer writes
 * the integer's shadow into the shadow memory (Enzyme's convention: the shadow of an
 * integer or pointer mirrors it), and a store of a float writes nothing there in the
 * forward pass; in the reverse pass the float store takes what the shadow holds as its
 * adjoint. So an element of `V2(i64, ..)` copied into a place, and then one of `V1(..,
 * f64, ..)` over it, added the integer's bits to the float's derivative: the harness's
 * shadows hold the inputs' integers, and -3 read as a double is a NaN (random_cases.py
 * seed 12, case 9: `to_vec` + `sort_by`, one entry of the gradient NaN at every level,
 * where plain Enzyme stops; tests/enzyme-bugs/enum-variant-reuse.ll). Enzyme's defaults
 * type the place one way throughout and are right there; no tree can say "this byte is a
 * float in this variant only".
 *
 * So the copy is one function Enzyme does not look into, @<name>.variant.copy(ptr %r) (r:
 * { dst, src }, one argument so that Enzyme passes the shadows of both or of neither; the
 * rules of rules/rust-alloc.ll say why), with a rule registered for it:
 * - forward derivative: the copy, and the shadow copied byte for byte (tangents move with
 *   their values, integers mirror); from an inactive source, the shadow's bytes that are a
 *   float in some variant are zero;
 * - augmented forward pass: the same, then those bytes of the destination's shadow are
 *   zero (the adjoint of every float the copy writes starts at zero, whatever the place
 *   held before); the tape is { dst', src' (null: inactive), the variant };
 * - reverse: the adjoint of each float of the variant copied is added to the source's
 *   shadow, then the bytes of the destination's shadow that are a float in some variant
 *   are zero again: the value the place held before the copy gets its own adjoints from
 *   zero.
 * Active data copied into memory Enzyme holds inactive has no rule that is right: the
 * program stops with a message (@__typetree_copy.lost). */
#include <stdlib.h>
#include <string.h>

#include "../../layout/xalloc.h"
#include "ir_body_variant.h"

#define TAPE "[1 x { ptr, ptr, i64 }]"
#define LOST_MESSAGE                                                                          \
    "typetree: the rule of a copy of an enum by variant: active data copied into memory "    \
    "Enzyme holds inactive; stopping.\n"

void body_put_tag_value(tt_buf *o, tt_u128 v, unsigned bytes)
{
    unsigned bits = 8 * bytes;
    if (bits < 128)
        v &= ((tt_u128)1 << bits) - 1;
    bool neg = (v >> (bits - 1)) & 1;
    if (neg)
        v = bits < 128 ? ((tt_u128)1 << bits) - v : ~v + 1;
    char d[48];
    size_t n = 0;
    do {
        d[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    if (neg)
        buf_put(o, "-");
    while (n)
        buf_printf(o, "%c", d[--n]);
}

void body_put_piece_list(tt_buf *o, const piece *p, size_t np, const char *tag, const char *sb,
                         const char *db, bool reverse)
{
    for (size_t i = 0; i < np; i++) {
        size_t k = reverse ? np - 1 - i : i;
        buf_printf(o, "  %%%ss%zu = getelementptr inbounds i8, ptr %%%s, i64 %llu\n", tag, k, sb,
                   (unsigned long long)p[k].off);
        buf_printf(o, "  %%%sd%zu = getelementptr inbounds i8, ptr %%%s, i64 %llu\n", tag, k, db,
                   (unsigned long long)p[k].off);
        if (p[k].call) {
            buf_printf(o, "  call void @%s.variant(ptr %%%sd%zu, ptr %%%ss%zu)\n", p[k].call, tag,
                       k, tag, k);
            continue;
        }
        buf_printf(o, "  %%%sv%zu = load %s, ptr %%%ss%zu, align 1\n", tag, k, p[k].ty, tag, k);
        buf_printf(o, "  store %s %%%sv%zu, ptr %%%sd%zu, align 1\n", p[k].ty, tag, k, tag, k);
    }
}

static bool float_piece(const piece *p)
{
    return !p->call && p->ty[0] != 'i' && strcmp(p->ty, "ptr") != 0;
}

/* The tag (or niche) of the value at %<ptr>, decoded into a switch to %<pfx>v<k> for
 * variant k, or to %<pfx>other for a direct tag no variant has (true: that block is
 * needed). */
static bool put_switch(tt_buf *o, const variant_copy *v, const char *ptr, const char *pfx)
{
    const tt_layout *l = v->el;
    unsigned tb = l->tag.prim.size;
    buf_printf(o, "  %%%stp = getelementptr inbounds i8, ptr %%%s, i64 %llu\n"
                  "  %%%stag = load i%u, ptr %%%stp, align 1\n",
               pfx, ptr, (unsigned long long)l->tag_offset, pfx, 8 * tb, pfx);
    bool niche = l->tag_encoding == TAG_NICHE;
    bool other = true;
    if (niche) {
        buf_printf(o, "  %%%srel = sub i%u %%%stag, ", pfx, 8 * tb, pfx);
        body_put_tag_value(o, l->niche_start, tb);
        if (v->vnp[l->untagged_variant]) {
            other = false;
            buf_printf(o, "\n  switch i%u %%%srel, label %%%sv%u [", 8 * tb, pfx, pfx,
                       l->untagged_variant);
        } else {
            buf_printf(o, "\n  switch i%u %%%srel, label %%%sother [", 8 * tb, pfx, pfx);
        }
    } else {
        buf_printf(o, "  switch i%u %%%stag, label %%%sother [", 8 * tb, pfx, pfx);
    }
    for (uint32_t k = 0; k < l->nvariants; k++) {
        if (!v->vnp[k])
            continue;
        if (niche && (k < l->niche_first || k > l->niche_last))
            continue;
        buf_printf(o, " i%u ", 8 * tb);
        body_put_tag_value(o, niche ? (tt_u128)(k - l->niche_first) : l->discriminants[k], tb);
        buf_printf(o, ", label %%%sv%u", pfx, k);
    }
    buf_put(o, " ]\n");
    return other;
}

/* %d and %s loaded from the record %r; with shadows, %dd and %ds from %dr, and %din/%sin:
 * whether Enzyme passed the primal for a shadow (the pointer is inactive). */
static void put_record(tt_buf *o, uint64_t psize, bool shadows)
{
    buf_printf(o, "  %%d = load ptr, ptr %%r, align %llu\n"
                  "  %%rs = getelementptr inbounds i8, ptr %%r, i64 %llu\n"
                  "  %%s = load ptr, ptr %%rs, align %llu\n",
               (unsigned long long)psize, (unsigned long long)psize, (unsigned long long)psize);
    if (!shadows)
        return;
    buf_printf(o, "  %%dd = load ptr, ptr %%dr, align %llu\n"
                  "  %%drs = getelementptr inbounds i8, ptr %%dr, i64 %llu\n"
                  "  %%ds = load ptr, ptr %%drs, align %llu\n"
                  "  %%din = icmp eq ptr %%dd, %%d\n  %%sin = icmp eq ptr %%ds, %%s\n",
               (unsigned long long)psize, (unsigned long long)psize, (unsigned long long)psize);
}

/* The shadow of the source (the primal's bytes when it is inactive) copied to %dd, as i64s
 * and the bytes past the last. */
static void put_mirror(tt_buf *o, uint64_t size)
{
    buf_put(o, "  %from = select i1 %sin, ptr %s, ptr %ds\n");
    for (uint64_t at = 0, k = 0; at < size; k++) {
        unsigned w = size - at >= 8 ? 8 : 1;
        buf_printf(o, "  %%ms%llu = getelementptr inbounds i8, ptr %%from, i64 %llu\n"
                      "  %%md%llu = getelementptr inbounds i8, ptr %%dd, i64 %llu\n"
                      "  %%mv%llu = load i%u, ptr %%ms%llu, align 1\n"
                      "  store i%u %%mv%llu, ptr %%md%llu, align 1\n",
                   (unsigned long long)k, (unsigned long long)at, (unsigned long long)k,
                   (unsigned long long)at, (unsigned long long)k, 8 * w, (unsigned long long)k,
                   8 * w, (unsigned long long)k, (unsigned long long)k);
        at += w;
    }
}

/* Zero at the bytes of %dd that are a float in some variant (mask), as the widest integers
 * that fit each run. */
static void put_zero_mask(tt_buf *o, const bool *mask, uint64_t size, const char *pfx)
{
    for (uint64_t at = 0, k = 0; at < size;) {
        if (!mask[at]) {
            at++;
            continue;
        }
        uint64_t end = at;
        while (end < size && mask[end])
            end++;
        while (at < end) {
            uint64_t room = end - at;
            unsigned w = room >= 8 ? 8 : room >= 4 ? 4 : room >= 2 ? 2 : 1;
            buf_printf(o, "  %%%sz%llu = getelementptr inbounds i8, ptr %%dd, i64 %llu\n"
                          "  store i%u 0, ptr %%%sz%llu, align 1\n",
                       pfx, (unsigned long long)k, (unsigned long long)at, 8 * w, pfx,
                       (unsigned long long)k);
            at += w;
            k++;
        }
    }
}

/* The activity cases shared by the augmented forward pass and the forward derivative:
 * %din with %sin to %none, %din alone to %lost (which stops), else on to %shadow. */
static void put_activity(tt_buf *o)
{
    buf_put(o, "  br i1 %din, label %inactive, label %shadow\n"
               "inactive:\n  br i1 %sin, label %none, label %lost\n"
               "lost:\n  call void @" LOOP_PREFIX "lost()\n  unreachable\n");
}

void body_put_variant_fns(tt_buf *o, const variant_copy *v)
{
    const tt_layout *l = v->el;
    unsigned long long ps = (unsigned long long)v->psize;
    bool *mask = xcalloc(v->size, 1);
    for (uint32_t k = 0; k <= l->nvariants; k++)
        for (size_t j = 0; j < v->vnp[k]; j++)
            if (float_piece(&v->vp[k][j]))
                for (uint64_t i = 0; i < v->vp[k][j].size; i++)
                    mask[v->vp[k][j].off + i] = true;

    /* the entry the copy functions call: a record, then the copy */
    buf_printf(o, "\n; typetree: copies one %s, the pieces of the variant it holds, through "
                  "@%s.variant.copy and its rule (annotate --typed-copy-loops)\n",
               v->type_name, v->name);
    buf_printf(o, "define internal void @%s.variant(ptr %%d, ptr %%s) unnamed_addr nounwind {\n"
                  "entry:\n  %%r = alloca [2 x ptr], align %llu\n"
                  "  store ptr %%d, ptr %%r, align %llu\n"
                  "  %%rs = getelementptr inbounds i8, ptr %%r, i64 %llu\n"
                  "  store ptr %%s, ptr %%rs, align %llu\n"
                  "  call void @%s.variant.copy(ptr %%r)\n  ret void\n}\n",
               v->name, ps, ps, ps, ps, v->name);

    /* the copy */
    buf_printf(o, "define internal void @%s.variant.copy(ptr %%r) unnamed_addr noinline "
                  "nounwind {\nentry:\n",
               v->name);
    put_record(o, v->psize, false);
    bool other = put_switch(o, v, "s", "");
    char tag[32];
    for (uint32_t k = 0; k < l->nvariants; k++) {
        if (!v->vnp[k])
            continue;
        buf_printf(o, "v%u:\n", k);
        snprintf(tag, sizeof tag, "v%u_", k);
        body_put_piece_list(o, v->vp[k], v->vnp[k], tag, "s", "d", false);
        buf_put(o, "  br label %done\n");
    }
    if (other) {
        buf_put(o, "other:\n");
        body_put_piece_list(o, v->vp[l->nvariants], v->vnp[l->nvariants], "o", "s", "d", false);
        buf_put(o, "  br label %done\n");
    }
    buf_put(o, "done:\n  ret void\n}\n");

    /* the augmented forward pass: the variant, the copy, the shadow, the tape */
    buf_printf(o, "define internal " TAPE " @%s.variant.aug(ptr %%r, ptr %%dr) unnamed_addr "
                  "nounwind {\nentry:\n",
               v->name);
    put_record(o, v->psize, true);
    other = put_switch(o, v, "s", "a");
    tt_buf phi = {0};
    for (uint32_t k = 0; k <= l->nvariants; k++) {
        if (k < l->nvariants ? !v->vnp[k] : !other)
            continue;
        if (k < l->nvariants)
            buf_printf(o, "av%u:\n  br label %%known\n", k);
        else
            buf_put(o, "aother:\n  br label %known\n");
        char from[24] = "other";
        if (k < l->nvariants)
            snprintf(from, sizeof from, "v%u", k);
        buf_printf(&phi, "%s[ %u, %%a%s ]", phi.len ? ", " : "", k, from);
    }
    buf_printf(o, "known:\n  %%v = phi i64 %s\n  call void @%s.variant.copy(ptr %%r)\n",
               phi.data, v->name);
    free(phi.data);
    put_activity(o);
    buf_put(o, "none:\n  ret " TAPE " zeroinitializer\nshadow:\n");
    put_mirror(o, v->size);
    put_zero_mask(o, mask, v->size, "");
    buf_put(o, "  %dsk = select i1 %sin, ptr null, ptr %ds\n"
               "  %t0 = insertvalue " TAPE " undef, ptr %dd, 0, 0\n"
               "  %t1 = insertvalue " TAPE " %t0, ptr %dsk, 0, 1\n"
               "  %t2 = insertvalue " TAPE " %t1, i64 %v, 0, 2\n"
               "  ret " TAPE " %t2\n}\n");

    /* the reverse pass */
    buf_printf(o, "define internal void @%s.variant.rev(ptr %%r, ptr %%dr, " TAPE " %%t) "
                  "unnamed_addr nounwind {\nentry:\n"
                  "  %%dd = extractvalue " TAPE " %%t, 0, 0\n"
                  "  %%ds = extractvalue " TAPE " %%t, 0, 1\n"
                  "  %%v = extractvalue " TAPE " %%t, 0, 2\n"
                  "  %%nothing = icmp eq ptr %%dd, null\n"
                  "  br i1 %%nothing, label %%done, label %%go\n"
                  "go:\n  %%hasds = icmp ne ptr %%ds, null\n"
                  "  br i1 %%hasds, label %%add, label %%zero\nadd:\n  switch i64 %%v, label "
                  "%%zero [",
               v->name);
    for (uint32_t k = 0; k < l->nvariants; k++)
        for (size_t j = 0; j < v->vnp[k]; j++)
            if (float_piece(&v->vp[k][j])) {
                buf_printf(o, " i64 %u, label %%ra%u", k, k);
                break;
            }
    buf_put(o, " ]\n");
    for (uint32_t k = 0; k < l->nvariants; k++) {
        bool any = false;
        for (size_t j = 0; j < v->vnp[k]; j++) {
            const piece *p = &v->vp[k][j];
            if (!float_piece(p))
                continue;
            if (!any)
                buf_printf(o, "ra%u:\n", k);
            any = true;
            unsigned long long off = (unsigned long long)p->off;
            buf_printf(o, "  %%ra%u_p%zu = getelementptr inbounds i8, ptr %%dd, i64 %llu\n"
                          "  %%ra%u_q%zu = getelementptr inbounds i8, ptr %%ds, i64 %llu\n"
                          "  %%ra%u_x%zu = load %s, ptr %%ra%u_q%zu, align 1\n"
                          "  %%ra%u_y%zu = load %s, ptr %%ra%u_p%zu, align 1\n"
                          "  %%ra%u_z%zu = fadd %s %%ra%u_x%zu, %%ra%u_y%zu\n"
                          "  store %s %%ra%u_z%zu, ptr %%ra%u_q%zu, align 1\n",
                       k, j, off, k, j, off, k, j, p->ty, k, j, k, j, p->ty, k, j, k, j, p->ty,
                       k, j, k, j, p->ty, k, j, k, j);
        }
        if (any)
            buf_put(o, "  br label %zero\n");
    }
    buf_put(o, "zero:\n");
    put_zero_mask(o, mask, v->size, "");
    buf_put(o, "  br label %done\ndone:\n  ret void\n}\n");

    /* the forward derivative */
    buf_printf(o, "define internal void @%s.variant.fwd(ptr %%r, ptr %%dr) unnamed_addr "
                  "nounwind {\nentry:\n  call void @%s.variant.copy(ptr %%r)\n",
               v->name, v->name);
    put_record(o, v->psize, true);
    put_activity(o);
    buf_put(o, "none:\n  ret void\nshadow:\n");
    put_mirror(o, v->size);
    buf_put(o, "  br i1 %sin, label %zero, label %done\nzero:\n");
    put_zero_mask(o, mask, v->size, "");
    buf_put(o, "  br label %done\ndone:\n  ret void\n}\n");

    buf_printf(o, "@__enzyme_register_gradient_%s.variant = internal global [3 x ptr] [ptr "
                  "@%s.variant.copy, ptr @%s.variant.aug, ptr @%s.variant.rev]\n"
                  "@__enzyme_register_derivative_%s.variant = internal global [2 x ptr] [ptr "
                  "@%s.variant.copy, ptr @%s.variant.fwd]\n",
               v->name, v->name, v->name, v->name, v->name, v->name, v->name);
    free(mask);
}

void body_put_variant_lost(tt_buf *o, uint64_t psize, bool have_write, bool have_abort)
{
    size_t n = strlen(LOST_MESSAGE);
    unsigned sz = (unsigned)(8 * psize);
    buf_printf(o, "\n; typetree: stops a program whose copy by variant has no right rule "
                  "(annotate --typed-copy-loops)\n"
                  "@" LOOP_PREFIX "lost.message = private unnamed_addr constant [%zu x i8] c\"",
               n);
    for (const char *c = LOST_MESSAGE; *c; c++)
        if (*c == '\n')
            buf_put(o, "\\0A");
        else
            buf_printf(o, "%c", *c);
    buf_printf(o, "\"\ndefine internal void @" LOOP_PREFIX "lost() unnamed_addr noinline cold {\n"
                  "  %%w = call i%u @write(i32 2, ptr @" LOOP_PREFIX "lost.message, i%u %zu)\n"
                  "  call void @abort()\n  unreachable\n}\n",
               sz, sz, n);
    if (!have_write)
        buf_printf(o, "declare i%u @write(i32, ptr, i%u)\n", sz, sz);
    if (!have_abort)
        buf_put(o, "declare void @abort()\n");
}
