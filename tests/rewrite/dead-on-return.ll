; ARGS: --strip-dead-on-return
; SAME-OUTPUT
; Parameters lose dead_on_return, on define and declare lines, wherever it stands among a
; parameter's attributes (tests/enzyme-bugs/dead-on-return-reload.ll says why). Left
; alone: the same words inside a quoted string attribute, and every other line (the
; call passes no such attribute; a global's bytes spell it).
@fmt = private constant [7 x i8] c"%g %g\0A\00"
@word = private constant [15 x i8] c" dead_on_return"
declare i32 @printf(ptr, ...)
declare void @external(ptr dead_on_return noalias, ptr dead_on_return)

define internal void @square_in_place(ptr noalias sret([8 x i8]) %out, ptr dead_on_return noalias noundef align 8 %m, ptr noalias "note"="x dead_on_return y" dead_on_return %n) {
  %x = load double, ptr %m, align 8
  %x2 = fmul double %x, %x
  store double %x2, ptr %m, align 8
  %again = load double, ptr %m, align 8
  %y = load double, ptr %n, align 8
  %s = fadd double %again, %y
  store double %s, ptr %out, align 8
  ret void
}

define i32 @main() {
  %m = alloca double, align 8
  %n = alloca double, align 8
  %out = alloca double, align 8
  store double 3.0, ptr %m, align 8
  store double 0.5, ptr %n, align 8
  call void @square_in_place(ptr %out, ptr %m, ptr %n)
  %r = load double, ptr %out, align 8
  %k = load double, ptr %m, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %r, double %k)
  ret i32 0
}
