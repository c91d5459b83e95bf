; LLVM and Enzyme together, no bug of either alone: f(x) = if x > 1 { sqrt(x - 1) } else
; { x * x } (rustc's IR, a branch), at x = 0.5. LLVM's SimplifyCFG folds the branch into a
; select, computing sqrt(x - 1) = NaN for the arm not taken (llvm.sqrt may be speculated),
; and so does Enzyme's own preprocessing of the function it differentiates (at -O0 too,
; with no pass of LLVM's before it). The derivative
; of a select sends the arm not taken an adjoint of 0, and sqrt's derivative, 0 / (2 *
; sqrt(-0.5)), is NaN: f'(0.5) comes out NaN where it is 1, at every level, with any tree
; or none; plain Enzyme on rustc's module too. Enzyme's strong zero does not help: sqrt's rule
; divides, unchecked. With SimplifyCFG's two-entry folding threshold at 0, in the passes
; before Enzyme and in Enzyme's own (the wrapper's keep-branches), the branch stays a
; branch and the derivative is right.
; CASE folded -O2 wrong
; CASE folded-O0 -O0 wrong
; CASE kept-O0 -O0 --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0,-enzyme-rematerialize=0,-two-entry-phi-node-folding-threshold=0 right
; CASE kept -O2 --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0,-enzyme-rematerialize=0,-two-entry-phi-node-folding-threshold=0 right
declare double @__enzyme_autodiff(...)
declare double @llvm.sqrt.f64(double)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal double @f(double %x) noinline {
start:
  %r = alloca double
  %c = fcmp ogt double %x, 1.0
  br i1 %c, label %above, label %below
above:
  %s = fsub double %x, 1.0
  %q = call double @llvm.sqrt.f64(double %s)
  store double %q, ptr %r
  br label %done
below:
  %m = fmul double %x, %x
  store double %m, ptr %r
  br label %done
done:
  %v = load double, ptr %r
  ret double %v
}

define i32 @main() {
  %x = alloca double
  store volatile double 0.5, ptr %x
  %xv = load volatile double, ptr %x
  %d = call double (...) @__enzyme_autodiff(ptr @f, double %xv)
  %ok = fcmp oeq double %d, 1.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 1.0)
  ret i32 0
}
