; ARGS: --split-memmove
; REWRITE-ONLY: annotate --no-typetree drops the trees this module carries
; A memmove annotate typed goes through a helper of its own (@__typetree_memmove.N) whose
; copies carry its trees, its length when that is a constant and its segment list: in the
; one shared helper the length is an argument and the operands have no trees, and Enzyme
; stops there ("Cannot deduce type of copy"; rotate_left and copy_within of f64 at -O1..-O3,
; the gradient case slice_moves_mixed). Two calls typed alike share one helper; an untyped
; call keeps the shared one.
target triple = "x86_64-unknown-linux-gnu"

define void @typed(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %d, ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %s, ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %d, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer}" %d, ptr align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer}" %s, i64 16, i1 false), !enzyme_truetype !0
  call void @llvm.memmove.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 %n, i1 false)
  ret void
}

declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg)

!0 = !{!"Float@double", i64 0, !"Integer", i64 8}
