/* copy_file_range */
#define _GNU_SOURCE 1

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

/* How an output file is written (after LLVM's ToolOutputFile). */
typedef enum {
  XNN_OUT_STDOUT,      /* "-" */
  XNN_OUT_DIRECT,      /* devices, FIFOs, sockets: written as the data comes */
  XNN_OUT_RENAME,      /* regular files: a temporary beside the real name, renamed over it */
  XNN_OUT_COPY_BACK,   /* hard-linked files, or no room beside them: an anonymous temporary,
                          copied into the file itself at commit so every name keeps the inode */
} XnnOutputKind;

struct XnnOutputFile {
  XnnOutputKind kind;
  int fd;        /* what writes go to (stdout's fd is not used: stdio buffers it) */
  char *path;    /* the name the user gave, for messages */
  char *real;    /* the name after symlinks */
  char *tmp;     /* XNN_OUT_RENAME's temporary */
  int error;     /* the first write error (errno), 0 if none */
};

static XnnOutputFile *outputFileNew(XnnOutputKind kind, int fd, const char *path, char *real,
                                    char *tmp) {
  XnnOutputFile *f = calloc(1, sizeof(*f));
  if (!f)
    abort();
  *f = (XnnOutputFile){kind, fd, strdup(path), real, tmp, 0};
  if (!f->path)
    abort();
  return f;
}

static void outputFileFree(XnnOutputFile *f) {
  free(f->path), free(f->real), free(f->tmp), free(f);
}

