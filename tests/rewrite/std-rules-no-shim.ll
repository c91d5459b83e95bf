; ARGS: --std-rules
; The reallocating shim is called but the module defines no @__rust_dealloc for the rule to
; call: refused, nothing written (a rule that does not apply must not reach Enzyme).
define internal ptr @__rust_alloc(i64 %size, i64 %align) {
  %p = call ptr @malloc(i64 %size)
  ret ptr %p
}

define internal ptr @__rust_realloc(ptr %p, i64 %old, i64 %align, i64 %new) {
  %q = call ptr @malloc(i64 %new)
  ret ptr %q
}

define ptr @grow(ptr %p) {
  %q = call ptr @__rust_realloc(ptr %p, i64 8, i64 8, i64 16)
  ret ptr %q
}

declare ptr @malloc(i64)
declare void @__rust_dealloc(ptr, i64, i64)
