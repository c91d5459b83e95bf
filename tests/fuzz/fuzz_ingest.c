/* fuzz_ingest: any byte string fed to the JSON reader, then through the same stages as
 * `typetree layout FILE` (validate, layout of every non-generic definition, layout JSON),
 * must come back as diagnostics or output: no crash, no leak, no sanitizer report. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../emit/emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1); /* the contract: a NUL at text[size] */
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    tt_ctx *c = tt_ctx_new();
    /* Stop where the CLI stops: later stages assume the earlier ones succeeded. */
    if (ingest_json_text(c, "<fuzz>", text, size, false) && !c->nerrors &&
        types_validate_defs(c) && !c->nerrors) {
        tt_buf out = {0};
        layout_json_defs(c, &out);
        free(out.data);
    }
    ctx_free(c);
    free(text);
    return 0;
}
