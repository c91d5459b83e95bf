; Enzyme bug: rustc marks an argument passed by value in memory `dead_on_return` (the
; callee may change it; its memory is dead when the callee returns). Enzyme keeps the
; attribute on the augmented forward function it makes of such a callee, and the reverse
; function it pairs with it reads that memory again, after the return (the last values
; the callee left there, which it takes for unchanged). LLVM's passes after Enzyme (its own
; post-optimization, the rest of the pipeline) then delete the augmented function's last
; stores into the memory as dead, and the reverse reads the values from before them:
; silently wrong derivatives, with and without trees. (Enzyme fba597f6 takes the memory,
; readonly and writeonly function attributes off the functions it makes, and `returned` and
; `sret` off their parameters; its source never names dead_on_return.)
; Here: inplace(out, m) squares m.x in place, then reads it again and writes
; out = (sin(m.x), m.x * m.y); f(b) = out.0 * out.1 through a copy of *b. The reverse of
; inplace reloads m.x from %m; with dead_on_return the store of x*x is gone by then and
; it gets x (d/dx0 1.539 where finite differences give 1.643). Enzyme as the wrapper runs
; it (opt's pass, -enzyme-postopt=1, then code generation; --opt): clang's own -O0 run
; recomputes m.x instead of reloading it and is right.
; Met by gauss_jordan6 (the stress corpus) through `inverse(m: [[f64; 6]; 6])`, which
; changes its copy in place and whose result's value the derivative does not need: wrong
; at -O1..-O3 with and without trees once Enzyme gets past its memsets, in a reduction of
; it built as it is. The wrapper deletes the attribute before Enzyme
; (`typetree rewrite --strip-dead-on-return`, the case `stripped`).
; CASE kept --opt wrong
; CASE stripped --opt --rewrite=--strip-dead-on-return right

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__const.main.b = private unnamed_addr constant [2 x double] [double 0x3FE6666666666666, double 1.300000e+00], align 16
@.str = private unnamed_addr constant [6 x i8] c"right\00", align 1
@.str.1 = private unnamed_addr constant [6 x i8] c"wrong\00", align 1
@.str.2 = private unnamed_addr constant [42 x i8] c"d/dx%d: enzyme %g, finite differences %g\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
  %1 = alloca [2 x double], align 16
  %2 = alloca [2 x double], align 16
  %3 = alloca [2 x double], align 16
  %4 = alloca [2 x double], align 16
  %5 = alloca [2 x double], align 16
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #7
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %1, ptr noundef nonnull align 16 dereferenceable(16) @__const.main.b, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %2) #7
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %2, i8 0, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #7
  call void (ptr, ...) @__enzyme_autodiff(ptr noundef nonnull @f, ptr noundef nonnull %1, ptr noundef nonnull %2) #7
  %6 = getelementptr inbounds nuw i8, ptr %4, i64 8
  %7 = getelementptr inbounds nuw i8, ptr %1, i64 8
  %8 = getelementptr inbounds nuw i8, ptr %5, i64 8
  br label %13

9:                                                ; preds = %13
  %10 = icmp eq i32 %37, 0
  %11 = select i1 %10, ptr @.str.1, ptr @.str
  %12 = call i32 @puts(ptr noundef nonnull dereferenceable(1) %11)
  br label %41

