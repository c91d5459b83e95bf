; Enzyme bug: the derivative through a chain of by-value struct updates in an array loses the
; chain: craft_by_value's `fl = evolve(fl)` over a [Craft; 4] (Craft: 23 mixed fields, 184
; bytes), where evolve sets out[i] = burn(steer(propel(fl[i]))), each a Rust function taking
; and returning the struct by value (sret and a pointer to the caller's copy, temporaries
; reused for the four elements). f(c) = score(evolve([c; 4])[3]). Enzyme's derivatives are
; those of score alone, as if out[3] were fl[3] unchanged: 1 for the two fields score adds
; as they are (bytes 64 and 104), where finite differences give 1.18 and 0.9; 0.3 for the
; four velocities (score's coefficient), where they give 0.41 to 0.70; silently.
; Reduced from the stress program craft_by_value at -O2: its Rust cut down to two evolve
; passes and four scores (wrong the same without trees, so Enzyme's, not ours), the module as
; it reaches Enzyme (LLVM's -O2 pipeline up to Enzyme, run by opt) cut to f and what it
; calls, llvm-reduce, then by hand to one pass and the last element's score; main is C
; (clang -O0), checking the 14 double fields against central differences. Measured beside
; this file, not run as cases: wrong with Enzyme's default options, compiled at clang -O2,
; with every memory(...) attribute deleted; on the larger module, also without the lifetime
; markers, noalias, dead_on_return or the sret parameters' writeonly/initializes. Evolve's
; other three elements are there only for Enzyme to type the module without trees (with
; them gone it stops on propel's integer fields: "cannot handle unknown binary operator").
; Which element is scored matters: with one pass, scoring element 0 or 1 alone is right,
; element 2 or 3 alone wrong (this file: 3).
; The mechanism: Enzyme keeps no type entry past -enzyme-max-type-offset (500 by default)
; and differentiates the 736-byte copy of evolve's result into %fl by walking its bytes,
; each merged into the current segment's type; the unknown bytes past 500 merge with
; anything, so they all take the type of the last segment before them (element 2's field
; at its byte 128, byte 496 of the array, not a double): the copy moves no derivative for
; bytes 500 to 735, and score's derivatives of element 3 go straight to %c through the
; first copies. Not a tree of ours (no tree here); with the limit at the array's size
; (second case) the derivatives are right. So are they at the default limit when the copy
; carries `!enzyme_truetype` (third case), the copy's list of segments (a kind and the
; offset where it starts), which Enzyme then takes instead of the types it knows: !900 is
; the list annotate writes on craft_by_value's 736-byte copies (emit/body/ir_body_segments.c),
; and tests/wrapper checks it on a Rust program (fixtures/wrapper/big_mixed.rs).
; CASE no-tree wrong
; CASE limit-736 --enzyme-flags=-enzyme-strict-aliasing=0,-enzyme-detect-readthrow=0,-enzyme-rematerialize=0,-enzyme-max-type-offset=736 right
; CASE segments --attach=enzyme_truetype:900 right

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@dofs = constant [14 x i32] [i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 64, i32 88, i32 96, i32 104, i32 120, i32 136]
@.str = constant [42 x i8] c"d/d@%d: enzyme %g, finite differences %g\0A\00"
@.str.1 = constant [4 x i8] c"%s\0A\00"
@.str.3 = constant [6 x i8] c"wrong\00"
@init.fofs = constant [6 x i32] [i32 144, i32 152, i32 156, i32 160, i32 164, i32 172]
@dofs.1 = internal constant [14 x i32] [i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 64, i32 88, i32 96, i32 104, i32 120, i32 136], align 16
@.str.4 = private unnamed_addr constant [4 x i8] c"%s\0A\00", align 1
@.str.1.2 = private unnamed_addr constant [6 x i8] c"right\00", align 1
@.str.2 = private unnamed_addr constant [6 x i8] c"wrong\00", align 1
@.str.3.5 = private unnamed_addr constant [42 x i8] c"d/d@%d: enzyme %g, finite differences %g\0A\00", align 1
@init.fofs.6 = internal constant [6 x i32] [i32 144, i32 152, i32 156, i32 160, i32 164, i32 172], align 16

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable
define noundef double @f_craft(ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(184) %c) #0 {
start:
  %_6 = alloca [736 x i8], align 8
  %fl = alloca [736 x i8], align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %fl)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %fl, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  %0 = getelementptr inbounds nuw i8, ptr %fl, i64 184
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %0, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  %1 = getelementptr inbounds nuw i8, ptr %fl, i64 368
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %1, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  %2 = getelementptr inbounds nuw i8, ptr %fl, i64 552
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %2, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  call void @llvm.lifetime.start.p0(ptr nonnull %_6)
  call void @evolve(ptr noalias noundef sret([736 x i8]) align 8 captures(none) dereferenceable(736) %_6, ptr noalias noundef readonly align 8 captures(none) dereferenceable(736) %fl) #9
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(736) %fl, ptr noundef nonnull align 8 dereferenceable(736) %_6, i64 736, i1 false) ; ATTACH
  call void @llvm.lifetime.end.p0(ptr nonnull %_6)
  call void @llvm.lifetime.start.p0(ptr nonnull %_6)
  call void @llvm.lifetime.end.p0(ptr nonnull %_6)
  %_10 = fadd double 0.0, 0.0
  %_12 = fadd double 0.0, 0.0
  %_9 = fadd double %_10, %_12
  %_14 = fadd double 0.0, 0.0
  %_8 = fadd double %_9, %_14
  %_16 = call noundef double @score(ptr noalias noundef readonly align 8 captures(address, read_provenance) dereferenceable(184) %2) #9
  %_0 = fadd double %_8, %_16
  call void @llvm.lifetime.end.p0(ptr nonnull %fl)
  ret double %_0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #2

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable
define void @evolve(ptr dead_on_unwind noalias noundef nonnull writable writeonly sret([736 x i8]) align 8 captures(none) dereferenceable(736) initializes((0, 736)) %out, ptr dead_on_return noalias noundef nonnull readonly align 8 captures(none) dereferenceable(736) %fl) #3 {
start:
  %_10 = alloca [184 x i8], align 8
  %_9 = alloca [184 x i8], align 8
  %_8 = alloca [184 x i8], align 8
  %_7 = alloca [184 x i8], align 8
  call void @llvm.lifetime.start.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_8)
  call void @llvm.lifetime.start.p0(ptr nonnull %_9)
  call void @llvm.lifetime.start.p0(ptr nonnull %_10)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_10, ptr noundef nonnull align 8 dereferenceable(184) %fl, i64 184, i1 false)
  call void @propel(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_9, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_10) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_10)
  call void @steer(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_8, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_9) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_9)
  call void @burn(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_7, ptr noalias noundef align 8 captures(address) dereferenceable(184) %_8) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_8)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %out, ptr noundef nonnull align 8 dereferenceable(184) %_7, i64 184, i1 false)
  call void @llvm.lifetime.end.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_8)
  call void @llvm.lifetime.start.p0(ptr nonnull %_9)
  call void @llvm.lifetime.start.p0(ptr nonnull %_10)
  %0 = getelementptr inbounds nuw i8, ptr %fl, i64 184
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_10, ptr noundef nonnull align 8 dereferenceable(184) %0, i64 184, i1 false)
  call void @propel(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_9, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_10) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_10)
  call void @steer(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_8, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_9) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_9)
  call void @burn(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_7, ptr noalias noundef align 8 captures(address) dereferenceable(184) %_8) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_8)
  %1 = getelementptr inbounds nuw i8, ptr %out, i64 184
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %1, ptr noundef nonnull align 8 dereferenceable(184) %_7, i64 184, i1 false)
  call void @llvm.lifetime.end.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_8)
  call void @llvm.lifetime.start.p0(ptr nonnull %_9)
  call void @llvm.lifetime.start.p0(ptr nonnull %_10)
  %2 = getelementptr inbounds nuw i8, ptr %fl, i64 368
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_10, ptr noundef nonnull align 8 dereferenceable(184) %2, i64 184, i1 false)
  call void @propel(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_9, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_10) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_10)
  call void @steer(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_8, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_9) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_9)
  call void @burn(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_7, ptr noalias noundef align 8 captures(address) dereferenceable(184) %_8) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_8)
  %3 = getelementptr inbounds nuw i8, ptr %out, i64 368
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %3, ptr noundef nonnull align 8 dereferenceable(184) %_7, i64 184, i1 false)
  call void @llvm.lifetime.end.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_7)
  call void @llvm.lifetime.start.p0(ptr nonnull %_8)
  call void @llvm.lifetime.start.p0(ptr nonnull %_9)
  call void @llvm.lifetime.start.p0(ptr nonnull %_10)
  %4 = getelementptr inbounds nuw i8, ptr %fl, i64 552
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_10, ptr noundef nonnull align 8 dereferenceable(184) %4, i64 184, i1 false)
  call void @propel(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_9, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_10) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_10)
  call void @steer(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_8, ptr noalias noundef align 8 captures(none) dereferenceable(184) %_9) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_9)
  call void @burn(ptr noalias noundef sret([184 x i8]) align 8 captures(none) dereferenceable(184) %_7, ptr noalias noundef align 8 captures(address) dereferenceable(184) %_8) #9
  call void @llvm.lifetime.end.p0(ptr nonnull %_8)
  %5 = getelementptr inbounds nuw i8, ptr %out, i64 552
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %5, ptr noundef nonnull align 8 dereferenceable(184) %_7, i64 184, i1 false)
  call void @llvm.lifetime.end.p0(ptr nonnull %_7)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable
