/* Per-target primitive sizes and alignments, as data. Only targets whose numbers
 * were checked against rustc on this machine are listed. */
#include <string.h>

#include "base.h"

static const tt_target targets[] = {
    {
        .triple = "x86_64-unknown-linux-gnu",
        .ptr_size = 8,
        .ptr_align = 8,
        .int_align = {1, 2, 4, 8, 16},
        .float_align = {2, 4, 8, 16},
        .c_enum_min_size = 4,
        /* rustc's obj_size_bound for 64-bit targets: sizes must be < 2^61. */
        .obj_size_bound = (uint64_t)1 << 61,
    },
};

const tt_target *target_find(const char *triple)
{
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i].triple, triple) == 0)
            return &targets[i];
    return NULL;
}

const char *target_list(void) { return "x86_64-unknown-linux-gnu"; }
