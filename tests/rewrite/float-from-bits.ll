; ARGS: --float-from-bits
; SAME-OUTPUT
; Floats made from the shifted bits of an integer (rand's samples: f64::from_bits(u64 >> 12
; | exponent), f32::from_bits(u32 >> 9 | exponent)) become calls of a bitcast Enzyme takes
; for inactive and does not look into; the integer keeps its Integer, and Enzyme no longer
; stops on the disagreement (tests/enzyme-bugs/float-from-int-bits.ll). Left alone: a
; bitcast of an integer not so made (a loaded one: a float's bits moved through a
; register), an `or` whose constant reaches into the shifted bits, an `or` of two values,
; a shift by a register, and a float from bits in another function than the shift's.
declare i32 @printf(ptr, ...)
@fmt = private constant [16 x i8] c"%g %g %g %g %g\0A\00"

define double @f64_sample(i64 %s) {
  %fr = lshr i64 %s, 12
  %b = or disjoint i64 %fr, 4607182418800017408
  %u = bitcast i64 %b to double, !dbg !0
  ret double %u
}

define float @f32_sample(i32 %s) {
  %fr = lshr exact i32 %s, 9
  %b = or i32 %fr, 1065353216
  %u = bitcast i32 %b to float
  ret float %u
}

define double @kept(ptr %p, i64 %s, i64 %k, i64 %t) {
  %l = load i64, ptr %p
  %a = bitcast i64 %l to double
  %fr = lshr i64 %s, 12
  %low = or i64 %fr, 4607182418800017409
  %b = bitcast i64 %low to double
  %two = or i64 %fr, %t
  %c = bitcast i64 %two to double
  %fk = lshr i64 %s, %k
  %ok = or i64 %fk, 4607182418800017408
  %d = bitcast i64 %ok to double
  %x = fadd double %a, %b
  %y = fadd double %c, %d
  %r = fadd double %x, %y
  ret double %r
}

define double @elsewhere(i64 %b) {
  %u = bitcast i64 %b to double
  ret double %u
}

define i32 @main() {
  %p = alloca i64
  store i64 4611686018427387904, ptr %p
  %a = call double @f64_sample(i64 -1)
  %b = call float @f32_sample(i32 -1)
  %bd = fpext float %b to double
  %c = call double @kept(ptr %p, i64 1234567, i64 12, i64 0)
  %d = call double @elsewhere(i64 4613937818241073152)
  %e = call double @f64_sample(i64 81985529216486895)
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %bd, double %c, double %d, double %e)
  ret i32 0
}

!llvm.module.flags = !{!3}
!llvm.dbg.cu = !{!2}
!0 = !DILocation(line: 1, scope: !1)
!1 = distinct !DISubprogram(name: "f64_sample", scope: !4, file: !4, unit: !2, spFlags: DISPFlagDefinition)
!2 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !4, emissionKind: FullDebug)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIFile(filename: "a.rs", directory: "/")
