; Float loads with their register tree (typetree rewrite --float-loads, which the wrapper
; runs with trees on the module between LLVM's passes and Enzyme; emit/rewrite/ir_rewrite.c): the
; cure of tests/enzyme-bugs/shifted-double-phi.ll. The same insertion step, its two loads
; of the element being compared (lines marked ATTACH) given `!enzyme_type` {[-1]:Float@double}
; as the rewrite writes it: the phi of the loaded doubles is typed, and the derivatives
; 2 8 32 18 come out with the true tree of a *mut f64, at every level, with the wrapper's
; options and with Enzyme's defaults. Without the attachment: "Cannot deduce type of phi".
; CASE first-element --attach=enzyme_type:900 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE first-element -O1 --attach=enzyme_type:900 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE first-element -O2 --attach=enzyme_type:900 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE first-element -O3 --attach=enzyme_type:900 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 --attach=enzyme_type:900 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE no-attachment {[-1]:Pointer, [-1,0]:Float@double} error Cannot deduce type of phi
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
  %v0 = load double, ptr %sift0 ; ATTACH
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
  %v1 = load double, ptr %sift1 ; ATTACH
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

!900 = !{!"Unknown", i32 -1, !901}
!901 = !{!"Float@double"}
