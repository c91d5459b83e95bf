; ARGS: --strip-memory
; A group holding nothing but memory(...) cannot lose it: LLVM reads no empty group.
target triple = "x86_64-unknown-linux-gnu"

define void @f() #0 {
  ret void
}

attributes #0 = { memory(none) }
