; ARGS: --pair-returns
; SAME-OUTPUT
; Returned pairs of an integer and a float (rustc's Option<f64>, (bool, f32), (usize, f64)
; by value): each integer member that provably holds an integer goes through
; @__typetree_integer.iN and is inserted again over the returned value, so Enzyme sees an
; Integer there and gives the float its derivative (tests/enzyme-bugs/mixed-pair-return.ll).
; Rewritten: a tag from `zext i1`, a phi of constants, a load with !range, a select, a
; loop counter (a cycle of add and phi), an i8 bool, members in either order, the constant
; 0 (inserted, or a member of a constant or zeroinitializer aggregate the chain starts
; from). Left alone: an integer made from a float's bits, a parameter, a plain load, a
; poison member, a pair of floats, a pointer and a float, a constant return, an aggregate
; that is not an insertvalue chain, an i24, a function returning a scalar.
declare i32 @printf(ptr, ...)
declare double @llvm.log.f64(double)
@fmt = private constant [4 x i8] c"%g\0A\00"
@fmti = private constant [5 x i8] c"%ld\0A\00"

define { i64, double } @tag(double %x) {
  %c = fcmp ogt double %x, 0.000000e+00
  %l = call double @llvm.log.f64(double %x)
  %z = zext i1 %c to i64
  %1 = insertvalue { i64, double } poison, i64 %z, 0
  %2 = insertvalue { i64, double } %1, double %l, 1
  ret { i64, double } %2, !dbg !0
}

define { i64, double } @phi_tag(ptr %p, i1 %b) {
start:
  br i1 %b, label %some, label %done
some:
  %v = load double, ptr %p
  br label %done
done:
  %f = phi double [ %v, %some ], [ undef, %start ]
  %t = phi i64 [ 1, %some ], [ 0, %start ], !dbg !0
  %1 = insertvalue { i64, double } poison, i64 %t, 0
  %2 = insertvalue { i64, double } %1, double %f, 1
  ret { i64, double } %2
}

define { double, i64 } @range_select(ptr %p, i1 %b) {
  %t = load i64, ptr %p, align 8, !range !1, !noundef !2
  %s = select i1 %b, i64 %t, i64 3
  %1 = insertvalue { double, i64 } poison, i64 %s, 1
  %2 = insertvalue { double, i64 } %1, double 2.500000e+00, 0
  ret { double, i64 } %2
}

