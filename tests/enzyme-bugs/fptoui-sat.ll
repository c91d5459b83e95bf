; Enzyme bug: llvm.fptoui.sat (and fptosi.sat) are unknown intrinsics to its reverse mode.
; Rust lowers every float-to-integer `as` cast to them, so any differentiated code with
; `x as u64` on a path Enzyme must invert fails to compile: "cannot handle (reverse)
; unknown intrinsic llvm.fptoui.sat" (in optimized builds an assertion, "cannot find deal
; with ptr that isnt arg"). Here the cast sits on an error path storing into the same
; memory as the float. Met by the gradient case result_early_exit (`x as u64` in its error
; variant) at -O0 and -O1 until the temporaries calls return into got their return type's
; tree: with trees that case is now right at every level (why Enzyme then no longer needs
; the intrinsic's derivative there is not analysed).
; CASE bug -O0 error unknown intrinsic
; CASE bug -O2 error unknown intrinsic
declare double @__enzyme_autodiff(...)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @f(ptr %out, double %x) noinline {
  %neg = fcmp olt double %x, 0.0
  br i1 %neg, label %err, label %ok
err:
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %x)
  store i64 1, ptr %out
  %p = getelementptr i8, ptr %out, i64 8
  store i64 %v, ptr %p
  ret void
ok:
  %s = fmul double %x, %x
  store i64 0, ptr %out
  %q = getelementptr i8, ptr %out, i64 8
  store double %s, ptr %q
  ret void
}

define internal double @g(double %x) noinline {
  %r = alloca [16 x i8], align 8
  call void @f(ptr %r, double %x)
  %q = getelementptr i8, ptr %r, i64 8
  %v = load double, ptr %q
  ret double %v
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
