; Enzyme bug (fba597f6), with -enzyme-detect-readthrow=0 (the wrapper's no-readthrow
; workaround): a forward derivative of a function that asks for a reverse derivative of a
; function that only calls another one with its parameters (a forwarder) comes out wrong,
; silently: H v plus twice the gradient, (-62.76, 27.26) for (-17.52, 10.44). The same
; reverse call handing @inner itself is right, and so is this module with Enzyme's default
; options. Met through the wrapper's --entry-trees, whose forwarders are such functions
; (emit/rewrite/ir_entry_trees.c): an #[autodiff_forward] function calling a generated
; reverse derivative over slices, one written (tests/autodiff/gradients/reports.rs,
; rust-lang/rust#160470's shape), wrong with trees at every level and right without. The
; wrapper avoids it: an Enzyme call inside what another Enzyme call differentiates hands the
; function itself (tests/rewrite/entry-trees-nested.ll).
; out = k (c x0 + p)^2 x1, k = 4: H v at x = (0.8, -1.3), v = (0.6, -0.2) is (-17.52, 10.44).
; CASE wrapper wrong
; CASE wrapper-opt --opt wrong
; CASE defaults --enzyme-flags=-enzyme-max-type-offset=500 right
declare void @__enzyme_autodiff(...)
declare void @__enzyme_fwddiff(...)
declare i32 @printf(ptr, ...)
declare double @llvm.fabs.f64(double)
@fmt = private constant [39 x i8] c"%s Hv = %g %g (expected -17.52 10.44)\0A\00"
@right = private constant [6 x i8] c"right\00"
@wrong = private constant [6 x i8] c"wrong\00"
@enzyme_dup = global i8 0
@enzyme_const = global i8 0

; out = k (c x0 + p)^2 x1, k = 4 (an integer read through a pointer)
define internal fastcc void @program(ptr readonly %k, ptr readonly %c, ptr readonly %x, ptr readonly %p, ptr writeonly %out) noinline {
  %x0 = load double, ptr %x
  %cv = load double, ptr %c
  %a = fmul double %x0, %cv
  %pv = load double, ptr %p
  %s = fadd double %a, %pv
  %ki = load i32, ptr %k
  %kf = uitofp i32 %ki to double
  %px1 = getelementptr inbounds i8, ptr %x, i64 8
  %x1 = load double, ptr %px1
  %t1 = fmul double %s, %kf
  %t2 = fmul double %s, %t1
  %t3 = fmul double %t2, %x1
  store double %t3, ptr %out
  ret void
}

; the function the forwarder calls: the Const values come through slots holding pointers
; (as the autodiff macros pass them)
define internal void @inner(ptr %ks, ptr %cs, ptr %x, ptr %ps, ptr %out) {
  %k = load ptr, ptr %ks
  %c = load ptr, ptr %cs
  %p = load ptr, ptr %ps
  call fastcc void @program(ptr %k, ptr %c, ptr %x, ptr %p, ptr %out)
  ret void
}

; what the reverse call differentiates: a function that only calls @inner with its parameters
define internal void @forwarder(ptr %ks, ptr %cs, ptr %x, ptr %ps, ptr %out) {
  call void @inner(ptr %ks, ptr %cs, ptr %x, ptr %ps, ptr %out)
  ret void
}

; g += d out / d x (seed 1); main asks for its forward derivative along v through @outer
define internal fastcc void @grad(ptr %k, ptr %c, ptr %x, ptr %p, ptr %out, ptr %dout, ptr %g) noinline {
  %ks = alloca ptr
  %cs = alloca ptr
  %ps = alloca ptr
  store double 1.0, ptr %dout
  store ptr %k, ptr %ks
  store ptr %c, ptr %cs
  store ptr %p, ptr %ps
  call void (...) @__enzyme_autodiff(ptr @forwarder, ptr @enzyme_const, ptr %ks, ptr @enzyme_const, ptr %cs, ptr @enzyme_dup, ptr %x, ptr %g, ptr @enzyme_const, ptr %ps, ptr @enzyme_dup, ptr %out, ptr %dout)
  ret void
}

define internal void @outer(ptr %ks, ptr %cs, ptr %x, ptr %ps, ptr %out, ptr %dout, ptr %g) {
  %k = load ptr, ptr %ks
  %c = load ptr, ptr %cs
  %p = load ptr, ptr %ps
  call fastcc void @grad(ptr %k, ptr %c, ptr %x, ptr %p, ptr %out, ptr %dout, ptr %g)
  ret void
}

define i32 @main() {
  %k = alloca i32
  %c = alloca double
  %p = alloca double
  %x = alloca [2 x double]
  %v = alloca [2 x double]
  %out = alloca double
  %bout = alloca double
  %dout = alloca double
  %bdout = alloca double
  %g = alloca [2 x double]
  %hv = alloca [2 x double]
  %ks = alloca ptr
  %cs = alloca ptr
  %ps = alloca ptr
  store i32 4, ptr %k
  store double 1.5, ptr %c
  store double 0.25, ptr %p
  store [2 x double] [double 0.8, double -1.3], ptr %x
  store [2 x double] [double 0.6, double -0.2], ptr %v
  store double 0.0, ptr %out
  store double 0.0, ptr %bout
  store double 0.0, ptr %dout
  store double 0.0, ptr %bdout
  store [2 x double] zeroinitializer, ptr %g
  store [2 x double] zeroinitializer, ptr %hv
  store ptr %k, ptr %ks
  store ptr %c, ptr %cs
  store ptr %p, ptr %ps
  call void (...) @__enzyme_fwddiff(ptr @outer, ptr @enzyme_const, ptr %ks, ptr @enzyme_const, ptr %cs, ptr @enzyme_dup, ptr %x, ptr %v, ptr @enzyme_const, ptr %ps, ptr @enzyme_dup, ptr %out, ptr %bout, ptr @enzyme_dup, ptr %dout, ptr %bdout, ptr @enzyme_dup, ptr %g, ptr %hv)
  %a = load double, ptr %hv
  %p1 = getelementptr inbounds double, ptr %hv, i64 1
  %b = load double, ptr %p1
  %da = fsub double %a, -17.52
  %db = fsub double %b, 10.44
  %ada = call double @llvm.fabs.f64(double %da)
  %adb = call double @llvm.fabs.f64(double %db)
  %oka = fcmp olt double %ada, 1.0e-9
  %okb = fcmp olt double %adb, 1.0e-9
  %ok = and i1 %oka, %okb
  %msg = select i1 %ok, ptr @right, ptr @wrong
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %msg, double %a, double %b)
  ret i32 0
}
