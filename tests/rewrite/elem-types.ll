; ARGS: --copy-segments
; SAME-OUTPUT
; Element pointers from a named type annotate vouches for (emit/rewrite/ir_elem_ptrs.c):
; !typetree.elem_types says that getelementptrs over %T index runs of a type whose bytes are
; a double, a u32 and a float. After inlining no parameter carries "typetree_segments", yet
; @rev walks a run of %T from both ends and swaps each element eight bytes at a time, as
; slice::reverse does. Both moves are split: bytes 0..8 (a double alone, moved as an i64)
; into a double, bytes 8..16 into an i32 and a float. A getelementptr over %U, a named type
; annotate did not vouch for, gives no element pointer: its move stays.
@fmt = private constant [21 x i8] c"%llx %llx %llx %llx\0A\00"

%T = type { double, i32, float }
%U = type { double, i32, float }

declare i32 @printf(ptr, ...)

define void @rev(ptr %p, i64 %n) {
start:
  %half = lshr i64 %n, 1
  %last = add i64 %n, -1
  br label %loop

loop:
  %i = phi i64 [ 0, %start ], [ %i1, %loop ]
  %x = getelementptr inbounds nuw %T, ptr %p, i64 %i
  %j = sub i64 %last, %i
  %y = getelementptr inbounds %T, ptr %p, i64 %j
  %a = load i64, ptr %x, align 1
  %b = load i64, ptr %y, align 1
  store i64 %b, ptr %x, align 1
  store i64 %a, ptr %y, align 1
  %x8 = getelementptr inbounds nuw i8, ptr %x, i64 8
  %y8 = getelementptr inbounds nuw i8, ptr %y, i64 8
  %c = load i64, ptr %x8, align 1
  %d = load i64, ptr %y8, align 1
  store i64 %d, ptr %x8, align 1
  store i64 %c, ptr %y8, align 1
  %u = getelementptr inbounds %U, ptr %p, i64 %i
  %e = load i64, ptr %u, align 1
  store i64 %e, ptr %u, align 1
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %half
  br i1 %more, label %loop, label %done

done:
  ret void
}

define i32 @main() {
  %m = alloca [32 x i8], align 8
  %m8 = getelementptr inbounds i8, ptr %m, i64 8
  %m12 = getelementptr inbounds i8, ptr %m, i64 12
  %n = getelementptr inbounds i8, ptr %m, i64 16
  %n8 = getelementptr inbounds i8, ptr %m, i64 24
  %n12 = getelementptr inbounds i8, ptr %m, i64 28
  store double 1.5, ptr %m, align 8
  store i32 11, ptr %m8, align 4
  store float 2.25, ptr %m12, align 4
  store double -4.0, ptr %n, align 8
  store i32 13, ptr %n8, align 4
  store float -0.5, ptr %n12, align 4
  call void @rev(ptr %m, i64 2)
  %r0 = load i64, ptr %m, align 8
  %r1 = load i64, ptr %m8, align 8
  %r2 = load i64, ptr %n, align 8
  %r3 = load i64, ptr %n8, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r0, i64 %r1, i64 %r2, i64 %r3)
  ret i32 0
}

!typetree.elem_types = !{!0}
!0 = !{!"typetree_elem", !"T", !"16;Float@double:0 Integer:8 Float@float:12"}
