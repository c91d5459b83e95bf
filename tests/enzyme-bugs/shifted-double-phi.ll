; Enzyme bug: "Cannot deduce type of phi" for a double that is loaded through a pointer at a
; negative or unknown offset from a typed f64 pointer, compared, and stored back.
; Enzyme takes no type from a load's LLVM type (double), so the loaded values are typed
; only through their pointers or through an fcmp with a typed operand. Here the pointers
; lose the tree ([-1,0]:Float@double, all that a *mut f64 or a slice says): a GEP keeps
; only offsets it can enumerate and only those >= 0 ("TODO also allow negative offsets",
; TypeAnalysis.cpp visitGEP), a loop pointer is a phi, the meet of its incoming values;
; and the other operand of the fcmp is the element being inserted, moved as an i64 (a
; bitcast takes its source's type). The reverse pass then needs the phi's type.
; This is std's insertion step (smallsort::insert_tail, inlined into quicksort) as -O3
; leaves it: ArgumentPromotion has turned the comparison closure's &f64 parameters (and
; their trees) into doubles loaded in the caller, InstCombine the 8-byte copy_nonoverlapping
; memcpys (and the trees on them) into i64/double loads and stores, SROA the typed locals
; into phis; no annotation of typetree's reaches these instructions. Only a tree claiming
; every offset ([-1,-1], before and after the pointer: not true of a *mut f64 or a slice)
; makes it right.
; Gradient case: sort_weighted -O3 (quicksort -> small_sort_general -> insert_tail), the
; error left when trees on the memcpys remove its "Cannot deduce type of copy"
; (merge-copy.ll); with the copies of a few bytes typed (annotate --typed-small-copies) it
; met sort_weighted at -O1 instead (insertion_sort_shift_left). The wrapper avoids it: with
; trees, every float load between LLVM's passes and Enzyme gets its register tree (typetree
; rewrite --float-loads; tests/enzyme-rules/float-load-tree.ll).
; g(x) = sum (i+1) y[i]^2, y = x (4 values) with its last element inserted in order:
; x = (1, 2, 4, 3) -> y = (1, 2, 3, 4), dg/dx = (2, 8, 32, 18).
; CASE first-element -O0 {[-1]:Pointer, [-1,0]:Float@double} error Cannot deduce type of phi
; CASE every-offset-untrue -O0 {[-1]:Pointer, [-1,-1]:Float@double} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g %g %g %g\0A\00\00\00\00\00\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@x = private constant [4 x double] [double 1.0, double 2.0, double 4.0, double 3.0]
@want = private constant [4 x double] [double 2.0, double 8.0, double 32.0, double 18.0]
@n = internal global i64 4

; moves begin[i] left into the sorted run begin[0..i)
define internal void @insert_tail(ptr "enzyme_type"="TREE" %begin, i64 %i) noinline {
entry:
  %tail = getelementptr inbounds double, ptr %begin, i64 %i
  %bits = load i64, ptr %tail
  %tmp = bitcast i64 %bits to double
  %sift0 = getelementptr inbounds i8, ptr %tail, i64 -8
  %v0 = load double, ptr %sift0
  %gt0 = fcmp ogt double %v0, %tmp
  br i1 %gt0, label %loop, label %exit
loop:
  %v = phi double [ %v0, %entry ], [ %v1, %next ]
  %gap = phi ptr [ %tail, %entry ], [ %sift, %next ]
  %sift = phi ptr [ %sift0, %entry ], [ %sift1, %next ]
  store double %v, ptr %gap
  %atbegin = icmp eq ptr %sift, %begin
  br i1 %atbegin, label %hole, label %step
step:
  %sift1 = getelementptr inbounds i8, ptr %sift, i64 -8
  %v1 = load double, ptr %sift1
  %gt = fcmp ogt double %v1, %tmp
  br i1 %gt, label %next, label %hole
next:
  br label %loop
hole:
  %at = phi ptr [ %sift, %loop ], [ %sift, %step ]
  store i64 %bits, ptr %at
  br label %exit
exit:
  ret void
}

define internal double @g(ptr %x) noinline {
entry:
  %n = load volatile i64, ptr @n
  %y = alloca [4 x double]
  call void @llvm.memcpy.p0.p0.i64(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %y, ptr %x, i64 32, i1 false)
  %last = add i64 %n, -1
  call void @insert_tail(ptr %y, i64 %last)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %y, i64 %i
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
  %dx = alloca [4 x double]
  call void @llvm.memset.p0.i64(ptr %dx, i8 0, i64 32, i1 false)
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
  %done = icmp eq i64 %i.next, 4
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
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d1, double %d2, double %d3)
  ret i32 0
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @llvm.fabs.f64(double)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
