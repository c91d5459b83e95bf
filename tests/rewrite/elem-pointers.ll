; ARGS: --copy-segments
; Pointers that walk a parameter's run (emit/rewrite/ir_elem_ptrs.c) are places like the
; parameter, at the byte of the element they point at. B is { f64, i64, u32, f32, u8,
; padding } (32 bytes: i64 at 8, u32 at 16, f32 at 20, u8 at 24, padding 25..31), %xs a
; run of B, %arr an alloca of [B; 2] (its runs repeat every 32 bytes: an element's), %v a
; Vec<B> (its buffer pointer at byte 8 points at a run of B: "typetree_fields").
; Integer loads through such pointers get {[-1]:Integer}; the others do not.
%B = type { double, i64, i32, float, i8, [7 x i8] }
%Half = type { double, i64 }

define void @walk(ptr "typetree_segments"="32;Float@double:0 Integer:8 Float@float:20 Integer:24 Anything:25" %xs, i64 %n, ptr %other, ptr "typetree_fields"="8=32;Float@double:0 Integer:8 Float@float:20 Integer:24 Anything:25" %v) {
start:
  %arr = alloca [64 x i8], align 8, !typetree_segments !0
  %bytes = mul nuw nsw i64 %n, 32
  ; the Vec's buffer and its last element's u8: Integer; the word at 16 of the Vec itself
  ; (its length, no field with runs): nothing
  %v8 = getelementptr inbounds i8, ptr %v, i64 8
  %buf = load ptr, ptr %v8, align 8
  %v16 = getelementptr inbounds i8, ptr %v, i64 16
  %other.buf = load ptr, ptr %v16, align 8
  %blast = getelementptr inbounds %B, ptr %buf, i64 %n
  %b24 = getelementptr inbounds i8, ptr %blast, i64 24
  %btag = load i8, ptr %b24, align 1
  %o24 = getelementptr inbounds i8, ptr %other.buf, i64 24
  %otag = load i8, ptr %o24, align 1
  %end = getelementptr inbounds i8, ptr %xs, i64 %bytes
  br label %loop

loop:
  ; the slice iterator: the parameter, then itself plus one element
  %p = phi ptr [ %xs, %start ], [ %next, %loop ]
  ; loop strength reduction's form: the parameter plus a multiple of the size
  %iv = phi i64 [ 0, %start ], [ %iv.next, %loop ]
  ; a phi of the parameter and another pointer
  %m = phi ptr [ %xs, %start ], [ %other, %loop ]
  %a = phi ptr [ %arr, %start ], [ %a.next, %loop ]
  %q = getelementptr i8, ptr %xs, i64 %iv
  ; the i64 at 8 through %p: Integer
  %p8 = getelementptr inbounds i8, ptr %p, i64 8
  %age = load i64, ptr %p8, align 8
  ; the u32 at 16 through %q: Integer
  %q16 = getelementptr inbounds i8, ptr %q, i64 16
  %id = load i32, ptr %q16, align 4
  ; the u8 and padding at 24 through the end pointer less one element: Integer
  %last = getelementptr inbounds %B, ptr %end, i64 -1
  %l24 = getelementptr inbounds i8, ptr %last, i64 24
  %tag = load i64, ptr %l24, align 8
  ; bytes 16..24 hold the f32: nothing
  %q16w = load i64, ptr %q16, align 8
  ; a select of two element pointers at byte 0, then at the u8: Integer
  %c = icmp eq i64 %age, 0
  %s = select i1 %c, ptr %p, ptr %last
  %s24 = getelementptr inbounds i8, ptr %s, i64 24
  %k = load i8, ptr %s24, align 1
  ; a typed getelementptr of a type of another size by a run-time index: nothing
  %h = getelementptr inbounds %Half, ptr %xs, i64 %n
  %h8 = getelementptr inbounds i8, ptr %h, i64 8
  %hv = load i64, ptr %h8, align 8
  ; ... through which nothing is typed
  %m8 = getelementptr inbounds i8, ptr %m, i64 8
  %mv = load i64, ptr %m8, align 8
  ; an index that is not a multiple of the size (iv + 8): nothing
  %iv8 = add i64 %iv, 8
  %r = getelementptr i8, ptr %xs, i64 %iv8
  %rv = load i64, ptr %r, align 8
  ; the alloca walked by element (%a): the u32 at 16 of one, Integer
  %a16 = getelementptr inbounds i8, ptr %a, i64 16
  %aid = load i32, ptr %a16, align 4
  %a.next = getelementptr inbounds %B, ptr %a, i64 1
  %next = getelementptr inbounds i8, ptr %p, i64 32
  %iv.next = add nuw i64 %iv, 32
  %done = icmp eq ptr %next, %end
  br i1 %done, label %exit, label %loop

exit:
  ret void
}


; Runs tell integers and pointers apart (R is { u64, *const f64, f32, padding }): a load of
; a pointer's bytes as an integer gets no Integer, the u64 beside it does.
define void @pointers(ptr "typetree_segments"="24;Integer:0 Pointer:8 Float@float:16 Anything:20" %rs, i64 %i) {
  %o = mul nuw i64 %i, 24
  %r = getelementptr inbounds i8, ptr %rs, i64 %o
  %n = load i64, ptr %r, align 8
  %r8 = getelementptr inbounds i8, ptr %r, i64 8
  %p = load i64, ptr %r8, align 8
  ret void
}
!0 = !{!"64;Float@double:0 Integer:8 Float@float:20 Integer:24 Anything:25 Float@double:32 Integer:40 Float@float:52 Integer:56 Anything:57"}
