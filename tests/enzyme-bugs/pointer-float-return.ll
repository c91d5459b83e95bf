; Enzyme bug: the derivative through the float of a returned { ptr, double } is dropped,
; silently. A callee returning an aggregate of a pointer and a float (Rust's (&f64, f64) or
; (&mut T, f32) by value) gets a duplicated return, the pointer's shadow, and no
; differential return for the float: its derivative is 0. The pointer's own derivative
; (the load through it) is right. No integer here, so --pair-returns (the workaround of
; mixed-pair-return.ll) cannot help, and forward mode is right. Refused instead: typetree
; rewrite --pointer-float-returns stops a build whose reverse-mode code reaches such a
; function (tests/rewrite pointer-float-returns-*, fixtures/wrapper/pointer_float.rs).
; g(p) = ln(*p)^2 + *p -> g'(2) = 2 ln(2) / 2 + 1 = 1.693147.
; CASE bug -O0 wrong
; CASE bug -O2 wrong
declare double @llvm.log.f64(double)
declare double @llvm.fabs.f64(double)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal { ptr, double } @f(ptr %p) noinline {
  %x = load double, ptr %p
  %l = call double @llvm.log.f64(double %x)
  %1 = insertvalue { ptr, double } poison, ptr %p, 0
  %2 = insertvalue { ptr, double } %1, double %l, 1
  ret { ptr, double } %2
}

define internal double @g(ptr %p) noinline {
  %r = call { ptr, double } @f(ptr %p)
  %q = extractvalue { ptr, double } %r, 0
  %v = extractvalue { ptr, double } %r, 1
  %y = load double, ptr %q
  %m = fmul double %v, %v
  %s = fadd double %m, %y
  ret double %s
}

define i32 @main() {
  %x = alloca double
  %dx = alloca double
  store double 2.0, ptr %x
  store double 0.0, ptr %dx
  call double (...) @__enzyme_autodiff(ptr @g, ptr %x, ptr %dx)
  %d = load double, ptr %dx
  %l = call double @llvm.log.f64(double 2.0)
  %e = fadd double %l, 1.0
  %diff = fsub double %d, %e
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double %e)
  ret i32 0
}
