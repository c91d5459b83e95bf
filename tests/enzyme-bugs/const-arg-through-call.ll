; Enzyme bug: a pointer that is constant (an enzyme_const argument, a constant global) and
; comes back out of a call is differentiated into: reverse mode adds derivatives into the
; constant memory itself.
; At -O0 a call like @id (Rust: std::slice::from_raw_parts(xs, n), <[T]>::iter, not
; inlined) returns the constant %x. Activity analysis cannot show the returned pointer
; inactive (the memory it points to may be written by @apply, which also gets active
; pointers), so it is treated as active; its shadow is what the augmented @id returns for
; it, and with %x constant that is the primal %x (a constant pointer is its own shadow).
; @apply's reverse pass then accumulates d out/dx into x's primal memory. No trees involved.
; With the call marker enzyme_runtime_activity the result is right; at -O1 and above the
; call is folded before Enzyme runs and the result is right.
; top(w, x, out): *out = w * sin(*x); dw = sin(0.5) = 0.479426, x stays 0.5
; (bug: dw right, x becomes 0.5 + 2 cos(0.5) = 2.25517).
; Gradient cases (-O0): output_slice (inputs changed, with and without trees), net_f32
; (inputs changed with trees; without, Enzyme stops earlier: "Cannot deduce type of
; extract" on the Range<usize> pair that the trees describe), kurbo_bezier (signal 11:
; gauss_arclen's coeffs.iter() over the constant Gauss-Legendre table, whose derivative is
; written into .rodata; right with enzyme_runtime_activity and -enzyme-detect-readthrow=0,
; see sret-readonly-call).
; CASE bug -O0 wrong
declare void @__enzyme_autodiff(...)
declare double @llvm.sin.f64(double)
declare double @llvm.fabs.f64(double)
declare i32 @printf(ptr, ...)
@enzyme_const = constant [1 x i8] zeroinitializer
@enzyme_dup = constant [1 x i8] zeroinitializer
@fmt = private constant [51 x i8] c"%s dw %g (expected %g), x after %g (expected 0.5)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal ptr @id(ptr %p) noinline {
  ret ptr %p
}

define internal void @apply(ptr %w, ptr %x, ptr %out) noinline {
  %wv = load double, ptr %w
  %xv = load double, ptr %x
  %s = call double @llvm.sin.f64(double %xv)
  %m = fmul double %wv, %s
  store double %m, ptr %out
  ret void
}

define internal void @top(ptr %w, ptr %x, ptr %out) noinline {
  %b = call ptr @id(ptr %x)
  call void @apply(ptr %w, ptr %b, ptr %out)
  ret void
}

define i32 @main() {
  %w = alloca double
  %dw = alloca double
  %x = alloca double
  %o = alloca double
  %do = alloca double
  store double 2.0, ptr %w
  store double 0.0, ptr %dw
  store double 0.5, ptr %x
  store double 0.0, ptr %o
  store double 1.0, ptr %do
  call void (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %w, ptr %dw, ptr @enzyme_const, ptr %x, ptr @enzyme_dup, ptr %o, ptr %do)
  %g = load double, ptr %dw
  %xa = load double, ptr %x
  %e = call double @llvm.sin.f64(double 0.5)
  %d = fsub double %g, %e
  %ab = call double @llvm.fabs.f64(double %d)
  %ok1 = fcmp olt double %ab, 1.0e-12
  %ok2 = fcmp oeq double %xa, 0.5
  %ok = and i1 %ok1, %ok2
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g, double %e, double %xa)
  ret i32 0
}