static mode_t defaultMode(void) {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

XnnOutputFile *xnnOutputFileOpen(const char *path, char *err, size_t errSize) {
  if (!strcmp(path, "-"))
    return outputFileNew(XNN_OUT_STDOUT, -1, path, NULL, NULL);
  char *real = resolveOutputPath(path);
  if (!real) {
    snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  bool exists = stat(real, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    snprintf(err, errSize, "could not open output file '%s': is a directory", path);
    free(real);
    return NULL;
  }
  if (exists && !S_ISREG(st.st_mode)) { /* device, FIFO, socket: never replaced */
    int fd = open(real, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
      snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
      free(real);
      return NULL;
    }
    return outputFileNew(XNN_OUT_DIRECT, fd, path, real, NULL);
  }
  if (!(exists && st.st_nlink > 1)) {
    size_t n = strlen(real);
    char *tmp = malloc(n + 16);
    if (!tmp)
      abort();
    snprintf(tmp, n + 16, "%s.tmp.XXXXXX", real);
    int fd = mkstemp(tmp);
    if (fd >= 0) {
      mode_t mode = defaultMode();
      if (exists) {
        mode = st.st_mode & 07777;
        if (fchown(fd, st.st_uid, st.st_gid) != 0)
          mode &= 0777; /* never keep set-id bits for another owner */
      }
      (void)fchmod(fd, mode);
      return outputFileNew(XNN_OUT_RENAME, fd, path, real, tmp);
    }
    free(tmp);
    if (!(exists && (errno == EACCES || errno == EROFS || errno == EPERM))) {
      snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
      free(real);
      return NULL;
    }
  }
  /* Hard-linked, or the directory has no room for a temporary: check now that the file
   * itself opens for writing, then spool to an anonymous file until commit. */
  int probe = open(real, O_WRONLY | O_CLOEXEC);
  if (probe < 0) {
    snprintf(err, errSize, "could not open output file '%s': %s", path, strerror(errno));
    free(real);
    return NULL;
  }
  close(probe);
  FILE *spool = tmpfile();
  int fd = spool ? dup(fileno(spool)) : -1;
  if (spool)
    fclose(spool);
  if (fd < 0) {
    snprintf(err, errSize, "could not open output file '%s': no temporary file: %s", path,
             strerror(errno));
    free(real);
    return NULL;
  }
  return outputFileNew(XNN_OUT_COPY_BACK, fd, path, real, NULL);
}

bool xnnOutputFileWrite(XnnOutputFile *f, const void *data, size_t size) {
  if (f->error)
    return false;
  if (f->kind == XNN_OUT_STDOUT) {
    if (fwrite(data, 1, size, stdout) != size)
      f->error = errno ? errno : EIO;
  } else if (!writeFully(f->fd, data, size)) {
    f->error = errno;
  }
  return !f->error;
}

size_t xnnOutputFileCopyRange(XnnOutputFile *f, int fd, long long offset, size_t size) {
  if (f->error || (f->kind != XNN_OUT_RENAME && f->kind != XNN_OUT_COPY_BACK))
    return 0;
  loff_t in = (loff_t)offset;
  size_t done = 0;
  while (done < size) {
    ssize_t n = copy_file_range(fd, &in, f->fd, NULL, size - done, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) /* EXDEV, EINVAL, ENOSYS...: the caller writes the rest */
      break;
    done += (size_t)n;
  }
  return done;
}

/* Copies the spooled output into the real file, truncating it only now. */
static bool copyBack(XnnOutputFile *f) {
  int out = open(f->real, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (out < 0)
    return false;
  bool ok = lseek(f->fd, 0, SEEK_SET) == 0;
  char buf[1 << 16];
  for (ssize_t n; ok && (n = read(f->fd, buf, sizeof(buf))) != 0;) {
    if (n < 0 && errno == EINTR)
      continue;
    ok = n > 0 && writeFully(out, buf, (size_t)n);
  }
  int saved = errno;
  if (close(out) != 0 && ok)
    ok = false, saved = errno;
  errno = saved;
  return ok;
}

bool xnnOutputFileCommit(XnnOutputFile *f, char *err, size_t errSize) {
  bool ok = !f->error;
  int saved = f->error;
  if (f->kind == XNN_OUT_STDOUT) {
    if (fflush(stdout) != 0 && ok)
      ok = false, saved = errno;
    if (!ok)
      snprintf(err, errSize, "could not write to standard output: %s", strerror(saved));
    outputFileFree(f);
    return ok;
  }
  if (ok && f->kind == XNN_OUT_COPY_BACK && !copyBack(f))
    ok = false, saved = errno;
  if (close(f->fd) != 0 && ok)
    ok = false, saved = errno;
  if (ok && f->kind == XNN_OUT_RENAME && rename(f->tmp, f->real) != 0)
    ok = false, saved = errno;
  if (!ok) {
    snprintf(err, errSize, "could not write output file '%s': %s", f->path, strerror(saved));
    if (f->tmp)
      unlink(f->tmp);
  }
  outputFileFree(f);
  return ok;
}

void xnnOutputFileDiscard(XnnOutputFile *f) {
  if (f->kind != XNN_OUT_STDOUT)
    close(f->fd);
  if (f->tmp)
    unlink(f->tmp);
  outputFileFree(f);
}

bool xnnWriteOutputFile(const char *path, const char *data, size_t size, char *err,
                        size_t errSize) {
  XnnOutputFile *f = xnnOutputFileOpen(path, err, errSize);
  if (!f)
    return false;
  xnnOutputFileWrite(f, data, size);
  return xnnOutputFileCommit(f, err, errSize);
}

bool xnnMakeDirectories(const char *path, char *err, size_t errSize) {
  if (!*path) {
    snprintf(err, errSize, "cannot create directory '': empty path");
    return false;
  }
  char *p = strdup(path);
  if (!p)
    abort();
  /* Each prefix ending before a '/', then the whole path. */
  for (char *c = p + 1;; ++c) {
    if (*c != '/' && *c)
      continue;
    char saved = *c;
    *c = 0;
    struct stat st;
    if (stat(p, &st) != 0 && (errno != ENOENT || mkdir(p, 0777) != 0) && errno != EEXIST) {
      snprintf(err, errSize, "cannot create directory '%s': %s", p, strerror(errno));
      free(p);
      return false;
    }
    *c = saved;
    if (!saved)
      break;
  }
  free(p);
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
    snprintf(err, errSize, "cannot create directory '%s': %s", path,
             stat(path, &st) != 0 ? strerror(errno) : "a file of that name exists");
    return false;
  }
  if (access(path, W_OK | X_OK) != 0) {
    snprintf(err, errSize, "cannot write into directory '%s': %s", path, strerror(errno));
    return false;
  }
  return true;
}
