; ARGS: --enum-moves
; The enum-move check refuses: @shift memmoves values annotate marked (the destination's
; "typetree_disputed_move"="demo::Value": an enum whose variants put a float and an integer
; at one byte, as `copy_within` of a slice of it does) and is reached from @top, which
; @main hands to Enzyme; @rotate too, through @top's call of @helper (a second mark, of
; another type). Not refused: @unreached, which nothing handed to Enzyme reaches, and @plain,
; whose memmove has no mark. Enzyme types such a move from its first bytes, the tag, and
; moves no derivative with the payloads (tests/enzyme-bugs/enum-memmove.ll). The run fails,
; naming each refused function once with the type of its first mark, and writes nothing.
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__enzyme_autodiff(...)

define internal void @shift(ptr %p, i64 %n) {
  %src = getelementptr inbounds i8, ptr %p, i64 16
  %bytes = mul i64 %n, 16
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "typetree_disputed_move"="demo::Value" %p, ptr align 8 %src, i64 %bytes, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "typetree_disputed_move"="demo::Value" %p, ptr align 8 %src, i64 16, i1 false)
  ret void
}

define internal void @rotate(ptr %p, i64 %n) {
  %src = getelementptr inbounds i8, ptr %p, i64 24
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "typetree_disputed_move"="demo::Cell<f32>" %p, ptr align 8 %src, i64 %n, i1 false)
  ret void
}

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

define internal void @helper(ptr %p, i64 %n) {
  call void @rotate(ptr %p, i64 %n)
  ret void
}

define internal double @top(ptr %p, i64 %n) {
  call void @shift(ptr %p, i64 %n)
  call void @helper(ptr %p, i64 %n)
  call void @plain(ptr %p, i64 %n)
  %x = load double, ptr %p
  ret double %x
}

define double @main(ptr %p, ptr %dp, i64 %n) {
  %r = call double (...) @__enzyme_autodiff(ptr @top, ptr %p, ptr %dp, i64 %n)
  call void @unreached(ptr %p, i64 %n)
  ret double %r
}
