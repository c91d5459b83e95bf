; A copy of a few bytes as typed loads and stores (annotate --typed-small-copies,
; emit/body/ir_body_loops.c): the cure of tests/enzyme-bugs/integer-swap.ll. The same swap of
; x[i] and x[j] through a temporary, with `load double`/`store double` as annotate writes a
; memcpy of one f64: the derivatives 1 4 3 2 come out with any tree or none, at every
; level, with the wrapper's options and Enzyme's defaults.
; CASE slice-tree {[-1]:Pointer, [-1,0]:Float@double} right
; CASE slice-tree -O1 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE slice-tree -O2 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE slice-tree -O3 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE no-tree {[-1]:Pointer} right
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer} right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [28 x i8] c"%s %g %g %g %g (1 4 3 2)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_const = global i8 0
@ij = global [2 x i64] [i64 1, i64 3]

; f(x, i, j): x[i] and x[j] swapped as <[f64]>::swap does (through a temporary), then
; sum_k (k + 1) * x[k] over four doubles.
define internal double @f(ptr "enzyme_type"="TREE" %x, i64 %i, i64 %j) noinline {
  %tmp = alloca [8 x i8], align 8
  %pi = getelementptr inbounds double, ptr %x, i64 %i
  %pj = getelementptr inbounds double, ptr %x, i64 %j
  %a = load double, ptr %pi, align 8
  store double %a, ptr %tmp, align 8
  %b = load double, ptr %pj, align 8
  store double %b, ptr %pi, align 8
  %c = load double, ptr %tmp, align 8
  store double %c, ptr %pj, align 8
  br label %loop
loop:
  %k = phi i64 [ 0, %0 ], [ %k1, %loop ]
  %s = phi double [ 0.0, %0 ], [ %s1, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %k
  %v = load double, ptr %p
  %k1 = add nuw nsw i64 %k, 1
  %w = uitofp i64 %k1 to double
  %t = fmul double %v, %w
  %s1 = fadd double %s, %t
  %e = icmp eq i64 %k1, 4
  br i1 %e, label %done, label %loop
done:
  ret double %s1
}

define i32 @main() {
  %x = alloca [4 x double], align 8
  %d = alloca [4 x double], align 8
  store [4 x double] [double 1.0, double 2.0, double 3.0, double 4.0], ptr %x
  store [4 x double] zeroinitializer, ptr %d
  %i = load volatile i64, ptr @ij
  %pj = getelementptr inbounds i64, ptr @ij, i64 1
  %j = load volatile i64, ptr %pj
  call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %d, ptr @enzyme_const, i64 %i, ptr @enzyme_const, i64 %j)
  %d0 = load double, ptr %d
  %q1 = getelementptr inbounds double, ptr %d, i64 1
  %d1 = load double, ptr %q1
  %q2 = getelementptr inbounds double, ptr %d, i64 2
  %d2 = load double, ptr %q2
  %q3 = getelementptr inbounds double, ptr %d, i64 3
  %d3 = load double, ptr %q3
  %o0 = fcmp une double %d0, 1.0
  %o1 = fcmp une double %d1, 4.0
  %o2 = fcmp une double %d2, 3.0
  %o3 = fcmp une double %d3, 2.0
  %b01 = or i1 %o0, %o1
  %b23 = or i1 %o2, %o3
  %bad = or i1 %b01, %b23
  %msg = select i1 %bad, ptr @wrong, ptr @right
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d1, double %d2, double %d3)
  ret i32 0
}
