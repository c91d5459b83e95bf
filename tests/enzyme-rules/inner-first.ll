; Functions that call Enzyme after those they reach (typetree rewrite --inner-first, which
; the wrapper runs on the module between LLVM's passes and Enzyme; emit/rewrite/ir_rewrite.c): the
; cure of tests/enzyme-bugs/nested-order.ll. The same module with main, which asks for the
; forward derivative of code that calls grad, after grad, which asks for a reverse one, as
; the rewrite orders them: Enzyme lowers grad's call first, and forward mode then goes
; through the reverse derivative it made. H v = (7, 6) at every level, with any tree or
; none, with the wrapper's options and with Enzyme's defaults.
; CASE told {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
; CASE told -O1 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
; CASE told -O2 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
; CASE told -O3 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
; CASE untold {[-1]:Pointer} right
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
declare double @__enzyme_autodiff(...)
declare void @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s Hv = %g %g (expected 7 6)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0

; thin(x, g) = grad(x, g): what the outer call differentiates
define internal void @thin(ptr %x, ptr %g) noinline {
  call void @grad(ptr %x, ptr %g)
  ret void
}

; grad(x, g): g += the gradient of f at x (2 x0 x1, x0^2)
define internal void @grad(ptr %x, ptr %g) noinline {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %g)
  ret void
}

; f(x) = x0^2 x1
define internal double @f(ptr "enzyme_type"="TREE" %x) noinline {
  %a = load double, ptr %x
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  %b = load double, ptr %p1
  %aa = fmul double %a, %a
  %r = fmul double %aa, %b
  ret double %r
}

; H v at x = (3, 2), v = (1, 0.5): the forward derivative of grad along (v, 0).
define i32 @main() {
  %x = alloca [2 x double]
  %v = alloca [2 x double]
  %g = alloca [2 x double]
  %hv = alloca [2 x double]
  store [2 x double] [double 3.0, double 2.0], ptr %x
  store [2 x double] [double 1.0, double 0.5], ptr %v
  store [2 x double] zeroinitializer, ptr %g
  store [2 x double] zeroinitializer, ptr %hv
  call void (...) @__enzyme_fwddiff(ptr @thin, ptr @enzyme_dup, ptr %x, ptr %v, ptr @enzyme_dup, ptr %g, ptr %hv)
  %a = load double, ptr %hv
  %p1 = getelementptr inbounds double, ptr %hv, i64 1
  %b = load double, ptr %p1
  %oka = fcmp oeq double %a, 7.0
  %okb = fcmp oeq double %b, 6.0
  %ok = and i1 %oka, %okb
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %a, double %b)
  ret i32 0
}
