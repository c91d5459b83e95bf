; Enzyme bug: an argument of an Enzyme call that is an alloca named enzyme_* is taken for
; one of Enzyme's markers (its getMetadataName reads an alloca's name as it reads a
; global's). A Rust variable so named, passed to a generated derivative (rustc's own
; tests/run-make/autodiff/rlib/main.rs: `let enzyme_y1_lib = df1_lib(1.5, 1.0)`), reaches
; the call as such an alloca once the derivative is inlined: a name that is no marker stops
; Enzyme ("illegal enzyme metadata classification"); a marker's name changes the call's
; meaning, silently. Here sq(x, out) writes x*x into *out, reverse mode with x and out
; duplicated, out's shadow seeded 1: d/dx at 3 = 6. The caller's slot for out is named
; %enzyme_const, so Enzyme takes it for the const marker and the shadow after it for out's
; constant value: no derivative reaches x.
; CASE marker-name -O0 wrong
; CASE marker-name-renamed -O0 --rewrite=--rename-enzyme-locals right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0

define internal void @sq(ptr %x, ptr %out) noinline {
  %v = load double, ptr %x
  %m = fmul double %v, %v
  store double %m, ptr %out
  ret void
}

define i32 @main() {
  %x = alloca double
  store double 3.0, ptr %x
  %dx = alloca double
  store double 0.0, ptr %dx
  %enzyme_const = alloca double
  store double 0.0, ptr %enzyme_const
  %dout = alloca double
  store double 1.0, ptr %dout
  call void (...) @__enzyme_autodiff(ptr @sq, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %enzyme_const, ptr %dout)
  %d = load double, ptr %dx
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 6.0)
  ret i32 0
}