define noundef double @score(ptr noalias noundef nonnull readonly align 8 captures(none) dereferenceable(184) %c) #0 {
start:
  %0 = getelementptr inbounds nuw i8, ptr %c, i64 136
  %_5 = load double, ptr %0, align 8
  %_4 = fmul double %_5, 1.000000e-01
  %1 = getelementptr inbounds nuw i8, ptr %c, i64 104
  %_6 = load double, ptr %1, align 8
  %_3 = fadd double %_4, %_6
  %2 = getelementptr inbounds nuw i8, ptr %c, i64 64
  %_7 = load double, ptr %2, align 8
  %3 = fadd double %_3, %_7
  %4 = getelementptr inbounds nuw i8, ptr %c, i64 32
  %_15 = load double, ptr %c, align 8
  %_14 = fmul double %_15, %_15
  %_20 = load double, ptr %4, align 8
  %_19 = fmul double %_20, 3.000000e-01
  %_12 = fadd double %_14, %_19
  %5 = fadd double %3, %_12
  %6 = getelementptr inbounds nuw i8, ptr %c, i64 8
  %_15.1 = load double, ptr %6, align 8
  %_14.1 = fmul double %_15.1, %_15.1
  %_13.1 = fmul double %_14.1, 2.000000e+00
  %7 = getelementptr inbounds nuw i8, ptr %c, i64 40
  %_20.1 = load double, ptr %7, align 8
  %_19.1 = fmul double %_20.1, 3.000000e-01
  %_12.1 = fadd double %_13.1, %_19.1
  %8 = fadd double %5, %_12.1
  %9 = getelementptr inbounds nuw i8, ptr %c, i64 16
  %_15.2 = load double, ptr %9, align 8
  %_14.2 = fmul double %_15.2, %_15.2
  %_13.2 = fmul double %_14.2, 3.000000e+00
  %10 = getelementptr inbounds nuw i8, ptr %c, i64 48
  %_20.2 = load double, ptr %10, align 8
  %_19.2 = fmul double %_20.2, 3.000000e-01
  %_12.2 = fadd double %_13.2, %_19.2
  %11 = fadd double %8, %_12.2
  %12 = getelementptr inbounds nuw i8, ptr %c, i64 24
  %_15.3 = load double, ptr %12, align 8
  %_14.3 = fmul double %_15.3, %_15.3
  %_13.3 = fmul double %_14.3, 4.000000e+00
  %13 = getelementptr inbounds nuw i8, ptr %c, i64 56
  %_20.3 = load double, ptr %13, align 8
  %_19.3 = fmul double %_20.3, 3.000000e-01
  %_12.3 = fadd double %_13.3, %_19.3
  %14 = fadd double %11, %_12.3
  %15 = getelementptr inbounds nuw i8, ptr %c, i64 72
  %_25 = load i64, ptr %15, align 8
  %16 = getelementptr inbounds nuw i8, ptr %c, i64 168
  %_28 = load i32, ptr %16, align 8
  %17 = getelementptr inbounds nuw i8, ptr %c, i64 180
  %18 = load i8, ptr %17, align 4
  %_30 = trunc nuw i8 %18 to i1
  %. = select i1 %_30, double 5.000000e-01, double 0.000000e+00
  %_24 = sitofp i64 %_25 to double
  %_23 = fmul double %_24, 1.000000e-02
  %_22 = fadd double %14, %_23
  %_27 = uitofp i32 %_28 to double
  %_26 = fmul double %_27, 1.000000e-03
  %_21 = fadd double %_22, %_26
  %_0 = fadd double %_21, %.
  ret double %_0
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable
define void @propel(ptr dead_on_unwind noalias noundef nonnull writable writeonly sret([184 x i8]) align 8 captures(none) dereferenceable(184) initializes((0, 184)) %_0, ptr dead_on_return noalias noundef nonnull align 8 captures(none) dereferenceable(184) %c) #3 {
start:
  %0 = getelementptr inbounds nuw i8, ptr %c, i64 144
  %_5 = load float, ptr %0, align 8
  %_4 = fpext float %_5 to double
  %1 = getelementptr inbounds nuw i8, ptr %c, i64 179
  %2 = load i8, ptr %1, align 1
  %_7 = trunc nuw i8 %2 to i1
  %3 = fmul double %_4, 2.500000e-01
  %_6.sroa.0.0 = select i1 %_7, double %_4, double %3
  %4 = getelementptr inbounds nuw i8, ptr %c, i64 88
  %5 = getelementptr inbounds nuw i8, ptr %c, i64 156
  %6 = getelementptr inbounds nuw i8, ptr %c, i64 32
  %7 = getelementptr inbounds nuw i8, ptr %c, i64 64
  %_21 = load double, ptr %4, align 8
  %_24 = load double, ptr %7, align 8
  %_13 = load float, ptr %5, align 4
  %g = fpext float %_13 to double
  %_19 = fmul double %_6.sroa.0.0, %g
  %_22 = load double, ptr %6, align 8
  %_20 = fmul double %_21, %_22
  %_18 = fsub double %_19, %_20
  %_17 = fmul double %_18, 5.000000e-02
  %_16 = fdiv double %_17, %_24
  %8 = fadd double %_22, %_16
  store double %8, ptr %6, align 8
  %_25 = fmul double %8, 5.000000e-02
  %9 = load double, ptr %c, align 8
  %10 = fadd double %9, %_25
  store double %10, ptr %c, align 8
  %11 = getelementptr inbounds nuw i8, ptr %c, i64 160
  %_13.1 = load float, ptr %11, align 4
  %g.1 = fpext float %_13.1 to double
  %_19.1 = fmul double %_6.sroa.0.0, %g.1
  %12 = getelementptr inbounds nuw i8, ptr %c, i64 40
  %_22.1 = load double, ptr %12, align 8
  %_20.1 = fmul double %_21, %_22.1
  %_18.1 = fsub double %_19.1, %_20.1
  %_17.1 = fmul double %_18.1, 5.000000e-02
  %_16.1 = fdiv double %_17.1, %_24
  %13 = fadd double %_22.1, %_16.1
  store double %13, ptr %12, align 8
  %_25.1 = fmul double %13, 5.000000e-02
  %14 = getelementptr inbounds nuw i8, ptr %c, i64 8
  %15 = load double, ptr %14, align 8
  %16 = fadd double %15, %_25.1
  store double %16, ptr %14, align 8
  %17 = getelementptr inbounds nuw i8, ptr %c, i64 164
  %_13.2 = load float, ptr %17, align 4
  %g.2 = fpext float %_13.2 to double
  %_19.2 = fmul double %_6.sroa.0.0, %g.2
  %18 = getelementptr inbounds nuw i8, ptr %c, i64 48
  %_22.2 = load double, ptr %18, align 8
  %_20.2 = fmul double %_21, %_22.2
  %_18.2 = fsub double %_19.2, %_20.2
  %_17.2 = fmul double %_18.2, 5.000000e-02
  %_16.2 = fdiv double %_17.2, %_24
  %19 = fadd double %_22.2, %_16.2
  store double %19, ptr %18, align 8
  %_25.2 = fmul double %19, 5.000000e-02
  %20 = getelementptr inbounds nuw i8, ptr %c, i64 16
  %21 = load double, ptr %20, align 8
  %22 = fadd double %21, %_25.2
  store double %22, ptr %20, align 8
  %23 = getelementptr inbounds nuw i8, ptr %c, i64 56
  %_22.3 = load double, ptr %23, align 8
  %_20.3 = fmul double %_21, %_22.3
  %_18.3 = fsub double %_19, %_20.3
  %_17.3 = fmul double %_18.3, 5.000000e-02
  %_16.3 = fdiv double %_17.3, %_24
  %24 = fadd double %_22.3, %_16.3
  store double %24, ptr %23, align 8
  %_25.3 = fmul double %24, 5.000000e-02
  %25 = getelementptr inbounds nuw i8, ptr %c, i64 24
  %26 = load double, ptr %25, align 8
  %27 = fadd double %26, %_25.3
  store double %27, ptr %25, align 8
  %28 = getelementptr inbounds nuw i8, ptr %c, i64 72
  %29 = load i64, ptr %28, align 8
  %30 = add i64 %29, 1
  store i64 %30, ptr %28, align 8
  %31 = getelementptr inbounds nuw i8, ptr %c, i64 168
  %self = load i32, ptr %31, align 8
  %32 = getelementptr inbounds nuw i8, ptr %c, i64 176
  %_30 = load i8, ptr %32, align 8
  %rhs = zext i8 %_30 to i32
  %_27 = add i32 %self, %rhs
  store i32 %_27, ptr %31, align 8
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_0, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable
define void @steer(ptr dead_on_unwind noalias noundef nonnull writable writeonly sret([184 x i8]) align 8 captures(none) dereferenceable(184) initializes((0, 184)) %_0, ptr dead_on_return noalias noundef nonnull align 8 captures(none) dereferenceable(184) %c) #3 {
start:
  %0 = getelementptr inbounds nuw i8, ptr %c, i64 120
  %_5 = load double, ptr %0, align 8
  %_4 = fmul double %_5, 5.000000e-02
  %1 = getelementptr inbounds nuw i8, ptr %c, i64 112
  %_9 = load i64, ptr %1, align 8
  %_8 = sitofp i64 %_9 to double
  %_7 = fmul double %_8, 1.000000e-01
  %_6 = fadd double %_7, 1.000000e+00
  %_3 = fmul double %_4, %_6
  %2 = getelementptr inbounds nuw i8, ptr %c, i64 96
  %3 = load double, ptr %2, align 8
  %4 = fadd double %3, %_3
  store double %4, ptr %2, align 8
  %5 = tail call double @llvm.sin.f64(double %4)
  %6 = tail call double @llvm.cos.f64(double %4)
  %x = load double, ptr %c, align 8
  %7 = getelementptr inbounds nuw i8, ptr %c, i64 8
  %y = load double, ptr %7, align 8
  %_13 = fmul double %x, %6
  %_14 = fmul double %y, %5
  %8 = fsub double %_13, %_14
  store double %8, ptr %c, align 8
  %_15 = fmul double %x, %5
  %_16 = fmul double %y, %6
  %9 = fadd double %_15, %_16
  store double %9, ptr %7, align 8
  %10 = getelementptr inbounds nuw i8, ptr %c, i64 104
  %_18 = load double, ptr %10, align 8
  %_17 = fmul double %_18, 9.000000e-01
  %11 = getelementptr inbounds nuw i8, ptr %c, i64 48
  %_21 = load double, ptr %11, align 8
  %_20 = fmul double %_21, 1.000000e-01
  %_19 = fmul double %_21, %_20
  %12 = fadd double %_17, %_19
  store double %12, ptr %10, align 8
  %13 = getelementptr inbounds nuw i8, ptr %c, i64 177
  %14 = load i8, ptr %13, align 1
  %15 = xor i8 %14, 1
  store i8 %15, ptr %13, align 1
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_0, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable
define void @burn(ptr dead_on_unwind noalias noundef nonnull writable writeonly sret([184 x i8]) align 8 captures(none) dereferenceable(184) initializes((0, 184)) %_0, ptr dead_on_return noalias noundef nonnull align 8 captures(none) dereferenceable(184) %c) #3 {
start:
  %0 = getelementptr inbounds nuw i8, ptr %c, i64 152
  %_3 = load float, ptr %0, align 8
  %f = fpext float %_3 to double
  %_5 = fmul double %f, 1.000000e-02
  %1 = getelementptr inbounds nuw i8, ptr %c, i64 178
  %_8 = load i8, ptr %1, align 2
  %_7 = uitofp i8 %_8 to double
  %_6 = fadd double %_7, 1.000000e+00
  %_4 = fmul double %_5, %_6
  %2 = getelementptr inbounds nuw i8, ptr %c, i64 64
  %3 = load double, ptr %2, align 8
  %4 = fsub double %3, %_4
  store double %4, ptr %2, align 8
  %_16 = getelementptr inbounds nuw i8, ptr %c, i64 32
  %_3.i.i.i = load double, ptr %_16, align 8
  %_0.i.i.i = fmul double %_3.i.i.i, %_3.i.i.i
  %_45.i.1 = getelementptr inbounds nuw i8, ptr %c, i64 40
  %_3.i.i.i.1 = load double, ptr %_45.i.1, align 8
  %_0.i.i.i.1 = fmul double %_3.i.i.i.1, %_3.i.i.i.1
  %_0.i1.i.i.1 = fadd double %_0.i.i.i, %_0.i.i.i.1
  %_45.i.2 = getelementptr inbounds nuw i8, ptr %c, i64 48
  %_3.i.i.i.2 = load double, ptr %_45.i.2, align 8
  %_0.i.i.i.2 = fmul double %_3.i.i.i.2, %_3.i.i.i.2
  %_0.i1.i.i.2 = fadd double %_0.i1.i.i.1, %_0.i.i.i.2
  %_45.i.3 = getelementptr inbounds nuw i8, ptr %c, i64 56
  %_3.i.i.i.3 = load double, ptr %_45.i.3, align 8
  %_0.i.i.i.3 = fmul double %_3.i.i.i.3, %_3.i.i.i.3
  %_0.i1.i.i.3 = fadd double %_0.i1.i.i.2, %_0.i.i.i.3
  %_11 = fmul double %4, 5.000000e-01
  %_10 = fmul double %_11, %_0.i1.i.i.3
  %5 = getelementptr inbounds nuw i8, ptr %c, i64 172
  %_19 = load float, ptr %5, align 4
  %_18 = fpext float %_19 to double
  %_17 = fmul double %_18, 1.000000e-02
  %_9 = fadd double %_10, %_17
  %6 = getelementptr inbounds nuw i8, ptr %c, i64 136
  %7 = load double, ptr %6, align 8
  %8 = fadd double %7, %_9
  store double %8, ptr %6, align 8
  %9 = getelementptr inbounds nuw i8, ptr %c, i64 128
  %_21 = load i64, ptr %9, align 8
  %_20 = add i64 %_21, 1
  %10 = and i64 %_20, 3
  store i64 %10, ptr %9, align 8
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(184) %_0, ptr noundef nonnull align 8 dereferenceable(184) %c, i64 184, i1 false)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sin.f64(double) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.cos.f64(double) #4

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @main() #5 {
  %1 = alloca i32, align 4
  %2 = alloca [184 x i8], align 8
  %3 = alloca [184 x i8], align 8
  %4 = alloca [184 x i8], align 8
  %5 = alloca [184 x i8], align 8
  %6 = alloca i32, align 4
  %7 = alloca [14 x double], align 16
  %8 = alloca [14 x double], align 16
  %9 = alloca i32, align 4
  %10 = alloca double, align 8
  %11 = alloca double, align 8
  %12 = alloca double, align 8
  %13 = alloca double, align 8
  %14 = alloca double, align 8
  %15 = alloca double, align 8
  %16 = alloca [184 x i8], align 16
  %17 = alloca i32, align 4
  store i32 0, ptr %1, align 4
  %18 = getelementptr inbounds [184 x i8], ptr %2, i64 0, i64 0
  call void @init(ptr noundef %18)
  %19 = getelementptr inbounds [184 x i8], ptr %3, i64 0, i64 0
  call void @llvm.memset.p0.i64(ptr align 8 %19, i8 0, i64 184, i1 false)
  %20 = getelementptr inbounds [184 x i8], ptr %2, i64 0, i64 0
  %21 = getelementptr inbounds [184 x i8], ptr %3, i64 0, i64 0
  call void (ptr, ...) @__enzyme_autodiff(ptr noundef @f_craft, ptr noundef %20, ptr noundef %21)
  store i32 1, ptr %6, align 4
  store i32 0, ptr %9, align 4
  br label %22

