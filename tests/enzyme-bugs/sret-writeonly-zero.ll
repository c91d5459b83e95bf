; Enzyme bug: a call whose sret parameter LLVM has marked `writeonly captures(none)` (what
; its attribute inference gives a function that only fills its sret, from -O1 on) loses the
; derivative of what the callee stores there, silently: all-zero derivatives, no message,
; when the stored struct also holds an integer whose type Enzyme knows.
; Why (Enzyme's output, opt -passes=enzyme): the augmented forward call of lift gets `undef`
; as the shadow of its sret buffer (the call only writes it), while augmented_lift mirrors
; the integer tag's store into that shadow (Enzyme duplicates integer stores into shadow
; memory): a store through undef. Built by clang with the plugin, the program prints zeros;
; Enzyme's output compiled without further optimization crashes on that store. The reverse
; functions themselves (diffelift, diffetower) are right. In Enzyme's source this is the
; rematerialization of allocations (GradientUtils::computeForwardingProperties): a
; write-only, non-capturing call into a temporary whose memory is not all floats is taken
; to need no shadow in the forward pass, on the assumption that the forward pass writes the
; shadow's integers itself.
; Here: lift(x: A) -> A with A = { f64 a, f64 s, u16 tag } scales the floats by 0.9 and
; multiplies the tag; tower = |lift(x)|^2 through a temporary; f(p) = tower(p.A) + p.b^2.
; d/da = 1.62, d/ds = 3.24, d/db = 6: Enzyme gives 0, 0, 6.
; - The trees are true (A's layout as rustc lays it out); the true tree of f's parameter, or
;   one that types only the tag's two bytes, lets Enzyme past the tag's `mul` and gives 0, 0.
; - Without the tree Enzyme stops on that `mul` ("cannot handle unknown binary operator").
; - Measured beside this file, not run as cases: without `writeonly captures(none)` on
;   lift's sret the same trees give the right 1.62, 3.24, 6; with the tag's `mul i16 %t, 3`
;   made `add i16 %t, 0` (which Enzyme types without help) plain Enzyme, no tree at all,
;   gives the same 0, 0: the trees only get Enzyme to the bug. At clang -O2 this module is
;   right (the pipeline before Enzyme changes its shape).
; The wrapper runs Enzyme with -enzyme-rematerialize=0, which avoids it (CASE wrapper: the
; wrapper's options): the shadow is then made in the forward pass. The other cases give
; Enzyme the wrapper's options without that one.
; Met by the stress program generic_tower at -O2 with trees (bench-enzyme): every W<T> of
; the tower is returned through such an sret and carries a u16 tag; all 8 derivatives are
; 0. Removing `writeonly` from the sret parameters of the module that reaches Enzyme (LLVM's
; -O2 pipeline up to Enzyme run with opt, the attribute deleted, then Enzyme) makes that
; build right, as -enzyme-rematerialize=0 does.
; CASE true-tree --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Anything, [-1,19]:Anything, [-1,20]:Anything, [-1,21]:Anything, [-1,22]:Anything, [-1,23]:Anything, [-1,24]:Float@double} wrong
; CASE tag-only --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0 {[-1]:Pointer, [-1,16]:Integer, [-1,17]:Integer} wrong
; CASE no-tree --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0 {[-1]:Pointer} error cannot handle unknown binary operator
; CASE wrapper {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Anything, [-1,19]:Anything, [-1,20]:Anything, [-1,21]:Anything, [-1,22]:Anything, [-1,23]:Anything, [-1,24]:Float@double} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [13 x i8] c"%s %g %g %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; lift(x: A) -> A with A = { f64 a, f64 s, u16 tag } (24 bytes, tag at 16): the floats
; times 0.9, the tag kept. The sret parameter has the attributes LLVM infers for it.
define internal void @lift(ptr sret([24 x i8]) writeonly captures(none) %o, ptr %x) noinline {
  %a = load double, ptr %x
  %a9 = fmul double %a, 9.0e-01
  %tp = getelementptr inbounds i8, ptr %x, i64 16
  %t = load i16, ptr %tp
  %t2 = mul i16 %t, 3
  %sp = getelementptr inbounds i8, ptr %x, i64 8
  %s = load double, ptr %sp
  %s9 = fmul double %s, 9.0e-01
  store double %a9, ptr %o
  %otp = getelementptr inbounds i8, ptr %o, i64 16
  store i16 %t2, ptr %otp
  %osp = getelementptr inbounds i8, ptr %o, i64 8
  store double %s9, ptr %osp
  ret void
}

; norm(lift(x)): a^2 + s^2 of the lifted A, through a temporary
define internal double @tower(ptr %x) noinline {
  %t = alloca [24 x i8], align 8
  call void @lift(ptr sret([24 x i8]) %t, ptr %x)
  %a = load double, ptr %t
  %a2 = fmul double %a, %a
  %sp = getelementptr inbounds i8, ptr %t, i64 8
  %s = load double, ptr %sp
  %s2 = fmul double %s, %s
  %r = fadd double %a2, %s2
  ret double %r
}

; p: { A, f64 b } (32 bytes); f = tower(p.A) + b^2
define internal double @f(ptr "enzyme_type"="TREE" %p) noinline {
  %ra = call double @tower(ptr %p)
  %q = getelementptr inbounds i8, ptr %p, i64 24
  %b = load double, ptr %q
  %rb = fmul double %b, %b
  %r = fadd double %ra, %rb
  ret double %r
}

; the differentiated function: Enzyme reads the trees of the functions it calls
define internal double @g(ptr %p) noinline {
  %r = call double @f(ptr %p)
  ret double %r
}

define i32 @main() {
  %p = alloca [32 x i8], align 8
  %d = alloca [32 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 32, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 32, i1 false)
  store double 1.0, ptr %p
  %p8 = getelementptr inbounds i8, ptr %p, i64 8
  store double 2.0, ptr %p8
  %p16 = getelementptr inbounds i8, ptr %p, i64 16
  store i16 11, ptr %p16
  %p24 = getelementptr inbounds i8, ptr %p, i64 24
  store double 3.0, ptr %p24
  call void (...) @__enzyme_autodiff(ptr @g, ptr %p, ptr %d)
  ; d/da = 2 * 0.81 * a = 1.62, d/ds = 3.24, d/db = 2 * b = 6
  %d0 = load double, ptr %d
  %d8p = getelementptr inbounds i8, ptr %d, i64 8
  %d8 = load double, ptr %d8p
  %d24p = getelementptr inbounds i8, ptr %d, i64 24
  %d24 = load double, ptr %d24p
  %e0 = fsub double %d0, 1.62
  %e8 = fsub double %d8, 3.24
  %e24 = fsub double %d24, 6.0
  %f0 = call double @llvm.fabs.f64(double %e0)
  %f8 = call double @llvm.fabs.f64(double %e8)
  %f24 = call double @llvm.fabs.f64(double %e24)
  %m1 = call double @llvm.maxnum.f64(double %f0, double %f8)
  %m = call double @llvm.maxnum.f64(double %m1, double %f24)
  %ok = fcmp olt double %m, 1.0e-9
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d8, double %d24)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare double @llvm.fabs.f64(double)
declare double @llvm.maxnum.f64(double, double)
