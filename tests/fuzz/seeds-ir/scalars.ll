; fuzz_ir seed: scalars, a pair, a bool and an array passed as an integer
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @add_f64(double %a, double %b) unnamed_addr #0 {
start:
  %0 = fadd double %a, %b
  ret double %0
}

define double @sum(ptr align 8 %xs.0, i64 %xs.1) unnamed_addr #0 {
start:
  %0 = load double, ptr %xs.0, align 8
  ret double %0
}

define { double, i8 } @flag(i1 zeroext %f, i64 %0) unnamed_addr #0 {
start:
  %1 = insertvalue { double, i8 } poison, double 1.0, 0
  %2 = insertvalue { double, i8 } %1, i8 1, 1
  ret { double, i8 } %2
}

declare void @external(ptr)

attributes #0 = { nonlazybind uwtable "target-cpu"="x86-64" }
