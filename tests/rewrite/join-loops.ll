; ARGS: --join-loops
; SAME-OUTPUT: lli runs this module and its rewrite; both print the same.
; Joined: a loop LoopSimplify split at a `continue` (@skip: the outer header %outer holds
; phis alone and a debug record of one, and branches to %inner; a fast-math phi; an outer
; phi passed on to the inner header and one used after the loop), the same with numbered
; values and blocks and an unnamed entry (@numbered), a loop split twice whose `continue`
; edges are a switch's (@twice: two joins). Left: a loop with one back edge (@plain), a true
; nested loop whose outer header tests (@nested), a `continue` that reaches the inner header
; by two edges of one switch (@switched), a function with no loop (@straight), a cycle
; entered from two sides, whose "back edge" into the inner header starts at a block the
; header does not dominate (@irreducible).
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%g\0A\00"

define double @skip(ptr %x, ptr %on, i64 %n) !dbg !3 {
start:
  br label %outer

outer:                                            ; preds = %act, %start
  %k.ph = phi i64 [ %next, %act ], [ 0, %start ]
  %total.ph = phi fast double [ %t2, %act ], [ 0.000000e+00, %start ]
  %scale = phi double [ %s2, %act ], [ 1.000000e+00, %start ]
    #dbg_value(i64 %k.ph, !7, !DIExpression(), !9)
  br label %inner, !dbg !9

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
  %r = fmul double %total.ph, %scale
  ret double %r

act:                                              ; preds = %body
  %px = getelementptr inbounds double, ptr %x, i64 %k
  %v = load double, ptr %px, align 8
  %sq = fmul double %v, %v
  %t2 = fadd fast double %total.ph, %sq
  %s2 = fmul double %scale, 1.500000e+00
  br label %outer
}

define double @numbered(ptr %0, i64 %1) {
  br label %3

3:                                                ; preds = %13, %2
  %4 = phi i64 [ %9, %13 ], [ 0, %2 ]
  %5 = phi double [ %16, %13 ], [ 0.000000e+00, %2 ]
  br label %6

6:                                                ; preds = %8, %3
  %7 = phi i64 [ %9, %8 ], [ %4, %3 ]
  %cmp = icmp ult i64 %7, %1
  br i1 %cmp, label %8, label %17

8:                                                ; preds = %6
  %9 = add nuw i64 %7, 1
  %10 = and i64 %7, 1
  %11 = icmp eq i64 %10, 0
  br i1 %11, label %6, label %12

12:                                               ; preds = %8
  br label %13

13:                                               ; preds = %12
  %14 = getelementptr inbounds double, ptr %0, i64 %7
  %15 = load double, ptr %14, align 8
  %16 = fadd double %5, %15
  br label %3

17:                                               ; preds = %6
  ret double %5
}