22:                                               ; preds = %89, %0
  %23 = load i32, ptr %9, align 4
  %24 = icmp slt i32 %23, 14
  br i1 %24, label %25, label %92

25:                                               ; preds = %22
  store double 0x3EB0C6F7A0B5ED8D, ptr %10, align 8
  %26 = getelementptr inbounds [184 x i8], ptr %4, i64 0, i64 0
  call void @init(ptr noundef %26)
  %27 = getelementptr inbounds [184 x i8], ptr %5, i64 0, i64 0
  call void @init(ptr noundef %27)
  %28 = getelementptr inbounds [184 x i8], ptr %2, i64 0, i64 0
  %29 = load i32, ptr %9, align 4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %30
  %32 = load i32, ptr %31, align 4
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds i8, ptr %28, i64 %33
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %11, ptr align 1 %34, i64 8, i1 false)
  %35 = load double, ptr %11, align 8
  %36 = load double, ptr %10, align 8
  %37 = fadd double %35, %36
  store double %37, ptr %13, align 8
  %38 = load double, ptr %11, align 8
  %39 = load double, ptr %10, align 8
  %40 = fsub double %38, %39
  store double %40, ptr %14, align 8
  %41 = getelementptr inbounds [184 x i8], ptr %4, i64 0, i64 0
  %42 = load i32, ptr %9, align 4
  %43 = sext i32 %42 to i64
  %44 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %43
  %45 = load i32, ptr %44, align 4
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds i8, ptr %41, i64 %46
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %47, ptr align 8 %13, i64 8, i1 false)
  %48 = getelementptr inbounds [184 x i8], ptr %5, i64 0, i64 0
  %49 = load i32, ptr %9, align 4
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %50
  %52 = load i32, ptr %51, align 4
  %53 = sext i32 %52 to i64
  %54 = getelementptr inbounds i8, ptr %48, i64 %53
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %54, ptr align 8 %14, i64 8, i1 false)
  %55 = getelementptr inbounds [184 x i8], ptr %4, i64 0, i64 0
  %56 = call double @f_craft(ptr noundef %55)
  %57 = getelementptr inbounds [184 x i8], ptr %5, i64 0, i64 0
  %58 = call double @f_craft(ptr noundef %57)
  %59 = fsub double %56, %58
  %60 = load double, ptr %10, align 8
  %61 = fmul double 2.000000e+00, %60
  %62 = fdiv double %59, %61
  store double %62, ptr %15, align 8
  %63 = getelementptr inbounds [184 x i8], ptr %3, i64 0, i64 0
  %64 = load i32, ptr %9, align 4
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %65
  %67 = load i32, ptr %66, align 4
  %68 = sext i32 %67 to i64
  %69 = getelementptr inbounds i8, ptr %63, i64 %68
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %12, ptr align 1 %69, i64 8, i1 false)
  %70 = load double, ptr %12, align 8
  %71 = load double, ptr %15, align 8
  %72 = fsub double %70, %71
  %73 = call double @llvm.fabs.f64(double %72)
  %74 = load double, ptr %15, align 8
  %75 = call double @llvm.fabs.f64(double %74)
  %76 = fadd double 1.000000e+00, %75
  %77 = fmul double 1.000000e-04, %76
  %78 = fcmp ogt double %73, %77
  br i1 %78, label %79, label %80

