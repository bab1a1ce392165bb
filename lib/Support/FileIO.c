#include "Support/FileIO.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *xnnReadFile(const char *path, size_t *size, char *err, size_t errSize) {
  bool isStdin = !strcmp(path, "-");
  FILE *f = isStdin ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "could not open input file '%s': %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (!isStdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(err, errSize, "could not read input file '%s': is a directory", path);
    fclose(f);
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf)
    abort();
  for (;;) {
    if (len + 1 >= cap) {
      cap *= 2;
      char *grown = realloc(buf, cap);
      if (!grown)
        abort();
      buf = grown;
    }
    size_t n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
    if (n == 0)
      break;
  }
  bool failed = ferror(f);
  if (!isStdin)
    fclose(f);
  if (failed) {
    snprintf(err, errSize, "could not read input file '%s'", path);
    free(buf);
    return NULL;
  }
  buf[len] = 0;
  *size = len;
  return buf;
}

bool xnnWriteFileAtomic(const char *path, const char *data, size_t size, char *err,
                        size_t errSize) {
  if (!strcmp(path, "-")) {
    if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0) {
      snprintf(err, errSize, "could not write to standard output: %s", strerror(errno));
      return false;
    }
    return true;
  }
  size_t n = strlen(path);
  char *tmp = malloc(n + 16);
  if (!tmp)
    abort();
  snprintf(tmp, n + 16, "%s.tmp.XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
    free(tmp);
    return false;
  }
  mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, 0666 & ~mask);
  size_t done = 0;
  while (done < size) {
    ssize_t w = write(fd, data + done, size - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    done += (size_t)w;
  }
  int saved = errno;
  if (close(fd) != 0 && done == size)
    saved = errno, done = 0;
  if (done != size || rename(tmp, path) != 0) {
    if (done == size)
      saved = errno;
    snprintf(err, errSize, "could not write output file '%s': %s", path, strerror(saved));
    unlink(tmp);
    free(tmp);
    return false;
  }
  free(tmp);
  return true;
}
