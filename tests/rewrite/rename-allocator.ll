; ARGS: --rename-allocator
; std's allocator shims by their plain names; a name that only begins like one stays.
target triple = "x86_64-unknown-linux-gnu"

define internal ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_alloc(i64 %size, i64 %align) {
  %p = call ptr @__rdl_alloc(i64 %size, i64 %align)
  ret ptr %p
}

define internal ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_alloc_zeroed(i64 %size, i64 %align) {
  %p = call ptr @__rdl_alloc_zeroed(i64 %size, i64 %align)
  ret ptr %p
}

define internal void @_RNvCs1QLEhZ2QfLZ_7___rustc14___rust_dealloc(ptr %p, i64 %size, i64 %align) {
  call void @__rdl_dealloc(ptr %p, i64 %size, i64 %align)
  ret void
}

declare ptr @_RNvCs1QLEhZ2QfLZ_7___rustc14___rust_realloc(ptr, i64, i64, i64)
declare ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_allocator(i64)
declare ptr @__rdl_alloc(i64, i64)
declare ptr @__rdl_alloc_zeroed(i64, i64)
declare void @__rdl_dealloc(ptr, i64, i64)

define ptr @grow(ptr %p) {
  %a = call ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_alloc(i64 8, i64 8)
  %b = call ptr @_RNvCs1QLEhZ2QfLZ_7___rustc14___rust_realloc(ptr %a, i64 8, i64 8, i64 16), !dbg !0
  %c = call ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_allocator(i64 1)
  call void @_RNvCs1QLEhZ2QfLZ_7___rustc14___rust_dealloc(ptr %p, i64 8, i64 8)
  ret ptr %b
}

@shims = global [2 x ptr] [ptr @_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_alloc, ptr @_RNvCs1QLEhZ2QfLZ_7___rustc14___rust_dealloc]

!llvm.module.flags = !{!3}
!0 = !DILocation(line: 1, scope: !1)
!1 = distinct !DISubprogram(name: "grow", linkageName: "_RNvCs1QLEhZ2QfLZ_7___rustc12___rust_alloc", scope: null, unit: !2, spFlags: DISPFlagDefinition)
!2 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !4, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIFile(filename: "a.rs", directory: "/")
