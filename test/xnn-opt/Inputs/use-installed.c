/* A program built against an installed xnnmlir (pkg-config or find_package):
 * parses a small edge module, verifies it, runs xnn-delegate, prints it. */
#include <xnnmlir/Dialects.h>
#include <xnnmlir/Parse.h>
#include <xnnmlir/Passes.h>
#include <xnnmlir/Verifier.h>

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>

#include <stdio.h>
#include <string.h>

static void print(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

int main(void) {
  static const char text[] =
      "func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = \"edge.relu\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(xnnMlirLoadDialects(ctx)))
    return 1;
  MlirModule m = xnnMlirParseSource(ctx, text, strlen(text), "inline.mlir", 1);
  if (mlirModuleIsNull(m) || mlirLogicalResultIsFailure(xnnMlirVerify(mlirModuleGetOperation(m))))
    return 1;
  xnnMlirRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (mlirLogicalResultIsFailure(xnnMlirAddPipeline(opm, mlirStringRefCreateFromCString("xnn-delegate"), print, NULL)) ||
      mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return 0;
}
