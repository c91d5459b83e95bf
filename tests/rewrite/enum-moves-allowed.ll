; ARGS: --enum-moves
; The enum-move check lets this module through, unchanged: the memmove annotate marked
; ("typetree_disputed_move") is in @unreached, which nothing handed to Enzyme reaches; the
; memmove @top reaches through @plain has no mark (values of one kind, or copied by variant).
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__enzyme_autodiff(...)

define internal void @plain(ptr %p, i64 %n) {
  %src = getelementptr inbounds i8, ptr %p, i64 8
  call void @llvm.memmove.p0.p0.i64(ptr align 8 %p, ptr align 8 %src, i64 %n, i1 false)
  ret void
}

define internal void @unreached(ptr %p, i64 %n) {
  %src = getelementptr inbounds i8, ptr %p, i64 16
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "typetree_disputed_move"="demo::Value" %p, ptr align 8 %src, i64 %n, i1 false)
  ret void
}

define internal double @top(ptr %p, i64 %n) {
  call void @plain(ptr %p, i64 %n)
  %x = load double, ptr %p
  ret double %x
}

define double @main(ptr %p, ptr %dp, i64 %n) {
  %r = call double (...) @__enzyme_autodiff(ptr @top, ptr %p, ptr %dp, i64 %n)
  call void @unreached(ptr %p, i64 %n)
  ret double %r
}
