/* Example xnn-opt pass plugin, in C: `example-count-ops{prefix=edge.}` sets
 * `example.num_ops = N : i64` on the op it runs on, N = nested ops whose name
 * starts with the prefix. Build as a shared object linked against libXnnMlir;
 * load with `xnn-opt --load-pass-plugin=XnnExamplePlugin.so`. */
#include "xnnmlir/Passes.h"
#include "xnnmlir/Plugin.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <string.h>

typedef struct CountConfig {
  char prefix[64];
  int64_t count;
} CountConfig;

static MlirWalkResult countOp(MlirOperation op, void *userData) {
  CountConfig *c = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(c->prefix);
  if (name.length >= n && !strncmp(name.data, c->prefix, n))
    ++c->count;
  return MlirWalkResultAdvance;
}

static void runCount(MlirOperation op, MlirExternalPass pass, void *config) {
  (void)pass;
  CountConfig *c = config;
  c->count = 0;
  mlirOperationWalk(op, countOp, c, MlirWalkPreOrder);
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("example.num_ops"),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), c->count));
}

static const XnnMlirPassOption countOptions[] = {
    {"prefix", XNN_MLIR_OPTION_STRING, "edge.", "count ops whose name starts with this"},
};

static MlirPass createCount(const XnnMlirPassInfo *info, const XnnMlirPassOptionValues *values) {
  CountConfig config;
  memset(&config, 0, sizeof(config));
  strncpy(config.prefix, xnnMlirPassOptionGetString(info, values, "prefix"),
          sizeof(config.prefix) - 1);
  return xnnMlirCreateExternalPass(info, runCount, &config, sizeof(config));
}

static const XnnMlirPassInfo countPass = {
    .argument = "example-count-ops",
    .name = "ExampleCountOps",
    .description = "Example plugin pass: count nested ops by name prefix into example.num_ops",
    .options = countOptions,
    .numOptions = 1,
    .create = createCount,
};

static bool registerPasses(void) { return xnnMlirRegisterPass(&countPass, NULL, NULL); }

XnnMlirPassPluginInfo xnnMlirGetPassPluginInfo(void) {
  return (XnnMlirPassPluginInfo){XNN_MLIR_PLUGIN_API_VERSION, "example", "0.1", registerPasses};
}