define { i64, double } @counter(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %best = phi i64 [ 0, %entry ], [ %i, %loop ]
  %acc = phi double [ 0.000000e+00, %entry ], [ %acc1, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  %v = load double, ptr %q
  %acc1 = fadd double %acc, %v
  %i1 = add nuw i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %out
out:
  %1 = insertvalue { i64, double } poison, i64 %best, 0
  %2 = insertvalue { i64, double } %1, double %acc1, 1
  ret { i64, double } %2
}

define { i8, float } @flag(float %x) {
  %c = fcmp olt float %x, 1.000000e+00
  %b = zext i1 %c to i8
  %1 = insertvalue { i8, float } poison, i8 %b, 0
  %2 = insertvalue { i8, float } %1, float %x, 1
  ret { i8, float } %2
}

define { i64, double } @kept(double %x, i64 %n, ptr %p) {
  %bits = bitcast double %x to i64
  %1 = insertvalue { i64, double } poison, i64 %bits, 0
  %2 = insertvalue { i64, double } %1, double %x, 1
  %m = and i64 %bits, 1
  %3 = insertvalue { i64, double } %2, i64 %m, 0
  %4 = insertvalue { i64, double } %2, i64 %n, 0
  %l = load i64, ptr %p
  %5 = insertvalue { i64, double } %2, i64 %l, 0
  %c = icmp eq i64 %n, 0
  br i1 %c, label %a, label %b
a:
  ret { i64, double } %3
b:
  %d = icmp eq i64 %n, 1
  br i1 %d, label %c4, label %c5
c4:
  ret { i64, double } %4
c5:
  ret { i64, double } %5
}

define { i64, double } @continue_tag(double %x) {
  %1 = insertvalue { i64, double } { i64 0, double poison }, double %x, 1
  ret { i64, double } %1
}

define { i64, double } @zero_agg(double %x) {
  %1 = insertvalue { i64, double } zeroinitializer, double %x, 1
  ret { i64, double } %1
}

define { i64, double } @zero_tag(double %x) {
  %1 = insertvalue { i64, double } poison, i64 0, 0
  %2 = insertvalue { i64, double } %1, double %x, 1
  ret { i64, double } %2
}

define { i64, double } @poison_tag(double %x) {
  %1 = insertvalue { i64, double } poison, double %x, 1
  ret { i64, double } %1
}

define { double, double } @floats(double %x) {
  %1 = insertvalue { double, double } poison, double %x, 0
  %2 = insertvalue { double, double } %1, double %x, 1
  ret { double, double } %2
}

define { ptr, double } @pointer(ptr %p, double %x) {
  %1 = insertvalue { ptr, double } poison, ptr %p, 0
  %2 = insertvalue { ptr, double } %1, double %x, 1
  ret { ptr, double } %2
}

define { i64, double } @constant() {
  ret { i64, double } { i64 1, double 2.000000e+00 }
}

define { i64, double } @through_phi(i1 %b, double %x) {
start:
  %1 = insertvalue { i64, double } { i64 0, double 0.000000e+00 }, double %x, 1
  br i1 %b, label %one, label %two
one:
  br label %two
two:
  %r = phi { i64, double } [ %1, %one ], [ { i64 1, double 0.000000e+00 }, %start ]
  ret { i64, double } %r
}

define { i24, double } @odd(double %x) {
  %1 = insertvalue { i24, double } poison, i24 5, 0
  %2 = insertvalue { i24, double } %1, double %x, 1
  ret { i24, double } %2
}

define double @scalar(double %x) {
  ret double %x
}

define i32 @main() {
  %p = alloca [3 x double]
  store double 1.0, ptr %p
  %p1 = getelementptr inbounds double, ptr %p, i64 1
  store double 2.0, ptr %p1
  %p2 = getelementptr inbounds double, ptr %p, i64 2
  store double 4.0, ptr %p2
  %t = alloca i64
  store i64 1, ptr %t
  %a = call { i64, double } @tag(double 2.0)
  %a0 = extractvalue { i64, double } %a, 0
  %a1 = extractvalue { i64, double } %a, 1
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %a0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a1)
  %b = call { i64, double } @phi_tag(ptr %p1, i1 true)
  %b0 = extractvalue { i64, double } %b, 0
  %b1 = extractvalue { i64, double } %b, 1
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %b0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %b1)
  %c = call { double, i64 } @range_select(ptr %t, i1 false)
  %c1 = extractvalue { double, i64 } %c, 1
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %c1)
  %d = call { i64, double } @counter(ptr %p, i64 3)
  %d0 = extractvalue { i64, double } %d, 0
  %d1 = extractvalue { i64, double } %d, 1
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %d0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d1)
  %e = call { i8, float } @flag(float 0.5)
  %e0 = extractvalue { i8, float } %e, 0
  %e0w = zext i8 %e0 to i64
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %e0w)
  %g = call { i64, double } @continue_tag(double 1.5)
  %g0 = extractvalue { i64, double } %g, 0
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %g0)
  %h = call { i64, double } @zero_agg(double 1.5)
  %h1 = extractvalue { i64, double } %h, 1
  call i32 (ptr, ...) @printf(ptr @fmt, double %h1)
  %j = call { i64, double } @zero_tag(double 1.5)
  %j0 = extractvalue { i64, double } %j, 0
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %j0)
  %f = call { i64, double } @kept(double 1.5, i64 2, ptr %t)
  %f0 = extractvalue { i64, double } %f, 0
  call i32 (ptr, ...) @printf(ptr @fmti, i64 %f0)
  ret i32 0
}

!llvm.module.flags = !{!3}
!llvm.dbg.cu = !{!5}
!0 = !DILocation(line: 1, scope: !4)
!1 = !{i64 0, i64 2}
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: null, unit: !5, spFlags: DISPFlagDefinition)
!5 = distinct !DICompileUnit(language: DW_LANG_C, file: !6, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!6 = !DIFile(filename: "t.c", directory: "/")
