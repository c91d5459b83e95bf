; ARGS: --strip-memory
; Defined functions' groups lose memory(...) (#0; #2 also where a call and a declaration
; share it); a group an llvm.* intrinsic's declaration shares keeps it (#1), and so does a
; group only declarations use (#3).
target triple = "x86_64-unknown-linux-gnu"

define double @score(ptr %s) #0 {
  %x = load double, ptr %s
  %y = call double @llvm.fabs.f64(double %x)
  ret double %y
}

define double @step(ptr %s) #1 {
  %x = load double, ptr %s
  ret double %x
}

define void @fill(ptr %s) #2 {
  store double 1.0, ptr %s
  %v = call double @ext(ptr %s) #2
  ret void
}

declare double @ext(ptr) #2
declare double @pure(ptr) #3
declare double @llvm.fabs.f64(double) #1

attributes #0 = { nounwind memory(argmem: read) uwtable }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { memory(argmem: write) nounwind }
attributes #3 = { nounwind memory(read) }
