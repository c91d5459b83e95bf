; ARGS: --float-loads --range-loads
; Every integer load with rustc's !range and without !enzyme_type gets the register tree
; Integer, in metadata numbered past the module's largest (!4 here) and after the float
; trees' nodes: a tag, a bool, volatile, with other attachments before and after. An
; integer load without !range, a load that has a tree already, an atomic one and a
; pointer load stay as they are; the float load gets its own tree.
define i64 @f(ptr %p, ptr %q) {
  %tag = load i64, ptr %p, align 8, !range !0, !noundef !1
  %b = load i8, ptr %q, align 1, !range !2
  %v = load volatile i32, ptr %q, align 4, !noalias !1, !range !3
  %d = load double, ptr %p, align 8
  %n = load i64, ptr %q, align 8
  %k = load i64, ptr %p, align 8, !range !0, !enzyme_type !4
  %t = load atomic i64, ptr %p acquire, align 8, !range !0
  %r = load ptr, ptr %q, align 8, !nonnull !1
  %s = shl nuw i64 %tag, 3
  ret i64 %s
}

!0 = !{i64 0, i64 -9223372036854775808}
!1 = !{}
!2 = !{i8 0, i8 2}
!3 = !{i32 0, i32 1114112}
!4 = !{!"Unknown", i32 -1, !5}
!5 = !{!"Integer"}
