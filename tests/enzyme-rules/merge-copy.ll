; Evidence for typed copies through loaded pointers (Enzyme limitation behind it): "Cannot deduce type of copy" for a one-element memcpy between pointers into
; f64 buffers that a merge loop moves by data-dependent steps, though the arguments are typed.
; The tree that is true of a *mut f64 or a slice names its first element ([-1,0]:Float@double).
; Enzyme carries it through a GEP only for offsets it can enumerate (a non-constant offset
; keeps just [-1,...] entries) and types a loop phi as the meet of its incoming values, so
; `l = phi [a + n-1, gep l, -take_l]` meets its start with its own, still untyped, back-edge
; value and stays untyped even when the start is [-1,-1]:Float@double (seen on std's
; bidirectional_merge); with -enzyme-strict-aliasing=0 uses in the loop do not type it
; either, and a load's double LLVM type is not taken. Here the copy's source is such a phi
; and its destination out + (n-1-i), an offset Enzyme cannot enumerate: nothing types the
; copy. The memcpy derivative also reads a tree on the destination operand of the call
; (AdjointGenerator.h); {[-1]:Pointer, [-1,0]:Float@double} there fixes it and is true: the
; destination is a *mut f64 (std's copy_nonoverlapping::<f64>(src, dst, count)).
; The length is a run-time value, as in std's MergeState::drop (len * 8); a constant 8 becomes
; a load and a store at -O2.
; Gradient case: sort_weighted (-O0..-O3): std's sort copies elements with copy_nonoverlapping
; through such pointers (smallsort merge_up/merge_down/bidirectional_merge/insert_tail,
; stable::merge::MergeState and its drop, quicksort PartitionState::partition_one); rustc
; emits llvm.memcpy on pointer values loaded from typed locals, and SROA turns the locals
; into phis before Enzyme runs.
; g(x) = sum (i+1) out[i]^2, out = the 3 largest of the sorted runs x[0..3) and x[3..6),
; x = (0.5, 2, 3, 1, 1.5, 4): out = (2, 3, 4), dg/dx = (0, 4, 12, 0, 0, 24).
; CASE no-copy-tree -O0 {[-1]:Pointer} error Cannot deduce type of copy
; CASE no-copy-tree -O2 {[-1]:Pointer} error Cannot deduce type of copy
; CASE typed-copy -O0 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE typed-copy -O2 {[-1]:Pointer, [-1,0]:Float@double} right
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [36 x i8] c"%s d/dx = %g %g %g %g %g %g\0A\00\00\00\00\00\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@x = private constant [6 x double] [double 0.5, double 2.0, double 3.0, double 1.0, double 1.5, double 4.0]
@n = internal global i64 3
@size = internal global i64 8
@want = private constant [6 x double] [double 0.0, double 4.0, double 12.0, double 0.0, double 0.0, double 24.0]

; the n largest of a[0..n) and b[0..n) (both sorted) into out[0..n), from the back
define internal void @merge_down(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %a, ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %b, ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %out, i64 %n, i64 %size) noinline {
entry:
  %last = add i64 %n, -1
  %l0 = getelementptr inbounds double, ptr %a, i64 %last
  %r0 = getelementptr inbounds double, ptr %b, i64 %last
  br label %loop
loop:
  %l = phi ptr [ %l0, %entry ], [ %l.next, %next ]
  %r = phi ptr [ %r0, %entry ], [ %r.next, %next ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %lv = load double, ptr %l
  %rv = load double, ptr %r
  %take_l = fcmp ogt double %lv, %rv
  br label %next
next:
  %src = select i1 %take_l, ptr %l, ptr %r
  %k = sub i64 %last, %i
  %dst = getelementptr inbounds double, ptr %out, i64 %k
  call void @llvm.memcpy.p0.p0.i64(ptr "enzyme_type"="TREE" %dst, ptr %src, i64 %size, i1 false)
  %take_r = xor i1 %take_l, true
  %dl = sext i1 %take_l to i64
  %dr = sext i1 %take_r to i64
  %l.next = getelementptr double, ptr %l, i64 %dl
  %r.next = getelementptr double, ptr %r, i64 %dr
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define internal double @g(ptr %x) noinline {
entry:
  %out = alloca [3 x double]
  %n = load volatile i64, ptr @n
  %b = getelementptr inbounds double, ptr %x, i64 %n
  %size = load volatile i64, ptr @size
  call void @merge_down(ptr %x, ptr %b, ptr %out, i64 %n, i64 %size)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %out, i64 %i
  %v = load double, ptr %p
  %i.next = add i64 %i, 1
  %w = uitofp i64 %i.next to double
  %vv = fmul double %v, %v
  %t = fmul double %w, %vv
  %s.next = fadd double %s, %t
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

define i32 @main() {
entry:
  %dx = alloca [6 x double]
  call void @llvm.memset.p0.i64(ptr %dx, i8 0, i64 48, i1 false)
  call void (...) @__enzyme_autodiff(ptr @g, ptr @x, ptr %dx)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ok = phi i1 [ true, %entry ], [ %ok.next, %loop ]
  %pd = getelementptr inbounds double, ptr %dx, i64 %i
  %pw = getelementptr inbounds double, ptr @want, i64 %i
  %d = load double, ptr %pd
  %w = load double, ptr %pw
  %diff = fsub double %d, %w
  %abs = call double @llvm.fabs.f64(double %diff)
  %close = fcmp olt double %abs, 1.0e-12
  %ok.next = and i1 %ok, %close
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 6
  br i1 %done, label %exit, label %loop
exit:
  %msg = select i1 %ok.next, ptr @right, ptr @wrong
  %d0 = load double, ptr %dx
  %p1 = getelementptr inbounds double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  %p2 = getelementptr inbounds double, ptr %dx, i64 2
  %d2 = load double, ptr %p2
  %p3 = getelementptr inbounds double, ptr %dx, i64 3
  %d3 = load double, ptr %p3
  %p4 = getelementptr inbounds double, ptr %dx, i64 4
  %d4 = load double, ptr %p4
  %p5 = getelementptr inbounds double, ptr %dx, i64 5
  %d5 = load double, ptr %p5
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d1, double %d2, double %d3, double %d4, double %d5)
  ret i32 0
}
declare double @llvm.fabs.f64(double)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
