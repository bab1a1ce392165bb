/*===-- xnnmlir/Plugin.h - out-of-tree pass plugins ---------------*- C -*-===*\
 *
 * A pass plugin is a shared object, written in C, that exports
 *     XnnMlirPassPluginInfo xnnMlirGetPassPluginInfo(void);
 * `xnn-opt --load-pass-plugin=<.so>` loads it before reading any pass flag,
 * checks the API version and calls registerPasses, which adds XnnMlirPassInfo
 * entries with xnnMlirRegisterPass. Link the plugin against libXnnMlir.
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_PLUGIN_H
#define XNNMLIR_PLUGIN_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever XnnMlirPassPluginInfo or the pass API changes incompatibly
 * (2: XnnMlirPassInfo ends with steps / numSteps). */
#define XNN_MLIR_PLUGIN_API_VERSION 2

typedef struct XnnMlirPassPluginInfo {
  uint32_t apiVersion;       /* XNN_MLIR_PLUGIN_API_VERSION */
  const char *pluginName;    /* for diagnostics */
  const char *pluginVersion; /* free-form */
  bool (*registerPasses)(void); /* returns false if registration failed */
} XnnMlirPassPluginInfo;

/* Name of the symbol a plugin exports. */
#define XNN_MLIR_PLUGIN_ENTRY "xnnMlirGetPassPluginInfo"

/* Loads the plugin at `path` and registers its passes. On failure returns
 * false and writes the reason to `err`. */
bool xnnMlirLoadPassPlugin(const char *path, char *err, unsigned long errSize);

#ifdef __cplusplus
}
#endif
#endif
