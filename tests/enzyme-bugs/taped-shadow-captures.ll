; Enzyme bug: Enzyme gives the shadow of an argument the argument's attributes; a rule's
; augmented forward pass that keeps that shadow on its tape for the reverse pass makes one
; of them false. rustc marks every sret parameter captures(none): here the shadow of lift's
; return place goes into the rule's tape, g's reverse pass adds the adjoint of the returned
; payload into that shadow, then calls lift's reverse, whose rule reads the shadow through
; the tape. The passes after Enzyme (-enzyme-postopt, or clang's pipeline after the plugin)
; take the shadow for one that nothing reads after the call (not captured, and lift's
; reverse never names its argument) and delete the adjoint's store: d/dx = 0 where 2x = 3
; is right, silently.
; Why: GradientUtils copies the call's parameter attributes onto the shadow arguments of
; the augmented and reverse calls; nothing of Enzyme's own keeps an argument's shadow past
; the call (it passes it again to the reverse function), but a custom rule
; (__enzyme_register_gradient_*) may, and the copy by variant of emit/body/ir_body_variant.c
; must: its reverse pass needs the destination's and the source's shadows, and reaches them
; only through its tape or its record's shadow, both memory.
; The rule below is that copy's rule for enum { V0(f64), V1(i64) }, as in
; tests/enzyme-rules/variant-copy-rule.ll.
; The wrapper deletes the capture attributes of every function that may hand a pointer to
; such a rule and of the calls of them (typetree rewrite --strip-captures, between the
; halves and before the single clang run): stripped, the same module is right.
; Met by random_cases.py seed 8 case 9 (gradient case enum_sret_copy): an enum copied out of
; a Box and returned, zeros at -O1..-O3 with trees.
; CASE kept --opt wrong
; CASE stripped --opt --rewrite=--strip-captures right
; CASE kept-O2 -O2 wrong
; CASE defaults-O2 -O2 --enzyme-flags=-enzyme-max-type-offset=500 wrong
; CASE stripped-O2 -O2 --rewrite=--strip-captures right
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.trap()
@fmt = private constant [29 x i8] c"%s %g %g (expected %g)\0A\00\00\00\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0

!0 = !{!"Unknown", i32 -1, !1}
!1 = !{!"Float@double"}

define internal void @copyvar(ptr %d, ptr %s) {
  %r = alloca [2 x ptr], align 8
  store ptr %d, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  store ptr %s, ptr %r1, align 8
  call void @copyvar.rule(ptr %r)
  ret void
}

define internal void @copyvar.rule(ptr %r) noinline {
  %d = load ptr, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  %s = load ptr, ptr %r1, align 8
  %tag = load i64, ptr %s, align 8
  store i64 %tag, ptr %d, align 8
  %ps = getelementptr inbounds i8, ptr %s, i64 8
  %pd = getelementptr inbounds i8, ptr %d, i64 8
  %is0 = icmp eq i64 %tag, 0
  br i1 %is0, label %v0, label %v1
v0:
  %f = load double, ptr %ps, align 8, !enzyme_type !0
  store double %f, ptr %pd, align 8
  br label %done
v1:
  %i = load i64, ptr %ps, align 8
  store i64 %i, ptr %pd, align 8
  br label %done
done:
  ret void
}

define internal [1 x {ptr, ptr, i64}] @copyvar.aug(ptr %r, ptr %dr) {
entry:
  call void @copyvar.rule(ptr %r)
  %d = load ptr, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  %s = load ptr, ptr %r1, align 8
  %dd = load ptr, ptr %dr, align 8
  %dr1 = getelementptr inbounds i8, ptr %dr, i64 8
  %ds = load ptr, ptr %dr1, align 8
  %dst_inactive = icmp eq ptr %dd, %d
  %src_inactive = icmp eq ptr %ds, %s
  br i1 %dst_inactive, label %into_inactive, label %shadow
into_inactive:
  br i1 %src_inactive, label %none, label %lost
lost:
  call void @llvm.trap()
  unreachable
none:
  ret [1 x {ptr, ptr, i64}] zeroinitializer
shadow:
  %from = select i1 %src_inactive, ptr %s, ptr %ds
  %m0 = load i64, ptr %from, align 8
  store i64 %m0, ptr %dd, align 8
  %from8 = getelementptr inbounds i8, ptr %from, i64 8
  %dd8 = getelementptr inbounds i8, ptr %dd, i64 8
  %m1 = load i64, ptr %from8, align 8
  store i64 %m1, ptr %dd8, align 8
  store i64 0, ptr %dd8, align 8
  %tag = load i64, ptr %s, align 8
  %is0 = icmp eq i64 %tag, 0
  %v = select i1 %is0, i64 0, i64 1
  %dsk = select i1 %src_inactive, ptr null, ptr %ds
  %t0 = insertvalue [1 x {ptr, ptr, i64}] undef, ptr %dd, 0, 0
  %t1 = insertvalue [1 x {ptr, ptr, i64}] %t0, ptr %dsk, 0, 1
  %t2 = insertvalue [1 x {ptr, ptr, i64}] %t1, i64 %v, 0, 2
  ret [1 x {ptr, ptr, i64}] %t2
}

define internal void @copyvar.rev(ptr %r, ptr %dr, [1 x {ptr, ptr, i64}] %t) {
entry:
  %dd = extractvalue [1 x {ptr, ptr, i64}] %t, 0, 0
  %ds = extractvalue [1 x {ptr, ptr, i64}] %t, 0, 1
  %v = extractvalue [1 x {ptr, ptr, i64}] %t, 0, 2
  %none = icmp eq ptr %dd, null
  br i1 %none, label %done, label %go
go:
  %dd8 = getelementptr inbounds i8, ptr %dd, i64 8
  %is0 = icmp eq i64 %v, 0
  br i1 %is0, label %v0, label %v1
v0:
  %hasds = icmp ne ptr %ds, null
  br i1 %hasds, label %add, label %zero
add:
  %ds8 = getelementptr inbounds i8, ptr %ds, i64 8
  %a = load double, ptr %ds8, align 8
  %b = load double, ptr %dd8, align 8
  %c = fadd double %a, %b
  store double %c, ptr %ds8, align 8
  br label %zero
v1:
  br label %zero
zero:
  store i64 0, ptr %dd8, align 8
  br label %done
done:
  ret void
}

define internal void @copyvar.fwd(ptr %r, ptr %dr) {
entry:
  call void @copyvar.rule(ptr %r)
  %d = load ptr, ptr %r, align 8
  %r1 = getelementptr inbounds i8, ptr %r, i64 8
  %s = load ptr, ptr %r1, align 8
  %dd = load ptr, ptr %dr, align 8
  %dr1 = getelementptr inbounds i8, ptr %dr, i64 8
  %ds = load ptr, ptr %dr1, align 8
  %dst_inactive = icmp eq ptr %dd, %d
  %src_inactive = icmp eq ptr %ds, %s
  br i1 %dst_inactive, label %into_inactive, label %shadow
into_inactive:
  br i1 %src_inactive, label %none, label %lost
lost:
  call void @llvm.trap()
  unreachable
none:
  ret void
shadow:
  %from = select i1 %src_inactive, ptr %s, ptr %ds
  %m0 = load i64, ptr %from, align 8
  store i64 %m0, ptr %dd, align 8
  %from8 = getelementptr inbounds i8, ptr %from, i64 8
  %dd8 = getelementptr inbounds i8, ptr %dd, i64 8
  %m1 = load i64, ptr %from8, align 8
  store i64 %m1, ptr %dd8, align 8
  br i1 %src_inactive, label %zeroing, label %out
zeroing:
  store i64 0, ptr %dd8, align 8
  br label %out
out:
  ret void
}

@__enzyme_register_gradient_copyvar = internal global [3 x ptr] [ptr @copyvar.rule, ptr @copyvar.aug, ptr @copyvar.rev]
@__enzyme_register_derivative_copyvar = internal global [2 x ptr] [ptr @copyvar.rule, ptr @copyvar.fwd]


; lift(a) -> E: the enum a[0] copied (by the rule) into the return place
define internal void @lift(ptr sret([16 x i8]) captures(none) %o, ptr captures(none) %a) noinline {
  call void @copyvar(ptr %o, ptr %a)
  ret void
}

; g(a): t = lift(a); t's payload squared (d/dx = 2x = 3)
define internal double @g(ptr %a) noinline {
  %t = alloca [16 x i8], align 8
  call void @lift(ptr sret([16 x i8]) captures(none) %t, ptr captures(none) %a)
  %p = getelementptr inbounds i8, ptr %t, i64 8
  %x = load double, ptr %p, align 8
  %y = fmul double %x, %x
  ret double %y
}

define i32 @main() {
  %a = alloca [16 x i8], align 8
  %da = alloca [16 x i8], align 8
  store i64 0, ptr %a
  %a8 = getelementptr inbounds i8, ptr %a, i64 8
  store double 1.5, ptr %a8
  store i64 0, ptr %da
  %d8 = getelementptr inbounds i8, ptr %da, i64 8
  store double 0.0, ptr %d8
  call double (...) @__enzyme_autodiff(ptr @g, ptr %a, ptr %da)
  %g1 = load double, ptr %d8
  %bad = fcmp une double %g1, 3.0
  %msg = select i1 %bad, ptr @wrong, ptr @right
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g1, double 0.0, double 3.0)
  ret i32 0
}
