; ARGS: --inner-first
; The functions that call Enzyme move to the end, each after those it reaches: @main reaches
; @"grad.0" (through @thin) and follows it; @c1 and @c2 reach each other and keep their
; order; @other calls Enzyme and reaches none of them. The others stay. A function's name is
; its define line's first global outside quotes (not the @double of a tree before it). A
; module whose order is right already comes out unchanged (inner-first-ordered).
declare double @__enzyme_autodiff(...)
declare void @__enzyme_fwddiff(...)
@enzyme_dup = global i8 0

define i32 @main() {
  %x = alloca [2 x double]
  %v = alloca [2 x double]
  call void (...) @__enzyme_fwddiff(ptr @thin, ptr @enzyme_dup, ptr %x, ptr %v)
  ret i32 0
}

define internal void @c1(ptr %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x)
  call void @c2(ptr %x)
  ret void
}

define internal void @thin(ptr %x) {
  %g = call double @"grad.0"(ptr %x)
  ret void
}

define internal void @c2(ptr %x) {
  call void (...) @__enzyme_fwddiff(ptr @f, ptr %x, ptr %x)
  call void @c1(ptr %x)
  ret void
}

define internal void @other(ptr %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %x)
  ret void
}

define internal "enzyme_type"="{[-1]:Float@double}" double @"grad.0"(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %x)
  ret double %r
}

define internal double @f(ptr %x) {
  %a = load double, ptr %x
  ret double %a
}
