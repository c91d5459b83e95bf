; Enzyme bug: llvm.memmove is differentiated as llvm.memcpy (Utils.cpp,
; getOrInsertDifferentialFloatMemmove: "didn't implement memmove, using memcpy as fallback
; which can result in errors", a warning on stderr and nothing else). Where the two ranges
; overlap the reverse pass adds the destination's derivative into the source and then zeroes
; the destination, which is part of the source: derivatives silently lost or misplaced.
; Rust meets it in every ptr::copy: slice::rotate_left/right, copy_within, Vec::insert and
; Vec::remove, VecDeque. Here f(x) = sum_i b[i] * (i + 1) where b is a local copy of x's 16
; doubles shifted left by one with memmove(b, b + 8, 120): the derivatives are 0, 1, ...,
; 14, 31; Enzyme gives 0 everywhere but 136 (the whole sum of weights) at x[15], with and
; without a tree, at -O0 and -O2 (the C version, with memmove from string.h, gives the same).
; Met by the stress program unrolled_lattice256 (its [f64; 256].rotate_left(3)): wrong at
; -O2 with and without trees. The wrapper avoids it (tools/rustc-typetree, split_memmoves):
; before Enzyme runs, every memmove goes through a heap temporary in a function LLVM does not
; optimize (malloc, memcpy in, memcpy out, free), two copies that do not overlap; with it
; unrolled_lattice256 -O2 and the gradient case overlapping_moves are right at every level,
; and with --keep-memmove wrong as here.
; CASE true-tree {[-1]:Pointer, [-1,-1]:Float@double} wrong
; CASE no-tree {[-1]:Pointer} wrong
; CASE true-tree -O2 {[-1]:Pointer, [-1,-1]:Float@double} wrong
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
@fmt = private constant [22 x i8] c"%s %g %g %g %g %g %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; f(x) = sum_i b[i] * (i+1), b = x (16 doubles) shifted left by one element with a memmove
; inside a local copy: b[i] = x[i+1] for i < 15, b[15] = x[15].
define internal double @f(ptr "enzyme_type"="TREE" %x) noinline {
  %b = alloca [16 x double], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %b, ptr align 8 %x, i64 128, i1 false)
  %b1 = getelementptr inbounds i8, ptr %b, i64 8
  call void @llvm.memmove.p0.p0.i64(ptr align 8 %b, ptr align 8 %b1, i64 120, i1 false)
  br label %loop
loop:
  %i = phi i64 [ 0, %0 ], [ %i1, %loop ]
  %s = phi double [ 0.0, %0 ], [ %s1, %loop ]
  %p = getelementptr inbounds double, ptr %b, i64 %i
  %v = load double, ptr %p
  %i1 = add nuw nsw i64 %i, 1
  %w = uitofp i64 %i1 to double
  %t = fmul double %v, %w
  %s1 = fadd double %s, %t
  %c = icmp eq i64 %i1, 16
  br i1 %c, label %done, label %loop
done:
  ret double %s1
}

define i32 @main() {
  %x = alloca [16 x double], align 8
  %d = alloca [16 x double], align 8
  br label %init
init:
  %i = phi i64 [ 0, %0 ], [ %i1, %init ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %fi = uitofp i64 %i to double
  store double %fi, ptr %p
  %q = getelementptr inbounds double, ptr %d, i64 %i
  store double 0.0, ptr %q
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 16
  br i1 %c, label %go, label %init
go:
  call void (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %d)
  ; expected: d[0] = 0, d[j] = j (1 <= j <= 14), d[15] = 31
  br label %chk
chk:
  %j = phi i64 [ 0, %go ], [ %j1, %chk ]
  %bad = phi i1 [ false, %go ], [ %bad1, %chk ]
  %dj = getelementptr inbounds double, ptr %d, i64 %j
  %g = load double, ptr %dj
  %is15 = icmp eq i64 %j, 15
  %jf = uitofp i64 %j to double
  %e = select i1 %is15, double 31.0, double %jf
  %ne = fcmp une double %g, %e
  %bad1 = or i1 %bad, %ne
  %j1 = add i64 %j, 1
  %cj = icmp eq i64 %j1, 16
  br i1 %cj, label %out, label %chk
out:
  %msg = select i1 %bad1, ptr @wrong, ptr @right
  %d0 = load double, ptr %d
  %p1 = getelementptr inbounds double, ptr %d, i64 1
  %d1 = load double, ptr %p1
  %p2 = getelementptr inbounds double, ptr %d, i64 2
  %d2 = load double, ptr %p2
  %p7 = getelementptr inbounds double, ptr %d, i64 7
  %d7 = load double, ptr %p7
  %p14 = getelementptr inbounds double, ptr %d, i64 14
  %d14 = load double, ptr %p14
  %p15 = getelementptr inbounds double, ptr %d, i64 15
  %d15 = load double, ptr %p15
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d1, double %d2, double %d7, double %d14, double %d15)
  ret i32 0
}
