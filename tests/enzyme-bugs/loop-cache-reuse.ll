; Enzyme bug: in the reverse pass Enzyme looks a load of a loop up as an earlier load of
; another loop when both read the same base object at the same start and step, the loops
; run the same number of times and nothing writes between (GradientUtils::lookupM, its
; `inst = li2`). It then reads the earlier load's cache at the earlier loop's reverse
; counter, which the later loop's reverse pass (run first) has not set: silently wrong,
; with any tree or none and with Enzyme's defaults. It needs two loops without zero-trip
; guards (the first then dominates the second: a bounds check or a constant length before
; them) whose loads Enzyme caches element by element (here a stride of 16 bytes; a
; contiguous run it caches with one memcpy, indexed right) because memory may be written
; after them (here a store through a pointer loaded from a global; in Rust, writes and
; frees Enzyme cannot separate from the buffer). The gradient case slice_moves_mixed at
; -O1: two sums over a Vec of { f64, u32, f32 } after `v.swap(0, m - 1)`.
; f(x, n): b[i] = { 2 x[i], 0 } in a malloc'd buffer; s = sum b[i].0^2 + sum (i+1) b[i].0^2;
; d/dx[i] = 8 x[i] (2 + i). Enzyme's is wrong for every i > 0 (d/dx[1] = 32 where 48 is
; right): the second loop's reverse reads the first loop's cache at a counter not set.
; `typetree rewrite --loop-starts` gives the second loop's pointer a start of its own
; (the same address plus an identity Enzyme cannot see through): right.
; CASE bug --opt wrong
; CASE defaults --opt --enzyme-flags=-enzyme-max-type-offset=500 wrong
; CASE own-starts --opt --rewrite=--loop-starts right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
@fmt = private constant [29 x i8] c"d/dx[%d] = %g (expected %g)\0A\00"
@line = private constant [4 x i8] c"%s\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@sink = global ptr null
@dummy = global double 0.0
@other = global ptr @dummy

define internal double @f(ptr %x, i64 %n) noinline {
start:
  %bytes = shl i64 %n, 4
  %buf = call ptr @malloc(i64 %bytes)
  store ptr %buf, ptr @sink
  br label %fill
fill:
  %i0 = phi i64 [ 0, %start ], [ %i0n, %fill ]
  %px = getelementptr inbounds double, ptr %x, i64 %i0
  %xv = load double, ptr %px
  %b = fmul double %xv, 2.0
  %pb = getelementptr inbounds { double, double }, ptr %buf, i64 %i0
  store double %b, ptr %pb
  %i0n = add nuw nsw i64 %i0, 1
  %d0 = icmp eq i64 %i0n, %n
  br i1 %d0, label %l1.pre, label %fill
l1.pre:
  br label %l1
l1:
  %s1 = phi double [ 0.0, %l1.pre ], [ %s1n, %l1 ]
  %i1 = phi i64 [ 0, %l1.pre ], [ %i1n, %l1 ]
  %p1 = phi ptr [ %buf, %l1.pre ], [ %p1n, %l1 ]
  %v1 = load double, ptr %p1
  %sq1 = fmul double %v1, %v1
  %s1n = fadd double %s1, %sq1
  %p1n = getelementptr inbounds i8, ptr %p1, i64 16
  %i1n = add nuw nsw i64 %i1, 1
  %d1 = icmp eq i64 %i1n, %n
  br i1 %d1, label %l2.pre, label %l1
l2.pre:
  br label %l2
l2:
  %s2 = phi double [ %s1n, %l2.pre ], [ %s2n, %l2 ]
  %i2 = phi i64 [ 0, %l2.pre ], [ %i2n, %l2 ]
  %p2 = phi ptr [ %buf, %l2.pre ], [ %p2n, %l2 ]
  %v2 = load double, ptr %p2
  %sq2 = fmul double %v2, %v2
  %i2n = add nuw nsw i64 %i2, 1
  %w = uitofp i64 %i2n to double
  %t2 = fmul double %sq2, %w
  %s2n = fadd double %s2, %t2
  %p2n = getelementptr inbounds i8, ptr %p2, i64 16
  %d2 = icmp eq i64 %i2n, %n
  br i1 %d2, label %done, label %l2
done:
  %q = load ptr, ptr @other
  store double 0.0, ptr %q
  call void @free(ptr %buf)
  ret double %s2n
}

define i32 @main() {
start:
  %x = alloca [4 x double]
  %dx = alloca [4 x double]
  br label %init
init:
  %k = phi i64 [ 0, %start ], [ %kn, %init ]
  %kf = uitofp i64 %k to double
  %xv = fadd double %kf, 1.0
  %px = getelementptr inbounds double, ptr %x, i64 %k
  store double %xv, ptr %px
  %pdx = getelementptr inbounds double, ptr %dx, i64 %k
  store double 0.0, ptr %pdx
  %kn = add i64 %k, 1
  %kd = icmp eq i64 %kn, 4
  br i1 %kd, label %call, label %init
call:
  %r = call double (...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i64 4)
  br label %check
check:
  ; d/dx[j] = 8 x[j] (2 + j), x[j] = j + 1: the verdict first, then each derivative
  %j = phi i64 [ 0, %call ], [ %jn, %check ]
  %bad = phi i1 [ false, %call ], [ %bad2, %check ]
  %pj = getelementptr inbounds double, ptr %dx, i64 %j
  %g = load double, ptr %pj
  %e = call double @expected(i64 %j)
  %ok = fcmp oeq double %g, %e
  %notok = xor i1 %ok, true
  %bad2 = or i1 %bad, %notok
  %jn = add i64 %j, 1
  %jd = icmp eq i64 %jn, 4
  br i1 %jd, label %verdict, label %check
verdict:
  %tag = select i1 %bad2, ptr @wrong, ptr @right
  %pv = call i32 (ptr, ...) @printf(ptr @line, ptr %tag)
  br label %show
show:
  %m = phi i64 [ 0, %verdict ], [ %mn, %show ]
  %pm = getelementptr inbounds double, ptr %dx, i64 %m
  %gm = load double, ptr %pm
  %em = call double @expected(i64 %m)
  %m32 = trunc i64 %m to i32
  %pr = call i32 (ptr, ...) @printf(ptr @fmt, i32 %m32, double %gm, double %em)
  %mn = add i64 %m, 1
  %md = icmp eq i64 %mn, 4
  br i1 %md, label %end, label %show
end:
  %rc = zext i1 %bad2 to i32
  ret i32 %rc
}

define internal double @expected(i64 %j) {
  %jf = uitofp i64 %j to double
  %xj = fadd double %jf, 1.0
  %jp2 = fadd double %jf, 2.0
  %e0 = fmul double %xj, 8.0
  %e = fmul double %e0, %jp2
  ret double %e
}
