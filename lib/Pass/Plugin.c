#include "xnnmlir/Plugin.h"
#include "xnnmlir/Passes.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

bool xnnMlirLoadPassPlugin(const char *path, char *err, unsigned long errSize) {
  xnnMlirRegisterAllPasses();
  /* A path without '/' would search the library path; plugins are named by path. */
  char buf[4096];
  if (!strchr(path, '/'))
    snprintf(buf, sizeof(buf), "./%s", path);
  else
    snprintf(buf, sizeof(buf), "%s", path);
  void *handle = dlopen(buf, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    snprintf(err, errSize, "failed to load pass plugin '%s': %s", path, dlerror());
    return false;
  }
  typedef XnnMlirPassPluginInfo (*EntryFn)(void);
  EntryFn entry;
  void *sym = dlsym(handle, XNN_MLIR_PLUGIN_ENTRY);
  memcpy(&entry, &sym, sizeof(entry)); /* object -> function pointer, without UB casts */
  if (!sym) {
    snprintf(err, errSize, "pass plugin '%s' does not export %s()", path, XNN_MLIR_PLUGIN_ENTRY);
    dlclose(handle);
    return false;
  }
  XnnMlirPassPluginInfo info = entry();
  if (info.apiVersion != XNN_MLIR_PLUGIN_API_VERSION) {
    snprintf(err, errSize, "pass plugin '%s' uses plugin API version %u, this xnnmlir supports %u",
             path, (unsigned)info.apiVersion, (unsigned)XNN_MLIR_PLUGIN_API_VERSION);
    dlclose(handle);
    return false;
  }
  if (!info.registerPasses || !info.registerPasses()) {
    snprintf(err, errSize, "pass plugin '%s' (%s) failed to register its passes", path,
             info.pluginName ? info.pluginName : "?");
    return false; /* keep it loaded: some passes may already point into it */
  }
  return true; /* stays loaded for the life of the process */
}
