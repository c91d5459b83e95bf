// A stand-in for Enzyme's pass plugin, for tests: like Enzyme's LLD/clang plugins it adds
// itself to LLVM's standard pipelines at the OptimizerEarly extension point (where Enzyme
// runs), changes nothing, and writes one line per defined function carrying an
// "enzyme_type" attribute (on the function, its return or a parameter) to the file named by
// $ENZYME_STUB_REPORT (appended), or to stderr: what Enzyme would be told at that point.
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h" // LLVM 22 moved it here from llvm/Passes/
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace llvm;

// The options the wrapper gives Enzyme (Enzyme defines them; so does the stand-in).
static cl::opt<bool> StrictAliasing("enzyme-strict-aliasing", cl::init(true), cl::Hidden);
static cl::opt<bool> DetectReadThrow("enzyme-detect-readthrow", cl::init(true), cl::Hidden);
static cl::opt<bool> Rematerialize("enzyme-rematerialize", cl::init(true), cl::Hidden);

namespace {
struct EnzymeStub : PassInfoMixin<EnzymeStub> {
    PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
        std::error_code ec;
        const char *path = std::getenv("ENZYME_STUB_REPORT");
        raw_fd_ostream file(path ? path : "-", ec, sys::fs::OF_Append);
        raw_ostream &out = (path && !ec) ? static_cast<raw_ostream &>(file) : errs();
        for (Function &F : M) {
            if (F.isDeclaration())
                continue;
            AttributeList al = F.getAttributes();
            unsigned n = 0;
            if (al.hasFnAttr("enzyme_type")) n++;
            if (al.hasRetAttr("enzyme_type")) n++;
            for (unsigned a = 0; a < F.arg_size(); a++)
                if (al.hasParamAttr(a, "enzyme_type")) n++;
            if (n)
                out << "enzyme-stub: " << F.getName() << " " << n << "\n";
        }
        return PreservedAnalyses::all();
    }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
    return {LLVM_PLUGIN_API_VERSION, "EnzymeStub", "0.1", [](PassBuilder &PB) {
                PB.registerOptimizerEarlyEPCallback(
                    [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
                        MPM.addPass(EnzymeStub());
                    });
            }};
}
