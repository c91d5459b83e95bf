; ARGS: --pointer-selects
; Rewritten: an inttoptr of `select C, i64 K, i64 %i` (either order, the condition a value
; or a constant, metadata after it) where %i is a ptrtoint of the same function. Left: a
; select of two values or two constants, an arm that is no ptrtoint, a ptrtoint to another
; integer width, a name of another function, an inttoptr to another type.
declare ptr @malloc(i64)
declare void @handle_error(i64, i64)

define ptr @ok(i64 %n) {
start:
  %p = call ptr @malloc(i64 %n)
  %isnull = icmp eq ptr %p, null
  %i = ptrtoint ptr %p to i64
  %s = select i1 %isnull, i64 16, i64 %i, !dbg !4
  br i1 %isnull, label %err, label %done
err:
  call void @handle_error(i64 8, i64 %s)
  unreachable
done:
  %q = inttoptr i64 %s to ptr, !dbg !4
  ret ptr %q
}

define ptr @swapped(i1 %c, i64 %n) {
entry:
  br label %defs
uses:
  %r = inttoptr i64 %"s.1" to ptr
  %u = inttoptr i64 %t to ptr
  %v = inttoptr i64 %both to ptr
  %w = inttoptr i64 %consts to ptr
  %x = inttoptr i64 %noint to ptr
  %y = ptrtoint ptr %r to i32
  %ext = zext i32 %y to i64
  %z = select i1 %c, i64 8, i64 %ext
  %zz = inttoptr i64 %z to ptr
  %sel = select i1 %c, ptr %u, ptr %v
  %sel2 = select i1 %c, ptr %w, ptr %x
  %sel3 = select i1 %c, ptr %sel, ptr %sel2
  %sel4 = select i1 %c, ptr %sel3, ptr %zz
  ret ptr %sel4
defs:
  %"buf.0" = call ptr @malloc(i64 %n)
  %"i.1" = ptrtoint ptr %"buf.0" to i64
  %"s.1" = select i1 %c, i64 %"i.1", i64 -8
  %t = select i1 false, i64 0, i64 %"i.1"
  %both = select i1 %c, i64 %"i.1", i64 %n
  %consts = select i1 %c, i64 8, i64 16
  %noint = select i1 %c, i64 8, i64 %n
  br label %uses
}

define ptr @other(i1 %c) {
  %i = add i64 1, 2
  %s = select i1 %c, i64 16, i64 %i
  %q = inttoptr i64 %s to ptr
  %as1 = inttoptr i64 %s to ptr addrspace(1)
  ret ptr %q
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "ok", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition)
!4 = !DILocation(line: 1, scope: !3)
