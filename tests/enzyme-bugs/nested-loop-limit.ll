; Enzyme bug: the loop-exit bug of continue-loop-limit.ll where the outer loop is a true
; one, its header doing work of its own, so `typetree rewrite --join-loops` cannot join it
; and leaves it as it is (checked by hand; the golden tests/rewrite/join-loops keeps such
; shapes). The outer loop leaves only through the inner loop; the inner loop's edge to the
; outer latch is no exit to Enzyme, which never records the inner trip count there: wrong,
; silently, with any tree or none and with Enzyme's defaults. In Rust: an outer `loop`
; whose only way out is a `break 'outer` or `return` inside an inner loop, with work
; before the inner loop. Not worked around (issue 32's note says what was considered).
; f(b): as in continue-loop-limit.ll, the outer header also adds (k * 0.0) to the total.
; CASE told {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer, [-1,8]:Float@float, [-1,12]:Float@float, [-1,16]:Float@float, [-1,20]:Float@float, [-1,24]:Float@float, [-1,28]:Float@float, [-1,32]:Float@float, [-1,36]:Float@float} wrong
; CASE told -O2 {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer, [-1,8]:Float@float, [-1,12]:Float@float, [-1,16]:Float@float, [-1,20]:Float@float, [-1,24]:Float@float, [-1,28]:Float@float, [-1,32]:Float@float, [-1,36]:Float@float} wrong
; CASE untold {[-1]:Pointer} wrong
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 {[-1]:Pointer} wrong
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
@fmt = private constant [32 x i8] c"%s d/dc[%d] = %g (expected %g)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; %outer does work besides its phis: no split loop, two loops.
define internal double @f(ptr "enzyme_type"="TREE" %b) noinline {
start:
  %pc = getelementptr inbounds i8, ptr %b, i64 8
  br label %outer
outer:
  %iter.ph = phi i64 [ %next, %act ], [ 0, %start ]
  %total.ph = phi double [ %t2, %act ], [ 0.0, %start ]
  %w = uitofp i64 %iter.ph to double
  %w2 = fmul double %w, 0.0
  %tot = fadd double %total.ph, %w2
  br label %inner
inner:
  %iter = phi i64 [ %next, %body ], [ %iter.ph, %outer ]
  %more = icmp ult i64 %iter, 8
  br i1 %more, label %body, label %exit
body:
  %next = add nuw nsw i64 %iter, 1
  %pa = getelementptr inbounds i8, ptr %b, i64 %iter
  %a8 = load i8, ptr %pa
  %a = trunc nuw i8 %a8 to i1
  br i1 %a, label %act, label %inner
exit:
  ret double %tot
act:
  %ci = getelementptr inbounds float, ptr %pc, i64 %iter
  %c = load float, ptr %ci
  %cd = fpext float %c to double
  %sq = fmul double %cd, %cd
  %t2 = fadd double %tot, %sq
  br label %outer
}

define internal double @g(ptr %b) noinline {
  %r = call double @f(ptr %b)
  ret double %r
}

; Prints "right" when every d/dc[k] is 2 c[k] for an active k and 0 otherwise, then each.
define i32 @main() {
start:
  %b = alloca [40 x i8], align 8
  %db = alloca [40 x i8], align 8
  store [8 x i8] [i8 1, i8 1, i8 0, i8 1, i8 1, i8 1, i8 0, i8 1], ptr %b
  %pc = getelementptr inbounds i8, ptr %b, i64 8
  store [8 x float] [float 0.5, float 0.625, float 0.75, float 0.875, float 1.0, float 1.125, float 1.25, float 1.375], ptr %pc
  call void @llvm.memset.p0.i64(ptr %db, i8 0, i64 40, i1 false)
  call double (...) @__enzyme_autodiff(ptr @g, ptr %b, ptr %db)
  br label %check
check:
  %k = phi i64 [ 0, %start ], [ %k1, %check ]
  %ok = phi i1 [ true, %start ], [ %ok1, %check ]
  %pa = getelementptr inbounds i8, ptr %b, i64 %k
  %a8 = load i8, ptr %pa
  %a = icmp ne i8 %a8, 0
  %p = getelementptr inbounds float, ptr %pc, i64 %k
  %c = load float, ptr %p
  %c2 = fmul float %c, 2.0
  %want = select i1 %a, float %c2, float 0.0
  %dp = getelementptr inbounds i8, ptr %db, i64 8
  %dq = getelementptr inbounds float, ptr %dp, i64 %k
  %got = load float, ptr %dq
  %same = fcmp oeq float %got, %want
  %ok1 = and i1 %ok, %same
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 8
  br i1 %more, label %check, label %say
say:
  %msg = select i1 %ok1, ptr @right, ptr @wrong
  br label %print
print:
  %j = phi i64 [ 0, %say ], [ %j1, %print ]
  %pj = getelementptr inbounds float, ptr %pc, i64 %j
  %cj = load float, ptr %pj
  %cj2 = fmul float %cj, 2.0
  %paj = getelementptr inbounds i8, ptr %b, i64 %j
  %aj8 = load i8, ptr %paj
  %aj = icmp ne i8 %aj8, 0
  %wj = select i1 %aj, float %cj2, float 0.0
  %dpj = getelementptr inbounds i8, ptr %db, i64 8
  %dj = getelementptr inbounds float, ptr %dpj, i64 %j
  %gj = load float, ptr %dj
  %gd = fpext float %gj to double
  %wd = fpext float %wj to double
  %j32 = trunc i64 %j to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, i32 %j32, double %gd, double %wd)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 8
  br i1 %jm, label %print, label %done
done:
  ret i32 0
}
