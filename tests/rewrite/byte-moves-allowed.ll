; ARGS: --byte-moves
; The byte-move check lets these pass, unchanged: moves of a field's byte (one offset of a
; base, and one per element of a strided run: a `u8` tag in each 80-byte record), of three
; adjacent bytes (narrower than any float), of a `bool` (its load has !range), out of
; constant memory (a digit table), in our own typed copy helper (@__typetree_copy.*, whose
; byte loop takes a copy's remainder), and a run-time byte index in a function Enzyme does
; not reach (@untouched: only @main calls it, outside the differentiated @f).
declare double @__enzyme_autodiff(...)

@digits = private unnamed_addr constant [10 x i8] c"0123456789"

define void @fields(ptr %p, ptr %q, i64 %i) {
start:
  %t = getelementptr inbounds nuw i8, ptr %p, i64 16
  %u = getelementptr inbounds nuw i8, ptr %q, i64 16
  %tag = load i8, ptr %t, align 1
  store i8 %tag, ptr %u, align 1
  %e = mul nuw i64 %i, 80
  %rec = getelementptr inbounds nuw i8, ptr %p, i64 %e
  %k0 = getelementptr inbounds nuw i8, ptr %rec, i64 73
  %k1 = getelementptr inbounds nuw i8, ptr %rec, i64 153
  %k2 = getelementptr inbounds nuw i8, ptr %rec, i64 233
  %v0 = load i8, ptr %k0, align 1
  %v1 = load i8, ptr %k1, align 1
  %v2 = load i8, ptr %k2, align 1
  store i8 %v0, ptr %q, align 1
  store i8 %v1, ptr %q, align 1
  store i8 %v2, ptr %q, align 1
  %c0 = getelementptr inbounds nuw i8, ptr %p, i64 40
  %c1 = getelementptr inbounds nuw i8, ptr %p, i64 41
  %c2 = getelementptr inbounds nuw i8, ptr %p, i64 42
  %d0 = getelementptr inbounds nuw i8, ptr %q, i64 40
  %d1 = getelementptr inbounds nuw i8, ptr %q, i64 41
  %d2 = getelementptr inbounds nuw i8, ptr %q, i64 42
  %w0 = load i8, ptr %c0, align 1
  %w1 = load i8, ptr %c1, align 1
  %w2 = load i8, ptr %c2, align 1
  store i8 %w0, ptr %d0, align 1
  store i8 %w1, ptr %d1, align 1
  store i8 %w2, ptr %d2, align 1
  ret void
}

define void @flags_and_digits(ptr %p, ptr %q, i64 %n) {
start:
  br label %loop
loop:
  %k = phi i64 [ 0, %start ], [ %k1, %loop ]
  %src = getelementptr inbounds i8, ptr %p, i64 %k
  %dst = getelementptr inbounds i8, ptr %q, i64 %k
  %b = load i8, ptr %src, align 1, !range !0, !noundef !1
  store i8 %b, ptr %dst, align 1
  %d = getelementptr inbounds [10 x i8], ptr @digits, i64 0, i64 %k
  %c = load i8, ptr %d, align 1
  store i8 %c, ptr %dst, align 1
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal void @__typetree_copy.copy.24.0(ptr %d, ptr %s, i64 %n) {
start:
  br label %bytes
bytes:
  %j = phi i64 [ 0, %start ], [ %j1, %bytes ]
  %bs = getelementptr inbounds i8, ptr %s, i64 %j
  %bd = getelementptr inbounds i8, ptr %d, i64 %j
  %bv = load i8, ptr %bs, align 1
  store i8 %bv, ptr %bd, align 1
  %j1 = add nuw i64 %j, 1
  %more = icmp ult i64 %j1, %n
  br i1 %more, label %bytes, label %done
done:
  ret void
}

define void @untouched(ptr %p, i64 %k) {
  %a = getelementptr inbounds i8, ptr %p, i64 %k
  %v = load i8, ptr %a, align 1
  store i8 %v, ptr %p, align 1
  ret void
}

define double @f(ptr %p, ptr %q) {
  call void @fields(ptr %p, ptr %q, i64 2)
  call void @flags_and_digits(ptr %p, ptr %q, i64 4)
  call void @__typetree_copy.copy.24.0(ptr %q, ptr %p, i64 24)
  %x = load double, ptr %p, align 8
  ret double %x
}

define void @main(ptr %p, ptr %dp, ptr %q, ptr %dq) {
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %p, ptr %dp, ptr %q, ptr %dq)
  call void @untouched(ptr %p, i64 3)
  ret void
}

!0 = !{i8 0, i8 2}
!1 = !{}
