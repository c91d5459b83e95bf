; Enzyme limit: an integer load and store of bytes that hold an integer and a float (here
; bytes 8..16 of struct P { double x; unsigned tag; float w; }, as std's
; `ptr::swap_nonoverlapping` moves a larger T eight bytes at a time, and SROA the parts it
; splits off a struct) carry the float's derivative in half a register. Enzyme cannot add
; it there: with the trees saying so it stops on its assertion "unhandled accumulate with
; partial sizes" (the stress program nbody_vec at -O2 in heapsort's swaps; the gradient
; case vecgrow_default_sort at -O2 and -O3 in drift sort). Typing the i64 Integer would drop
; the derivative of w, silently. The wrapper splits such a move at the kinds when the
; bytes' place is known (`typetree rewrite --copy-segments`, emit/rewrite/ir_split_moves.c:
; the parameter's "typetree_segments" here): one i32 and one float load and store each,
; the case `split`. C source: swap_hi swaps bytes 8..16 of ps[0] and ps[1] through
; uint64_t memcpys; f scales ps[0].w by ps[0].x first, so w's derivative must cross the swap.
; CASE kept --opt error unhandled accumulate with partial sizes
; CASE split --opt --rewrite=--copy-segments right

; ModuleID = 'm.c'
source_filename = "m.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.P = type { double, i32, float }

@__const.main.p = private unnamed_addr constant [2 x %struct.P] [%struct.P { double 0x3FE6666666666666, i32 3, float 1.500000e+00 }, %struct.P { double 1.300000e+00, i32 5, float -7.500000e-01 }], align 16
@enzyme_dup = external local_unnamed_addr global i32, align 4
@.str = private unnamed_addr constant [6 x i8] c"right\00", align 1
@.str.1 = private unnamed_addr constant [6 x i8] c"wrong\00", align 1
@.str.2 = private unnamed_addr constant [84 x i8] c"d/dx%d: enzyme %g, finite differences %g; d/dw%d: enzyme %g, finite differences %g\0A\00", align 1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local double @f(ptr noundef captures(none) "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Float@float}" "typetree_segments"="16;Float@double:0 Integer:8 Float@float:12" %0) #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 12
  %3 = load float, ptr %2, align 4, !tbaa !9
  %4 = fpext float %3 to double
  %5 = load double, ptr %0, align 8, !tbaa !13
  %6 = fmul double %5, %4
  %7 = fptrunc double %6 to float
  store float %7, ptr %2, align 4, !tbaa !9
  tail call fastcc void @swap_hi(ptr noundef nonnull %0)
  %8 = load double, ptr %0, align 8, !tbaa !13
  %9 = load float, ptr %2, align 4, !tbaa !9
  %10 = fpext float %9 to double
  %11 = getelementptr inbounds nuw i8, ptr %0, i64 16
  %12 = load double, ptr %11, align 8, !tbaa !13
  %13 = fmul double %12, 2.000000e+00
  %14 = getelementptr inbounds nuw i8, ptr %0, i64 28
  %15 = load float, ptr %14, align 4, !tbaa !9
  %16 = fpext float %15 to double
  %17 = fmul double %13, %16
  %18 = tail call double @llvm.fmuladd.f64(double %8, double %10, double %17)
  %19 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %20 = load i32, ptr %19, align 8, !tbaa !14
  %21 = uitofp i32 %20 to double
  %22 = fadd double %18, %21
  ret double %22
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable
define internal fastcc void @swap_hi(ptr noundef captures(none) "enzyme_type"="{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Integer, [-1,9]:Integer, [-1,10]:Integer, [-1,11]:Integer, [-1,12]:Float@float}" "typetree_segments"="16;Float@double:0 Integer:8 Float@float:12" %0) unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %3 = load i64, ptr %2, align 1
  %4 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %5 = load i64, ptr %4, align 1
  store i64 %5, ptr %2, align 1
  store i64 %3, ptr %4, align 1
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #2 {
  %1 = alloca [2 x %struct.P], align 16
  %2 = alloca [2 x %struct.P], align 16
  %3 = alloca [2 x %struct.P], align 16
  %4 = alloca [2 x %struct.P], align 16
  %5 = alloca [2 x %struct.P], align 16
  %6 = alloca [2 x %struct.P], align 16
  %7 = alloca [8 x double], align 16
  %8 = alloca [2 x %struct.P], align 16
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #8
  call void @llvm.lifetime.start.p0(ptr nonnull %6) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %5, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.p, i64 32, i1 false)
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %6, i8 0, i64 32, i1 false)
  %9 = load i32, ptr @enzyme_dup, align 4, !tbaa !5
  call void (ptr, ...) @__enzyme_autodiff(ptr noundef nonnull @f, i32 noundef %9, ptr noundef nonnull %5, ptr noundef nonnull %6) #8
  call void @llvm.lifetime.start.p0(ptr nonnull %7) #8
  br label %14

10:                                               ; preds = %14
  %11 = icmp eq i32 %56, 0
  %12 = select i1 %11, ptr @.str.1, ptr @.str
  %13 = call i32 @puts(ptr noundef nonnull dereferenceable(1) %12)
  br label %62