79:                                               ; preds = %25
  store i32 0, ptr %6, align 4
  br label %80

80:                                               ; preds = %79, %25
  %81 = load double, ptr %12, align 8
  %82 = load i32, ptr %9, align 4
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds [14 x double], ptr %7, i64 0, i64 %83
  store double %81, ptr %84, align 8
  %85 = load double, ptr %15, align 8
  %86 = load i32, ptr %9, align 4
  %87 = sext i32 %86 to i64
  %88 = getelementptr inbounds [14 x double], ptr %8, i64 0, i64 %87
  store double %85, ptr %88, align 8
  br label %89

89:                                               ; preds = %80
  %90 = load i32, ptr %9, align 4
  %91 = add nsw i32 %90, 1
  store i32 %91, ptr %9, align 4
  br label %22, !llvm.loop !6

92:                                               ; preds = %22
  %93 = getelementptr inbounds [184 x i8], ptr %16, i64 0, i64 0
  call void @init(ptr noundef %93)
  %94 = getelementptr inbounds [184 x i8], ptr %2, i64 0, i64 0
  %95 = getelementptr inbounds [184 x i8], ptr %16, i64 0, i64 0
  %96 = call i32 @memcmp(ptr noundef %94, ptr noundef %95, i64 noundef 184) #10
  %97 = icmp ne i32 %96, 0
  br i1 %97, label %98, label %99

