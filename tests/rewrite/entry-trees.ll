; ARGS: --entry-trees
; Functions handed to Enzyme with trees on their parameters or return go through a
; forwarder @__typetree_entry.F that calls F with its parameters (attributes kept, sret
; included), defined after the module's last line: Enzyme seeds the function it is handed
; from LLVM types alone and reads trees only at calls (tests/enzyme-bugs/entry-trees-unread.ll).
; Rewritten: @top (through ptrtoint, named and unnamed parameters, handed twice: one
; forwarder), @"quoted.fn" (a quoted name, its define after the call), @split (sret, handed to
; augmentfwd and reverse). Left: @plain (no tree), @fast (fastcc), a pointer in a register,
; @declared (no body), @unhanded (trees, never handed to Enzyme), a call of @top that is no
; Enzyme call.
declare double @__enzyme_autodiff(...)
declare double @__enzyme_fwddiff(...)
declare ptr @__enzyme_augmentfwd(...)
declare void @__enzyme_reverse(...)
declare double @declared(ptr)
@enzyme_dup = global i8 0

define double @top(ptr noundef readonly "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x, i64 "enzyme_type"="{[-1]:Integer}" %0) {
start:
  %v = load double, ptr %x
  ret double %v
}

define double @plain(ptr %x) {
  %v = load double, ptr %x
  ret double %v
}

define fastcc double @fast(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x) {
  %v = load double, ptr %x
  ret double %v
}

define void @split(ptr sret([16 x i8]) align 8 "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double}" %out, ptr align 8 %x) {
  %v = load double, ptr %x
  store double %v, ptr %out
  %o2 = getelementptr inbounds i8, ptr %out, i64 8
  store double %v, ptr %o2
  ret void
}

define double @unhanded(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x) {
  %v = load double, ptr %x
  ret double %v
}

define double @caller(ptr %x, ptr %dx, ptr %f, ptr %o, ptr %do) {
  %a = call double (i64, ...) @__enzyme_autodiff(i64 ptrtoint (ptr @top to i64), ptr @enzyme_dup, ptr %x, ptr %dx, i64 1)
  %b = call double (...) @__enzyme_fwddiff(ptr @top, ptr %x, ptr %dx, i64 1)
  %c = call double (...) @__enzyme_fwddiff(ptr @"quoted.fn", ptr %x, ptr %dx)
  %d = call double (...) @__enzyme_autodiff(ptr @plain, ptr %x, ptr %dx)
  %e = call double (...) @__enzyme_autodiff(ptr @fast, ptr %x, ptr %dx)
  %g = call double (...) @__enzyme_autodiff(ptr %f, ptr %x, ptr %dx)
  %h = call double (...) @__enzyme_autodiff(ptr @declared, ptr %x, ptr %dx)
  %tape = call ptr (...) @__enzyme_augmentfwd(ptr @split, ptr %o, ptr %do, ptr %x, ptr %dx)
  call void (...) @__enzyme_reverse(ptr @split, ptr %o, ptr %do, ptr %x, ptr %dx, ptr %tape)
  %i = call double @top(ptr %x, i64 1)
  %s1 = fadd double %a, %b
  %s2 = fadd double %s1, %c
  %s3 = fadd double %s2, %d
  %s4 = fadd double %s3, %e
  %s5 = fadd double %s4, %g
  %s6 = fadd double %s5, %h
  %s7 = fadd double %s6, %i
  %u = call double @unhanded(ptr %x)
  %s8 = fadd double %s7, %u
  ret double %s8
}

define "enzyme_type"="{[-1]:Float@double}" double @"quoted.fn"(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double}" %x) {
  %v = load double, ptr %x
  ret double %v
}
