; Bytes are untyped memory: `copy_bytes(dst: *mut u8, src: *const u8, n)` (a memcpy, as
; ptr::copy_nonoverlapping on u8 or a byte-buffer write) applied to the bytes of an f64
; array. TREE is the attribute of both byte pointers. Typed Integer, the copied floats lose
; their derivative silently; untyped, Enzyme types the copy from the caller's floats.
; f(x) = sum(copy of x)^2 / 2 -> d/dx_i = sum(x) = 6.
; CASE old {[-1]:Pointer, [-1,0]:Integer} wrong
; CASE new {[-1]:Pointer} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@enzyme_dup = global i32 0
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @copy_bytes(ptr "enzyme_type"="TREE" %dst, ptr "enzyme_type"="TREE" %src, i64 "enzyme_type"="{[-1]:Integer}" %n) noinline {
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  ret void
}

define internal double @sumsq(ptr %x) noinline {
  %buf = alloca [24 x i8], align 8
  call void @copy_bytes(ptr %buf, ptr %x, i64 24)
  %a = load double, ptr %buf
  %bp = getelementptr inbounds i8, ptr %buf, i64 8
  %b = load double, ptr %bp
  %cp = getelementptr inbounds i8, ptr %buf, i64 16
  %c = load double, ptr %cp
  %s1 = fadd double %a, %b
  %s2 = fadd double %s1, %c
  %sq = fmul double %s2, %s2
  %h = fmul double %sq, 0.5
  ret double %h
}

define i32 @main() {
  %x = alloca [3 x double], align 8
  %d = alloca [3 x double], align 8
  store [3 x double] [double 1.0, double 2.0, double 3.0], ptr %x
  store [3 x double] zeroinitializer, ptr %d
  call void (...) @__enzyme_autodiff(ptr @sumsq, ptr @enzyme_dup, ptr %x, ptr %d)
  %g = load double, ptr %d
  %ok = fcmp oeq double %g, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g)
  ret i32 0
}
