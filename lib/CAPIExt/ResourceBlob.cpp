// dense_resource blob access for the C code: MLIR's C API reads blobs only
// through typed getters that index without a bound, and has no size or key
// accessor. This shim answers from the blob itself; nothing else is C++.
#include "CAPIExt/ResourceBlob.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

bool xnnMlirDenseResourceGetBlob(MlirAttribute attr, const void **data, size_t *size) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return false;
  mlir::AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return false;
  llvm::ArrayRef<char> bytes = blob->getData();
  *data = bytes.data();
  *size = bytes.size();
  return true;
}

MlirStringRef xnnMlirDenseResourceGetKey(MlirAttribute attr) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return mlirStringRefCreate("", 0);
  llvm::StringRef key = resource.getRawHandle().getKey();
  return mlirStringRefCreate(key.data(), key.size());
}

MlirAttribute xnnMlirDenseResourceWithType(MlirAttribute attr, MlirType type) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  auto shaped = llvm::dyn_cast<mlir::ShapedType>(unwrap(type));
  if (!resource || !shaped)
    return MlirAttribute{nullptr};
  return wrap(mlir::DenseResourceElementsAttr::get(shaped, resource.getRawHandle()));
}
