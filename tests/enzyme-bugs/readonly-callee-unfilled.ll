; Enzyme bug: a call that fills memory which a callee marked memory(argmem: read) then reads
; (through a copy) is moved by Enzyme into the reverse pass, after that callee's reverse has
; already read the memory: the derivatives are computed from memory never filled (zeros here,
; stack garbage in a real program), silently, with and without trees.
; Mechanism, from Enzyme's -enzyme-print-perf ("choosing to replace function trade and do both
; forward/reverse") and its output: in reverse mode Enzyme may replace a call by one combined
; forward+reverse call in the reverse pass when nothing in the forward pass needs what it
; writes. score(x) is memory(argmem: read) and its result feeds only the return, so score's
; primal is not needed in the forward pass, nor, then, the copy of trade's result into %x:
; both count as unnecessary, trade's combined call moves to the reverse pass together with the
; copy, and the reverse runs score's derivative (reading %x) before it.
; The same mechanism makes readonly-callee-stale (there the memory holds an earlier value, so
; the derivatives are stale rather than garbage).
; Here: S = 8 doubles; trade(o, a, b) = (b with a's first 4 fields, a with b's last 4 and the
; mean of the two last fields), rustc's lowering of a function returning a pair of structs by
; value (sret); f(c) = score(x) + score(y) where (x, y) = trade(*c, *c), LLVM's -O2 output
; passing the same pointer twice; score = sum of weighted squares. Measured beside this file,
; not run as cases: with memory(argmem: read) deleted from score's attributes Enzyme is right;
; trade's own attributes change nothing; Enzyme's default options give the same zeros.
; Reduced by hand from the stress program craft_by_value at -O2 (a 23-field struct, its
; `trade(a, b) -> (Craft, Craft)`; with trees Enzyme builds it and computes garbage
; derivatives, without them it stops on trade's copies). The wrapper works around it from
; -O1 on by deleting the functions' memory(...) attributes before Enzyme runs (as for
; readonly-callee-stale). That makes craft_by_value's `trade` part right but not the whole
; program: a third shape in it, `fl = evolve(fl)` over a
; [Craft; 4], is wrong without any memory attribute and without trees (array-element-chain).
; CASE no-tree wrong

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { [8 x double] }

@__const.main.lo = private unnamed_addr constant %struct.S { [8 x double] [double -2.000000e-01, double 3.000000e-01, double 1.800000e-01, double 7.000000e-02, double 2.600000e-01, double -5.000000e-02, double 3.300000e-01, double 3.000000e-02] }, align 8
@.str.1 = private unnamed_addr constant [6 x i8] c"right\00", align 1
@.str.2 = private unnamed_addr constant [6 x i8] c"wrong\00", align 1
@.str.3 = private unnamed_addr constant [42 x i8] c"d/dx%d: enzyme %g, finite differences %g\0A\00", align 1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable
define hidden noundef double @f(ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(64) %c) #0 {
start:
  %pair = alloca [128 x i8], align 8
  %x = alloca [64 x i8], align 8
  %y = alloca [64 x i8], align 8
  call fastcc void @trade(ptr noalias noundef sret([128 x i8]) align 8 captures(none) dereferenceable(128) %pair, ptr noalias noundef readonly align 8 captures(none) dereferenceable(64) %c, ptr noalias noundef readonly align 8 captures(none) dereferenceable(64) %c)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %x, ptr noundef nonnull align 8 dereferenceable(64) %pair, i64 64, i1 false)
  %hi = getelementptr inbounds nuw i8, ptr %pair, i64 64
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %y, ptr noundef nonnull align 8 dereferenceable(64) %hi, i64 64, i1 false)
  %sx = call fastcc noundef double @score(ptr noalias noundef readonly align 8 captures(none) dereferenceable(64) %x)
  %sy = call fastcc noundef double @score(ptr noalias noundef readonly align 8 captures(none) dereferenceable(64) %y)
  %r = fadd double %sx, %sy
  ret double %r
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #1

