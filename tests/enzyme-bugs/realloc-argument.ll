; Enzyme bug: reverse mode cannot differentiate realloc of a pointer the function received
; as an argument, whatever the types are.
; Enzyme's preprocessing rewrites realloc(p, n) into malloc + copy + free and needs p's old
; size, which it finds only when p comes from malloc/calloc/realloc/posix_memalign in the
; same function (FunctionUtils.cpp, "DynamicReallocSize"); for an argument it stops with
; "could not statically determine size of realloc". The fallback it was meant to use
; (malloc_usable_size) is dead code after that unconditional error. The same realloc of a
; buffer malloc'd in the same function is differentiated right.
; std's allocator shim __rdl_realloc(ptr, old_size, align, new_size) has exactly this shape,
; and the growth path of every Vec (reserve/do_reserve_and_handle -> RawVecInner::
; grow_amortized -> finish_grow -> __rust_realloc) reaches it with the Vec's active buffer.
; Gradient cases: copy_from_slice, f32_normalize, matrix_vector, vec_collect, euclid_transform
; (-O0: std's Vec growth, RawVecInner::grow_amortized -> finish_grow -> __rdl_realloc).
; Their "Cannot deduce type of insertvalue" (grow_amortized's returned Result) and "Cannot
; deduce type of copy" (__rdl_realloc's copy) are separate: with a true
; "enzyme_type"="{[-1]:Integer}" on grow_amortized's return and even an f64 tree on
; __rdl_realloc's copy (untrue: it copies every type's buffers), this error alone remains.
; g(x) = x^2 through a buffer that grow() reallocates -> g'(3) = 6.
; CASE bug -O0 error could not statically determine size of realloc
; CASE bug -O2 error could not statically determine size of realloc
declare ptr @malloc(i64)
declare ptr @realloc(ptr, i64)
declare void @free(ptr)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; like std's __rdl_realloc: the pointer to grow is an argument
define internal ptr @grow(ptr %p, i64 %n) noinline {
  %q = call ptr @realloc(ptr %p, i64 %n)
  ret ptr %q
}

define internal double @g(double %x) noinline {
  %p = call ptr @malloc(i64 8)
  store double %x, ptr %p
  %q = call ptr @grow(ptr %p, i64 16)
  %v = load double, ptr %q
  %m = fmul double %v, %v
  call void @free(ptr %q)
  ret double %m
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %diff = fsub double %d, 6.0
  %abs = call double @llvm.fabs.f64(double %diff)
  %ok = fcmp olt double %abs, 1.0e-12
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 6.0)
  ret i32 0
}
declare double @llvm.fabs.f64(double)