98:                                               ; preds = %92
  store i32 0, ptr %6, align 4
  br label %99

99:                                               ; preds = %98, %92
  %100 = load i32, ptr %6, align 4
  %101 = icmp ne i32 %100, 0
  %102 = zext i1 %101 to i64
  %103 = select i1 %101, ptr @.str.1.2, ptr @.str.2
  %104 = call i32 (ptr, ...) @printf(ptr noundef @.str.4, ptr noundef %103)
  store i32 0, ptr %17, align 4
  br label %105

105:                                              ; preds = %122, %99
  %106 = load i32, ptr %17, align 4
  %107 = icmp slt i32 %106, 14
  br i1 %107, label %108, label %125

108:                                              ; preds = %105
  %109 = load i32, ptr %17, align 4
  %110 = sext i32 %109 to i64
  %111 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %110
  %112 = load i32, ptr %111, align 4
  %113 = load i32, ptr %17, align 4
  %114 = sext i32 %113 to i64
  %115 = getelementptr inbounds [14 x double], ptr %7, i64 0, i64 %114
  %116 = load double, ptr %115, align 8
  %117 = load i32, ptr %17, align 4
  %118 = sext i32 %117 to i64
  %119 = getelementptr inbounds [14 x double], ptr %8, i64 0, i64 %118
  %120 = load double, ptr %119, align 8
  %121 = call i32 (ptr, ...) @printf(ptr noundef @.str.3.5, i32 noundef %112, double noundef %116, double noundef %120)
  br label %122

