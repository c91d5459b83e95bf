; Enzyme bug: a copy of run-time length is differentiated as if every byte had the type of
; its first: `memcpy(dst, src, n * 24)` of structs { double x, double y, i32 tag, float w }
; moves the derivatives of the float `w` as if bytes 16..24 were a double (Enzyme's
; visitMemTransferCommon keeps only offset 0 of the operands' types when the length is not
; a constant), so dw comes back wrong, silently. Rust makes such copies for every
; `copy_from_slice`/`clone_from_slice`/`to_vec` of a slice of structs whose length is
; known at run time only (gradient case mixed_copy_runtime, "work slice": into a caller's
; slice). TREE is the true tree of one element on both operands of the copy. Without any
; attribute Enzyme gives the same 1.125, with -enzyme-strict-aliasing=0 and with its default
; (measured): the trees neither cause nor cure it, and no tree can (a copy of run-time
; length is typed from offset 0 alone). The wrapper's cure: such copies become loops of
; typed loads and stores (annotate --typed-copy-loops; tests/enzyme-rules/runtime-copy-loop.ll
; is this program so, right at -O0..-O3).
; f(p): dst[0..2] = p[0..2], then dst[1..2] = p[0..1] (clone_from_slice onto an overlapping
; part), the sum of x * w over dst, with p = [{1, 0, 7, 2}, {3, 0, 9, 4}]: both elements of
; dst are p[0], df/dw0 = 2 x0 = 2. The two derivatives of w0 are added as doubles: 1.125.
; With one copy it comes out right, by luck: a double whose low half is zero added to zero
; keeps the float's bits.
; CASE told -O0 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Integer, [-1,19]:Integer, [-1,20]:Float@float} wrong
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0
@enzyme_const = global i8 0

define internal double @f(ptr "enzyme_type"="TREE" %src, ptr "enzyme_type"="TREE" %dst, i64 %n) noinline {
entry:
  %bytes = mul i64 %n, 24
  call void @llvm.memcpy.p0.p0.i64(ptr "enzyme_type"="TREE" %dst, ptr "enzyme_type"="TREE" %src, i64 %bytes, i1 false)
  %d1 = getelementptr inbounds i8, ptr %dst, i64 24
  %less = sub i64 %bytes, 24
  call void @llvm.memcpy.p0.p0.i64(ptr "enzyme_type"="TREE" %d1, ptr "enzyme_type"="TREE" %src, i64 %less, i1 false)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %e = getelementptr inbounds [24 x i8], ptr %dst, i64 %i
  %x = load double, ptr %e
  %wp = getelementptr inbounds i8, ptr %e, i64 20
  %w = load float, ptr %wp
  %wd = fpext float %w to double
  %m = fmul double %x, %wd
  %s1 = fadd double %s, %m
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret double %s1
}

define internal double @top(ptr %src, ptr %dst, i64 %n) noinline {
  %r = call double @f(ptr %src, ptr %dst, i64 %n)
  ret double %r
}

define i32 @main() {
  %src = alloca [48 x i8], align 8
  %dsrc = alloca [48 x i8], align 8
  %dst = alloca [48 x i8], align 8
  %ddst = alloca [48 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %src, i8 0, i64 48, i1 false)
  call void @llvm.memset.p0.i64(ptr %dsrc, i8 0, i64 48, i1 false)
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 48, i1 false)
  call void @llvm.memset.p0.i64(ptr %ddst, i8 0, i64 48, i1 false)
  store double 1.0, ptr %src
  %t0 = getelementptr i8, ptr %src, i64 16
  store i32 7, ptr %t0
  %w0 = getelementptr i8, ptr %src, i64 20
  store float 2.0, ptr %w0
  %x1 = getelementptr i8, ptr %src, i64 24
  store double 3.0, ptr %x1
  %t1 = getelementptr i8, ptr %src, i64 40
  store i32 9, ptr %t1
  %w1 = getelementptr i8, ptr %src, i64 44
  store float 4.0, ptr %w1
  %n = load volatile i64, ptr @two
  %r = call double (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %src, ptr %dsrc, ptr @enzyme_dup, ptr %dst, ptr %ddst, ptr @enzyme_const, i64 %n)
  %dwp = getelementptr i8, ptr %dsrc, i64 20
  %dw = load float, ptr %dwp
  %d = fpext float %dw to double
  %ok = fcmp oeq double %d, 2.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 2.0)
  ret i32 0
}
@two = global i64 2
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
