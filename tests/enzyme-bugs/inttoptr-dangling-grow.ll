; Enzyme bug inttoptr-dangling (see inttoptr-dangling.ll), met at -O2 through std's Vec growth:
; after inlining, RawVec::grow_one stores the pointer that finish_grow made from the layout's
; alignment (`inttoptr i64 8`: NonNull::dangling, the buffer of a zero-size allocation) into
; the RawVec's pointer field. Enzyme types the inttoptr as its constant operand, an Integer;
; our true tree of `&mut RawVec<f64>` says the field is a Pointer (to f64s): "Illegal
; updateAnalysis". A Pointer without pointee meets it as well. The zero-size path never runs
; for these vectors; the analysis alone fails.
; Reduced with llvm-reduce from stress program enum_vm at -O2 with trees (the module as it
; reaches Enzyme in LLVM's -O2 pipeline). The other stress programs whose -O2 build with
; trees stops in RawVec::grow_one (bench-enzyme; docs/enzyme-benchmark.md lists them) stop on the same
; load of that pointer; plain Enzyme stops elsewhere on each of them. f(v, x) = x^2 after growing v: f'(3) = 6.
; CASE true-tree {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer, [-1,8]:Pointer, [-1,8,-1]:Float@double} error Illegal updateAnalysis
; CASE pointer-only {[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer, [-1,4]:Integer, [-1,5]:Integer, [-1,6]:Integer, [-1,7]:Integer, [-1,8]:Pointer} error Illegal updateAnalysis
; CASE no-tree {[-1]:Pointer} right
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; finish_grow's Ok path for a zero-size layout: the new buffer is the alignment as a pointer
define internal void @finish(ptr %r, i64 %align) noinline {
  %p = inttoptr i64 %align to ptr
  store i64 0, ptr %r
  %f = getelementptr inbounds i8, ptr %r, i64 8
  store ptr %p, ptr %f
  ret void
}

; grow(v: &mut RawVec<f64> = { usize cap, *mut f64 ptr }): v.ptr = finish(..).ptr
define internal void @grow(ptr "enzyme_type"="TREE" %self) noinline {
  %res = alloca [24 x i8], align 8
  call void @finish(ptr %res, i64 8)
  %g = getelementptr inbounds i8, ptr %res, i64 8
  %v = load ptr, ptr %g
  %s8 = getelementptr inbounds i8, ptr %self, i64 8
  store ptr %v, ptr %s8
  ret void
}

; f(v, x) = x^2 after growing v (which leaves no element to read)
define internal double @f(ptr %v, double %x) noinline {
  call void @grow(ptr %v)
  %y = fmul double %x, %x
  ret double %y
}

define i32 @main() {
  %v = alloca [16 x i8], align 8
  %dv = alloca [16 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %v, i8 0, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %dv, i8 0, i64 16, i1 false)
  %d = call double (...) @__enzyme_autodiff(ptr @f, ptr %v, ptr %dv, double 3.0)
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
