; ARGS: --entry-trees
; Nested differentiation: an Enzyme call in a function reached from one that an Enzyme
; call hands Enzyme keeps the function it hands as it is, without the forwarder (Enzyme
; fba597f6 computes a forward-over-reverse derivative through it wrongly, silently:
; tests/autodiff/gradients/reports.rs, #160470's shape). Rewritten: @hvp's forward call of
; @grad, and @d_alone's reverse call of @f (no handed function reaches @d_alone; @main,
; which calls both, is handed none). Left: @d_f's reverse call of @f (@grad, which @hvp's
; call hands Enzyme, reaches @d_f).
declare void @__enzyme_autodiff(...)
declare void @__enzyme_fwddiff(...)
@enzyme_dup = global i8 0

define void @f(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x, ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %out) {
  %v = load double, ptr %x
  %w = fmul double %v, %v
  store double %w, ptr %out
  ret void
}

define void @d_f(ptr %x, ptr %dx, ptr %out, ptr %dout) {
  call void (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %out, ptr %dout)
  ret void
}

define void @grad(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x, ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %g) {
  %out = alloca double
  %dout = alloca double
  store double 1.0, ptr %dout
  call void @d_f(ptr %x, ptr %g, ptr %out, ptr %dout)
  ret void
}

define void @hvp(ptr %x, ptr %v, ptr %g, ptr %hv) {
  call void (...) @__enzyme_fwddiff(ptr @grad, ptr @enzyme_dup, ptr %x, ptr %v, ptr @enzyme_dup, ptr %g, ptr %hv)
  ret void
}

define void @d_alone(ptr %x, ptr %dx, ptr %out, ptr %dout) {
  call void (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %out, ptr %dout)
  ret void
}

define void @main(ptr %x, ptr %dx, ptr %v, ptr %g, ptr %hv, ptr %out, ptr %dout) {
  call void @hvp(ptr %x, ptr %v, ptr %g, ptr %hv)
  call void @d_alone(ptr %x, ptr %dx, ptr %out, ptr %dout)
  ret void
}
