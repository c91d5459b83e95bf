; Copies of run-time length as loops of typed loads and stores (annotate --typed-copy-loops,
; emit/body/ir_body_loops.c): the cure of tests/enzyme-bugs/runtime-copy-first-type.ll. Points
; { double x, double y, i32 tag, float w } (24 bytes). @copy and @move are the functions
; annotate writes for them (its `!enzyme_type` on float loads left out: the LLVM types alone
; must do). f(p, dst, n): dst[0..n] = p[0..n] (copy), dst[1..n] = p[0..n-1] (copy onto an
; overlapping part), then within dst, dst[0..n-1] = dst[1..n] (a move downwards, d < s) and
; dst[1..n] = dst[0..n-1] (a move upwards, d > s); the sum of x * w over dst. With
; p = [{1, 0, 7, 2}, {3, 0, 9, 4}] both elements of dst end as p[0]: df/dw0 = 2 x0 = 2.
; The memcpy form gives 1.125 at every level, with and without trees or options. TREE is
; unused (no attribute needed).
; CASE loop -O0 right
; CASE loop -O1 right
; CASE loop -O2 right
; CASE loop -O3 right
; CASE loop-defaults -O0 --enzyme-flags=-enzyme-max-type-offset=500 right
; CASE loop-defaults -O2 --enzyme-flags=-enzyme-max-type-offset=500 right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0
@enzyme_const = global i8 0
@two = global i64 2

