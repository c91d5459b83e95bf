; Enzyme bug: a double chosen in a branch (`if c { x[i - 1] } else { x[i] }`) whose float use
; comes after a bounds check stops compilation: "Cannot deduce type of phi". At -O0 rustc
; keeps the chosen value in a local (%lv); Enzyme's own SROA, run before it, turns it into a
; phi of two loads and drops the !enzyme_type of the local and of its load (the phi is new).
; Nothing else types the phi: without strict aliasing (-enzyme-strict-aliasing=0, the
; wrapper's setting) Enzyme ignores what a use in a block that does not post-dominate the
; value says (the fmul comes after a bounds check whose panic branch ends the function), a
; phi passes nothing to its operands, and the loads come through a GEP with a run-time index
; from the slice's data pointer, which keeps only the [-1] entries of the pointer's tree.
; TREE is the closure's environment, a &[f64] (data pointer, length). Our rule types a
; slice's first element only ([-1,0,0]): error, as without trees. All elements ([-1,0,-1]),
; strict aliasing (Enzyme's default), or !enzyme_type {[-1]:Float@double} on the two element
; loads %a, %b (checked by hand; they survive SROA) each make it right.
; h(x) = 0.25 * (i > 0 ? x[i - 1] : x[i]) at i = 1 -> dh/dx[0] = 0.25.
; Gradient cases: vec_collect (-O0, with and without trees: vec_collect::smooth's closure),
; rustc_adbench_gmm_safe -O0 and rustc_adbench_gmm_unsafe -O1. The wrapper avoids it with
; trees: `typetree rewrite --float-loads` gives every float load between LLVM's passes and
; Enzyme that !enzyme_type (this module so rewritten is right at -O0 and -O2; the same cure
; as tests/enzyme-rules/float-load-tree.ll).
; CASE first -O0 {[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer} error Cannot deduce type of phi
; CASE all -O0 {[-1]:Pointer, [-1,0]:Pointer, [-1,0,-1]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer} right
; CASE strict -O0 --enzyme-flags=-enzyme-detect-readthrow=0 {[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer} right
declare void @abort()
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; |i| 0.25 * (if i > 0 { x[i - 1] } else { x[i] }), x: &[f64] in the environment
define internal double @clos(ptr "enzyme_type"="TREE" %env, i64 %i) noinline {
start:
  %lv = alloca double, !enzyme_type !2
  %pos = icmp ugt i64 %i, 0
  br i1 %pos, label %left, label %here
left:
  %im1 = sub i64 %i, 1
  %d0 = load ptr, ptr %env
  %p0 = getelementptr inbounds double, ptr %d0, i64 %im1
  %a = load double, ptr %p0
  store double %a, ptr %lv
  br label %join
here:
  %d1 = load ptr, ptr %env
  %p1 = getelementptr inbounds double, ptr %d1, i64 %i
  %b = load double, ptr %p1
  store double %b, ptr %lv
  br label %join
join:
  %l = load double, ptr %lv, !enzyme_type !1
  %lenp = getelementptr inbounds i8, ptr %env, i64 8
  %len = load i64, ptr %lenp
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %body, label %panic
panic:
  call void @abort()
  unreachable
body:
  %m = fmul double 2.5e-01, %l
  ret double %m
}

define internal double @h(ptr %x) noinline {
  %env = alloca { ptr, i64 }
  store ptr %x, ptr %env
  %lenp = getelementptr inbounds i8, ptr %env, i64 8
  store i64 3, ptr %lenp
  %r = call double @clos(ptr %env, i64 1)
  ret double %r
}

define i32 @main() {
  %x = alloca [3 x double]
  %dx = alloca [3 x double]
  store [3 x double] [double 1.0, double 2.0, double 3.0], ptr %x
  store [3 x double] zeroinitializer, ptr %dx
  call double (...) @__enzyme_autodiff(ptr @h, ptr %x, ptr %dx)
  %d = load double, ptr %dx
  %ok = fcmp oeq double %d, 2.5e-01
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 2.5e-01)
  ret i32 0
}

!0 = !{!"Float@double"}
!1 = !{!"Unknown", i32 -1, !0}
!2 = !{!"Unknown", i32 -1, !3}
!3 = !{!"Pointer", i32 0, !0}
