; ARGS: --strip-captures
; REWRITE-ONLY: for the module between LLVM's passes and Enzyme
; SAME-OUTPUT
; Capture attributes go where a rule may keep a shadow on its tape (tests/enzyme-bugs/
; taped-shadow-captures.ll says why): @copy has a rule (the registration global names it
; first), @wrap and @lift reach it by name, @walk through a pointer once any function
; reaches a rule; their define lines lose captures(...) and nocapture, and so do the calls
; of them and the call through a pointer. @marked has a rule of its own by metadata
; (!enzyme_augment, as Enzyme's preserve-nvvm pass leaves it). Left alone: @other, which
; reaches no rule, and its call; a quoted string that spells the attribute; declarations.
@fmt = private constant [7 x i8] c"%g %g\0A\00"
@__enzyme_register_gradient_copy = internal global [3 x ptr] [ptr @copy, ptr @copy, ptr @copy]
declare i32 @printf(ptr, ...)
declare void @sink(ptr captures(none))

define internal void @copy(ptr captures(none) %r) noinline {
  %d = load ptr, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  %s = load ptr, ptr %r1, align 8
  %v = load double, ptr %s, align 8
  store double %v, ptr %d, align 8
  ret void
}

define internal void @wrap(ptr %d, ptr nocapture %s) {
  %r = alloca [2 x ptr], align 8
  store ptr %d, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  store ptr %s, ptr %r1, align 8
  call void @copy(ptr captures(none) %r)
  ret void
}

define internal void @lift(ptr sret([8 x i8]) captures(none) %o, ptr noalias captures(address, read_provenance) "note"="a captures(none) b" %a) {
  call void @wrap(ptr %o, ptr nocapture %a)
  ret void
}

define internal void @marked(ptr captures(none) %p) !enzyme_augment !0 {
  store double 2.0, ptr %p, align 8
  ret void
}

define internal void @via_marked(ptr captures(none) %p) {
  call void @marked(ptr captures(none) %p)
  ret void
}

define internal double @other(ptr captures(none) %p) {
  %v = load double, ptr %p, align 8
  ret double %v
}

define internal void @walk(ptr %f, ptr captures(none) %x) {
  call void %f(ptr sret([8 x i8]) captures(none) %x, ptr nocapture %x)
  ret void
}

define i32 @main() {
  %a = alloca double, align 8
  %t = alloca double, align 8
  %u = alloca double, align 8
  store double 1.5, ptr %a, align 8
  call void @lift(ptr sret([8 x i8]) captures(none) %t, ptr captures(address, read_provenance) %a)
  %x = call double @other(ptr captures(none) %t)
  call void @via_marked(ptr captures(none) %u)
  call void @walk(ptr @lift, ptr captures(none) %a)
  %y = load double, ptr %u, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %x, double %y)
  ret i32 0
}

!0 = !{}
