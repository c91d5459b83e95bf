; ARGS: --rename-allocator --split-memmove --strip-memory
; The three rewrites in one run, two of them on one line.
target triple = "x86_64-unknown-linux-gnu"

define void @mv(ptr %d, ptr %s) #0 {
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !note !{ptr @_RNvCsX_7___rustc12___rust_dealloc}
  %p = call ptr @_RNvCsX_7___rustc12___rust_alloc(i64 8, i64 8)
  ret void
}

declare ptr @_RNvCsX_7___rustc12___rust_alloc(i64, i64)
declare void @_RNvCsX_7___rustc12___rust_dealloc(ptr, i64, i64)
declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg) #1
declare ptr @malloc(i64)
define void @free(ptr %p) {
  ret void
}

attributes #0 = { nounwind memory(readwrite) }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