13:                                               ; preds = %0, %13
  %14 = phi i64 [ 0, %0 ], [ %38, %13 ]
  %15 = phi i32 [ 1, %0 ], [ %37, %13 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #7
  %16 = load double, ptr %1, align 16
  store double %16, ptr %4, align 16
  %17 = load double, ptr %7, align 8
  store double %17, ptr %6, align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #7
  store double %16, ptr %5, align 16
  store double %17, ptr %8, align 8
  %18 = getelementptr inbounds nuw double, ptr %4, i64 %14
  %19 = load double, ptr %18, align 8
  %20 = fadd double %19, 0x3EB0C6F7A0B5ED8D
  store double %20, ptr %18, align 8
  %21 = getelementptr inbounds nuw double, ptr %5, i64 %14
  %22 = load double, ptr %21, align 8
  %23 = fadd double %22, 0xBEB0C6F7A0B5ED8D
  store double %23, ptr %21, align 8
  %24 = call double @f(ptr noundef nonnull %4) #7
  %25 = call double @f(ptr noundef nonnull %5) #7
  %26 = fsub double %24, %25
  %27 = fdiv double %26, 2.000000e-06
  %28 = getelementptr inbounds nuw double, ptr %3, i64 %14
  store double %27, ptr %28, align 8
  %29 = getelementptr inbounds nuw double, ptr %2, i64 %14
  %30 = load double, ptr %29, align 8
  %31 = fsub double %27, %30
  %32 = call double @llvm.fabs.f64(double %31)
  %33 = call double @llvm.fabs.f64(double %27)
  %34 = fadd double %33, 1.000000e+00
  %35 = fmul double %34, 0x3EB0C6F7A0B5ED8D
  %36 = fcmp ogt double %32, %35
  %37 = select i1 %36, i32 0, i32 %15
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #7
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #7
  %38 = add nuw nsw i64 %14, 1
  %39 = icmp eq i64 %14, 0
  br i1 %39, label %13, label %9

40:                                               ; preds = %41
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #7
  call void @llvm.lifetime.end.p0(ptr nonnull %2) #7
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #7
  ret i32 0

41:                                               ; preds = %9, %41
  %42 = phi i64 [ 0, %9 ], [ %49, %41 ]
  %43 = getelementptr inbounds nuw double, ptr %2, i64 %42
  %44 = load double, ptr %43, align 8
  %45 = getelementptr inbounds nuw double, ptr %3, i64 %42
  %46 = load double, ptr %45, align 8
  %47 = trunc nuw nsw i64 %42 to i32
  %48 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, i32 noundef %47, double noundef %44, double noundef %46)
  %49 = add nuw nsw i64 %42, 1
  %50 = icmp eq i64 %42, 0
  br i1 %50, label %41, label %40
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #3

declare void @__enzyme_autodiff(ptr noundef, ...) local_unnamed_addr #4


; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: nofree nounwind
declare noundef i32 @puts(ptr noundef readonly captures(none)) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #6

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }



define double @f(ptr noalias noundef readonly align 8 dereferenceable(16) %b) #20 {
start:
  %tmp = alloca [16 x i8], align 8
  %out = alloca [16 x i8], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %b, i64 16, i1 false)
  call fastcc void @inplace(ptr noalias noundef sret([16 x i8]) align 8 dereferenceable(16) %out, ptr noalias noundef align 8 dereferenceable(16) %tmp)
  %o0 = load double, ptr %out, align 8
  %p = getelementptr inbounds i8, ptr %out, i64 8
  %o1 = load double, ptr %p, align 8
  %r = fmul double %o0, %o1
  ret double %r
}

define internal fastcc void @inplace(ptr noalias noundef nonnull writable sret([16 x i8]) align 8 dereferenceable(16) %out, ptr dead_on_return noalias noundef nonnull align 8 dereferenceable(16) %m) #20 {
start:
  %x = load double, ptr %m, align 8
  %x2 = fmul double %x, %x
  store double %x2, ptr %m, align 8
  %p1 = getelementptr inbounds i8, ptr %m, i64 8
  %y = load double, ptr %p1, align 8
  %xx = load double, ptr %m, align 8
  %z = fmul double %xx, %y
  store double %z, ptr %p1, align 8
  %s = call double @llvm.sin.f64(double %xx)
  store double %s, ptr %out, align 8
  %q = getelementptr inbounds i8, ptr %out, i64 8
  store double %z, ptr %q, align 8
  ret void
}

declare double @llvm.sin.f64(double)

attributes #20 = { noinline nounwind uwtable }
