; ARGS: --rename-enzyme-locals
; REWRITE-ONLY: a rewrite of the module before Enzyme only
; SAME-OUTPUT
; Local names that start with enzyme_ (values, quoted names, block labels) start with
; tt.enzyme_; globals (Enzyme's markers), attribute strings, other names and text inside
; string constants stay as they are.
@enzyme_dup = global i8 0
@fmt = private constant [27 x i8] c"%%enzyme_x %g %g %g %d %d\0A\00"

declare i32 @printf(ptr, ...)

define internal double @sq(ptr "enzyme_type"="{[-1]:Pointer}" %enzyme_p) {
enzyme_entry:
  %enzyme_v = load double, ptr %enzyme_p, align 8
  %"enzyme_q r" = fmul double %enzyme_v, %enzyme_v
  br label %"enzyme_done"

"enzyme_done":                                    ; preds = %enzyme_entry
  %xenzyme_ = fadd double %"enzyme_q r", 0.000000e+00
  ret double %xenzyme_
}

define i32 @main() {
  %enzyme_const = alloca double, align 8
  store double 3.000000e+00, ptr %enzyme_const, align 8
  %r = call double @sq(ptr %enzyme_const)
  %s = call double @sq(ptr %enzyme_const)
  br label %enzyme_next

enzyme_next:                                      ; preds = %0
  %t = fadd double %r, %s
  %g = load i8, ptr @enzyme_dup, align 1
  %gi = zext i8 %g to i32
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %r, double %s, double %t, i32 %gi, i32 7)
  ret i32 0
}
