; ARGS: --std-rules
; A module that never names the reallocating shim (no Vec grows) gets no rules: unchanged.
define internal ptr @__rust_alloc(i64 %size, i64 %align) {
  %p = call ptr @malloc(i64 %size)
  ret ptr %p
}

define ptr @make() {
  %p = call ptr @__rust_alloc(i64 16, i64 8)
  ret ptr %p
}

declare ptr @malloc(i64)
