; ARGS: --join-loops --loop-exits
; SAME-OUTPUT: lli runs this module and its rewrite; both print the same.
; Guarded: the inner loop's exit on the way back to an outer loop that leaves only through
; the inner one (@rows, whose return loses `noundef`), the same in a function returning
; nothing (@rows_void), an exit two blocks of the loop reach, with a phi (@two_edges).
; Left: an exit that ends in `unreachable` alone (@checked: a panic), a loop whose exits
; reach a return (@plain), a split loop that --join-loops makes one loop first (@split).
declare i32 @printf(ptr, ...)
declare void @abort()
@fmt = private constant [4 x i8] c"%g\0A\00"

define noundef double @rows(ptr %x, i64 %w, double %stop) {
start:
  br label %outer

outer:                                            ; preds = %latch, %start
  %s.o = phi double [ %s, %latch ], [ 0.000000e+00, %start ]
  %i = phi i64 [ %i1, %latch ], [ 0, %start ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %base = load double, ptr %px, align 8
  br label %inner

inner:                                            ; preds = %body, %outer
  %j = phi i64 [ %j1, %body ], [ 0, %outer ]
  %s = phi double [ %s2, %body ], [ %s.o, %outer ]
  %more = icmp ult i64 %j, %w
  br i1 %more, label %body, label %latch

body:                                             ; preds = %inner
  %j1 = add nuw i64 %j, 1
  %t = fmul double %base, 1.500000e+00
  %s2 = fadd double %s, %t
  %done = fcmp ogt double %s2, %stop
  br i1 %done, label %out, label %inner

latch:                                            ; preds = %inner
  %i1 = add nuw i64 %i, 1
  br label %outer

out:                                              ; preds = %body
  ret double %s2
}

define void @rows_void(ptr %x, i64 %w, ptr %r) {
start:
  br label %outer

outer:                                            ; preds = %latch, %start
  %i = phi i64 [ %i1, %latch ], [ 0, %start ]
  br label %inner

inner:                                            ; preds = %next, %outer
  %j = phi i64 [ %j1, %next ], [ 0, %outer ]
  %j1 = add nuw i64 %j, 1
  %k = add i64 %i, %j
  %stop = icmp ugt i64 %k, 9
  br i1 %stop, label %out, label %next

next:                                             ; preds = %inner
  %more = icmp ult i64 %j1, %w
  br i1 %more, label %inner, label %latch

latch:                                            ; preds = %next
  %i1 = add nuw i64 %i, 1
  br label %outer

out:                                              ; preds = %inner
  %kf = uitofp i64 %k to double
  store double %kf, ptr %r, align 8
  ret void
}

define double @two_edges(ptr %x, i64 %n) {
start:
  br label %outer

outer:                                            ; preds = %latch, %start
  %i = phi i64 [ %i1, %latch ], [ 0, %start ]
  %acc = phi double [ %acc1, %latch ], [ 0.000000e+00, %start ]
  %i2 = mul i64 %i, 2
  br label %inner

inner:                                            ; preds = %check, %outer
  %j = phi i64 [ %j1, %check ], [ 0, %outer ]
  %j1 = add nuw i64 %j, 1
  %ij = add i64 %j, %i2
  %odd = and i64 %ij, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %latch, label %mid

mid:                                              ; preds = %inner
  %big = icmp ugt i64 %j1, 4
  br i1 %big, label %latch, label %check

check:                                            ; preds = %mid
  %end = icmp ugt i64 %i, %n
  br i1 %end, label %done, label %inner

latch:                                            ; preds = %mid, %inner
  %v = phi double [ 1.000000e+00, %inner ], [ 2.000000e+00, %mid ]
  %acc1 = fadd double %acc, %v
  %i1 = add nuw i64 %i, 1
  br label %outer

done:                                             ; preds = %check
  ret double %acc
}

define double @checked(ptr %x, i64 %n) {
start:
  br label %loop

loop:                                             ; preds = %ok, %start
  %i = phi i64 [ %i1, %ok ], [ 0, %start ]
  %s = phi double [ %s1, %ok ], [ 0.000000e+00, %start ]
  %bad = icmp ugt i64 %i, 100
  br i1 %bad, label %panic, label %ok

ok:                                               ; preds = %loop
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p, align 8
  %s1 = fadd double %s, %v
  %i1 = add nuw i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done

panic:                                            ; preds = %loop
  call void @abort()
  unreachable

done:                                             ; preds = %ok
  ret double %s1
}

define double @plain(ptr %x, i64 %n) {
start:
  br label %loop

loop:                                             ; preds = %loop, %start
  %i = phi i64 [ %i1, %loop ], [ 0, %start ]
  %s = phi double [ %s1, %loop ], [ 0.000000e+00, %start ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p, align 8
  %s1 = fadd double %s, %v
  %i1 = add nuw i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done

done:                                             ; preds = %loop
  ret double %s1
}

define double @split(ptr %x, ptr %on, i64 %n) {
start:
  br label %outer

outer:                                            ; preds = %act, %start
  %k.ph = phi i64 [ %next, %act ], [ 0, %start ]
  %total.ph = phi double [ %t2, %act ], [ 0.000000e+00, %start ]
  br label %inner

inner:                                            ; preds = %body, %outer
  %k = phi i64 [ %next, %body ], [ %k.ph, %outer ]
  %more = icmp ult i64 %k, %n
  br i1 %more, label %body, label %exit

body:                                             ; preds = %inner
  %next = add nuw i64 %k, 1
  %pa = getelementptr inbounds i8, ptr %on, i64 %k
  %a8 = load i8, ptr %pa, align 1
  %a = icmp ne i8 %a8, 0
  br i1 %a, label %act, label %inner

exit:                                             ; preds = %inner
  ret double %total.ph

act:                                              ; preds = %body
  %px = getelementptr inbounds double, ptr %x, i64 %k
  %v = load double, ptr %px, align 8
  %t2 = fadd double %total.ph, %v
  br label %outer
}

define i32 @main() {
start:
  %x = alloca [7 x double], align 8
  %on = alloca [7 x i8], align 1
  %r = alloca double, align 8
  store [7 x double] [double 1.5, double -2.0, double 0.25, double 3.0, double 0.5, double -1.25, double 2.0], ptr %x
  store [7 x i8] [i8 1, i8 0, i8 1, i8 1, i8 0, i8 0, i8 1], ptr %on
  %r1 = call double @rows(ptr %x, i64 3, double 9.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r1)
  call void @rows_void(ptr %x, i64 3, ptr %r)
  %r2 = load double, ptr %r, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %r2)
  %r3 = call double @two_edges(ptr %x, i64 4)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r3)
  %r4 = call double @checked(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r4)
  %r5 = call double @plain(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r5)
  %r6 = call double @split(ptr %x, ptr %on, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r6)
  ret i32 0
}
