/* IR printing before/after chosen passes (mlir-opt's --mlir-print-ir-before=
 * and --mlir-print-ir-after=). MLIR's C API prints before/after every pass or
 * none; this thin C++ shim (IRPrinting.cpp) hands MLIR's own IR printer a
 * selection by pass argument, so the dumps keep MLIR's headers (pass class
 * name and argument) and no extra pass shows in pipelines or timings. */
#ifndef XNNMLIR_LIB_CAPIEXT_IRPRINTING_H
#define XNNMLIR_LIB_CAPIEXT_IRPRINTING_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* As mlirPassManagerEnableIRPrinting, but printing before (after) a pass when
 * `beforeAll` (`afterAll`) is set or the pass's argument is one of `before`
 * (`after`). */
void xnnMlirPassManagerEnableIRPrintingFor(MlirPassManager pm, bool beforeAll,
                                           const MlirStringRef *before, size_t numBefore,
                                           bool afterAll, const MlirStringRef *after,
                                           size_t numAfter, bool moduleScope,
                                           bool afterOnlyOnChange, bool afterOnlyOnFailure,
                                           MlirOpPrintingFlags flags, MlirStringRef treeDir);

#ifdef __cplusplus
}
#endif
#endif
