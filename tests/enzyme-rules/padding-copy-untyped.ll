; A struct's padding copied alone into a place of no type. SROA splits a struct moved by
; value into slices, one of them the padding alone, and gives that slice its own alloca:
; the copy into it has an untyped destination, and Enzyme purges the Anything of the
; source's padding (the stress program craft_by_value at -O0: three bytes after a bool).
; With no type on any byte it stops: "Cannot deduce type of copy". The wrapper's
; `rewrite --copy-segments` gives such a copy the segment list `Integer` from 0 (padding
; holds no derivative; emit/rewrite/ir_copy_segments.c): the copy of the padding then
; moves nothing and the float keeps its derivative.
; S = { a: f64, b: u8, 7 bytes of padding }; step(dst, src) moves a, b and the padding
; (through a slice of its own). f(x) = 3 * a^2 after the move -> d/dx.a = 6 a = 12 at a = 2.
; CASE no-list error Cannot deduce type of copy
; CASE list --attach=enzyme_truetype:0 right
; CASE list-O2 -O2 --attach=enzyme_truetype:0 right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @step(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Anything, [-1,10]:Anything, [-1,11]:Anything, [-1,12]:Anything, [-1,13]:Anything, [-1,14]:Anything, [-1,15]:Anything}" %dst, ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Anything, [-1,10]:Anything, [-1,11]:Anything, [-1,12]:Anything, [-1,13]:Anything, [-1,14]:Anything, [-1,15]:Anything}" %src) noinline {
  %slice = alloca [7 x i8], align 1
  %a = load double, ptr %src
  store double %a, ptr %dst
  %sb = getelementptr inbounds i8, ptr %src, i64 8
  %db = getelementptr inbounds i8, ptr %dst, i64 8
  %b = load i8, ptr %sb
  %b1 = xor i8 %b, 1
  store i8 %b1, ptr %db
  %sp = getelementptr inbounds i8, ptr %src, i64 9
  %dp = getelementptr inbounds i8, ptr %dst, i64 9
  call void @llvm.memcpy.p0.p0.i64(ptr %slice, ptr %sp, i64 7, i1 false) ; ATTACH
  call void @llvm.memcpy.p0.p0.i64(ptr %dp, ptr %slice, i64 7, i1 false)
  ret void
}

define internal double @f(ptr %x) noinline {
  %tmp = alloca [16 x i8], align 8
  call void @step(ptr %tmp, ptr %x)
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

!0 = !{!"Integer", i64 0}
