/* Interfaces shared by the layout modules (layout.c, enum_layout.c); not public. */
#ifndef TT_LAYOUT_INTERNAL_H
#define TT_LAYOUT_INTERNAL_H

#include "typetree.h"

typedef enum { KIND_ALWAYS_SIZED, KIND_MAYBE_UNSIZED, KIND_PREFIXED } struct_kind;

/* rustc's univariant(): lays out fields (declaration order) as one struct/variant.
 * Returns false with a diagnostic on overflow or misplaced unsized fields. `sized`
 * receives whether the result is sized (an unsized tail makes it unsized). */
bool layout_univariant(tt_ctx *c, const tt_layout *const *fields, uint32_t n, const tt_repr *repr,
                       struct_kind kind, uint64_t prefix_size, uint64_t prefix_align,
                       tt_variant_layout *out, bool *sized, const char *where);

/* Enums (enum_layout.c). */
bool layout_enum(tt_ctx *c, tt_type *t, tt_layout *l, const char *where);

tt_layout *layout_new(tt_ctx *c);
bool layout_is_zst(const tt_layout *l);
bool layout_is_1zst(const tt_layout *l);
uint64_t align_up(uint64_t x, uint64_t a);
bool size_ok(const tt_ctx *c, uint64_t size);
void layout_scalar_pair(const tt_ctx *c, tt_scalar a, tt_scalar b, uint64_t *b_offset,
                        uint64_t *size, uint64_t *align);
bool niche_of_scalar(tt_scalar s, uint64_t offset, tt_niche *out);
void report_too_big(tt_ctx *c, const char *where, const char *type_name);

#endif
