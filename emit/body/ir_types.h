/* LLVM type sizes with the module's named struct types (emit/body/ir_types.c), for the body
 * pass. Private to emit/. */
#ifndef IR_TYPES_H
#define IR_TYPES_H

#include <stdint.h>

#include "../emit.h"

/* A top-level line "%name = type ...": records the definition in defs (name with its
 * sigil and quotes, as the IR spells it). Other lines: nothing. */
void ir_types_note(tt_map *defs, tt_arena *a, const char *s, size_t n);
/* The alloc size of the type s[0, n) (a getelementptr's stride over it), on x86_64; 0 when
 * it cannot be sized (vectors, opaque or undefined names, x86_fp80). */
uint64_t ir_type_size(const tt_map *defs, const char *s, size_t n);

#endif
