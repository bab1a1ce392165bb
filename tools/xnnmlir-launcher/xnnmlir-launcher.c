/* Installed front for the tools that run XNNPACK (xnn-run, xnn-probe) when the
 * pinned XNNPACK comes with its own glibc and loader (utils/setup.sh's prefix).
 * A program's interpreter path (PT_INTERP) cannot be relative to the program, so
 * an installed tree that is moved would lose that loader: instead this program,
 * run by the system loader, finds its prefix from its own path and starts
 * PREFIX/libexec/xnnmlir/<its name> through PREFIX/lib/xnnmlir/xnnpack's loader.
 * The tool's own rpaths are $ORIGIN-relative, so nothing outside the prefix
 * (but MLIR's libraries) is used. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Cuts `path` at its last '/', returning what followed it (NULL if none). */
static char *cutLastComponent(char *path) {
  char *slash = strrchr(path, '/');
  if (!slash)
    return NULL;
  *slash = '\0';
  return slash + 1;
}

int main(int argc, char **argv) {
  /* The kernel's link names the file itself, with every symlink resolved. */
  char prefix[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", prefix, sizeof(prefix) - 1);
  if (len < 0 || (size_t)len >= sizeof(prefix) - 1) {
    fprintf(stderr, "xnnmlir-launcher: error: cannot find its own path: %s\n", strerror(errno));
    return 127;
  }
  prefix[len] = '\0';
  const char *name = cutLastComponent(prefix); /* prefix = PREFIX/bin */
  if (!name || !cutLastComponent(prefix)) {    /* prefix = PREFIX */
    fprintf(stderr, "xnnmlir-launcher: error: unexpected install layout\n");
    return 127;
  }
  char loader[PATH_MAX + 64], tool[PATH_MAX + 64];
  snprintf(loader, sizeof(loader), "%s/lib/xnnmlir/xnnpack/ld-linux-x86-64.so.2", prefix);
  snprintf(tool, sizeof(tool), "%s/libexec/xnnmlir/%s", prefix, name);
  /* ld.so --argv0 NAME PROGRAM ARGS...: the tool sees argv[0] as it was typed. */
  char **args = calloc((size_t)argc + 4, sizeof(char *));
  if (!args) {
    fprintf(stderr, "%s: error: out of memory\n", name);
    return 127;
  }
  args[0] = loader;
  args[1] = "--argv0";
  args[2] = argc > 0 ? argv[0] : (char *)name;
  args[3] = tool;
  for (int i = 1; i < argc; ++i)
    args[3 + i] = argv[i];
  execv(loader, args);
  fprintf(stderr, "%s: error: cannot start %s through %s: %s\n", name, tool, loader, strerror(errno));
  free(args);
  return 127;
}
