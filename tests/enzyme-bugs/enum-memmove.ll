; Enzyme types a memmove of run-time length from its operands' first bytes, and those of a
; Rust enum whose variants put a float and an integer at one byte are its tag: an Integer.
; `copy_within(1.., 0)` of a slice of `enum E { F(f64), I(i64) }` (16 bytes: an i64 tag at 0,
; the payload at 8, a double in F and an integer in I) is such a memmove, and Enzyme then
; moves no derivative with the payloads: the derivatives of the moved floats are lost,
; silently. TREE is the tree of a pointer to one element: the tag's bytes alone are certain
; (the payload's kind depends on the variant), as annotate gives it. annotate copies such
; values variant by variant where they are copied (memcpy) but leaves memmoves as they are
; (emit/body/ir_body_rewrite.c says why); the wrapper refuses code Enzyme differentiates that
; memmoves them (typetree rewrite --enum-moves; docs/limits.md).
; f(p, n): memmove(p, p + 16, (n - 1) * 16), then the sum over the elements of x * x for
; each F(x). With p = [F(1), F(3)], both elements are F(3) after the move: f = 18 and
; df/dp[1].x = 2 * 3 + 2 * 3 = 12.
; Measured: with TREE the derivative comes out 6, silently, at -O0 and -O2; without a tree
; Enzyme stops ("Cannot deduce type of copy"), with the wrapper's options.
; CASE tag-tree -O0 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} wrong
; CASE tag-tree -O2 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer} wrong
; CASE none -O0 {[-1]:Pointer} error Cannot deduce type of copy
; CASE none -O2 {[-1]:Pointer} error Cannot deduce type of copy
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0
@enzyme_const = global i8 0
@two = global i64 2

define internal double @f(ptr "enzyme_type"="TREE" %p, i64 %n) noinline {
entry:
  %m = sub i64 %n, 1
  %bytes = mul i64 %m, 16
  %src = getelementptr inbounds i8, ptr %p, i64 16
  call void @llvm.memmove.p0.p0.i64(ptr "enzyme_type"="TREE" %p, ptr "enzyme_type"="TREE" %src, i64 %bytes, i1 false)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %s = phi double [ 0.0, %entry ], [ %s2, %next ]
  %e = getelementptr inbounds [16 x i8], ptr %p, i64 %i
  %tag = load i64, ptr %e
  %isf = icmp eq i64 %tag, 0
  br i1 %isf, label %float, label %next
float:
  %xp = getelementptr inbounds i8, ptr %e, i64 8
  %x = load double, ptr %xp
  %xx = fmul double %x, %x
  %s1 = fadd double %s, %xx
  br label %next
next:
  %s2 = phi double [ %s, %loop ], [ %s1, %float ]
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret double %s2
}

define internal double @top(ptr %p, i64 %n) noinline {
  %r = call double @f(ptr %p, i64 %n)
  ret double %r
}

define i32 @main() {
  %p = alloca [32 x i8], align 8
  %dp = alloca [32 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 32, i1 false)
  call void @llvm.memset.p0.i64(ptr %dp, i8 0, i64 32, i1 false)
  %x0 = getelementptr i8, ptr %p, i64 8
  store double 1.0, ptr %x0
  %x1 = getelementptr i8, ptr %p, i64 24
  store double 3.0, ptr %x1
  %n = load volatile i64, ptr @two
  %r = call double (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %p, ptr %dp, ptr @enzyme_const, i64 %n)
  %dxp = getelementptr i8, ptr %dp, i64 24
  %d = load double, ptr %dxp
  %ok = fcmp oeq double %d, 12.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 12.0)
  ret i32 0
}
