/* The type a pointer-like value points to, through the single-field wrappers around it
 * (layout/model.h says which). Above both the type model and the layout algorithm: it
 * asks for field layouts, which the type model itself never needs. */
#include "layout.h"

tt_type *types_pointee(tt_ctx *c, tt_type *t)
{
    for (unsigned depth = 0; t && depth < 16; depth++) {
        if (t->kind == TY_REF || t->kind == TY_PTR)
            return t->elem;
        if (t->kind != TY_ADT || t->def->kind != DEF_STRUCT)
            return NULL;
        tt_type *next = NULL;
        for (uint32_t i = 0; i < t->def->nfields; i++) {
            tt_type *ft = types_field(c, t, 0, i);
            const tt_layout *fl = ft ? layout_of(c, ft, NULL) : NULL;
            if (!fl)
                return NULL;
            if (fl->size || !fl->sized) {
                if (next)
                    return NULL; /* two fields with bytes: not a pointer wrapper */
                next = ft;
            }
        }
        t = next;
    }
    return NULL;
}
