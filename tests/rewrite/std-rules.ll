; ARGS: --std-rules
; The rules for std's allocator (emit/rewrite/ir_std_rules.c, docs/std-rules.md): the
; module's __rust_realloc renamed away and rules/rust-alloc.ll appended
; with the declarations the module lacks (malloc is here already); a RawVecInner growth
; method's { i64, i64 } return given Integer (rule 3), one with a tree already left alone;
; finish_grow's store through a phi of constant offsets split one per offset, the phi of
; the block after naming the new join block (rule 4), a store with !dbg after its address
; left alone. std-rules.expected was written by rules/link.sh and rules/unsink.awk, the
; shell rewrite --std-rules replaced (the rules' own header comment updated since).
source_filename = "std_rules"

define internal ptr @__rust_alloc(i64 %size, i64 %align) {
  %p = call ptr @malloc(i64 %size)
  ret ptr %p
}

define internal void @__rust_dealloc(ptr %p, i64 %size, i64 %align) {
  ret void
}

define internal ptr @__rust_realloc(ptr %p, i64 %old, i64 %align, i64 %new) {
  %q = call ptr @malloc(i64 %new)
  ret ptr %q
}

define internal { i64, i64 } @_RNvMs4_NtCs0_5alloc7raw_vecNtB5_11RawVecInner14grow_amortizedCs1_3foo(ptr %v, i64 %len) {
  ret { i64, i64 } { i64 -9223372036854775807, i64 0 }
}

define internal "enzyme_type"="{[-1]:Integer}" { i64, i64 } @_RNvMs4_NtCs0_5alloc7raw_vecNtB5_11RawVecInner10grow_exactCs1_3foo(ptr %v, i64 %len) {
  ret { i64, i64 } { i64 -9223372036854775807, i64 0 }
}

define internal void @_RNvMs4_NtCs0_5alloc7raw_vecNtB5_11RawVecInner11finish_growCs1_3foo(ptr %0, i1 %c, i64 %v) {
start:
  br i1 %c, label %a, label %b

a:
  br i1 %c, label %join, label %d

b:
  br label %join

d:
  br label %join

join:
  %k = phi i64 [ 16, %a ], [ 8, %b ], [ 16, %d ]
  %w = phi i64 [ %v, %a ], [ 0, %b ], [ 1, %d ]
  %g = getelementptr inbounds nuw i8, ptr %0, i64 %k
  store i64 %w, ptr %g, align 8, !noalias !0
  %h = getelementptr inbounds i8, ptr %0, i64 %k, !dbg !3
  store i64 %w, ptr %h, align 8
  br label %next

next:
  %r = phi i64 [ 1, %join ]
  store i64 %r, ptr %0, align 8
  ret void
}

define ptr @grow(ptr %p) {
  %q = call ptr @__rust_realloc(ptr %p, i64 8, i64 8, i64 16)
  ret ptr %q
}

declare ptr @malloc(i64)

!llvm.module.flags = !{!5}
!0 = !{!1}
!1 = distinct !{!1, !2}
!2 = distinct !{!2}
!3 = !DILocation(line: 1, scope: !4)
!4 = distinct !DISubprogram(name: "f", scope: null, spFlags: DISPFlagDefinition, unit: !6)
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !7, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!7 = !DIFile(filename: "t.rs", directory: "/")