; (b', a') = (b with a's first half, a with b's second half and the mean of the last fields)
; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable
define hidden fastcc void @trade(ptr noalias noundef nonnull writable writeonly sret([128 x i8]) align 8 captures(none) dereferenceable(128) %o, ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(64) %a, ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(64) %b) #11 {
start:
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %o, ptr noundef nonnull align 8 dereferenceable(64) %b, i64 64, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(32) %o, ptr noundef nonnull align 8 dereferenceable(32) %a, i64 32, i1 false)
  %o2 = getelementptr inbounds nuw i8, ptr %o, i64 64
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %o2, ptr noundef nonnull align 8 dereferenceable(64) %a, i64 64, i1 false)
  %o2h = getelementptr inbounds nuw i8, ptr %o, i64 96
  %bh = getelementptr inbounds nuw i8, ptr %b, i64 32
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(32) %o2h, ptr noundef nonnull align 8 dereferenceable(32) %bh, i64 32, i1 false)
  %a7p = getelementptr inbounds nuw i8, ptr %a, i64 56
  %a7 = load double, ptr %a7p, align 8
  %b7p = getelementptr inbounds nuw i8, ptr %b, i64 56
  %b7 = load double, ptr %b7p, align 8
  %s7 = fadd double %a7, %b7
  %m7 = fmul double %s7, 5.000000e-01
  %o7p = getelementptr inbounds nuw i8, ptr %o, i64 120
  store double %m7, ptr %o7p, align 8
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable
define hidden fastcc noundef double @score(ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(64) %s) unnamed_addr #0 {
start:
  %_9 = load double, ptr %s, align 8, !noundef !13
  %_8 = fmul double %_9, %_9
  %0 = getelementptr inbounds nuw i8, ptr %s, i64 8
  %_12 = load double, ptr %0, align 8, !noundef !13
  %_11 = fmul double %_12, %_12
  %_10 = fmul double %_11, 1.250000e+00
  %_7 = fadd double %_8, %_10
  %1 = getelementptr inbounds nuw i8, ptr %s, i64 16
  %_15 = load double, ptr %1, align 8, !noundef !13
  %_14 = fmul double %_15, %_15
  %_13 = fmul double %_14, 1.500000e+00
  %_6 = fadd double %_7, %_13
  %2 = getelementptr inbounds nuw i8, ptr %s, i64 24
  %_17 = load double, ptr %2, align 8, !noundef !13
  %_16 = fmul double %_17, %_17
  %_5 = fadd double %_16, %_6
  %3 = getelementptr inbounds nuw i8, ptr %s, i64 32
  %_19 = load double, ptr %3, align 8, !noundef !13
  %_18 = fmul double %_19, %_19
  %_4 = fadd double %_18, %_5
  %4 = getelementptr inbounds nuw i8, ptr %s, i64 40
  %_21 = load double, ptr %4, align 8, !noundef !13
  %_20 = fmul double %_21, %_21
  %_3 = fadd double %_20, %_4
  %5 = getelementptr inbounds nuw i8, ptr %s, i64 48
  %_23 = load double, ptr %5, align 8, !noundef !13
  %_22 = fmul double %_23, %_23
  %_2 = fadd double %_22, %_3
  %6 = getelementptr inbounds nuw i8, ptr %s, i64 56
  %_25 = load double, ptr %6, align 8, !noundef !13
  %_24 = fmul double %_25, %_25
  %_0 = fadd double %_24, %_2
  ret double %_0
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sin.f64(double) #3

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #4 {
  %1 = alloca %struct.S, align 8
  %2 = alloca %struct.S, align 8
  %3 = alloca [8 x double], align 16
  %4 = alloca %struct.S, align 8
  %5 = alloca %struct.S, align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #10
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %1, ptr noundef nonnull align 8 dereferenceable(64) @__const.main.lo, i64 64, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %2) #10
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %2, i8 0, i64 64, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #10
  call void (ptr, ...) @__enzyme_autodiff(ptr noundef nonnull @f, ptr noundef nonnull %1, ptr noundef nonnull %2) #10
  br label %10

6:                                                ; preds = %36
  %7 = icmp eq i32 %37, 0
  %8 = select i1 %7, ptr @.str.2, ptr @.str.1
  %9 = call i32 @puts(ptr nonnull dereferenceable(1) %8)
  br label %41

