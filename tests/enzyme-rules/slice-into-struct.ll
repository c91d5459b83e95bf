; A slice into a struct: P { vel: [f64; 3], mass: f64, id: u32 }, `accel(&mut p.vel[..], p.mass)`:
; the slice's data pointer and length, as rustc passes &mut [f64]. TREE is the
; attribute of accel's data pointer; the struct's own tree is on @step's parameter.
; d/d vel[k] of sum(vel after accel) + mass = (1 + mass), d/d mass = 1 + sum(vel).
; CASE old {[-1]:Pointer, [-1,-1]:Float@double} error Illegal updateAnalysis
; CASE new {[-1]:Pointer, [-1,0]:Float@double} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@enzyme_dup = global i32 0
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @accel(ptr "enzyme_type"="TREE" %v, i64 "enzyme_type"="{[-1]:Integer}" %n, double "enzyme_type"="{[-1]:Float@double}" %k) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds double, ptr %v, i64 %i
  %x = load double, ptr %p
  %y = fmul double %x, %k
  %z = fadd double %x, %y
  store double %z, ptr %p
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %done, label %loop
done:
  ret void
}

define internal double @step(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Float@double, [-1,24]:Float@double, [-1,32]:Integer, [-1,33]:Integer, [-1,34]:Integer, [-1,35]:Integer}" %s) noinline {
  %mp = getelementptr inbounds i8, ptr %s, i64 24
  %m = load double, ptr %mp
  call void @accel(ptr %s, i64 3, double %m)
  %a = load double, ptr %s
  %bp = getelementptr inbounds i8, ptr %s, i64 8
  %b = load double, ptr %bp
  %cp = getelementptr inbounds i8, ptr %s, i64 16
  %c = load double, ptr %cp
  %idp = getelementptr inbounds i8, ptr %s, i64 32
  %id = load i32, ptr %idp
  %idf = sitofp i32 %id to double
  %s1 = fadd double %a, %b
  %s2 = fadd double %s1, %c
  %s3 = fadd double %s2, %m
  %s4 = fadd double %s3, %idf
  ret double %s4
}

define internal double @top(ptr %s) noinline {
  %r = call double @step(ptr %s)
  ret double %r
}

define i32 @main() {
  %p = alloca [40 x i8], align 8
  %d = alloca [40 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 40, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 40, i1 false)
  store double 1.0, ptr %p
  %p1 = getelementptr i8, ptr %p, i64 8
  store double 2.0, ptr %p1
  %p2 = getelementptr i8, ptr %p, i64 16
  store double 3.0, ptr %p2
  %p3 = getelementptr i8, ptr %p, i64 24
  store double 0.5, ptr %p3
  %p4 = getelementptr i8, ptr %p, i64 32
  store i32 7, ptr %p4
  call void (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %p, ptr %d)
  ; expected: d vel[k] = 1.5 each; d mass = 1 + (1+2+3) = 7
  %g0 = load double, ptr %d
  %d3 = getelementptr i8, ptr %d, i64 24
  %g3 = load double, ptr %d3
  %ok0 = fcmp oeq double %g0, 1.5
  %ok3 = fcmp oeq double %g3, 7.0
  %ok = and i1 %ok0, %ok3
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g3)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
