// Pass plugin for stock `mlir-opt --load-pass-plugin=XnnMlirOptPlugin.so`.
// MLIR has no C entry point that puts an external pass into mlir-opt's
// registry, so this thin shim (with lib/CAPIExt, the only C++) registers every pass
// of the C registry as a pass pipeline whose options string is parsed by the
// C option parser. All pass logic stays in C.
#include "xnnmlir/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace {
// A choice option's value: an enum, so llvm::cl lists the choices in --help.
enum class ChoiceIndex : int {};

// The options of one C registry entry, built at runtime so `mlir-opt --help`
// lists them as it lists MLIR's own passes' options. Only for --help: the
// values are parsed by the C option parser when the pass is built.
class RegistryPassOptions : public mlir::detail::PassOptions {
public:
  explicit RegistryPassOptions(const XnnMlirPassInfo &info) {
    for (size_t i = 0; i < info.numOptions; ++i) {
      const XnnMlirPassOption &o = info.options[i];
      std::string dflt = o.defaultValue ? o.defaultValue : "";
      if (o.kind == XNN_MLIR_OPTION_CHOICE) // "a|b|c": the default is a
        dflt = dflt.substr(0, dflt.find('|'));
      // cl::desc keeps a StringRef: the text lives in this object.
      const std::string &desc =
          texts.emplace_back(std::string(o.description) + " (default: " + dflt + ")");
      auto descOpt = llvm::cl::desc(desc);
      switch (o.kind) {
      case XNN_MLIR_OPTION_BOOL:
        options.push_back(std::make_unique<Option<bool>>(*this, o.name, descOpt,
                                                         llvm::cl::init(dflt == "true")));
        break;
      case XNN_MLIR_OPTION_INT:
        options.push_back(std::make_unique<Option<int64_t>>(
            *this, o.name, descOpt, llvm::cl::init(std::strtoll(dflt.c_str(), nullptr, 0))));
        break;
      case XNN_MLIR_OPTION_STRING:
        options.push_back(
            std::make_unique<Option<std::string>>(*this, o.name, descOpt, llvm::cl::init(dflt)));
        break;
      case XNN_MLIR_OPTION_CHOICE: {
        auto choice = std::make_unique<Option<ChoiceIndex>>(*this, o.name, descOpt,
                                                            llvm::cl::init(ChoiceIndex(0)));
        llvm::StringRef list(o.defaultValue);
        for (int n = 0; !list.empty(); ++n) {
          auto [word, rest] = list.split('|');
          choice->getParser().addLiteralOption(word, ChoiceIndex(n), "");
          list = rest;
        }
        options.push_back(std::move(choice));
        break;
      }
      }
    }
  }

private:
  std::deque<std::string> texts;
  std::vector<std::unique_ptr<llvm::cl::Option>> options;
};
} // namespace

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
          XnnMlirPassOptionValues values;
          if (!xnnMlirParsePassOptions(info, {options.data(), options.size()}, &values,
                                       appendToString, &error))
            return errorHandler(error);
          // mlir-opt runs no edge/xnn rule checks of its own (xnn-opt does, on
          // parse): each pass starts with them, so it never sees IR they reject.
          const XnnMlirPassInfo *verify = xnnMlirLookupPass({"xnn-verify", 10});
          if (verify && verify != info)
            pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(xnnMlirCreatePass(verify, {"", 0}, appendToString, &error))));
          // Through the C pipeline parser, so xnn-delegate becomes its steps
          // as in xnn-opt.
          std::string element = std::string(info->argument) + "{" + options.str() + "}";
          if (mlirLogicalResultIsFailure(xnnMlirAddPipeline(
                  wrap(&pm), {element.data(), element.size()}, appendToString, &error)))
            return errorHandler(error);
          return llvm::success();
        },
        [info](llvm::function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
          optHandler(RegistryPassOptions(*info));
        });
  }
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "XnnMlirPasses", LLVM_VERSION_STRING, registerXnnMlirPasses};
}
