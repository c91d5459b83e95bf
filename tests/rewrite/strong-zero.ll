; ARGS: --strong-zero
; Every call of an Enzyme entry point passes @enzyme_strong_zero after the function it hands
; (after the second argument when the first is the call's sret pointer); other __enzyme_
; functions and declarations are left alone; the marker is defined at the end
; (tests/enzyme-bugs/strong-zero.ll says why). strong-zero-present.ll: a module with it.
@enzyme_dup = global i8 0
@enzyme_const = global i8 0

declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare void @__enzyme_autodiff_pair(ptr, ptr, ...)
declare double @__enzyme_float(...)

define internal double @sq(double %x) {
  %m = fmul double %x, %x
  ret double %m
}

define double @grads(double %x, ptr %p, ptr %dp) {
  %a = call double (...) @__enzyme_autodiff(ptr @sq, double %x)
  %b = call double (...) @__enzyme_fwddiff(ptr nonnull @sq, double %x, double 1.0), !dbg !0
  call void (ptr, ptr, ...) @__enzyme_autodiff_pair(ptr sret({ double, double }) %p, ptr @sq, ptr @enzyme_dup, ptr %p, ptr %dp)
  %d = call double (...) @__enzyme_float(ptr %p, i64 8)
  %s = fadd double %a, %b
  ret double %s
}

!llvm.module.flags = !{!2}
!0 = !DILocation(line: 1, scope: !1)
!1 = distinct !DISubprogram(name: "grads", scope: null, spFlags: DISPFlagDefinition, unit: !3)
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DICompileUnit(language: DW_LANG_C, file: !4, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!4 = !DIFile(filename: "t.c", directory: "/")
