; ARGS: --split-memmove
; Plain memmoves go through @__typetree_memmove; a volatile one and one whose operand is a
; constant expression stay; malloc, free and llvm.memcpy are declared at the end.
target triple = "x86_64-unknown-linux-gnu"

@buf = global [32 x i8] zeroinitializer

define void @rotate(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memmove.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 %n, i1 false)
  tail call void @llvm.memmove.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) %d, ptr %s, i64 24, i1 false), !dbg !0
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 true)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr getelementptr inbounds (i8, ptr @buf, i64 8), i64 8, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr @buf, ptr %s, i64 8, i1 false)
  ret void
}

declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg)

!llvm.module.flags = !{!3}
!0 = !DILocation(line: 1, scope: !1)
!1 = distinct !DISubprogram(name: "rotate", scope: null, unit: !2, spFlags: DISPFlagDefinition)
!2 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !4, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIFile(filename: "a.rs", directory: "/")
