; A returned pair under LLVM's interprocedural passes: @f returns { double, i64 } (as rustc
; returns (f64, usize)), its caller uses only the double, so dead argument elimination
; (-O1 and above, before Enzyme runs) shrinks the return to double and keeps the return
; attribute TREE. A byte-offset tree then no longer fits the register: Enzyme aborts.
; Without it (what annotate gives a pair whose halves differ, unless --pair-offsets) the
; gradient is right. g(x) = (x^2)^2 -> g'(3) = 4 x^3 = 108.
; CASE offsets -O2 {[0]:Float@double, [8]:Integer, [9]:Integer, [10]:Integer, [11]:Integer, [12]:Integer, [13]:Integer, [14]:Integer, [15]:Integer} error Canonicalization failed
; CASE none -O2 {} right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal "enzyme_type"="TREE" { double, i64 } @f(double "enzyme_type"="{[-1]:Float@double}" %x) noinline {
  %sq = fmul double %x, %x
  %r0 = insertvalue { double, i64 } poison, double %sq, 0
  %r1 = insertvalue { double, i64 } %r0, i64 7, 1
  ret { double, i64 } %r1
}

define internal double @g(double %x) noinline {
  %r = call { double, i64 } @f(double %x)
  %v = extractvalue { double, i64 } %r, 0
  %m = fmul double %v, %v
  ret double %m
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %ok = fcmp oeq double %d, 108.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
