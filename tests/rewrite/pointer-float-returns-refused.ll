; ARGS: --pointer-float-returns
; The pointer-float check refuses: @nearest and @pick return { ptr, double } (a (&T, f64)
; by value) and are reached from @f, which is handed to Enzyme's reverse mode (@pick
; through @g). Enzyme's reverse mode drops the float's derivative of such a return
; (tests/enzyme-bugs/pointer-float-return.ll). Not refused: @fpick, reached only from
; @h, which forward mode differentiates (right there); @unreached, which nothing handed to
; Enzyme reaches; @ints ({ ptr, i64 }) and @both ({ i64, double }, --pair-returns' case);
; @scalar. The run fails, naming each refused function once, and writes nothing.
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)

define { ptr, double } @nearest(ptr %p) {
  %x = load double, ptr %p
  %1 = insertvalue { ptr, double } poison, ptr %p, 0
  %2 = insertvalue { ptr, double } %1, double %x, 1
  ret { ptr, double } %2
}

define internal { double, ptr } @pick(ptr %p) {
  %x = load double, ptr %p
  %1 = insertvalue { double, ptr } poison, double %x, 0
  %2 = insertvalue { double, ptr } %1, ptr %p, 1
  ret { double, ptr } %2
}

define { ptr, double } @fpick(ptr %p) {
  %r = call { ptr, double } @nearest(ptr %p)
  ret { ptr, double } %r
}

define { ptr, float } @unreached(ptr %p) {
  %x = load float, ptr %p
  %1 = insertvalue { ptr, float } poison, ptr %p, 0
  %2 = insertvalue { ptr, float } %1, float %x, 1
  ret { ptr, float } %2
}

define { ptr, i64 } @ints(ptr %p) {
  %1 = insertvalue { ptr, i64 } poison, ptr %p, 0
  %2 = insertvalue { ptr, i64 } %1, i64 1, 1
  ret { ptr, i64 } %2
}

define { i64, double } @both(double %x) {
  %1 = insertvalue { i64, double } poison, i64 1, 0
  %2 = insertvalue { i64, double } %1, double %x, 1
  ret { i64, double } %2
}

define double @scalar(double %x) {
  ret double %x
}

define double @g(ptr %p) {
  %r = call { double, ptr } @pick(ptr %p)
  %v = extractvalue { double, ptr } %r, 0
  ret double %v
}

define double @f(ptr %p) {
  %r = call { ptr, double } @nearest(ptr %p)
  %v = extractvalue { ptr, double } %r, 1
  %w = call double @g(ptr %p)
  %i = call { ptr, i64 } @ints(ptr %p)
  %b = call { i64, double } @both(double %v)
  %s = call double @scalar(double %w)
  %t = fadd double %v, %s
  ret double %t
}

define double @h(ptr %p) {
  %r = call { ptr, double } @fpick(ptr %p)
  %v = extractvalue { ptr, double } %r, 1
  ret double %v
}

define void @main(ptr %x, ptr %dx) {
  %a = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %b = call double (...) @__enzyme_fwddiff(ptr @h, ptr %x, ptr %dx)
  ret void
}
