; ARGS: --quiet-checks
; Rewritten: calls of std's debug precondition checks (legacy and v0 mangled names, a tail
; call with its attribute group and metadata) get memory(inaccessiblemem: readwrite) after
; their arguments. Left: a call of another function, a call whose name only contains the
; words, a call that says memory(...) already, the checks' own definition, a call through a
; pointer.
define internal void @"_ZN4core3num23_$LT$impl$u20$usize$GT$13unchecked_add18precondition_check17h8f9879c6d0ec3fefE"(i64 %lhs) noinline optnone {
  ret void
}

define internal void @_RNvNtNtCs1234_4core5slice3raw18precondition_check(ptr %p, i64 %n) noinline optnone {
  ret void
}

define internal void @_ZN4core3foo29not_a_precondition_check_call17h0123456789abcdefE(i64 %x) {
  ret void
}

define internal void @other(i64 %x) {
  ret void
}

define void @f(ptr %p, i64 %n, ptr %fp) !dbg !3 {
  tail call void @"_ZN4core3num23_$LT$impl$u20$usize$GT$13unchecked_add18precondition_check17h8f9879c6d0ec3fefE"(i64 %n) #0, !dbg !5
  call void @_RNvNtNtCs1234_4core5slice3raw18precondition_check(ptr %p, i64 %n)
  call void @"_ZN4core3num23_$LT$impl$u20$usize$GT$13unchecked_add18precondition_check17h8f9879c6d0ec3fefE"(i64 %n) memory(none)
  call void @_ZN4core3foo29not_a_precondition_check_call17h0123456789abcdefE(i64 %n)
  call void @other(i64 %n)
  call void %fp(i64 %n)
  ret void
}

attributes #0 = { nounwind }

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "golden", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "checks.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1)
!4 = !DISubroutineType(types: !6)
!5 = !DILocation(line: 1, scope: !3)
!6 = !{null}
