; A heap buffer keeps -1: `sum(v: &Vec<f64>)` with Vec laid out { cap, ptr, len }; the
; buffer holds elements and nothing else, so "every offset is an f64" cannot be
; contradicted. The buffer's contents are copied (a memcpy of run-time length, as
; `to_vec` does), which Enzyme types from the tree. sum(copy)^2 -> d/dx_i = 2 sum = 12.
; CASE heap {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer, [-1,8]:Pointer, [-1,8,-1]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Integer, [-1,19]:Integer, [-1,20]:Integer, [-1,21]:Integer, [-1,22]:Integer, [-1,23]:Integer} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@enzyme_dup = global i32 0
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal double @sum(ptr "enzyme_type"="TREE" %v) noinline {
entry:
  %pp = getelementptr inbounds i8, ptr %v, i64 8
  %p = load ptr, ptr %pp
  %lp = getelementptr inbounds i8, ptr %v, i64 16
  %n = load i64, ptr %lp
  %bytes = shl i64 %n, 3
  %buf = alloca [64 x i8], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %p, i64 %bytes, i1 false)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %ep = getelementptr inbounds double, ptr %buf, i64 %i
  %x = load double, ptr %ep
  %s1 = fadd double %s, %x
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %done, label %loop
done:
  %sq = fmul double %s1, %s1
  ret double %sq
}

define internal double @top(ptr %v) noinline {
  %r = call double @sum(ptr %v)
  ret double %r
}

define i32 @main() {
  %b = call ptr @malloc(i64 24)
  %db = call ptr @malloc(i64 24)
  store [3 x double] [double 1.0, double 2.0, double 3.0], ptr %b
  store [3 x double] zeroinitializer, ptr %db
  %v = alloca { i64, ptr, i64 }
  %dv = alloca { i64, ptr, i64 }
  store { i64, ptr, i64 } { i64 3, ptr poison, i64 3 }, ptr %v
  %vp = getelementptr i8, ptr %v, i64 8
  store ptr %b, ptr %vp
  store { i64, ptr, i64 } { i64 3, ptr poison, i64 3 }, ptr %dv
  %dvp = getelementptr i8, ptr %dv, i64 8
  store ptr %db, ptr %dvp
  call void (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %v, ptr %dv)
  %g = load double, ptr %db
  %ok = fcmp oeq double %g, 12.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %g)
  ret i32 0
}
