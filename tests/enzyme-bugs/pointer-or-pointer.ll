; Enzyme bug: an `or` of two pointers' addresses stops Enzyme's type analysis ("Illegal
; updateBinop Analysis ... or", binopIn: Pointer op Pointer is illegal but for `sub`),
; though the code is valid and computes nothing to differentiate. LLVM's instcombine makes
; such an `or` of every pair of alignment tests `(a & m) == 0 && (b & m) == 0`, and std's
; debug precondition checks hold such pairs (ptr::copy_nonoverlapping and ptr::swap check
; src and dst): at -O0 once LLVM's -O2 passes run before Enzyme (the wrapper's
; --enzyme-preopt), every program that copies a slice stops here (gradient case
; overlapping_moves, with trees and without). Plain Enzyme fails the same way on this file
; with no attribute at all (it types a `ptr` argument Pointer from its LLVM type); the
; attribute only makes the facts explicit. Worked around: the wrapper gives the checks
; `noinline optnone` (typetree annotate --optnone-checks), so LLVM leaves their tests as
; rustc wrote them, one `and` each.
; f(x, y) = x * y -> df/dx = y = 4.
; CASE told -O0 {[-1]:Pointer, [-1,0]:Float@double} error Illegal updateBinop Analysis
; CASE untold -O0 {[-1]:Anything} right
declare void @abort()
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0

define internal double @f(ptr "enzyme_type"="TREE" %x, ptr "enzyme_type"="TREE" %y) noinline {
  %a = ptrtoint ptr %x to i64
  %b = ptrtoint ptr %y to i64
  %o = or i64 %a, %b
  %m = and i64 %o, 7
  %ok = icmp eq i64 %m, 0
  br i1 %ok, label %go, label %bad
bad:
  call void @abort()
  unreachable
go:
  %u = load double, ptr %x
  %v = load double, ptr %y
  %r = fmul double %u, %v
  ret double %r
}

define internal double @top(ptr %x, ptr %y) noinline {
  %r = call double @f(ptr %x, ptr %y)
  ret double %r
}

define i32 @main() {
  %x = alloca double
  %dx = alloca double
  %y = alloca double
  store double 3.0, ptr %x
  store double 0.0, ptr %dx
  store double 4.0, ptr %y
  %d = call double (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %y, ptr %y)
  %g = load double, ptr %dx
  %okk = fcmp oeq double %g, 4.0
  %msg = select i1 %okk, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g, double 4.0)
  ret i32 0
}
