; Enzyme's default, not a bug of its own, that optimized Rust meets: a derivative multiplies
; an adjoint of 0 by a value the program computed but never uses, and 0 times a NaN is
; NaN. LLVM's passes make code branch-free (a select in place of a branch), so the value of
; the arm not taken is computed all the same, from bytes the program never reads when it
; branches: the payload of an enum's other variant, left uninitialized (random_cases.py
; seed 8 case 4: `enum { V0([f64; 2]), V1 }` holding V1, every derivative NaN at -O2/-O3,
; with trees and without). Here f(x, y, c) = if c { mul(x, y) } else { x }, as a select,
; with c false and y a NaN: df/dx = 1, but the arm not taken gets the adjoint 0, and the
; derivative of mul (a function of its own, so nothing folds the 0 in) adds 0 * y = NaN to
; x's. The marker enzyme_strong_zero among the call's arguments makes Enzyme take 0 times
; anything for 0 (the wrapper's --strong-zero passes it on every call). (With the product
; inline, Enzyme's fast-math post-optimization folds the select of adjoints and the NaN
; never shows.)
; CASE nan-arm -O0 wrong
; CASE nan-arm-strong-zero -O0 --rewrite=--strong-zero right
; CASE nan-arm-O2 -O2 wrong
; CASE nan-arm-strong-zero-O2 -O2 --rewrite=--strong-zero right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0
@enzyme_const = global i8 0

define internal double @mul(double %x, double %y) noinline {
  %m = fmul double %x, %y
  ret double %m
}

define internal double @f(ptr %xp, ptr %yp, ptr %cp) noinline {
  %x = load double, ptr %xp
  %y = load double, ptr %yp
  %c = load volatile i1, ptr %cp
  %m = call double @mul(double %x, double %y)
  %r = select i1 %c, double %m, double %x
  ret double %r
}

define i32 @main() {
  %x = alloca double
  store double 3.0, ptr %x
  %dx = alloca double
  store double 0.0, ptr %dx
  %y = alloca double
  store double 0x7FF8000000000000, ptr %y
  %c = alloca i1
  store i1 false, ptr %c
  call void (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_const, ptr %y, ptr @enzyme_const, ptr %c)
  %d = load double, ptr %dx
  %ok = fcmp oeq double %d, 1.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 1.0)
  ret i32 0
}
