; Enzyme bug (with the wrapper's -enzyme-strict-aliasing=0): a place that holds an integer,
; then a float, gives the float the integer's bits as its adjoint. A store of an integer
; writes the integer's shadow into the shadow memory (Enzyme's convention: the shadow of an
; integer mirrors it); a store of a float writes nothing there in the forward pass, and in
; the reverse pass takes what the shadow holds as its adjoint. Without strict aliasing
; Enzyme's type analysis does not carry a type across blocks that do not post-dominate each
; other, so the integer store of an enum copied by variant stays an integer store. Here one
; element of enum { V0(f64), V1(i64) } (tag at 0, payload at 8) copied by variant: v = [a[0],
; a[1]], then v[1] = v[0] over V1(-3), then v[0]'s payload squared: d/dx = 3 at x = 1.5;
; the shadow of a holds a's integers (as the harness's and a user's shadows do), and -3 read
; as a double is a NaN. With Enzyme's defaults the place is typed one way and the result is
; right; at -O2 LLVM's passes fold v away before Enzyme runs.
; Met by random_cases.py seed 12, case 9 (to_vec + sort_by of such an enum: one entry of
; the gradient NaN at every level, where plain Enzyme stops). The wrapper avoids it: copies
; of such enums go through a function Enzyme differentiates by a rule of ours
; (emit/body/ir_body_variant.c; tests/enzyme-rules/variant-copy-rule.ll; gradient case
; enum_variant_reuse).
; CASE tag-tree {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} wrong
; CASE no-tree {[-1]:Pointer} wrong
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [22 x i8] c"%s %g (expected 3)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

!0 = !{!"Unknown", i32 -1, !1}
!1 = !{!"Float@double"}

; one element of enum { V0(f64), V1(i64) } (tag at 0, payload at 8): the tag, then the
; payload as the variant the tag names types it
define internal void @copyvar(ptr %d, ptr %s) noinline {
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

; f(a): v = [a[0], a[1]] element by element, then v[1] = v[0], then v[0]'s payload squared
define internal double @f(ptr "enzyme_type"="TREE" %a) noinline {
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

define i32 @main() {
  %a = alloca [32 x i8], align 8
  %da = alloca [32 x i8], align 8
  ; a = [V0(1.5), V1(-3)]; its shadow: the same tags and integers, the float zero
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
  call double (...) @__enzyme_autodiff(ptr @f, ptr %a, ptr %da)
  %g = load double, ptr %d8
  %bad = fcmp une double %g, 3.0
  %msg = select i1 %bad, ptr @wrong, ptr @right
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g)
  ret i32 0
}
