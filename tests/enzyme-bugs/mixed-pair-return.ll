; Enzyme bug: the derivative through a returned { i64, double } is dropped, silently.
; A callee returning an aggregate of an integer and a float (Rust's Option<f64>,
; Result<f64, E>, (usize, f64) by value) gets a reverse function with no differential
; return: the gradient is 0. The same code returning { double, double } is right, and an
; "enzyme_type" return attribute describing both members does not help.
; g(x) = ln(x)^2 -> g'(2) = 2 ln(2) / 2 = 0.693147. Gradient cases: option_results (-O1..3);
; iterator_chain (-O0): its filter + take chain returns ControlFlow<f64, f64> as
; { i64, double } from try_fold, and of small variants of the chain exactly those with
; such returns lose the derivative (evidence, not a proof). Cause: Enzyme takes a returned
; aggregate with a byte it cannot type for a possible pointer and duplicates it instead of
; giving it a derivative (GradientUtils::getReturnDiffeType, TypeResults::anyPointer); the
; tag from `zext i1` is Anything. Worked around: typetree rewrite --pair-returns
; (tests/enzyme-rules/pair-returns.ll); a { ptr, double } loses it too
; (pointer-float-return.ll).
; CASE bug -O0 wrong
; CASE bug -O2 wrong
declare double @llvm.log.f64(double)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal { i64, double } @f(double %x) noinline {
  %c = fcmp ogt double %x, 0.0
  %l = call double @llvm.log.f64(double %x)
  %z = zext i1 %c to i64
  %1 = insertvalue { i64, double } poison, i64 %z, 0
  %2 = insertvalue { i64, double } %1, double %l, 1
  ret { i64, double } %2
}

define internal double @g(double %x) noinline {
  %r = call { i64, double } @f(double %x)
  %t = extractvalue { i64, double } %r, 0
  %b = trunc i64 %t to i1
  %v = extractvalue { i64, double } %r, 1
  %m = fmul double %v, %v
  %s = select i1 %b, double %m, double 0.0
  ret double %s
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 2.0)
  %e = call double @llvm.log.f64(double 2.0)
  %diff = fsub double %d, %e
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double %e)
  ret i32 0
}
declare double @llvm.fabs.f64(double)
