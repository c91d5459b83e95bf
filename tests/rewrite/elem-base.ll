; ARGS: --copy-segments
; SAME-OUTPUT
; The base of a getelementptr over a named type annotate vouches for points at byte 0 of
; that type too (emit/rewrite/ir_elem_ptrs.c), when nothing else says where it points: @rot
; moves the first element of the buffer it loads from %v out to a temporary and back to the
; end, as slice::rotate_left(1) does through its stack buffer. The copy out of %buf (the
; base of the getelementptr over %T) gets the list of %T, as the copy into %last (the
; getelementptr itself) does. %w, the base of getelementptrs over %T and over %V (another
; vouched-for type), is two types over one base: its copy stays as it is; so does the copy
; from %o, which is no base of a getelementptr at all.
@fmt = private constant [16 x i8] c"%g %d %g %g %d\0A\00"

%T = type { double, i32, float }
%V = type { i64, double }

declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @rot(ptr %v, i64 %n, ptr %w, ptr %o) {
start:
  %tmp = alloca [16 x i8], align 8
  %buf = load ptr, ptr %v, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %buf, i64 16, i1 false)
  %k = add i64 %n, -1
  %last = getelementptr inbounds %T, ptr %buf, i64 %k
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %last, ptr align 8 %tmp, i64 16, i1 false)
  %w1 = getelementptr inbounds %T, ptr %w, i64 1
  %w2 = getelementptr inbounds %V, ptr %w, i64 1
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %w, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %o, i64 16, i1 false)
  ret void
}

define i32 @main() {
  %m = alloca [32 x i8], align 8
  %v = alloca ptr, align 8
  store ptr %m, ptr %v, align 8
  %m8 = getelementptr inbounds i8, ptr %m, i64 8
  %m12 = getelementptr inbounds i8, ptr %m, i64 12
  %n = getelementptr inbounds i8, ptr %m, i64 16
  %n8 = getelementptr inbounds i8, ptr %m, i64 24
  store double 1.5, ptr %m, align 8
  store i32 11, ptr %m8, align 4
  store float 2.25, ptr %m12, align 4
  store double -4.0, ptr %n, align 8
  store i32 13, ptr %n8, align 4
  %x = alloca [32 x i8], align 8
  store double 0.5, ptr %x, align 8
  call void @rot(ptr %v, i64 2, ptr %x, ptr %x)
  %a = load double, ptr %m, align 8
  %b = load i32, ptr %m8, align 4
  %c = load double, ptr %n, align 8
  %d = load float, ptr %m12, align 4
  %dd = fpext float %d to double
  %e = load i32, ptr %n8, align 4
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, i32 %b, double %c, double %dd, i32 %e)
  ret i32 0
}

!typetree.elem_types = !{!0, !1}
!0 = !{!"typetree_elem", !"T", !"16;Float@double:0 Integer:8 Float@float:12"}
!1 = !{!"typetree_elem", !"V", !"16;Integer:0 Float@double:8"}
