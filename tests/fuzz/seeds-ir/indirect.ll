; fuzz_ir seed: sret, #[track_caller], a mangled name matched by path, an existing tree
target triple = "x86_64-unknown-linux-gnu"

@loc = private unnamed_addr constant <{ ptr, [16 x i8] }> <{ ptr null, [16 x i8] zeroinitializer }>, align 8

define void @make_big(ptr sret([72 x i8]) align 8 %_0, double %x) unnamed_addr #0 {
start:
  store double %x, ptr %_0, align 8
  ret void
}

define double @located(double "enzyme_type"="{[-1]:Integer}" %x, ptr align 8 %0) unnamed_addr #0 {
start:
  ret double %x
}

define "enzyme_type"="{[-1]:Float@float}" float @_ZN5seeds3geo4norm17hed3f42f0b76840f0E(ptr align 4 %v.0, i64 %v.1) unnamed_addr #0 !dbg !4 {
start:
  %0 = load float, ptr %v.0, align 4, !dbg !6
  ret float %0
}

attributes #0 = { nounwind }

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}
!0 = !{i32 7, !"Dwarf Version", i32 4}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !3, producer: "clang LLVM (rustc version 1.95.0)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !DIFile(filename: "seeds.rs", directory: "/tmp")
!4 = distinct !DISubprogram(name: "norm", scope: !3, file: !3, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !2)
!5 = !DISubroutineType(types: !{})
!6 = !DILocation(line: 2, column: 5, scope: !4)
