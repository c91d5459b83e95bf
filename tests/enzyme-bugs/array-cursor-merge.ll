; Enzyme bug (or limit of its flow-insensitive analysis): a cursor that walks a fixed array
; embedded in a struct, kept in memory and advanced by one element (a slice iterator's ptr
; field: `store (ptr + size), self`), stops Enzyme with "Illegal updateAnalysis" once the
; struct's TRUE tree says what follows the array. The memory the cursor points to is typed
; once for every iteration: at the first element, the field after the array is at offset
; 16; after one step, at offset 8, where the first tree has the array's second float.
; Both facts are true at their own time; Enzyme merges them and stops. With a tree that
; says nothing of the field after the array it is right.
; Met by the stress program generic_compose at -O0: f(p: &Input) iterates p.sigs
; ([Sig; 3] followed by Input's other fields) with slice::Iter::next, whose
; `store ptr %_16 (ptr + 32), ptr %self` makes %_16's tree (Sig, Sig, then the fields after
; the array) meet the cursor's (Sig, Sig, Sig, then those fields); the seed is the true
; tree of f's &Input parameter. Not in the gradient suite.
; Here: s = { [2 x f64] xs, i64 n }, sum of xs[i]^2 = 1.5^2 + 2.5^2, d/dxs = (3, 5). The
; tree is on @sumsq, which the differentiated @g calls (Enzyme seeds the differentiated
; function itself from its LLVM types only).
; CASE array-then-int {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Integer, [-1,19]:Integer, [-1,20]:Integer, [-1,21]:Integer, [-1,22]:Integer, [-1,23]:Integer} error Illegal updateAnalysis
; CASE array-then-int -O2 {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double, [-1,16]:Integer, [-1,17]:Integer, [-1,18]:Integer, [-1,19]:Integer, [-1,20]:Integer, [-1,21]:Integer, [-1,22]:Integer, [-1,23]:Integer} error Illegal updateAnalysis
; CASE array-only {[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double} right
; CASE no-tree {[-1]:Pointer} right
declare void @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [10 x i8] c"%s %g %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; s: struct { [2 x f64] xs, i64 n }; sum of xs[i]^2 by a cursor kept in memory (a slice
; iterator's ptr field): @next loads it, stores it advanced by one element, returns the old
define internal ptr @next(ptr %it) noinline {
  %p = load ptr, ptr %it
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store ptr %q, ptr %it
  ret ptr %p
}

define internal double @sumsq(ptr "enzyme_type"="TREE" %s) noinline {
entry:
  %it = alloca ptr, align 8
  store ptr %s, ptr %it
  %x0p = call ptr @next(ptr %it)
  %x0 = load double, ptr %x0p
  %x1p = call ptr @next(ptr %it)
  %x1 = load double, ptr %x1p
  %a = fmul double %x0, %x0
  %b = fmul double %x1, %x1
  %r = fadd double %a, %b
  ret double %r
}

define internal double @g(ptr %s) noinline {
  %r = call double @sumsq(ptr %s)
  ret double %r
}

define i32 @main() {
  %s = alloca [24 x i8], align 8
  %ds = alloca [24 x i8], align 8
  store double 1.5, ptr %s
  %s1 = getelementptr inbounds i8, ptr %s, i64 8
  store double 2.5, ptr %s1
  %s2 = getelementptr inbounds i8, ptr %s, i64 16
  store i64 7, ptr %s2
  call void @llvm.memset.p0.i64(ptr %ds, i8 0, i64 24, i1 false)
  call void (...) @__enzyme_autodiff(ptr @g, ptr %s, ptr %ds)
  %d0 = load double, ptr %ds
  %ds1 = getelementptr inbounds i8, ptr %ds, i64 8
  %d1 = load double, ptr %ds1
  %ok0 = fcmp oeq double %d0, 3.0
  %ok1 = fcmp oeq double %d1, 5.0
  %ok = and i1 %ok0, %ok1
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d0, double %d1)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
