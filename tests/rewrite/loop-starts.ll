; ARGS: --loop-starts
; Loops whose pointer phis start from the same value: each after the first (in text order)
; starts from that value plus @__typetree_integer.i64(i64 0), made right after the value's
; definition (after its block's phis for a phi, at the entry for a parameter), so Enzyme
; does not take its loads for the first loop's (tests/enzyme-bugs/loop-cache-reuse.ll).
; Rewritten: the second and third loops over %buf; the second loop over the parameter %p;
; the second loop over the phi %q. Left: a loop over another start, an integer phi of the
; same start's address, a phi of a block that is no loop header, a start an invoke defines,
; a function with one loop.
declare ptr @malloc(i64)
declare void @use(ptr)
declare i32 @personality(...)

define double @three(i64 %n, ptr %p, i1 %c) {
start:
  %buf = call ptr @malloc(i64 %n)
  %other = call ptr @malloc(i64 %n)
  %int = ptrtoint ptr %buf to i64
  br label %l1
l1:
  %p1 = phi ptr [ %buf, %start ], [ %p1n, %l1 ]
  %i1 = phi i64 [ %int, %start ], [ %i1n, %l1 ]
  %p1n = getelementptr inbounds i8, ptr %p1, i64 16
  %i1n = add i64 %i1, 16
  %d1 = icmp eq ptr %p1n, %other
  br i1 %d1, label %l2, label %l1
l2:
  %p2 = phi ptr [ %p2n, %l2 ], [ %buf, %l1 ]
  %p2n = getelementptr inbounds i8, ptr %p2, i64 16
  %d2 = icmp eq ptr %p2n, %other
  br i1 %d2, label %l3, label %l2
l3:
  %p3 = phi ptr [ %buf, %l2 ], [ %p3n, %l3 ]
  %o3 = phi ptr [ %other, %l2 ], [ %o3n, %l3 ]
  %p3n = getelementptr inbounds i8, ptr %p3, i64 16
  %o3n = getelementptr inbounds i8, ptr %o3, i64 8
  %d3 = icmp eq ptr %p3n, %other
  br i1 %d3, label %m, label %l3
m:
  %merge = phi ptr [ %buf, %l3 ]
  br label %l4
l4:
  %p4 = phi ptr [ %p, %m ], [ %p4n, %l4 ]
  %p4n = getelementptr inbounds i8, ptr %p4, i64 8
  %d4 = icmp eq ptr %p4n, %other
  br i1 %d4, label %l5, label %l4
l5:
  %p5 = phi ptr [ %p, %l4 ], [ %p5n, %l5 ]
  %p5n = getelementptr inbounds i8, ptr %p5, i64 8
  %d5 = icmp eq ptr %p5n, %other
  br i1 %d5, label %q.block, label %l5
q.block:
  %q = phi ptr [ %p5n, %l5 ]
  %r = phi ptr [ %merge, %l5 ]
  call void @use(ptr %r)
  br label %l6
l6:
  %p6 = phi ptr [ %q, %q.block ], [ %p6n, %l6 ]
  %p6n = getelementptr inbounds i8, ptr %p6, i64 8
  br i1 %c, label %l7, label %l6
l7:
  %p7 = phi ptr [ %q, %l6 ], [ %p7n, %l7 ]
  %p7n = getelementptr inbounds i8, ptr %p7, i64 8
  br i1 %c, label %done, label %l7
done:
  ret double 0.0
}

define void @invoked(i1 %c) personality ptr @personality {
start:
  %b = invoke ptr @malloc(i64 8)
          to label %l1 unwind label %lp
l1:
  %p1 = phi ptr [ %b, %start ], [ %p1n, %l1 ]
  %p1n = getelementptr inbounds i8, ptr %p1, i64 8
  br i1 %c, label %l2, label %l1
l2:
  %p2 = phi ptr [ %b, %l1 ], [ %p2n, %l2 ]
  %p2n = getelementptr inbounds i8, ptr %p2, i64 8
  br i1 %c, label %done, label %l2
done:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}

define void @one(ptr %p, i1 %c) {
start:
  br label %l1
l1:
  %p1 = phi ptr [ %p, %start ], [ %p1n, %l1 ]
  %p1n = getelementptr inbounds i8, ptr %p1, i64 8
  br i1 %c, label %done, label %l1
done:
  ret void
}
