; ARGS: --copy-segments --max-offset 64
; Copies LLVM's passes made of places annotate wrote the bytes of get segment lists
; (emit/rewrite/ir_copy_segments.c), here with an offset limit of 64. S is { f64, u32,
; f32 } (24 bytes: padding at 12 and 20), %arr an [S; 4] (96 bytes), %p a pointer
; parameter to S (a run of them). New nodes are numbered past the module's largest (!7).
; Integer loads from such places whose bytes are integers and padding get {[-1]:Integer}.
define void @f(ptr "typetree_segments"="24;Float@double:0 Integer:8 Anything:12 Float@float:16 Anything:20" %p, ptr "typetree_segments"="16;Float@double:0 Integer:8" %q, ptr %x, ptr %y) {
  %arr = alloca [96 x i8], align 8, !typetree_segments !0
  %arr2 = alloca [96 x i8], align 8, !enzyme_type !1, !typetree_segments !0
  %pad = alloca [4 x i8], align 4
  %t = alloca [96 x i8], align 8
  ; longer than the limit, of more than one kind: the list
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arr2, ptr align 8 %arr, i64 96, i1 false)
  ; padding alone (SROA's part of a struct's padding): Integer
  %p12 = getelementptr inbounds nuw i8, ptr %p, i64 12
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %pad, ptr align 4 %p12, i64 4, i1 false), !note !2
  ; a list annotate wrote for 96 bytes on a copy LLVM shortened to 72: the one for 72
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %arr, i64 72, i1 false), !enzyme_truetype !3
  ; the same without places: cut at the copy's end
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %x, ptr align 8 %y, i64 80, i1 false), !enzyme_truetype !3
  ; a parameter's run of S and an alloca of S agree: the list
  call void @llvm.memmove.p0.p0.i64(ptr align 8 %arr, ptr align 8 %p, i64 96, i1 false)
  ; two places giving different lists for the same bytes: nothing
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arr, ptr align 8 %q, i64 96, i1 false)
  ; within the limit: Enzyme types it from the trees, nothing; and a list it had goes
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %arr, i64 32, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %arr, i64 48, i1 false), !enzyme_truetype !3
  ; a memset, and a copy from a constant offset into the alloca
  call void @llvm.memset.p0.i64(ptr align 8 %arr, i8 0, i64 96, i1 false)
  %a24 = getelementptr inbounds i8, ptr %arr, i64 24
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %a24, i64 72, i1 false)
  ; past the alloca's end, at a run-time length, from an unknown place: nothing
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %a24, i64 96, i1 false)
  %n = load i64, ptr %x, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %arr, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %y, i64 96, i1 false)
  ; integer loads without a tree: bytes 8..16 of S are the u32 and padding (%l1), 32..40
  ; of the parameter's run the second S's (%l2), 8..12 the u32 (%l7): Integer. Not: bytes
  ; of a float (%l3, %l4), padding alone (%l5), a load with a tree (%l6), no place (%l8)
  %i1 = getelementptr inbounds i8, ptr %arr, i64 8
  %l1 = load i64, ptr %i1, align 8
  %p32 = getelementptr inbounds i8, ptr %p, i64 32
  %l2 = load i64, ptr %p32, align 8, !noundef !2
  %l3 = load i32, ptr %arr, align 8
  %l4 = load i64, ptr %arr, align 8
  %l5 = load i32, ptr %p12, align 4
  %l6 = load i64, ptr %i1, align 8, !enzyme_type !1
  %l7 = load i32, ptr %i1, align 8
  %l8 = load i64, ptr %x, align 8
  ; the list it needs, it has: unchanged
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arr2, ptr align 8 %arr, i64 96, i1 false), !enzyme_truetype !6
  ret void
}

define void @g(ptr %arr) {
  ; another function: %arr is not the alloca of @f
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arr, ptr align 8 %arr, i64 96, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)

!llvm.module.flags = !{!7}
!0 = !{!"96;Float@double:0 Integer:8 Anything:12 Float@float:16 Anything:20 Float@double:24 Integer:32 Anything:36 Float@float:40 Anything:44 Float@double:48 Integer:56 Anything:60 Float@float:64 Anything:68 Float@double:72 Integer:80 Anything:84 Float@float:88 Anything:92"}
!1 = !{!"Unknown", i32 -1, !4}
!2 = !{}
!3 = !{!"Float@double", i64 0, !"Integer", i64 8, !"Float@float", i64 16, !"Float@double", i64 24, !"Integer", i64 32, !"Float@float", i64 40, !"Float@double", i64 48, !"Integer", i64 56, !"Float@float", i64 64, !"Float@double", i64 72, !"Integer", i64 80, !"Float@float", i64 88}
!4 = !{!"Pointer"}
!5 = !{}
!6 = !{!"Float@double", i64 0, !"Integer", i64 8, !"Float@float", i64 16, !"Float@double", i64 24, !"Integer", i64 32, !"Float@float", i64 40, !"Float@double", i64 48, !"Integer", i64 56, !"Float@float", i64 64, !"Float@double", i64 72, !"Integer", i64 80, !"Float@float", i64 88}
!7 = !{i32 1, !"Debug Info Version", i32 3}
