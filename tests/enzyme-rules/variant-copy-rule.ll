; The rule the wrapper gives Enzyme for a copy of an enum by variant (annotate
; --typed-copy-loops, emit/body/ir_body_variant.c), written out for enum { V0(f64), V1(i64) }
; (tag at 0, payload at 8): the cure of tests/enzyme-bugs/enum-variant-reuse.ll. The copy
; takes one argument, a record { dst, src }; the augmented forward pass copies the shadow
; byte for byte, then zeroes the bytes a float of some variant holds, and returns the tape
; { dst', src' or null, variant } (an array, so that Enzyme takes all of it for the tape);
; the reverse pass adds the copied variant's float adjoints to the source's shadow, then
; zeroes those bytes of the destination's shadow again; the forward derivative copies the
; shadow. f1: v[1] = v[0] over V1(-3) (a float over an integer): d/dx = 3; f2: then v[1] =
; a[1] again over the float read before (an integer over a float): d/dx = 6; both in
; reverse and forward mode, with the shadow holding a's integers.
; CASE tag-tree {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE tag-tree-O2 -O2 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
; CASE defaults-O2 -O2 --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
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

; f1(a): v = [a[0], a[1]], then v[1] = v[0], then v[0]'s payload squared (d/dx = 2x = 3)
define internal double @f1(ptr "enzyme_type"="TREE" %a) noinline {
  %v = alloca [32 x i8], align 8
  call void @copyvar(ptr %v, ptr %a)
  %a1 = getelementptr inbounds i8, ptr %a, i64 16
  %v1 = getelementptr inbounds i8, ptr %v, i64 16
  call void @copyvar(ptr %v1, ptr %a1)
  call void @copyvar(ptr %v1, ptr %v)
  %p = getelementptr inbounds i8, ptr %v, i64 8
  %x = load double, ptr %p, align 8
  %y = fmul double %x, %x
  ret double %y
}

; f2(a): v = [a[0], a[1]], v[1] = v[0], y = v[1]'s payload, v[1] = a[1], x = v[0]'s payload:
; x*x + y*y (d/dx = 4x = 6)
define internal double @f2(ptr "enzyme_type"="TREE" %a) noinline {
  %v = alloca [32 x i8], align 8
  call void @copyvar(ptr %v, ptr %a)
  %a1 = getelementptr inbounds i8, ptr %a, i64 16
  %v1 = getelementptr inbounds i8, ptr %v, i64 16
  call void @copyvar(ptr %v1, ptr %a1)
  call void @copyvar(ptr %v1, ptr %v)
  %q = getelementptr inbounds i8, ptr %v, i64 24
  %y = load double, ptr %q, align 8
  call void @copyvar(ptr %v1, ptr %a1)
  %p = getelementptr inbounds i8, ptr %v, i64 8
  %x = load double, ptr %p, align 8
  %x2 = fmul double %x, %x
  %y2 = fmul double %y, %y
  %s = fadd double %x2, %y2
  ret double %s
}

define internal void @init(ptr %a, ptr %da) {
  store i64 0, ptr %a
  %a8 = getelementptr inbounds i8, ptr %a, i64 8
  store double 1.5, ptr %a8
  %a16 = getelementptr inbounds i8, ptr %a, i64 16
  store i64 1, ptr %a16
  %a24 = getelementptr inbounds i8, ptr %a, i64 24
  store i64 -3, ptr %a24
  store i64 0, ptr %da
  %d8 = getelementptr inbounds i8, ptr %da, i64 8
  store double 0.0, ptr %d8
  %d16 = getelementptr inbounds i8, ptr %da, i64 16
  store i64 1, ptr %d16
  %d24 = getelementptr inbounds i8, ptr %da, i64 24
  store i64 -3, ptr %d24
  ret void
}

define internal i1 @check(double %g, double %want) {
  %bad = fcmp une double %g, %want
  ret i1 %bad
}

define i32 @main() {
  %a = alloca [32 x i8], align 8
  %da = alloca [32 x i8], align 8
  %d8 = getelementptr inbounds i8, ptr %da, i64 8
  call void @init(ptr %a, ptr %da)
  call double (...) @__enzyme_autodiff(ptr @f1, ptr %a, ptr %da)
  %g1 = load double, ptr %d8
  call void @init(ptr %a, ptr %da)
  call double (...) @__enzyme_autodiff(ptr @f2, ptr %a, ptr %da)
  %g2 = load double, ptr %d8
  ; forward mode: tangent 1 on a[0]'s payload
  call void @init(ptr %a, ptr %da)
  store double 1.0, ptr %d8
  %t1 = call double (...) @__enzyme_fwddiff(ptr @f1, ptr @enzyme_dup, ptr %a, ptr %da)
  call void @init(ptr %a, ptr %da)
  store double 1.0, ptr %d8
  %t2 = call double (...) @__enzyme_fwddiff(ptr @f2, ptr @enzyme_dup, ptr %a, ptr %da)
  %b1 = fcmp une double %g1, 3.0
  %b2 = fcmp une double %g2, 6.0
  %b3 = fcmp une double %t1, 3.0
  %b4 = fcmp une double %t2, 6.0
  %b12 = or i1 %b1, %b2
  %b34 = or i1 %b3, %b4
  %bad = or i1 %b12, %b34
  %msg = select i1 %bad, ptr @wrong, ptr @right
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g1, double %g2, double 3.0)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %t1, double %t2, double 3.0)
  ret i32 0
}
