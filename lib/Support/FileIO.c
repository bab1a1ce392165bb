#include "Support/FileIO.h"

#include <errno.h>
#include <fcntl.h>
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

/* ---- output files, after LLVM's ToolOutputFile ------------------------------- */

static bool writeFully(int fd, const char *data, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t w = write(fd, data + done, size - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    done += (size_t)w;
  }
  return true;
}

/* Follows `path` through symlinks, also dangling ones, to the name that would
 * be written. Returns a malloc'd path, or NULL with errno set (ELOOP, ...). */
static char *resolveOutputPath(const char *path) {
  char *cur = strdup(path);
  if (!cur)
    abort();
  for (int hops = 0; hops < 40; ++hops) {
    struct stat lst;
    if (lstat(cur, &lst) != 0 || !S_ISLNK(lst.st_mode))
      return cur; /* a file, a device, or nothing yet: this is the name */
    size_t cap = (size_t)lst.st_size + 1 > 256 ? (size_t)lst.st_size + 1 : 256;
    char *target = malloc(cap + 1);
    if (!target)
      abort();
    ssize_t n = readlink(cur, target, cap);
    if (n < 0 || (size_t)n >= cap) {
      int saved = n < 0 ? errno : ENAMETOOLONG;
      free(target), free(cur);
      errno = saved;
      return NULL;
    }
    target[n] = 0;
    if (target[0] != '/') { /* relative to the link's own directory */
      const char *slash = strrchr(cur, '/');
      size_t dirLen = slash ? (size_t)(slash - cur) + 1 : 0;
      char *joined = malloc(dirLen + (size_t)n + 1);
      if (!joined)
        abort();
      memcpy(joined, cur, dirLen);
      memcpy(joined + dirLen, target, (size_t)n + 1);
      free(target);
      target = joined;
    }
    free(cur);
    cur = target;
  }
  free(cur);
  errno = ELOOP;
  return NULL;
}

/* Writes into the existing file itself (devices, FIFOs, hard-linked files,
 * files in directories we cannot create in). */
static bool writeInPlace(const char *path, bool truncate, const char *data, size_t size,
                         char *err, size_t errSize) {
  int fd = open(path, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0));
  if (fd < 0) {
    snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
    return false;
  }
  bool ok = writeFully(fd, data, size);
  int saved = errno;
  if (close(fd) != 0 && ok)
    ok = false, saved = errno;
  if (!ok)
    snprintf(err, errSize, "could not write output file '%s': %s", path, strerror(saved));
  return ok;
}

bool xnnWriteOutputFile(const char *path, const char *data, size_t size, char *err,
                        size_t errSize) {
  if (!strcmp(path, "-")) {
    if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0) {
      snprintf(err, errSize, "could not write to standard output: %s", strerror(errno));
      return false;
    }
    return true;
  }
  char *real = resolveOutputPath(path);
  if (!real) {
    snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  bool exists = stat(real, &st) == 0;
  bool ok;
  if (exists && S_ISDIR(st.st_mode)) {
    snprintf(err, errSize, "could not open output file '%s': is a directory", path);
    ok = false;
  } else if (exists && !S_ISREG(st.st_mode)) {
    ok = writeInPlace(real, false, data, size, err, errSize); /* device, FIFO, socket */
  } else if (exists && st.st_nlink > 1) {
    ok = writeInPlace(real, true, data, size, err, errSize); /* keep the other names */
  } else {
    size_t n = strlen(real);
    char *tmp = malloc(n + 16);
    if (!tmp)
      abort();
    snprintf(tmp, n + 16, "%s.tmp.XXXXXX", real);
    int fd = mkstemp(tmp);
    if (fd < 0 && exists && (errno == EACCES || errno == EROFS || errno == EPERM)) {
      free(tmp); /* no room for a temporary beside it: the file itself is writable maybe */
      ok = writeInPlace(real, true, data, size, err, errSize);
    } else if (fd < 0) {
      snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
      free(tmp);
      ok = false;
    } else {
      mode_t mode;
      if (exists) {
        mode = st.st_mode & 07777;
        if (fchown(fd, st.st_uid, st.st_gid) != 0)
          mode &= 0777; /* never keep set-id bits for another owner */
      } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
      }
      (void)fchmod(fd, mode);
      ok = writeFully(fd, data, size);
      int saved = errno;
      if (close(fd) != 0 && ok)
        ok = false, saved = errno;
      if (ok && rename(tmp, real) != 0)
        ok = false, saved = errno;
      if (!ok) {
        snprintf(err, errSize, "could not write output file '%s': %s", path, strerror(saved));
        unlink(tmp);
      }
      free(tmp);
    }
  }
  free(real);
  return ok;
}
