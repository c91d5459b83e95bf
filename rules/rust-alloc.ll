; rules/rust-alloc.ll: rules for Rust's allocator that Enzyme cannot derive, compiled into
; typetree and appended by `typetree rewrite --std-rules` (emit/rewrite/ir_std_rules.c) to
; the module Enzyme gets (docs/std-rules.md says why each one is true).
;
; Rule 1, reallocation. std's __rust_realloc(old, old_size, align, new_size) is replaced by
; an allocation, a move of min(old_size, new_size) bytes and a deallocation. Enzyme knows
; __rust_alloc and __rust_dealloc (shadow allocated, zeroed and freed beside the primal);
; it differentiates neither libc's realloc of a pointer it did not see allocated ("could
; not statically determine size of realloc") nor a copy whose bytes it cannot type
; ("Cannot deduce type of copy"): the bytes a Vec moves when it grows are the caller's,
; of any type, and nothing in std's non-generic RawVecInner says which.
;
; Rule 2, __typetree_move({dst, src, src_end}): copies src..src_end to dst, and src is
; freed right after (its only caller is rule 1). Its derivative needs no types: the shadow
; bytes follow the primal bytes. Forward (both modes): dst' = src' byte for byte (tangents,
; adjoints accumulated so far and shadow pointers all move with their values). Reverse:
; src' = dst', then dst' = 0: the adjoint of each moved value goes back to where the value
; was before the move, and nothing reads src between the move and its free, so the
; adjoint src' held at the move is what dst' was given then (no sum is lost). Activity:
; Enzyme passes a shadow equal to the primal for an inactive pointer. Both inactive:
; nothing to do. One of them inactive: no rule is right (the moved values' derivatives
; would be dropped, or Enzyme lost the shadow of a reallocated buffer): the program stops
; with a message instead of computing a wrong gradient.

define internal noalias ptr @__rust_realloc(ptr allocptr %old, i64 %old_size, i64 allocalign %align, i64 %new_size) unnamed_addr {
entry:
  %move = alloca [3 x ptr], align 8
  %new = call ptr @__rust_alloc(i64 %new_size, i64 %align)
  %failed = icmp eq ptr %new, null
  br i1 %failed, label %done, label %moving
moving:
  %n = call i64 @llvm.umin.i64(i64 %old_size, i64 %new_size)
  %old_end = getelementptr inbounds i8, ptr %old, i64 %n
  store ptr %new, ptr %move, align 8
  %m1 = getelementptr inbounds i8, ptr %move, i64 8
  store ptr %old, ptr %m1, align 8
  %m2 = getelementptr inbounds i8, ptr %move, i64 16
  store ptr %old_end, ptr %m2, align 8
  call void @__typetree_move(ptr %move)
  call void @__rust_dealloc(ptr %old, i64 %old_size, i64 %align)
  br label %done
done:
  %r = phi ptr [ null, %entry ], [ %new, %moving ]
  ret ptr %r
}

; A move is described by three pointers in memory, { dst, src, src_end }: one argument,
; so that Enzyme gives the rule either no shadow (the call is inactive) or the shadow of
; all three. (With several arguments of mixed activity Enzyme adapts a rule by passing
; the primal for the shadow of each inactive one, and then trips over its own
; adaptation in split mode: assertion `argsInverted[i] == DIFFE_TYPE::DUP_NONEED`.)
define internal void @__typetree_move(ptr "enzyme_type"="{[-1]:Pointer, [-1,0]:Pointer, [-1,8]:Pointer, [-1,16]:Pointer}" %m) noinline {
  %dst = load ptr, ptr %m, align 8
  %p1 = getelementptr inbounds i8, ptr %m, i64 8
  %src = load ptr, ptr %p1, align 8
  %p2 = getelementptr inbounds i8, ptr %m, i64 16
  %end = load ptr, ptr %p2, align 8
  %n = call i64 @__typetree_bytes(ptr %src, ptr %end)
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  ret void
}

