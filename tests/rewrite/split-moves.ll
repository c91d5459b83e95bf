; ARGS: --copy-segments
; SAME-OUTPUT
; Integer moves of bytes that mix a float with other data (emit/rewrite/ir_split_moves.c):
; an i64 load whose every use is a store of it, from a place whose kinds are known, becomes
; one load and one store per piece. B is { f64, i64, u32, f32, u8, padding } (32 bytes), %xs
; a run of B. @swap16 swaps bytes 16..24 (the u32 and the f32) of two elements the way
; ptr::swap_nonoverlapping does, eight bytes at a time.
@fmt = private constant [21 x i8] c"%llx %llx %llx %llx\0A\00"

declare i32 @printf(ptr, ...)

define void @swap16(ptr "typetree_segments"="32;Float@double:0 Integer:8 Float@float:20 Integer:24 Anything:25" %xs, i64 %i, i64 %j) {
  %oi = mul nuw i64 %i, 32
  %oj = mul nuw i64 %j, 32
  %a = getelementptr inbounds i8, ptr %xs, i64 %oi
  %b = getelementptr inbounds i8, ptr %xs, i64 %oj
  %a16 = getelementptr inbounds i8, ptr %a, i64 16
  %b16 = getelementptr inbounds i8, ptr %b, i64 16
  ; the u32 and the f32: split, and so is each store of them; the debug record goes
  %x = load i64, ptr %a16, align 8
  %y = load i64, ptr %b16, align 8
    #dbg_value(i64 %x, !5, !DIExpression(), !8)
  store i64 %y, ptr %a16, align 8
  store i64 %x, ptr %b16, align 8
  ; the f64 and the i64 at 0: split, bytes 0..16 as one i128
  %w = load i128, ptr %a, align 8
  store i128 %w, ptr %b, align 8
  ; integers and padding alone (24..32): left as it is
  %a24 = getelementptr inbounds i8, ptr %a, i64 24
  %t = load i64, ptr %a24, align 8
  store i64 %t, ptr %a24, align 8
  ; a value used otherwise too: left as it is
  %u = load i64, ptr %a16, align 8
  %u1 = add i64 %u, 0
  store i64 %u, ptr %b16, align 8
  ret void
}

define i32 @main() {
  %m = alloca [64 x i8], align 8
  %m8 = getelementptr inbounds i8, ptr %m, i64 8
  %m16 = getelementptr inbounds i8, ptr %m, i64 16
  %m20 = getelementptr inbounds i8, ptr %m, i64 20
  %m24 = getelementptr inbounds i8, ptr %m, i64 24
  %n = getelementptr inbounds i8, ptr %m, i64 32
  %n8 = getelementptr inbounds i8, ptr %m, i64 40
  %n16 = getelementptr inbounds i8, ptr %m, i64 48
  %n20 = getelementptr inbounds i8, ptr %m, i64 52
  %n24 = getelementptr inbounds i8, ptr %m, i64 56
  store double 1.5, ptr %m, align 8
  store i64 7, ptr %m8, align 8
  store i32 11, ptr %m16, align 4
  store float 2.25, ptr %m20, align 4
  store i64 3, ptr %m24, align 8
  store double -4.0, ptr %n, align 8
  store i64 9, ptr %n8, align 8
  store i32 13, ptr %n16, align 4
  store float -0.5, ptr %n20, align 4
  store i64 5, ptr %n24, align 8
  call void @swap16(ptr %m, i64 0, i64 1)
  %r0 = load i64, ptr %m16, align 8
  %r1 = load i64, ptr %n16, align 8
  %r2 = load i64, ptr %n, align 8
  %r3 = load i64, ptr %n8, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r0, i64 %r1, i64 %r2, i64 %r3)
  ret i32 0
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "s.c", directory: "/")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "swap16", scope: !1, file: !1, line: 1, type: !2, unit: !0)
!5 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 1, type: !6)
!6 = !DIBasicType(name: "u64", size: 64, encoding: DW_ATE_unsigned)
!8 = !DILocation(line: 1, scope: !4)
