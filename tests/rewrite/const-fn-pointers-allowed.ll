; ARGS: --const-fn-pointers
; The const-fn-pointer check lets these through, the module unchanged: @twice (integers
; alone: no derivative to lose) passed as enzyme_const; @sq passed as enzyme_dup (not a
; constant); a pointer in a register after enzyme_const (what it points to cannot be told
; here); @table, a global that is no function, after enzyme_const; and @sq after
; enzyme_const on a line that calls no Enzyme entry point.
declare double @__enzyme_autodiff(...)
declare double @other(...)
@enzyme_const = global i8 0
@enzyme_dup = global i8 0
@enzyme_out = global i8 0
@table = constant [2 x double] [double 1.0, double 2.0]

define internal i64 @twice(i64 %n) {
  %m = shl i64 %n, 1
  ret i64 %m
}

define internal double @sq(double %x) {
  %m = fmul double %x, %x
  ret double %m
}

define internal double @use_int(ptr %h, double %x) {
  %k = call i64 %h(i64 3)
  %kf = uitofp i64 %k to double
  %r = fmul double %kf, %x
  ret double %r
}

define internal double @use_table(ptr %t, double %x) {
  %a = load double, ptr %t
  %r = fmul double %a, %x
  ret double %r
}

define double @main(ptr %g) {
  %a = call double (...) @__enzyme_autodiff(ptr @use_int, ptr @enzyme_const, ptr @twice, ptr @enzyme_out, double 3.0)
  %b = call double (...) @__enzyme_autodiff(ptr @use_int, ptr @enzyme_dup, ptr @sq, ptr @sq, double 3.0)
  %c = call double (...) @__enzyme_autodiff(ptr @use_int, ptr @enzyme_const, ptr %g, ptr @enzyme_out, double 3.0)
  %d = call double (...) @__enzyme_autodiff(ptr @use_table, ptr @enzyme_const, ptr @table, ptr @enzyme_out, double 3.0)
  %e = call double (...) @other(ptr @enzyme_const, ptr @sq)
  %s1 = fadd double %a, %b
  %s2 = fadd double %c, %d
  %s3 = fadd double %s1, %s2
  %s = fadd double %s3, %e
  ret double %s
}
