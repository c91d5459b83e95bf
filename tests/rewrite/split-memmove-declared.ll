; ARGS: --split-memmove
; What the module declares already (malloc, llvm.memcpy) is not declared again.
target triple = "x86_64-unknown-linux-gnu"

declare noalias ptr @malloc(i64)

define void @shift(ptr %d, ptr %s) {
  %t = call ptr @malloc(i64 4)
  call void @llvm.memcpy.p0.p0.i64(ptr %t, ptr %s, i64 4, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %t, i64 4, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg)
