; Enzyme bug: a call that fills an sret buffer through a further call is taken for a call
; that writes no memory, so the buffer is inactive and its shadow is never written.
; Enzyme's preprocessing (DetectReadonlyOrThrow, -enzyme-detect-readthrow) marks a function
; that writes only its own sret argument "enzyme_LocalReadOnlyOrThrow" (@mk, @mk2), and
; then skips every call to such a function when it judges the caller, without asking whose
; memory the callee's sret is: @wrap/@wrap2, whose only write is that call into their own
; sret, become "enzyme_ReadOnlyOrThrow" (no write visible to the caller). Activity analysis
; then deems the caller's buffers (%a0, %a) constant; @copy's memcpy out of %a into the
; active %b copies the PRIMAL pointer into the shadow of %b (a constant pointer is its own
; shadow). Forward mode computes the derivative along the primal values; reverse mode adds
; the derivatives into the primal input; where the buffer's shadow is a fresh zeroed
; alloca instead, the derivative code dereferences null. -mllvm -enzyme-detect-readthrow=0
; gives the right results. Rust's shape at -O0: Iterator::zip/map/skip/step_by,
; CubicBez::subdivide... are sret functions forwarding to Zip::new etc. Plain Enzyme (no
; trees) often stops first with "Cannot deduce type of copy" at the memcpy out of the
; wrongly inactive buffer (the iterator moved into Map); true trees let it past the error
; into the wrong derivative.
; f(x) = (*(*b))^2 with b holding &x: forward df/dx = 2x = 6 at x = 3 (bug: 2x*x = 18);
; reverse dx = 6, x unchanged (bug: dx = 0, x becomes 3 + 6 = 9).
; Gradient cases (-O0): zip3_forward (forward: every tangent 4.43, the derivative along the
; primal values), rc_shared, zip_windows, generic_trait (signal 11), all right with
; -enzyme-detect-readthrow=0; iterator_chain (signal 11; then wrong by mixed-pair-return:
; Filter/Take try_fold return ControlFlow<f64, f64> as { i64, double }); kurbo_bezier
; (with const-arg-through-call).
; tools/rustc-typetree gives Enzyme -enzyme-detect-readthrow=0 for this reason: the bug
; cases run with Enzyme's default (detection on), the last with the wrapper's options.
; CASE bug -O0 --enzyme-flags=-enzyme-strict-aliasing=0 wrong
; CASE bug -O2 --enzyme-flags=-enzyme-strict-aliasing=0 wrong
; CASE wrapper -O0 right
declare double @__enzyme_fwddiff(...)
declare void @__enzyme_autodiff(...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @llvm.fabs.f64(double)
declare i32 @printf(ptr, ...)
@fmt = private constant [63 x i8] c"%s forward %g (expected 6), reverse dx %g (6), x after %g (3)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; writes only its own sret: Enzyme marks it enzyme_LocalReadOnlyOrThrow (right)
define internal void @mk(ptr sret([8 x i8]) %out, ptr %p) noinline {
  store ptr %p, ptr %out
  ret void
}

define internal void @mk2(ptr sret([8 x i8]) %out, ptr %in) noinline {
  %p = load ptr, ptr %in
  store ptr %p, ptr %out
  ret void
}

; only writes through @mk into its own sret: marked enzyme_ReadOnlyOrThrow (wrong)
define internal void @wrap(ptr sret([8 x i8]) %out, ptr %p) noinline {
  call void @mk(ptr sret([8 x i8]) %out, ptr %p)
  ret void
}

define internal void @wrap2(ptr sret([8 x i8]) %out, ptr %in) noinline {
  call void @mk2(ptr sret([8 x i8]) %out, ptr %in)
  ret void
}

define internal void @copy(ptr sret([8 x i8]) %out, ptr %self) noinline {
  call void @llvm.memcpy.p0.p0.i64(ptr %out, ptr %self, i64 8, i1 false)
  ret void
}

define internal double @get(ptr %it) noinline {
  %p = load ptr, ptr %it
  %v = load double, ptr %p
  %m = fmul double %v, %v
  ret double %m
}

define internal double @f(ptr %x) noinline {
  %a0 = alloca [8 x i8]
  %a = alloca [8 x i8]
  %b = alloca [8 x i8]
  call void @wrap(ptr sret([8 x i8]) %a0, ptr %x)
  call void @wrap2(ptr sret([8 x i8]) %a, ptr %a0)
  call void @copy(ptr sret([8 x i8]) %b, ptr %a)
  %r = call double @get(ptr %b)
  ret double %r
}

define i32 @main() {
  %x = alloca double
  %dx = alloca double
  store double 3.0, ptr %x
  store double 1.0, ptr %dx
  %fwd = call double (...) @__enzyme_fwddiff(ptr @f, ptr %x, ptr %dx)
  store double 0.0, ptr %dx
  call void (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %rev = load double, ptr %dx
  %xa = load double, ptr %x
  %e1 = fsub double %fwd, 6.0
  %a1 = call double @llvm.fabs.f64(double %e1)
  %e2 = fsub double %rev, 6.0
  %a2 = call double @llvm.fabs.f64(double %e2)
  %ok1 = fcmp olt double %a1, 1.0e-12
  %ok2 = fcmp olt double %a2, 1.0e-12
  %ok3 = fcmp oeq double %xa, 3.0
  %ok12 = and i1 %ok1, %ok2
  %ok = and i1 %ok12, %ok3
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %fwd, double %rev, double %xa)
  ret i32 0
}
