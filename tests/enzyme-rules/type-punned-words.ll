; A limit, not a rule we follow: integers wider than a byte keep Integer behind pointers
; (docs/typetree-rules.md, "Values"), which is false for Enzyme when the memory holds an
; f64's bits read as a u64: a union read through its integer field, a transmuted
; reference, `<[u64]>::swap` over f64 data (stress program pod_byte_views: `u.u.swap(2, 3)`
; on `union { f: [f64; 4], b: [u8; 32], u: [u64; 4] }`, where Enzyme also sees the floats
; and stops with "Illegal updateAnalysis"). Here Enzyme sees no float beside the swap and
; drops the derivative of the swapped words silently. Without the Integer entries it types
; the words from the caller's floats and is right.
; f(x) = (copy of x, its two words swapped) . (1, 2) = x1 + 2 x0, at x = (1, 3): d/dx = (2, 1).
; CASE int-words {[-1]:Pointer, [-1,-1]:Integer} wrong
; CASE int-words -O2 {[-1]:Pointer, [-1,-1]:Integer} wrong
; CASE pointer-only {[-1]:Pointer} right
; CASE pointer-only -O2 {[-1]:Pointer} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@enzyme_dup = global i32 0
@fmt = private constant [10 x i8] c"%s %g %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; <[u64]>::swap(p, 0, 1) as rustc emits it for a slice of u64
define internal void @swap_words(ptr "enzyme_type"="TREE" %p) noinline {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %a = load i64, ptr %p
  %b = load i64, ptr %q
  store i64 %b, ptr %p
  store i64 %a, ptr %q
  ret void
}

; f(x) = (copy of x with its two words swapped) . (1, 2) = x1 + 2 x0: d/dx = (2, 1)
define internal double @f(ptr %x) noinline {
  %u = alloca [2 x double], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %u, ptr %x, i64 16, i1 false)
  call void @swap_words(ptr %u)
  %a = load double, ptr %u
  %bp = getelementptr inbounds i8, ptr %u, i64 8
  %b = load double, ptr %bp
  %b2 = fmul double %b, 2.0
  %s = fadd double %a, %b2
  ret double %s
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define i32 @main() {
  %x = alloca [2 x double], align 8
  %d = alloca [2 x double], align 8
  store [2 x double] [double 1.0, double 3.0], ptr %x
  store [2 x double] zeroinitializer, ptr %d
  call void (...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %d)
  %g0 = load double, ptr %d
  %g1p = getelementptr inbounds i8, ptr %d, i64 8
  %g1 = load double, ptr %g1p
  %ok0 = fcmp oeq double %g0, 2.0
  %ok1 = fcmp oeq double %g1, 1.0
  %ok = and i1 %ok0, %ok1
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g0, double %g1)
  ret i32 0
}
