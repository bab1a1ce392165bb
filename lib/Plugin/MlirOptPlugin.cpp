// Pass plugin for stock `mlir-opt --load-pass-plugin=XnnMlirOptPlugin.so`.
// MLIR has no C entry point that puts an external pass into mlir-opt's
// registry, so this thin shim (with lib/CAPIExt, the only C++) registers every pass
// of the C registry as a pass pipeline whose options string is parsed by the
// C option parser. All pass logic stays in C.
#include "xnnmlir/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

#include <string>

static void appendToString(MlirStringRef msg, void *userData) {
  static_cast<std::string *>(userData)->append(msg.data, msg.length);
}

static void registerXnnMlirPasses() {
  xnnMlirRegisterAllPasses();
  for (size_t i = 0, n = xnnMlirGetNumPasses(); i < n; ++i) {
    const XnnMlirPassInfo *info = xnnMlirGetPass(i);
    mlir::registerPassPipeline(
        info->argument, info->description,
        [info](mlir::OpPassManager &pm, llvm::StringRef options,
               llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> errorHandler) {
          std::string error;
          MlirPass pass = xnnMlirCreatePass(info, {options.data(), options.size()},
                                            appendToString, &error);
          if (!pass.ptr)
            return errorHandler(error);
          // mlir-opt runs no edge/xnn rule checks of its own (xnn-opt does, on
          // parse): each pass starts with them, so it never sees IR they reject.
          const XnnMlirPassInfo *verify = xnnMlirLookupPass({"xnn-verify", 10});
          if (verify && verify != info)
            pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(xnnMlirCreatePass(verify, {"", 0}, appendToString, &error))));
          pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(pass)));
          return llvm::success();
        },
        [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
  }
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "XnnMlirPasses", LLVM_VERSION_STRING, registerXnnMlirPasses};
}