122:                                              ; preds = %108
  %123 = load i32, ptr %17, align 4
  %124 = add nsw i32 %123, 1
  store i32 %124, ptr %17, align 4
  br label %105, !llvm.loop !8

125:                                              ; preds = %105
  ret i32 0
}

; Function Attrs: noinline nounwind uwtable
define internal void @init(ptr noundef %0) #5 {
  %2 = alloca ptr, align 8
  %3 = alloca i32, align 4
  %4 = alloca double, align 8
  %5 = alloca i32, align 4
  %6 = alloca float, align 4
  %7 = alloca i64, align 8
  %8 = alloca i64, align 8
  %9 = alloca i64, align 8
  %10 = alloca i64, align 8
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  store ptr %0, ptr %2, align 8
  %14 = load ptr, ptr %2, align 8
  call void @llvm.memset.p0.i64(ptr align 1 %14, i8 0, i64 184, i1 false)
  store i32 0, ptr %3, align 4
  br label %15

15:                                               ; preds = %29, %1
  %16 = load i32, ptr %3, align 4
  %17 = icmp slt i32 %16, 14
  br i1 %17, label %18, label %32

18:                                               ; preds = %15
  %19 = load i32, ptr %3, align 4
  %20 = sitofp i32 %19 to double
  %21 = call double @llvm.fmuladd.f64(double 1.000000e-01, double %20, double 3.000000e-01)
  store double %21, ptr %4, align 8
  %22 = load ptr, ptr %2, align 8
  %23 = load i32, ptr %3, align 4
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds [14 x i32], ptr @dofs.1, i64 0, i64 %24
  %26 = load i32, ptr %25, align 4
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds i8, ptr %22, i64 %27
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %28, ptr align 8 %4, i64 8, i1 false)
  br label %29

