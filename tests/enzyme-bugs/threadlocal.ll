; Enzyme bug: reading a thread-local (llvm.threadlocal.address, how Rust's thread_local!
; and std's HashMap RandomState keys are reached) inside differentiated code stops
; compilation with an assertion ("cannot find deal with ptr that isnt arg") or "unknown
; intrinsic". Gradient case: hashmap_values (RandomState::new reads the KEYS thread-local),
; -O1..3. Checked with a copy of the case whose map uses a BuildHasherDefault (no
; thread-local): the assertion goes, and Enzyme then stops on hashbrown's memset of its
; control bytes ("Cannot deduce type of memset", plain Enzyme identical): a second blocker.
; At -O0 the same read goes through LocalKey::try_with's accessor (an indirect call) and
; stops Enzyme there instead: "No create nofree of unknown value" (hashmap_values -O0).
; f(x) = s * x^2 with s = 2.0 in a thread-local: f'(3) = 12.
; CASE bug -O0 error threadlocal
; CASE bug -O2 error threadlocal
declare double @__enzyme_autodiff(...)
declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @printf(ptr, ...)
@scale = internal thread_local global double 0.0
@fmt = private constant [7 x i8] c"%s %g\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"

define internal double @f(double %x) noinline {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @scale)
  %s = load double, ptr %p
  %x2 = fmul double %x, %x
  %r = fmul double %s, %x2
  ret double %r
}

define internal double @g(double %x) noinline {
  %r = call double @f(double %x)
  ret double %r
}

define i32 @main() {
  %tp = call ptr @llvm.threadlocal.address.p0(ptr @scale)
  store volatile double 2.0, ptr %tp
  %d = call double (...) @__enzyme_autodiff(ptr @g, double 3.0)
  %ok = fcmp oeq double %d, 12.0
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %d)
  ret i32 0
}
