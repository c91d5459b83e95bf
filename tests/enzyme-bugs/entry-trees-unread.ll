; Enzyme's limit, not a wrong answer: Enzyme seeds the function an __enzyme_autodiff call
; hands it from the LLVM types of its parameters alone (a pointer is {[-1]:Pointer};
; Enzyme.cpp, populate_type_args) and never reads that function's own "enzyme_type"
; attributes: it reads a function's trees only at a call of it, as facts about the
; caller's operands (TypeAnalysis.cpp, considerTBAA). Here @top gets a Vec-like
; { ptr, i64 } by reference, with its tree, and passes the buffer and the length to @f,
; whose parameters have none, as after LLVM's argument promotion made them from a
; `&Vec<S>` (a random case of tests/gradients/random_cases.py at -O3, where Enzyme then
; stopped on the length: "cannot handle unknown binary operator"). @f copies the buffer
; out; Enzyme cannot type the copy, with the tree as without one. `typetree rewrite
; --entry-trees` hands Enzyme @__typetree_entry.top, which calls @top: Enzyme reads the
; tree at that call. out = v.data; with the seed dout[j] = j + 1, d/dv.data[j] = j + 1.
; CASE unread --opt {[-1]:Pointer,[-1,0]:Pointer,[-1,0,-1]:Float@double,[-1,8]:Integer,[-1,9]:Integer,[-1,10]:Integer,[-1,11]:Integer,[-1,12]:Integer,[-1,13]:Integer,[-1,14]:Integer,[-1,15]:Integer} error Cannot deduce type of copy
; CASE forwarder --opt --rewrite=--entry-trees {[-1]:Pointer,[-1,0]:Pointer,[-1,0,-1]:Float@double,[-1,8]:Integer,[-1,9]:Integer,[-1,10]:Integer,[-1,11]:Integer,[-1,12]:Integer,[-1,13]:Integer,[-1,14]:Integer,[-1,15]:Integer} right
; CASE no-tree --opt --rewrite=--entry-trees {} error Cannot deduce type of copy
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@fmt = private constant [29 x i8] c"d/dx[%d] = %g (expected %g)\0A\00"
@line = private constant [4 x i8] c"%s\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal void @f(ptr %data, i64 %len, ptr %out) noinline {
start:
  %bytes = mul i64 %len, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %out, ptr %data, i64 %bytes, i1 false)
  ret void
}

define internal void @top(ptr "enzyme_type"="TREE" %v, ptr %out) noinline {
start:
  %data = load ptr, ptr %v
  %pl = getelementptr inbounds i8, ptr %v, i64 8
  %len = load i64, ptr %pl
  call void @f(ptr %data, i64 %len, ptr %out)
  ret void
}

define i32 @main() {
start:
  %x = alloca [4 x double]
  %dx = alloca [4 x double]
  %v = alloca { ptr, i64 }
  %dv = alloca { ptr, i64 }
  %out = alloca [4 x double]
  %dout = alloca [4 x double]
  br label %init
init:
  %k = phi i64 [ 0, %start ], [ %kn, %init ]
  %kf = uitofp i64 %k to double
  %xv = fadd double %kf, 1.0
  %px = getelementptr inbounds double, ptr %x, i64 %k
  store double %xv, ptr %px
  %pdx = getelementptr inbounds double, ptr %dx, i64 %k
  store double 0.0, ptr %pdx
  %pdo = getelementptr inbounds double, ptr %dout, i64 %k
  store double %xv, ptr %pdo
  %kn = add i64 %k, 1
  %kd = icmp eq i64 %kn, 4
  br i1 %kd, label %call, label %init
call:
  store ptr %x, ptr %v
  %vl = getelementptr inbounds i8, ptr %v, i64 8
  store i64 4, ptr %vl
  store ptr %dx, ptr %dv
  %dvl = getelementptr inbounds i8, ptr %dv, i64 8
  store i64 4, ptr %dvl
  call void (...) @__enzyme_autodiff(ptr @top, ptr %v, ptr %dv, ptr %out, ptr %dout)
  br label %check
check:
  ; out = x, the seed dout[j] = j + 1: d/dx[j] = j + 1; the verdict first, then each
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
  ret double %xj
}
