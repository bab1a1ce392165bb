/* Pool window limits of the capability table, checked against the library. */
#ifndef XNNMLIR_TOOLS_XNN_PROBE_POOLWINDOWS_H
#define XNNMLIR_TOOLS_XNN_PROBE_POOLWINDOWS_H

#include <stddef.h>

/* Checks a grid of max/avg pool windows; prints each disagreement between
 * the capability table and the linked XNNPACK. Returns how many disagree and
 * sets *checked to the number of windows compared. */
size_t xnnProbeCheckPoolWindows(size_t *checked);

#endif
