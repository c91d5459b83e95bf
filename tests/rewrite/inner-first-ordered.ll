; ARGS: --inner-first
; Every function that calls Enzyme already follows those it reaches (@grad before @main,
; @top's call reaches no other): the module comes out unchanged.
declare double @__enzyme_autodiff(...)
declare void @__enzyme_fwddiff(...)

define internal double @f(ptr %x) {
  %a = load double, ptr %x
  ret double %a
}

define internal void @grad(ptr %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %x)
  ret void
}

define internal void @thin(ptr %x) {
  call void @grad(ptr %x)
  ret void
}

define i32 @main() {
  %x = alloca double
  call void (...) @__enzyme_fwddiff(ptr @thin, ptr %x, ptr %x)
  ret i32 0
}

define internal void @top(ptr %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %x)
  ret void
}