; The shadow half of a move (forward derivative and augmented primal): returns what the
; reverse pass needs, { ddst, dsrc, n } in a malloc'd record, or null when there is
; nothing to do in reverse.
define internal ptr @__typetree_move_shadow(ptr %m, ptr %dm) {
entry:
  %dst = load ptr, ptr %m, align 8
  %p1 = getelementptr inbounds i8, ptr %m, i64 8
  %src = load ptr, ptr %p1, align 8
  %p2 = getelementptr inbounds i8, ptr %m, i64 16
  %end = load ptr, ptr %p2, align 8
  %n = call i64 @__typetree_bytes(ptr %src, ptr %end)
  %ddst = load ptr, ptr %dm, align 8
  %q1 = getelementptr inbounds i8, ptr %dm, i64 8
  %dsrc = load ptr, ptr %q1, align 8
  %dst_inactive = icmp eq ptr %ddst, %dst
  %src_inactive = icmp eq ptr %dsrc, %src
  br i1 %dst_inactive, label %into_inactive, label %into_active
into_inactive:
  br i1 %src_inactive, label %none, label %lost
lost:
  call void @__typetree_rule_fail(ptr @__typetree_move_lost, i64 96)
  unreachable
into_active:
  br i1 %src_inactive, label %unknown, label %copy
unknown:
  call void @__typetree_rule_fail(ptr @__typetree_move_unknown, i64 191)
  unreachable
copy:
  call void @llvm.memcpy.p0.p0.i64(ptr %ddst, ptr %dsrc, i64 %n, i1 false)
  %t = call ptr @malloc(i64 24)
  store ptr %ddst, ptr %t, align 8
  %t1 = getelementptr inbounds i8, ptr %t, i64 8
  store ptr %dsrc, ptr %t1, align 8
  %t2 = getelementptr inbounds i8, ptr %t, i64 16
  store i64 %n, ptr %t2, align 8
  ret ptr %t
none:
  ret ptr null
}

define internal void @__typetree_move_fwd(ptr %m, ptr %dm) {
  call void @__typetree_move(ptr %m)
  %t = call ptr @__typetree_move_shadow(ptr %m, ptr %dm)
  call void @free(ptr %t)
  ret void
}

define internal ptr @__typetree_move_aug(ptr %m, ptr %dm) {
  call void @__typetree_move(ptr %m)
  %t = call ptr @__typetree_move_shadow(ptr %m, ptr %dm)
  ret ptr %t
}

define internal void @__typetree_move_rev(ptr %m, ptr %dm, ptr %t) {
entry:
  %none = icmp eq ptr %t, null
  br i1 %none, label %done, label %back
back:
  %ddst = load ptr, ptr %t, align 8
  %t1 = getelementptr inbounds i8, ptr %t, i64 8
  %dsrc = load ptr, ptr %t1, align 8
  %t2 = getelementptr inbounds i8, ptr %t, i64 16
  %n = load i64, ptr %t2, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %dsrc, ptr %ddst, i64 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %ddst, i8 0, i64 %n, i1 false)
  call void @free(ptr %t)
  br label %done
done:
  ret void
}

define internal i64 @__typetree_bytes(ptr %begin, ptr %end) alwaysinline {
  %b = ptrtoint ptr %begin to i64
  %e = ptrtoint ptr %end to i64
  %n = sub i64 %e, %b
  ret i64 %n
}

define internal void @__typetree_rule_fail(ptr %msg, i64 %len) noinline cold {
  %w = call i64 @write(i32 2, ptr %msg, i64 %len)
  call void @abort()
  unreachable
}

@__typetree_move_unknown = private unnamed_addr constant [191 x i8] c"typetree: rule __typetree_move: the source of a move has no shadow of its own (Enzyme took it for inactive, or lost the shadow of a reallocated buffer); its derivative is unknown: stopping.\0A\00"
@__typetree_move_lost = private unnamed_addr constant [96 x i8] c"typetree: rule __typetree_move: active data moved into memory Enzyme holds inactive; stopping.\0A\00"

@__enzyme_register_gradient_typetree_move = internal global [3 x ptr] [ptr @__typetree_move, ptr @__typetree_move_aug, ptr @__typetree_move_rev]
@__enzyme_register_derivative_typetree_move = internal global [2 x ptr] [ptr @__typetree_move, ptr @__typetree_move_fwd]

; DECLARATIONS (--std-rules adds each one the module lacks)
declare ptr @__rust_alloc(i64, i64)
declare void @__rust_dealloc(ptr, i64, i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare i64 @llvm.umin.i64(i64, i64)
declare i64 @write(i32, ptr, i64)
declare void @abort()
declare ptr @malloc(i64)
declare void @free(ptr)
