; The form of a tree on an llvm.memcpy operand. Enzyme reads "enzyme_type" call-site
; attributes on a call's arguments but checks each tree's first offset against the size
; of the CALL'S RESULT (TypeAnalysis.cpp, considerTBAA): llvm.memcpy returns void, so a
; tree rooted at [0] (rustc's form, {[0]:Pointer, [0,0]:...}) aborts with "Canonicalization
; failed"; rooted at [-1] it is read. typetree writes [-1]:Pointer plus the bytes copied.
; copy(dst, src) moves a { f64, i64 } (the call sites rustc and typetree annotate at -O0).
; f(x) = 3 * x.a^2 -> d/dx.a = 6 a = 12 at a = 2.
; CASE rustc-form {[0]:Pointer, [0,0]:Float@double, [0,8]:Integer, [0,9]:Integer, [0,10]:Integer, [0,11]:Integer, [0,12]:Integer, [0,13]:Integer, [0,14]:Integer, [0,15]:Integer} error Canonicalization failed
; CASE ours {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer} right
; CASE ours-O2 -O2 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @copy(ptr "enzyme_type"="TREE" %dst, ptr "enzyme_type"="TREE" %src) noinline {
  call void @llvm.memcpy.p0.p0.i64(ptr "enzyme_type"="TREE" %dst, ptr "enzyme_type"="TREE" %src, i64 16, i1 false)
  ret void
}

define internal double @f(ptr %x) noinline {
  %tmp = alloca [16 x i8], align 8
  call void @copy(ptr %tmp, ptr %x)
  %a = load double, ptr %tmp
  %m = fmul double %a, %a
  %r = fmul double %m, 3.0
  ret double %r
}

define i32 @main() {
  %x = alloca [16 x i8], align 8
  %dx = alloca [16 x i8], align 8
  store double 2.0, ptr %x
  %xn = getelementptr inbounds i8, ptr %x, i64 8
  store i64 7, ptr %xn
  store double 0.0, ptr %dx
  %dxn = getelementptr inbounds i8, ptr %dx, i64 8
  store i64 0, ptr %dxn
  call void (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %g = load double, ptr %dx
  %ok = fcmp oeq double %g, 12.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g)
  ret i32 0
}
