; tests/bench/test_enzyme_learned.py's module: a struct S { x: f64, n: i64 } behind the
; pointer parameter of three annotated functions, each called by @top (the function handed
; to Enzyme) on a pointer of its own. @direct is called in @top's entry block: Enzyme reads
; its tree there and analyses it starting from the whole tree. @in_loop is called in a loop
; body, which does not post-dominate the entry: under -enzyme-strict-aliasing=0 Enzyme drops
; the tree it reads there, @in_loop's analysis starts from a bare pointer and its body then
; teaches Enzyme the f64 at offset 0. @short is called in the entry block, but its tree
; leaves the f64 out: its analysis starts from all its tree says, and its body teaches the rest.
; @top's own tree is not read: Enzyme starts it from its LLVM types (not counted).
declare void @__enzyme_autodiff(...)
@enzyme_dup = global i32 0

define internal double @direct(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer}" %s) noinline {
entry:
  %x = load double, ptr %s
  %y = fmul double %x, %x
  ret double %y
}

define internal double @in_loop(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer}" %s) noinline {
entry:
  %x = load double, ptr %s
  %y = fmul double %x, 3.0
  ret double %y
}

define internal double @short(ptr "enzyme_type"="{[-1]:Pointer, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer}" %s) noinline {
entry:
  %x = load double, ptr %s
  ret double %x
}

define internal double @top(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Integer, [-1,13]:Integer, [-1,14]:Integer, [-1,15]:Integer}" %a, ptr %b, ptr %c, i64 %n) noinline {
entry:
  %x = call double @direct(ptr %a)
  %y = call double @short(ptr %c)
  %xy = fadd double %x, %y
  %c0 = icmp eq i64 %n, 0
  br i1 %c0, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi double [ %xy, %entry ], [ %acc1, %loop ]
  %t = call double @in_loop(ptr %b)
  %acc1 = fadd double %acc, %t
  %i1 = add i64 %i, 1
  %cn = icmp eq i64 %i1, %n
  br i1 %cn, label %done, label %loop
done:
  %r = phi double [ %xy, %entry ], [ %acc1, %loop ]
  ret double %r
}

define void @grad(ptr %a, ptr %da, ptr %b, ptr %db, ptr %c, ptr %dc, i64 %n) {
entry:
  call void (...) @__enzyme_autodiff(ptr @top, ptr @enzyme_dup, ptr %a, ptr %da, ptr @enzyme_dup, ptr %b, ptr %db, ptr @enzyme_dup, ptr %c, ptr %dc, i64 %n)
  ret void
}
