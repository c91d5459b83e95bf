; A pointer through a select of pointers (typetree rewrite --pointer-selects, which the
; wrapper runs on the module between LLVM's passes and Enzyme; emit/rewrite/ir_rewrite.c): the cure
; of tests/enzyme-bugs/pointer-through-select.ll. The same function, its
; `inttoptr (select %isnull, i64 16, i64 (ptrtoint %buf))` written as the rewrite writes it,
; `select i1 %isnull, ptr inttoptr (i64 16 to ptr), ptr %buf`: right at every level, with
; any tree or none, with the wrapper's options and with Enzyme's defaults.
; CASE told {[-1]:Pointer, [-1,0]:Float@double} right
; CASE told -O1 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE told -O2 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE told -O3 {[-1]:Pointer, [-1,0]:Float@double} right
; CASE untold {[-1]:Pointer} right
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer, [-1,0]:Float@double} right
declare ptr @calloc(i64, i64)
declare void @free(ptr)
declare void @abort()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; f(x, fresh): with fresh, x = [0, x0^2] through a zeroed buffer; returns x[1]:
; d/dx0 = 2 x0.
define internal double @f(ptr "enzyme_type"="TREE" %x, i1 %fresh) noinline {
start:
  br i1 %fresh, label %alloc, label %join
alloc:
  %buf = call ptr @calloc(i64 2, i64 8)
  %x0 = load double, ptr %x
  %sq = fmul double %x0, %x0
  %b1 = getelementptr inbounds double, ptr %buf, i64 1
  store double %sq, ptr %b1
  %isnull = icmp eq ptr %buf, null
  %bi = ptrtoint ptr %buf to i64
  %s = select i1 %isnull, i64 16, i64 %bi
  br i1 %isnull, label %err, label %ok
err:
  call void @abort()
  unreachable
ok:
  %q = select i1 %isnull, ptr inttoptr (i64 16 to ptr), ptr %buf
  br label %join
join:
  %src = phi ptr [ %q, %ok ], [ %x, %start ]
  call void @llvm.memcpy.p0.p0.i64(ptr %x, ptr %src, i64 16, i1 false)
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  %r = load double, ptr %x1
  ret double %r
}

define internal double @g(ptr %x) noinline {
  %r = call double @f(ptr %x, i1 true)
  ret double %r
}

define i32 @main() {
  %x = alloca [2 x double]
  %dx = alloca [2 x double]
  store [2 x double] [double 3.0, double 0.0], ptr %x
  store [2 x double] zeroinitializer, ptr %dx
  call double (...) @__enzyme_autodiff(ptr @g, ptr %x, ptr %dx)
  %d = load double, ptr %dx
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 6.0)
  ret i32 0
}