29:                                               ; preds = %18
  %30 = load i32, ptr %3, align 4
  %31 = add nsw i32 %30, 1
  store i32 %31, ptr %3, align 4
  br label %15, !llvm.loop !9

32:                                               ; preds = %15
  store i32 0, ptr %5, align 4
  br label %33

33:                                               ; preds = %47, %32
  %34 = load i32, ptr %5, align 4
  %35 = icmp slt i32 %34, 6
  br i1 %35, label %36, label %50

36:                                               ; preds = %33
  %37 = load i32, ptr %5, align 4
  %38 = sitofp i32 %37 to float
  %39 = call float @llvm.fmuladd.f32(float 2.500000e-01, float %38, float 5.000000e-01)
  store float %39, ptr %6, align 4
  %40 = load ptr, ptr %2, align 8
  %41 = load i32, ptr %5, align 4
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds [6 x i32], ptr @init.fofs.6, i64 0, i64 %42
  %44 = load i32, ptr %43, align 4
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds i8, ptr %40, i64 %45
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %46, ptr align 4 %6, i64 4, i1 false)
  br label %47

47:                                               ; preds = %36
  %48 = load i32, ptr %5, align 4
  %49 = add nsw i32 %48, 1
  store i32 %49, ptr %5, align 4
  br label %33, !llvm.loop !10

