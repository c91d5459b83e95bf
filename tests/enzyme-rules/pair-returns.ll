; The workaround of tests/enzyme-bugs/mixed-pair-return.ll: each return of a pair of an
; integer and a float gives the integer, a tag here, through an identity whose return
; Enzyme is told is Integer, inserted again over the returned value, as `typetree rewrite
; --pair-returns` writes it between LLVM's passes and Enzyme (noinline optnone here, where
; it runs in clang's whole pipeline: its inliner, or the `returned` attribute inference
; gives an identity, would undo it before Enzyme). Three tags: `zext i1` (an Option<f64>
; built with a comparison), a phi of the constants 1 and 0 (Iterator::next over a slice
; of f64 after LLVM's passes) and the constant 0 of a constant aggregate
; (ControlFlow::Continue). Without the identity their derivatives are 0 (at -O1 and above
; LLVM folds the constant tag away before Enzyme, in this file's single pipeline).
; g(x) = ln(x)^2 + (first of [x])^2 + x^2 -> g'(2) = 2 ln(2) / 2 + 2 x + 2 x = 8.693147.
; CASE rewritten right
; CASE rewritten -O1 right
; CASE rewritten -O2 right
; CASE rewritten -O3 right
declare double @llvm.log.f64(double)
declare double @llvm.fabs.f64(double)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal { i64, double } @safe_log(double %x) noinline {
  %c = fcmp ogt double %x, 0.0
  %l = call double @llvm.log.f64(double %x)
  %z = zext i1 %c to i64
  %1 = insertvalue { i64, double } poison, i64 %z, 0
  %2 = insertvalue { i64, double } %1, double %l, 1
  %__tt.pair.0.0 = call i64 @__typetree_integer.i64(i64 %z)
  %__tt.pair.0.0.r = insertvalue { i64, double } %2, i64 %__tt.pair.0.0, 0
  ret { i64, double } %__tt.pair.0.0.r
}

define internal { i64, double } @next(ptr %p, ptr %end) noinline {
start:
  %empty = icmp eq ptr %p, %end
  br i1 %empty, label %done, label %some
some:
  %v = load double, ptr %p
  br label %done
done:
  %f = phi double [ %v, %some ], [ undef, %start ]
  %t = phi i64 [ 1, %some ], [ 0, %start ]
  %1 = insertvalue { i64, double } poison, i64 %t, 0
  %2 = insertvalue { i64, double } %1, double %f, 1
  %__tt.pair.0.0 = call i64 @__typetree_integer.i64(i64 %t)
  %__tt.pair.0.0.r = insertvalue { i64, double } %2, i64 %__tt.pair.0.0, 0
  ret { i64, double } %__tt.pair.0.0.r
}

define internal { i64, double } @cont(double %x) noinline {
  %sq = fmul double %x, %x
  %1 = insertvalue { i64, double } { i64 0, double poison }, double %sq, 1
  %__tt.pair.0.0 = call i64 @__typetree_integer.i64(i64 0)
  %__tt.pair.0.0.r = insertvalue { i64, double } %1, i64 %__tt.pair.0.0, 0
  ret { i64, double } %__tt.pair.0.0.r
}

define internal double @g(double %x) noinline {
  %r = call { i64, double } @safe_log(double %x)
  %t = extractvalue { i64, double } %r, 0
  %b = trunc i64 %t to i1
  %v = extractvalue { i64, double } %r, 1
  %m = fmul double %v, %v
  %s = select i1 %b, double %m, double 0.0
  %a = alloca double
  store double %x, ptr %a
  %e = getelementptr inbounds double, ptr %a, i64 1
  %n = call { i64, double } @next(ptr %a, ptr %e)
  %nt = extractvalue { i64, double } %n, 0
  %nb = trunc i64 %nt to i1
  %nv = extractvalue { i64, double } %n, 1
  %nm = fmul double %nv, %nv
  %ns = select i1 %nb, double %nm, double 0.0
  %sum = fadd double %s, %ns
  %k = call { i64, double } @cont(double %x)
  %kt = extractvalue { i64, double } %k, 0
  %kb = icmp eq i64 %kt, 0
  %kv = extractvalue { i64, double } %k, 1
  %ks = select i1 %kb, double %kv, double 0.0
  %all = fadd double %sum, %ks
  ret double %all
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 2.0)
  %l = call double @llvm.log.f64(double 2.0)
  %e = fadd double %l, 8.0
  %diff = fsub double %d, %e
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}

define internal "enzyme_type"="{[-1]:Integer}" i64 @__typetree_integer.i64(i64 %v) #90 {
  ret i64 %v
}
attributes #90 = { noinline optnone "enzyme_inactive" "enzyme_ta_norecur" }
