; Rules 1 and 2 (docs/std-rules.md) without rustc: a buffer of doubles grown twice by
; __rust_realloc inside the differentiated function, read after each growth. The module
; defines the allocator shims as a Rust binary's fat-LTO module does (over malloc); the
; runner adds the rules (typetree rewrite --std-rules) before Enzyme. g(x) = b[0]*b[1] + b[0] with
; b[0] = x, b[1] = x*x -> g'(x) = 3x^2 + 1 = 28 at x = 3, reverse and forward.
; Without the rules Enzyme stops: "could not statically determine size of realloc".
; CASE rules-O0 right
; CASE rules-O2 -O2 right
declare ptr @malloc(i64)
declare void @free(ptr)
declare ptr @realloc(ptr, i64)
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [47 x i8] c"%s reverse %g forward %g (expected 28 and 28)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal noalias ptr @__rust_alloc(i64 %n, i64 %align) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}
define internal void @__rust_dealloc(ptr %p, i64 %n, i64 %align) {
  call void @free(ptr %p)
  ret void
}
define internal noalias ptr @__rust_realloc(ptr %p, i64 %old, i64 %align, i64 %new) {
  %q = call ptr @realloc(ptr %p, i64 %new)
  ret ptr %q
}

; like RawVecInner::finish_grow: the buffer to grow is an argument
define internal ptr @grow(ptr %p, i64 %old, i64 %new) noinline {
  %q = call ptr @__rust_realloc(ptr %p, i64 %old, i64 8, i64 %new)
  ret ptr %q
}

define internal double @g(double %x) noinline {
  %b1 = call ptr @__rust_alloc(i64 8, i64 8)
  store double %x, ptr %b1
  %b2 = call ptr @grow(ptr %b1, i64 8, i64 16)
  %e1 = getelementptr inbounds double, ptr %b2, i64 1
  %xx = fmul double %x, %x
  store double %xx, ptr %e1
  %b3 = call ptr @grow(ptr %b2, i64 16, i64 32)
  %v0 = load double, ptr %b3
  %f1 = getelementptr inbounds double, ptr %b3, i64 1
  %v1 = load double, ptr %f1
  %m = fmul double %v0, %v1
  %r = fadd double %m, %v0
  call void @__rust_dealloc(ptr %b3, i64 32, i64 8)
  ret double %r
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %t = call double (...) @__enzyme_fwddiff(ptr @g, double 3.0, double 1.0)
  %e1 = fsub double %d, 28.0
  %a1 = call double @llvm.fabs.f64(double %e1)
  %e2 = fsub double %t, 28.0
  %a2 = call double @llvm.fabs.f64(double %e2)
  %ok1 = fcmp olt double %a1, 1.0e-12
  %ok2 = fcmp olt double %a2, 1.0e-12
  %ok = and i1 %ok1, %ok2
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double %t)
  ret i32 0
}
declare double @llvm.fabs.f64(double)
