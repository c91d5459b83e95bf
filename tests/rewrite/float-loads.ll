; ARGS: --float-loads
; Every load of a floating-point type without !enzyme_type gets its register tree, in
; metadata numbered past the module's largest (!7 here): scalars, a vector, volatile, with
; and without other attachments; integer, pointer and atomic loads and a load that has a
; tree already stay as they are.
define double @f(ptr %p, ptr %q) !dbg !3 {
  %a = load double, ptr %p, align 8
  %b = load float, ptr %q, align 4, !dbg !6
  %c = load volatile double, ptr %p, align 8
  %v = load <2 x double>, ptr %p, align 16
  %i = load i64, ptr %p, align 8
  %r = load ptr, ptr %q, align 8
  %t = load atomic double, ptr %p acquire, align 8
  %k = load double, ptr %q, align 8, !enzyme_type !7
  %h = load half, ptr %q, align 2
  %e = fpext float %b to double
  %s = fadd double %a, %e
  ret double %s
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 2, scope: !3)
!7 = !{!"Unknown", i32 -1, !8}
!8 = !{!"Float@double"}