50:                                               ; preds = %33
  store i64 10, ptr %7, align 8
  store i64 1, ptr %8, align 8
  store i64 -2, ptr %9, align 8
  store i64 0, ptr %10, align 8
  store i32 4, ptr %11, align 4
  store i32 77, ptr %12, align 4
  %51 = load ptr, ptr %2, align 8
  %52 = getelementptr inbounds i8, ptr %51, i64 72
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %52, ptr align 8 %7, i64 8, i1 false)
  %53 = load ptr, ptr %2, align 8
  %54 = getelementptr inbounds i8, ptr %53, i64 80
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %54, ptr align 8 %8, i64 8, i1 false)
  %55 = load ptr, ptr %2, align 8
  %56 = getelementptr inbounds i8, ptr %55, i64 112
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %56, ptr align 8 %9, i64 8, i1 false)
  %57 = load ptr, ptr %2, align 8
  %58 = getelementptr inbounds i8, ptr %57, i64 128
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %58, ptr align 8 %10, i64 8, i1 false)
  %59 = load ptr, ptr %2, align 8
  %60 = getelementptr inbounds i8, ptr %59, i64 148
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %60, ptr align 4 %11, i64 4, i1 false)
  %61 = load ptr, ptr %2, align 8
  %62 = getelementptr inbounds i8, ptr %61, i64 168
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %62, ptr align 4 %12, i64 4, i1 false)
  store i32 176, ptr %13, align 4
  br label %63

63:                                               ; preds = %71, %50
  %64 = load i32, ptr %13, align 4
  %65 = icmp slt i32 %64, 184
  br i1 %65, label %66, label %74

66:                                               ; preds = %63
  %67 = load ptr, ptr %2, align 8
  %68 = load i32, ptr %13, align 4
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds i8, ptr %67, i64 %69
  store i8 1, ptr %70, align 1
  br label %71

71:                                               ; preds = %66
  %72 = load i32, ptr %13, align 4
  %73 = add nsw i32 %72, 1
  store i32 %73, ptr %13, align 4
  br label %63, !llvm.loop !11

74:                                               ; preds = %63
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #6

declare void @__enzyme_autodiff(ptr noundef, ...) #7

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #4

; Function Attrs: nounwind willreturn memory(read)
declare i32 @memcmp(ptr noundef, ptr noundef, i64 noundef) #8

declare i32 @printf(ptr noundef, ...) #7

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #4

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: read) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress nofree noinline norecurse nosync nounwind nonlazybind willreturn memory(argmem: readwrite) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #4 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #7 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind willreturn memory(read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { noinline }
attributes #10 = { nounwind willreturn memory(read) }

!llvm.ident = !{!0}
!llvm.module.flags = !{!1, !2, !3, !4, !5}

!0 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
!900 = !{!"Float@double", i64 0, !"Integer", i64 72, !"Float@double", i64 88, !"Integer", i64 112, !"Float@double", i64 120, !"Integer", i64 128, !"Float@double", i64 136, !"Float@float", i64 144, !"Integer", i64 148, !"Float@float", i64 152, !"Integer", i64 168, !"Float@float", i64 172, !"Integer", i64 176, !"Float@double", i64 184, !"Integer", i64 256, !"Float@double", i64 272, !"Integer", i64 296, !"Float@double", i64 304, !"Integer", i64 312, !"Float@double", i64 320, !"Float@float", i64 328, !"Integer", i64 332, !"Float@float", i64 336, !"Integer", i64 352, !"Float@float", i64 356, !"Integer", i64 360, !"Float@double", i64 368, !"Integer", i64 440, !"Float@double", i64 456, !"Integer", i64 480, !"Float@double", i64 488, !"Integer", i64 496, !"Float@double", i64 504, !"Float@float", i64 512, !"Integer", i64 516, !"Float@float", i64 520, !"Integer", i64 536, !"Float@float", i64 540, !"Integer", i64 544, !"Float@double", i64 552, !"Integer", i64 624, !"Float@double", i64 640, !"Integer", i64 664, !"Float@double", i64 672, !"Integer", i64 680, !"Float@double", i64 688, !"Float@float", i64 696, !"Integer", i64 700, !"Float@float", i64 704, !"Integer", i64 720, !"Float@float", i64 724, !"Integer", i64 728}