define double @twice(ptr %x, i64 %n) {
start:
  br label %h1

h1:                                               ; preds = %l1, %start
  %a = phi double [ %a2, %l1 ], [ 0.000000e+00, %start ]
  %i1 = phi i64 [ %inext, %l1 ], [ 0, %start ]
  br label %h2

h2:                                               ; preds = %l2, %h1
  %b = phi double [ %b2, %l2 ], [ 1.000000e+00, %h1 ]
  %i2 = phi i64 [ %inext, %l2 ], [ %i1, %h1 ]
  br label %h3

h3:                                               ; preds = %body, %h2
  %i = phi i64 [ %inext, %body ], [ %i2, %h2 ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %done

body:                                             ; preds = %h3
  %inext = add nuw i64 %i, 1
  %m = urem i64 %i, 3
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p, align 8
  switch i64 %m, label %h3 [
    i64 1, label %l1
    i64 2, label %l2
  ]

l1:                                               ; preds = %body
  %a2 = fadd double %a, %v
  br label %h1

l2:                                               ; preds = %body
  %b2 = fmul double %b, %v
  br label %h2

done:                                             ; preds = %h3
  %r = fadd double %a, %b
  ret double %r
}

define double @plain(ptr %x, i64 %n) {
start:
  br label %head

head:                                             ; preds = %head, %start
  %i = phi i64 [ %i2, %head ], [ 0, %start ]
  %s = phi double [ %s2, %head ], [ 0.000000e+00, %start ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p, align 8
  %s2 = fadd double %s, %v
  %i2 = add nuw i64 %i, 1
  %more = icmp ult i64 %i2, %n
  br i1 %more, label %head, label %done

done:                                             ; preds = %head
  ret double %s2
}

define double @nested(ptr %x, i64 %n) {
start:
  br label %outer

outer:                                            ; preds = %latch, %start
  %i = phi i64 [ %i2, %latch ], [ 0, %start ]
  %s = phi double [ %s3, %latch ], [ 0.000000e+00, %start ]
  %go = icmp ult i64 %i, %n
  br i1 %go, label %inner, label %done

inner:                                            ; preds = %inner, %outer
  %j = phi i64 [ %j2, %inner ], [ 0, %outer ]
  %t = phi double [ %t2, %inner ], [ %s, %outer ]
  %p = getelementptr inbounds double, ptr %x, i64 %j
  %v = load double, ptr %p, align 8
  %t2 = fadd double %t, %v
  %j2 = add nuw i64 %j, 1
  %jm = icmp ult i64 %j2, %i
  br i1 %jm, label %inner, label %latch

latch:                                            ; preds = %inner
  %s3 = phi double [ %t2, %inner ]
  %i2 = add nuw i64 %i, 1
  br label %outer

done:                                             ; preds = %outer
  ret double %s
}

define double @switched(ptr %x, i64 %n) {
start:
  br label %outer

outer:                                            ; preds = %act, %start
  %k.ph = phi i64 [ %next, %act ], [ 0, %start ]
  %s.ph = phi double [ %s2, %act ], [ 0.000000e+00, %start ]
  br label %inner

inner:                                            ; preds = %body, %body, %outer
  %k = phi i64 [ %next, %body ], [ %next, %body ], [ %k.ph, %outer ]
  %more = icmp ult i64 %k, %n
  br i1 %more, label %body, label %exit

body:                                             ; preds = %inner
  %next = add nuw i64 %k, 1
  %odd = and i64 %k, 3
  switch i64 %odd, label %act [
    i64 0, label %inner
    i64 2, label %inner
  ]

exit:                                             ; preds = %inner
  ret double %s.ph

act:                                              ; preds = %body
  %p = getelementptr inbounds double, ptr %x, i64 %k
  %v = load double, ptr %p, align 8
  %s2 = fadd double %s.ph, %v
  br label %outer
}

define double @straight(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

define i64 @irreducible(i1 %c, i64 %n) {
start:
  br i1 %c, label %hp, label %side

hp:                                               ; preds = %act, %start
  %p = phi i64 [ 0, %start ], [ %z1, %act ]
  br label %hl

hl:                                               ; preds = %side, %hp
  %x = phi i64 [ %p, %hp ], [ %z, %side ]
  %y = add i64 %x, 1
  %m = icmp ult i64 %y, %n
  br i1 %m, label %side, label %done

side:                                             ; preds = %hl, %start
  %z = phi i64 [ 5, %start ], [ %y, %hl ]
  %odd = and i64 %z, 1
  %o = icmp eq i64 %odd, 0
  br i1 %o, label %hl, label %act

act:                                              ; preds = %side
  %z1 = add i64 %z, 2
  br label %hp

done:                                             ; preds = %hl
  ret i64 %y
}

define i32 @main() {
start:
  %x = alloca [7 x double], align 8
  %on = alloca [7 x i8], align 1
  store [7 x double] [double 1.5, double -2.0, double 0.25, double 3.0, double 0.5, double -1.25, double 2.0], ptr %x
  store [7 x i8] [i8 1, i8 0, i8 1, i8 1, i8 0, i8 0, i8 1], ptr %on
  %r1 = call double @skip(ptr %x, ptr %on, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r1)
  %r2 = call double @numbered(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r2)
  %r3 = call double @twice(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r3)
  %r4 = call double @plain(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r4)
  %r5 = call double @nested(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r5)
  %r6 = call double @switched(ptr %x, i64 7)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r6)
  %r7 = call double @straight(double 3.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r7)
  %r8 = call i64 @irreducible(i1 true, i64 20)
  %r8f = uitofp i64 %r8 to double
  call i32 (ptr, ...) @printf(ptr @fmt, double %r8f)
  %r9 = call i64 @irreducible(i1 false, i64 20)
  %r9f = uitofp i64 %r9 to double
  call i32 (ptr, ...) @printf(ptr @fmt, double %r9f)
  ret i32 0
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "golden", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "join.c", directory: "/")
!3 = distinct !DISubprogram(name: "skip", scope: !2, file: !2, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1, retainedNodes: !6)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !{!7}
!7 = !DILocalVariable(name: "k", scope: !3, file: !2, line: 1, type: !8)
!8 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!9 = !DILocation(line: 1, scope: !3)
