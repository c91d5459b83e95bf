; ARGS: --const-fn-pointers
; The const-fn-pointer check refuses: @sq (a double in, a double out) and @ext_norm (a
; declared function taking a pointer) are passed to Enzyme as enzyme_const. Enzyme takes
; every call through a constant function pointer for inactive, so the derivative through
; them would be 0 (tests/enzyme-bugs/const-fnptr-inactive.ll). The run fails, naming each
; at the line of its Enzyme call, and writes nothing.
declare double @__enzyme_autodiff(...)
declare double @ext_norm(ptr "enzyme_type"="{[-1]:Pointer}")
@enzyme_const = global i8 0
@enzyme_out = global i8 0

define internal double @sq(double %x) {
  %m = fmul double %x, %x
  ret double %m
}

define internal double @through(ptr %f, double %x) {
  %r = call double %f(double %x)
  ret double %r
}

define internal double @through_p(ptr %f, ptr %v) {
  %r = call double %f(ptr %v)
  ret double %r
}

define double @main_sq() {
  %d = call double (...) @__enzyme_autodiff(ptr @through, ptr nonnull @enzyme_const, ptr nonnull @sq, ptr @enzyme_out, double 3.0)
  ret double %d
}

define double @main_p(ptr %v, ptr %dv) {
  %d = call double (...) @__enzyme_autodiff(ptr @through_p, ptr @enzyme_const, ptr @ext_norm, ptr %v, ptr %dv)
  ret double %d
}
