; ARGS: --byte-moves
; The byte-move check refuses: @swap_loop swaps bytes at a run-time byte index (as
; `<[u8]>::swap` in a loop), @swap_unrolled moves twelve adjacent bytes of each 12-byte
; record (an unrolled loop: residues 0..11 of stride 12), @copy_reversed copies a byte at
; a run-time index times -1 (a stride's sign reaches the same bytes), all reached from the
; function handed to Enzyme (@f, through @g). Enzyme moves no derivative with an i8, so floats kept
; in these bytes would keep their derivatives where they were (tests/enzyme-bugs/
; float-as-bytes.ll). The run fails, naming each function once, and writes nothing.
declare double @__enzyme_autodiff(...)

define void @swap_loop(ptr %p, i64 %n) {
start:
  br label %loop
loop:
  %k = phi i64 [ 0, %start ], [ %k1, %loop ]
  %pa = getelementptr inbounds i8, ptr %p, i64 %k
  %kb = add i64 %k, 8
  %pb = getelementptr inbounds i8, ptr %p, i64 %kb
  %a = load i8, ptr %pa, align 1
  %b = load i8, ptr %pb, align 1
  store i8 %b, ptr %pa, align 1
  store i8 %a, ptr %pb, align 1
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @swap_unrolled(ptr %p, ptr %q, i64 %i) {
start:
  %off = mul nuw i64 %i, 12
  %r = getelementptr inbounds nuw i8, ptr %p, i64 %off
  %s = getelementptr inbounds nuw i8, ptr %q, i64 %off
  %r1 = getelementptr inbounds nuw i8, ptr %r, i64 4
  %s1 = getelementptr inbounds nuw i8, ptr %s, i64 4
  %r2 = getelementptr inbounds nuw i8, ptr %r, i64 5
  %s2 = getelementptr inbounds nuw i8, ptr %s, i64 5
  %r3 = getelementptr inbounds nuw i8, ptr %r, i64 6
  %s3 = getelementptr inbounds nuw i8, ptr %s, i64 6
  %r4 = getelementptr inbounds nuw i8, ptr %r, i64 7
  %s4 = getelementptr inbounds nuw i8, ptr %s, i64 7
  %a1 = load i8, ptr %r1, align 1
  store i8 %a1, ptr %s1, align 1
  %a2 = load i8, ptr %r2, align 1
  store i8 %a2, ptr %s2, align 1
  %a3 = load i8, ptr %r3, align 1
  store i8 %a3, ptr %s3, align 1
  %a4 = load i8, ptr %r4, align 1
  store i8 %a4, ptr %s4, align 1
  ret void
}

define void @copy_reversed(ptr %p, i64 %k) {
  %o = mul i64 %k, -1
  %a = getelementptr inbounds i8, ptr %p, i64 %o
  %v = load i8, ptr %a, align 1
  store i8 %v, ptr %p, align 1
  ret void
}

define void @g(ptr %p, ptr %q) {
  call void @swap_unrolled(ptr %p, ptr %q, i64 1)
  call void @copy_reversed(ptr %q, i64 2)
  ret void
}

define double @f(ptr %p, ptr %q) {
  call void @swap_loop(ptr %p, i64 8)
  call void @g(ptr %p, ptr %q)
  %x = load double, ptr %p, align 8
  ret double %x
}

define void @main(ptr %p, ptr %dp, ptr %q, ptr %dq) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %p, ptr %dp, ptr %q, ptr %dq)
  ret void
}