10:                                               ; preds = %36, %0
  %11 = phi i64 [ 0, %0 ], [ %38, %36 ]
  %12 = phi i32 [ 1, %0 ], [ %37, %36 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #10
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %4, ptr noundef nonnull align 8 dereferenceable(64) @__const.main.lo, i64 64, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #10
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(64) %5, ptr noundef nonnull align 8 dereferenceable(64) @__const.main.lo, i64 64, i1 false)
  %13 = getelementptr inbounds nuw double, ptr %4, i64 %11
  %14 = load double, ptr %13, align 8, !tbaa !14
  %15 = fadd double %14, 0x3EB0C6F7A0B5ED8D
  store double %15, ptr %13, align 8, !tbaa !14
  %16 = getelementptr inbounds nuw double, ptr %5, i64 %11
  %17 = load double, ptr %16, align 8, !tbaa !14
  %18 = fadd double %17, 0xBEB0C6F7A0B5ED8D
  store double %18, ptr %16, align 8, !tbaa !14
  %19 = call double @f(ptr noundef nonnull %4) #10
  %20 = call double @f(ptr noundef nonnull %5) #10
  %21 = fsub double %19, %20
  %22 = fdiv double %21, 2.000000e-06
  %23 = getelementptr inbounds nuw double, ptr %3, i64 %11
  store double %22, ptr %23, align 8, !tbaa !14
  %24 = getelementptr inbounds nuw double, ptr %2, i64 %11
  %25 = load double, ptr %24, align 8, !tbaa !14
  %26 = fsub double %22, %25
  %27 = call double @llvm.fabs.f64(double %26)
  %28 = fcmp ogt double %27, 0x3EB0C6F7A0B5ED8D
  br i1 %28, label %35, label %29

29:                                               ; preds = %10
  %30 = getelementptr inbounds nuw double, ptr %1, i64 %11
  %31 = load double, ptr %30, align 8, !tbaa !14
  %32 = getelementptr inbounds nuw double, ptr @__const.main.lo, i64 %11
  %33 = load double, ptr %32, align 8, !tbaa !14
  %34 = fcmp une double %31, %33
  br i1 %34, label %35, label %36

35:                                               ; preds = %29, %10
  br label %36

36:                                               ; preds = %35, %29
  %37 = phi i32 [ 0, %35 ], [ %12, %29 ]
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #10
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #10
  %38 = add nuw nsw i64 %11, 1
  %39 = icmp eq i64 %38, 8
  br i1 %39, label %6, label %10, !llvm.loop !16

40:                                               ; preds = %41
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #10
  call void @llvm.lifetime.end.p0(ptr nonnull %2) #10
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #10
  ret i32 0

41:                                               ; preds = %41, %6
  %42 = phi i64 [ 0, %6 ], [ %49, %41 ]
  %43 = getelementptr inbounds nuw double, ptr %2, i64 %42
  %44 = load double, ptr %43, align 8, !tbaa !14
  %45 = getelementptr inbounds nuw double, ptr %3, i64 %42
  %46 = load double, ptr %45, align 8, !tbaa !14
  %47 = trunc nuw nsw i64 %42 to i32
  %48 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.3, i32 noundef %47, double noundef %44, double noundef %46)
  %49 = add nuw nsw i64 %42, 1
  %50 = icmp eq i64 %49, 8
  br i1 %50, label %40, label %41, !llvm.loop !19
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #5

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #6

declare void @__enzyme_autodiff(ptr noundef, ...) local_unnamed_addr #7

; Function Attrs: nofree nounwind
declare noundef i32 @puts(ptr noundef readonly captures(none)) local_unnamed_addr #8

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #5

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #9

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { noinline }
attributes #3 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #7 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nofree nounwind }
attributes #9 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nounwind }

!llvm.ident = !{!0, !1}
!llvm.errno.tbaa = !{!2}
!llvm.module.flags = !{!6, !7, !8, !9, !10, !11, !12}

!0 = !{!"rustc version 1.95.0 (59807616e 2026-04-14)"}
!1 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!2 = !{!3, !3, i64 0}
!3 = !{!"int", !4, i64 0}
!4 = !{!"omnipotent char", !5, i64 0}
!5 = !{!"Simple C/C++ TBAA"}
!6 = !{i32 8, !"PIC Level", i32 2}
!7 = !{i32 7, !"PIE Level", i32 2}
!8 = !{i32 2, !"RtLibUseGOT", i32 1}
!9 = !{i32 7, !"Dwarf Version", i32 4}
!10 = !{i32 2, !"Debug Info Version", i32 3}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 7, !"uwtable", i32 2}
!13 = !{}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !4, i64 0}
!16 = distinct !{!16, !17, !18}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = distinct !{!19, !17, !18}

attributes #11 = { mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable "target-cpu"="x86-64" }