define internal double @f(ptr %src, ptr %dst, i64 %n) noinline {
entry:
  %bytes = mul i64 %n, 24
  call void @copy(ptr %dst, ptr %src, i64 %bytes)
  %d1 = getelementptr inbounds i8, ptr %dst, i64 24
  %less = sub i64 %bytes, 24
  call void @copy(ptr %d1, ptr %src, i64 %less)
  call void @move(ptr %dst, ptr %d1, i64 %less)
  call void @move(ptr %d1, ptr %dst, i64 %less)
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

define internal void @copy(ptr %d, ptr %s, i64 %n) unnamed_addr noinline nounwind {
entry:
  %c = udiv i64 %n, 24
  %t0 = mul i64 %c, 24
  br label %uhead
uhead:
  %uz = icmp eq i64 %c, 0
  br i1 %uz, label %utail, label %uloop
uloop:
  %ui = phi i64 [ 0, %uhead ], [ %ui1, %uloop ]
  %uo = mul i64 %ui, 24
  %us = getelementptr inbounds i8, ptr %s, i64 %uo
  %ud = getelementptr inbounds i8, ptr %d, i64 %uo
  %us0 = getelementptr inbounds i8, ptr %us, i64 0
  %ud0 = getelementptr inbounds i8, ptr %ud, i64 0
  %uv0 = load double, ptr %us0, align 1
  store double %uv0, ptr %ud0, align 1
  %us1 = getelementptr inbounds i8, ptr %us, i64 8
  %ud1 = getelementptr inbounds i8, ptr %ud, i64 8
  %uv1 = load double, ptr %us1, align 1
  store double %uv1, ptr %ud1, align 1
  %us2 = getelementptr inbounds i8, ptr %us, i64 16
  %ud2 = getelementptr inbounds i8, ptr %ud, i64 16
  %uv2 = load i32, ptr %us2, align 1
  store i32 %uv2, ptr %ud2, align 1
  %us3 = getelementptr inbounds i8, ptr %us, i64 20
  %ud3 = getelementptr inbounds i8, ptr %ud, i64 20
  %uv3 = load float, ptr %us3, align 1
  store float %uv3, ptr %ud3, align 1
  %ui1 = add nuw i64 %ui, 1
  %um = icmp ult i64 %ui1, %c
  br i1 %um, label %uloop, label %utail
utail:
  %ur = icmp ult i64 %t0, %n
  br i1 %ur, label %ubytes, label %done
ubytes:
  %uj = phi i64 [ %t0, %utail ], [ %uj1, %ubytes ]
  %ubs = getelementptr inbounds i8, ptr %s, i64 %uj
  %ubd = getelementptr inbounds i8, ptr %d, i64 %uj
  %ubv = load i8, ptr %ubs, align 1
  store i8 %ubv, ptr %ubd, align 1
  %uj1 = add nuw i64 %uj, 1
  %ubm = icmp ult i64 %uj1, %n
  br i1 %ubm, label %ubytes, label %done
done:
  ret void
}

define internal void @move(ptr %d, ptr %s, i64 %n) unnamed_addr noinline nounwind {
entry:
  %c = udiv i64 %n, 24
  %t0 = mul i64 %c, 24
  %up = icmp ule ptr %d, %s
  br i1 %up, label %uhead, label %dtail
uhead:
  %uz = icmp eq i64 %c, 0
  br i1 %uz, label %utail, label %uloop
uloop:
  %ui = phi i64 [ 0, %uhead ], [ %ui1, %uloop ]
  %uo = mul i64 %ui, 24
  %us = getelementptr inbounds i8, ptr %s, i64 %uo
  %ud = getelementptr inbounds i8, ptr %d, i64 %uo
  %us0 = getelementptr inbounds i8, ptr %us, i64 0
  %ud0 = getelementptr inbounds i8, ptr %ud, i64 0
  %uv0 = load double, ptr %us0, align 1
  store double %uv0, ptr %ud0, align 1
  %us1 = getelementptr inbounds i8, ptr %us, i64 8
  %ud1 = getelementptr inbounds i8, ptr %ud, i64 8
  %uv1 = load double, ptr %us1, align 1
  store double %uv1, ptr %ud1, align 1
  %us2 = getelementptr inbounds i8, ptr %us, i64 16
  %ud2 = getelementptr inbounds i8, ptr %ud, i64 16
  %uv2 = load i32, ptr %us2, align 1
  store i32 %uv2, ptr %ud2, align 1
  %us3 = getelementptr inbounds i8, ptr %us, i64 20
  %ud3 = getelementptr inbounds i8, ptr %ud, i64 20
  %uv3 = load float, ptr %us3, align 1
  store float %uv3, ptr %ud3, align 1
  %ui1 = add nuw i64 %ui, 1
  %um = icmp ult i64 %ui1, %c
  br i1 %um, label %uloop, label %utail
utail:
  %ur = icmp ult i64 %t0, %n
  br i1 %ur, label %ubytes, label %done
ubytes:
  %uj = phi i64 [ %t0, %utail ], [ %uj1, %ubytes ]
  %ubs = getelementptr inbounds i8, ptr %s, i64 %uj
  %ubd = getelementptr inbounds i8, ptr %d, i64 %uj
  %ubv = load i8, ptr %ubs, align 1
  store i8 %ubv, ptr %ubd, align 1
  %uj1 = add nuw i64 %uj, 1
  %ubm = icmp ult i64 %uj1, %n
  br i1 %ubm, label %ubytes, label %done
dtail:
  %dr = icmp ult i64 %t0, %n
  br i1 %dr, label %dbytes, label %dhead
dbytes:
  %dj = phi i64 [ %n, %dtail ], [ %dj1, %dbytes ]
  %dj1 = sub i64 %dj, 1
  %dbs = getelementptr inbounds i8, ptr %s, i64 %dj1
  %dbd = getelementptr inbounds i8, ptr %d, i64 %dj1
  %dbv = load i8, ptr %dbs, align 1
  store i8 %dbv, ptr %dbd, align 1
  %dbm = icmp ugt i64 %dj1, %t0
  br i1 %dbm, label %dbytes, label %dhead
dhead:
  %dz = icmp eq i64 %c, 0
  br i1 %dz, label %done, label %dloop
dloop:
  %di = phi i64 [ %c, %dhead ], [ %di1, %dloop ]
  %di1 = sub i64 %di, 1
  %do = mul i64 %di1, 24
  %ds = getelementptr inbounds i8, ptr %s, i64 %do
  %dd = getelementptr inbounds i8, ptr %d, i64 %do
  %ds3 = getelementptr inbounds i8, ptr %ds, i64 20
  %dd3 = getelementptr inbounds i8, ptr %dd, i64 20
  %dv3 = load float, ptr %ds3, align 1
  store float %dv3, ptr %dd3, align 1
  %ds2 = getelementptr inbounds i8, ptr %ds, i64 16
  %dd2 = getelementptr inbounds i8, ptr %dd, i64 16
  %dv2 = load i32, ptr %ds2, align 1
  store i32 %dv2, ptr %dd2, align 1
  %ds1 = getelementptr inbounds i8, ptr %ds, i64 8
  %dd1 = getelementptr inbounds i8, ptr %dd, i64 8
  %dv1 = load double, ptr %ds1, align 1
  store double %dv1, ptr %dd1, align 1
  %ds0 = getelementptr inbounds i8, ptr %ds, i64 0
  %dd0 = getelementptr inbounds i8, ptr %dd, i64 0
  %dv0 = load double, ptr %ds0, align 1
  store double %dv0, ptr %dd0, align 1
  %dm = icmp ne i64 %di1, 0
  br i1 %dm, label %dloop, label %done
done:
  ret void
}
