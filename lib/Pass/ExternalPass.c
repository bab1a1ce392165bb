/* Builds MLIR external passes from a run function and a copied config blob. */
#include "xnnmlir/Passes.h"

#include "Support/IR.h"

#include <stdlib.h>
#include <string.h>

typedef struct PassInstance {
  const XnnMlirPassInfo *info;
  XnnMlirPassRunFn run;
  size_t configSize;
  unsigned char config[]; /* this instance's private copy */
} PassInstance;

static PassInstance *instanceCreate(const XnnMlirPassInfo *info, XnnMlirPassRunFn run,
                                    const void *config, size_t configSize) {
  PassInstance *inst = malloc(sizeof(PassInstance) + configSize);
  if (!inst)
    abort();
  inst->info = info;
  inst->run = run;
  inst->configSize = configSize;
  if (configSize)
    memcpy(inst->config, config, configSize);
  return inst;
}

static void passConstruct(void *userData) { (void)userData; }

static void passDestruct(void *userData) { free(userData); }

static void *passClone(void *userData) {
  PassInstance *inst = userData;
  return instanceCreate(inst->info, inst->run, inst->config, inst->configSize);
}

static void passRun(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *inst = userData;
  xnnTypeCacheEnter();
  inst->run(op, pass, inst->configSize ? inst->config : NULL);
  xnnTypeCacheExit();
}

MlirPass xnnMlirCreateExternalPass(const XnnMlirPassInfo *info, XnnMlirPassRunFn run,
                                   const void *config, size_t configSize) {
  MlirExternalPassCallbacks callbacks = {
      .construct = passConstruct,
      .destruct = passDestruct,
      .initialize = NULL,
      .clone = passClone,
      .run = passRun,
  };
  /* The registry entry is static and pointer-aligned: a unique TypeID per pass. */
  MlirTypeID id = mlirTypeIDCreate(info);
  return mlirCreateExternalPass(id, mlirStringRefCreateFromCString(info->name),
                                mlirStringRefCreateFromCString(info->argument),
                                mlirStringRefCreateFromCString(info->description),
                                mlirStringRefCreate("", 0), 0, NULL, callbacks,
                                instanceCreate(info, run, config, configSize));
}
