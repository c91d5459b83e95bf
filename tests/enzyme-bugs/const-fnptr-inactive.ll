; Enzyme bug: a call through a function pointer passed as enzyme_const is taken for
; inactive: the derivative through it is silently 0. rustc's own autodiff test
; tests/codegen-llvm/autodiff/abi_handling.rs declares `f2(f: fn(f32) -> f32, x: f32)` with
; `Const, Active` (a compile-only test there); d/dx f2(square, x) = 2x, Enzyme gives 0 with
; and without trees (gradient case rustc_abi_fnptr). Passing the pointer enzyme_dup with
; itself as shadow instead aborts at run time ("Attempting to call an indirect active
; function whose runtime value is inactive").
; f(x) = sq(x) through a constant pointer -> f'(3) = 6.
; CASE const -O0 {[-1]:Float@double} wrong
; CASE const-at-O2 -O2 {[-1]:Float@double} wrong
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_const = global i8 0
@enzyme_out = global i8 0

define internal double @sq(double "enzyme_type"="TREE" %x) noinline {
  %m = fmul double %x, %x
  ret double %m
}

define internal double @through(ptr %f, double %x) noinline {
  %r = call double %f(double %x)
  ret double %r
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @through, ptr @enzyme_const, ptr @sq, ptr @enzyme_out, double 3.0)
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 6.0)
  ret i32 0
}
