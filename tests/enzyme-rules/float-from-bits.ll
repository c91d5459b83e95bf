; The workaround of tests/enzyme-bugs/float-from-int-bits.ll: the float rand makes from the
; shifted bits of its generator's u64 state (f64::from_bits(u64 >> 12 | exponent)) goes
; through a call of a bitcast marked "enzyme_inactive" "enzyme_ta_norecur", as `typetree
; rewrite --float-from-bits` writes it between LLVM's passes and Enzyme (noinline here,
; where it runs in clang's pipeline, whose inliner would undo it before Enzyme). With the
; state's true tree, Integer, Enzyme stopped at every level ("Illegal updateAnalysis");
; now it is right: the sample has no derivative, x's does not pass through it.
; f(x) = x * sum of log(u_i - 1) over k draws u_i in [1, 2): f'(x) = that sum.
; CASE told {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE told -O1 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE told -O2 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE told -O3 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right

declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_const = global i32 0
@draws = global i64 4

; k draws of an LCG (Lcg::next_u64 inlined); the state is stored back after the loop
define internal double @g(double %x, ptr "enzyme_type"="TREE" %state, i64 %k) noinline {
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
  %u = call double @__typetree_float_from_bits(i64 %b)
  %um = fadd double %u, -1.0
  %l = call double @llvm.log.f64(double %um)
  %r = fmul double %x, %l
  %acc1 = fadd double %acc, %r
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %k
  br i1 %c, label %done, label %loop
done:
  store i64 %m, ptr %state
  ret double %acc1
}
declare double @llvm.log.f64(double)

define internal double @f(double %x, ptr %state, i64 %k) noinline {
  %r = call double @g(double %x, ptr %state, i64 %k)
  ret double %r
}

define i32 @main() {
  %k = load volatile i64, ptr @draws
  %st = alloca i64
  store i64 7, ptr %st
  %d = call double (...) @__enzyme_autodiff(ptr @f, double 3.0, ptr @enzyme_const, ptr %st, ptr @enzyme_const, i64 %k)
  ; f is linear in x: f(1) - f(0) is its derivative
  store i64 7, ptr %st
  %f1 = call double @f(double 1.0, ptr %st, i64 %k)
  store i64 7, ptr %st
  %f0 = call double @f(double 0.0, ptr %st, i64 %k)
  %e = fsub double %f1, %f0
  %diff = fsub double %d, %e
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
declare double @llvm.fabs.f64(double)

define internal double @__typetree_float_from_bits(i64 %b) #90 {
  %d = bitcast i64 %b to double
  ret double %d
}
attributes #90 = { noinline "enzyme_inactive" "enzyme_ta_norecur" }
