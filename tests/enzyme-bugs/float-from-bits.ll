; Enzyme bug: a float built from the bits of an integer that is also stored as an integer
; stops compilation. This is how rand turns a generator's u64 into an f64
; (f64::from_bits(bits >> 12 | exponent)) while the generator keeps the u64 as its state:
; Enzyme types the bitcast's operand Float, pushes that back through `or` and `lshr` to the
; integer, and meets the integer store: "Illegal updateAnalysis prev:{[-1]:Float@double}
; new: {[-1]:Integer}". It only gets through when it does not know that the state's memory
; holds an integer: TREE is the true tree of `&mut Lcg { state: u64 }`, as in the gradient
; case rand_distr_normal (-O1..3, the generator inlined into the sampler).
; f(x) = x * sum of log(u_i - 1) over four draws u_i in [1, 2): f'(x) = that sum.
; CASE told -O2 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} error Illegal updateAnalysis
; CASE untold -O2 {[-1]:Pointer} right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_const = global i32 0

define internal double @g(double "enzyme_type"="{[-1]:Float@double}" %x, ptr "enzyme_type"="TREE" %state) noinline {
entry:
  %s0 = load i64, ptr %state
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ %s0, %entry ], [ %m, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc1, %loop ]
  %n = mul i64 %s, 6364136223846793005
  %m = add i64 %n, 1442695040888963407
  %fr = lshr i64 %m, 12
  %b = or disjoint i64 %fr, 4607182418800017408
  %u = bitcast i64 %b to double
  %um = fadd double %u, -1.0
  %l = call double @llvm.log.f64(double %um)
  %r = fmul double %x, %l
  %acc1 = fadd double %acc, %r
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 4
  br i1 %c, label %done, label %loop
done:
  store i64 %m, ptr %state
  ret double %acc1
}
declare double @llvm.log.f64(double)

define internal double @f(double %x, ptr %state) noinline {
  %r = call double @g(double %x, ptr %state)
  ret double %r
}

define i32 @main() {
  %st = alloca i64
  store i64 7, ptr %st
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 3.0, ptr @enzyme_const, ptr %st)
  ; f is linear in x: f(1) - f(0) is its derivative
  store i64 7, ptr %st
  %f1 = call double @f(double 1.0, ptr %st)
  store i64 7, ptr %st
  %f0 = call double @f(double 0.0, ptr %st)
  %e = fsub double %f1, %f0
  %diff = fsub double %d, %e
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
declare double @llvm.fabs.f64(double)
