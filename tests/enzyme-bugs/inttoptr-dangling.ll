; Enzyme bug: a pointer made from an integer (inttoptr) cannot be both: Enzyme gives an
; inttoptr the type of its operand, both ways, so an integer that becomes a pointer which is
; known to be a Pointer stops compilation: "Illegal updateAnalysis prev:{[-1]:Pointer} new:
; {[-1]:Integer}" at the inttoptr. Rust makes such pointers for every zero-size allocation
; and empty collection: std's Global::alloc_impl_runtime returns the alignment as a dangling
; pointer (NonNull::without_provenance(layout.align())), and at -O0 (debug assertions) hands
; it to NonNull::new_unchecked's precondition_check(ptr: *mut ()), which only compares it
; with null. Both facts are true and neither needs a tree of ours to be Integer: the
; alignment is a constant (Box::new: alloc(8, 48)), and Enzyme takes any constant in
; [1, 4096] for an Integer; TREE is the (true) tree of the check's `*mut ()` parameter, in
; the same block as the inttoptr. With {[-1]:Anything} there it gets through and is right,
; as it does when the alignment is not a constant. The zero-size branch never runs; the
; analysis alone fails. At -O1 and above the precondition checks are gone.
; g(x) = x^2 through a heap cell -> g'(3) = 6.
; Gradient cases (-O0, with trees; without trees they stop earlier on other errors):
; dyn_fn_closures, trait_objects, hashmap_values. Without the check's tree, dyn_fn_closures
; and trait_objects are right; hashmap_values stops next on RandomState's getrandom syscall
; ("No create nofree of empty function").
; CASE told -O0 {[-1]:Pointer} error Illegal updateAnalysis
; CASE untold -O0 {[-1]:Anything} right
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @abort()
declare double @__enzyme_autodiff(...)
declare i32 @printf(ptr, ...)
@fmt = private constant [30 x i8] c"%s d/dx = %g (expected %g)\0A\00\00\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

; NonNull::new_unchecked::precondition_check
define internal void @check_nonnull(ptr "enzyme_type"="TREE" %p) noinline {
  %n = icmp eq ptr %p, null
  br i1 %n, label %bad, label %ok
bad:
  call void @abort()
  unreachable
ok:
  ret void
}

; Global::alloc_impl_runtime: a zero-size allocation is the alignment as a pointer
define internal ptr @alloc(i64 %align, i64 %size) noinline {
start:
  %z = icmp eq i64 %size, 0
  br i1 %z, label %dangling, label %real
dangling:
  %data = inttoptr i64 %align to ptr
  call void @check_nonnull(ptr %data)
  br label %done
real:
  %m = call ptr @malloc(i64 %size)
  br label %done
done:
  %p = phi ptr [ %data, %dangling ], [ %m, %real ]
  ret ptr %p
}

define internal double @g(double %x) noinline {
  %p = call ptr @alloc(i64 8, i64 8)
  store double %x, ptr %p
  %v = load double, ptr %p
  %m = fmul double %v, %v
  call void @free(ptr %p)
  ret double %m
}

define i32 @main() {
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %ok = fcmp oeq double %d, 6.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d, double 6.0)
  ret i32 0
}
