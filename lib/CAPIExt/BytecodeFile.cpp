// In-place bytecode parsing: MLIR's bytecode reader keeps blobs inside the
// input buffer only when it gets shared ownership of the SourceMgr holding it,
// which the C API's string parsers never give.
#include "CAPIExt/BytecodeFile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
struct Mapping {
  const char *begin;
  size_t size;
  int fd; // kept open: a writer may copy ranges of the file inside the kernel
};
// Mappings made by xnnMlirParseBytecodeFileInPlace; never unmapped (blobs may
// point into them until the process exits), so a range here stays valid.
std::mutex mappingsLock;
Mapping mappings[64];
size_t numMappings;
} // namespace

bool xnnMlirIsBytecode(const void *data, size_t size) {
  return size >= 4 && !memcmp(data, "ML\xefR", 4);
}

MlirModule xnnMlirParseBytecodeFileInPlace(MlirContext ctx, MlirStringRef path) {
  mlir::MLIRContext *context = unwrap(ctx);
  std::string name(path.data, path.length);
  auto fail = [&](const char *what, int err) {
    mlir::emitError(mlir::FileLineColLoc::get(context, name, 1, 1))
        << what << " '" << name << "': " << strerror(err);
    return MlirModule{nullptr};
  };
  int fd = open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return fail("could not open input file", errno);
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 4) {
    int err = errno ? errno : EINVAL;
    close(fd);
    return fail("could not map input file", err);
  }
  size_t size = (size_t)st.st_size;
  void *base = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  int mapErr = errno;
  if (base == MAP_FAILED) {
    close(fd);
    return fail("could not map input file", mapErr);
  }
  {
    std::lock_guard<std::mutex> guard(mappingsLock);
    if (numMappings < sizeof(mappings) / sizeof(mappings[0]))
      mappings[numMappings++] = Mapping{static_cast<const char *>(base), size, fd};
    else
      close(fd);
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(static_cast<const char *>(base), size), name,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::ParserConfig config(context);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  return wrap(module.release());
}

size_t xnnMlirReleaseMappedBytes(const void *data, size_t size) {
  const char *p = static_cast<const char *>(data);
  std::lock_guard<std::mutex> guard(mappingsLock);
  for (size_t i = 0; i < numMappings; ++i) {
    const Mapping &m = mappings[i];
    if (p < m.begin || p + size > m.begin + m.size)
      continue;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)p + page - 1) & ~(page - 1);
    uintptr_t last = ((uintptr_t)p + size) & ~(page - 1);
    if (first < last && !madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED))
      return last - first;
    return 0;
  }
  return 0;
}

bool xnnMlirMappedFileRange(const void *data, size_t size, int *fd, long long *offset) {
  const char *p = static_cast<const char *>(data);
  std::lock_guard<std::mutex> guard(mappingsLock);
  for (size_t i = 0; i < numMappings; ++i) {
    const Mapping &m = mappings[i];
    if (p >= m.begin && p + size <= m.begin + m.size) {
      *fd = m.fd;
      *offset = p - m.begin;
      return true;
    }
  }
  return false;
}