14:                                               ; preds = %0, %14
  %15 = phi i64 [ 0, %0 ], [ %59, %14 ]
  %16 = phi i32 [ 1, %0 ], [ %56, %14 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %8) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %8, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.p, i64 32, i1 false)
  %17 = getelementptr inbounds nuw %struct.P, ptr %8, i64 %15
  %18 = load double, ptr %17, align 16, !tbaa !13
  %19 = fadd double %18, 1.000000e-04
  store double %19, ptr %17, align 16, !tbaa !13
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %4, ptr noundef nonnull readonly align 16 dereferenceable(32) %8, i64 32, i1 false)
  %20 = call double @f(ptr noundef nonnull %4)
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %8, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.p, i64 32, i1 false)
  %21 = load double, ptr %17, align 16, !tbaa !13
  %22 = fadd double %21, -1.000000e-04
  store double %22, ptr %17, align 16, !tbaa !13
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %3, ptr noundef nonnull readonly align 16 dereferenceable(32) %8, i64 32, i1 false)
  %23 = call double @f(ptr noundef nonnull %3)
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #8
  %24 = fsub double %20, %23
  %25 = fdiv double %24, 2.000000e-04
  %26 = getelementptr inbounds nuw %struct.P, ptr %6, i64 %15
  %27 = load double, ptr %26, align 16, !tbaa !13
  %28 = fsub double %25, %27
  %29 = call double @llvm.fabs.f64(double %28)
  %30 = call double @llvm.fabs.f64(double %25)
  %31 = fadd double %30, 1.000000e+00
  %32 = fmul double %31, 1.000000e-03
  %33 = fcmp ogt double %29, %32
  %34 = shl nuw nsw i64 %15, 5
  %35 = getelementptr inbounds nuw i8, ptr %7, i64 %34
  store double %27, ptr %35, align 16, !tbaa !15
  %36 = getelementptr inbounds nuw i8, ptr %35, i64 8
  store double %25, ptr %36, align 8, !tbaa !15
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %8, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.p, i64 32, i1 false)
  %37 = getelementptr inbounds nuw i8, ptr %17, i64 12
  %38 = load float, ptr %37, align 4, !tbaa !9
  %39 = fadd float %38, 0x3F1A36E2E0000000
  store float %39, ptr %37, align 4, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr nonnull %2) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %2, ptr noundef nonnull readonly align 16 dereferenceable(32) %8, i64 32, i1 false)
  %40 = call double @f(ptr noundef nonnull %2)
  call void @llvm.lifetime.end.p0(ptr nonnull %2) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %8, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.p, i64 32, i1 false)
  %41 = load float, ptr %37, align 4, !tbaa !9
  %42 = fadd float %41, 0xBF1A36E2E0000000
  store float %42, ptr %37, align 4, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %1, ptr noundef nonnull readonly align 16 dereferenceable(32) %8, i64 32, i1 false)
  %43 = call double @f(ptr noundef nonnull %1)
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #8
  %44 = fsub double %40, %43
  %45 = fdiv double %44, 2.000000e-04
  %46 = getelementptr inbounds nuw i8, ptr %26, i64 12
  %47 = load float, ptr %46, align 4, !tbaa !9
  %48 = fpext float %47 to double
  %49 = fsub double %45, %48
  %50 = call double @llvm.fabs.f64(double %49)
  %51 = call double @llvm.fabs.f64(double %45)
  %52 = fadd double %51, 1.000000e+00
  %53 = fmul double %52, 2.000000e-02
  %54 = fcmp ogt double %50, %53
  %55 = select i1 %54, i1 true, i1 %33
  %56 = select i1 %55, i32 0, i32 %16
  %57 = getelementptr inbounds nuw i8, ptr %35, i64 16
  store double %48, ptr %57, align 16, !tbaa !15
  %58 = getelementptr inbounds nuw i8, ptr %35, i64 24
  store double %45, ptr %58, align 8, !tbaa !15
  call void @llvm.lifetime.end.p0(ptr nonnull %8) #8
  %59 = add nuw nsw i64 %15, 1
  %60 = icmp eq i64 %15, 0
  br i1 %60, label %14, label %10, !llvm.loop !16

61:                                               ; preds = %62
  call void @llvm.lifetime.end.p0(ptr nonnull %7) #8
  call void @llvm.lifetime.end.p0(ptr nonnull %6) #8
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #8
  ret i32 0

62:                                               ; preds = %10, %62
  %63 = phi i64 [ 0, %10 ], [ %75, %62 ]
  %64 = shl nuw nsw i64 %63, 5
  %65 = getelementptr inbounds nuw i8, ptr %7, i64 %64
  %66 = load double, ptr %65, align 16, !tbaa !15
  %67 = getelementptr inbounds nuw i8, ptr %65, i64 8
  %68 = load double, ptr %67, align 8, !tbaa !15
  %69 = getelementptr inbounds nuw i8, ptr %65, i64 16
  %70 = load double, ptr %69, align 16, !tbaa !15
  %71 = getelementptr inbounds nuw i8, ptr %65, i64 24
  %72 = load double, ptr %71, align 8, !tbaa !15
  %73 = trunc nuw nsw i64 %63 to i32
  %74 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, i32 noundef %73, double noundef %66, double noundef %68, i32 noundef %73, double noundef %70, double noundef %72)
  %75 = add nuw nsw i64 %63, 1
  %76 = icmp eq i64 %63, 0
  br i1 %76, label %62, label %61, !llvm.loop !19
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #3

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #4

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #5

declare void @__enzyme_autodiff(ptr noundef, ...) local_unnamed_addr #6

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #3

; Function Attrs: nofree nounwind
declare noundef i32 @puts(ptr noundef readonly captures(none)) local_unnamed_addr #7

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #7

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #6 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !12, i64 12}
!10 = !{!"P", !11, i64 0, !6, i64 8, !12, i64 12}
!11 = !{!"double", !7, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = !{!10, !11, i64 0}
!14 = !{!10, !6, i64 8}
!15 = !{!11, !11, i64 0}
!16 = distinct !{!16, !17, !18}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = distinct !{!19, !17, !18}
