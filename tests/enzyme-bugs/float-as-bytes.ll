; Enzyme bug: a float moved as bytes does not move its derivative, silently once LLVM's
; passes have unrolled the moves, with any tree or none, with the wrapper's options and
; with Enzyme's defaults. Enzyme's type
; analysis takes every integer narrower than 16 bits for an Integer, whatever the memory
; it came from holds (TypeAnalyzer::getAnalysis: "cannot possibly represent a float"), so
; an i8 load and store that move a float's bytes move no derivative: the shadow stays where
; it was. Rust moves bytes so in `<[u8]>::swap` over a buffer of `to_le_bytes`: the stress
; program le_bytes_roundtrip at -O2 is WRONG with trees (its gradients come back in the
; records' order before the swap), where plain Enzyme stops earlier on a copy it cannot
; type (through_bits). Not worked around: no tree can say that an i8 is part of a float,
; and the bytes rule (docs/typetree-rules.md) gives byte buffers no tree.
; f(p): the 8 bytes of p[0] and p[1] swapped one by one, then 3 p[0] + 2 p[1]: after the
; swap that is 3 b + 2 a for p = [a, b], so d/da = 2 and d/db = 3.
; As a loop (-O0) Enzyme sees the bytes' Integer meet the doubles' Float at the same
; offsets and stops; unrolled (-O2, LLVM's passes before Enzyme, as in the wrapper's
; pipeline) it does not, and the result is wrong.
; CASE told {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} error Illegal updateAnalysis
; CASE told -O2 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} wrong
; CASE untold {[-1]:Pointer} error Illegal updateAnalysis
; CASE untold -O2 {[-1]:Pointer} wrong
; CASE defaults -O2 --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} wrong
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [37 x i8] c"%s d/da = %g, d/db = %g (want 2, 3)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal double @f(ptr "enzyme_type"="TREE" %p) noinline {
start:
  br label %loop
loop:
  %k = phi i64 [ 0, %start ], [ %k1, %loop ]
  %pa = getelementptr inbounds i8, ptr %p, i64 %k
  %kb = add i64 %k, 8
  %pb = getelementptr inbounds i8, ptr %p, i64 %kb
  %a = load i8, ptr %pa
  %b = load i8, ptr %pb
  store i8 %b, ptr %pa
  store i8 %a, ptr %pb
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 8
  br i1 %more, label %loop, label %done
done:
  %x0 = load double, ptr %p
  %p1 = getelementptr inbounds double, ptr %p, i64 1
  %x1 = load double, ptr %p1
  %t0 = fmul double %x0, 3.0
  %t1 = fmul double %x1, 2.0
  %r = fadd double %t0, %t1
  ret double %r
}

define i32 @main() {
  %p = alloca [2 x double], align 8
  %dp = alloca [2 x double], align 8
  store [2 x double] [double 1.5, double -0.5], ptr %p
  store [2 x double] zeroinitializer, ptr %dp
  call double (...) @__enzyme_autodiff(ptr @f, ptr %p, ptr %dp)
  %da = load double, ptr %dp
  %dp1 = getelementptr inbounds double, ptr %dp, i64 1
  %db = load double, ptr %dp1
  %oka = fcmp oeq double %da, 2.0
  %okb = fcmp oeq double %db, 3.0
  %ok = and i1 %oka, %okb
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %da, double %db)
  ret i32 0
}
