/*===-- xnnmlir/Graph.h - a picture of where the graph is cut -----*- C -*-===*\
 *
 * Draws a module after partitioning as a data-flow graph: one node per op of
 * every non-delegate function, with each call of a delegate function expanded
 * into the ops of its body (edge ops after xnn-partition, xnn ops after
 * xnn-lower); constants are left out. Nodes are coloured by delegate segment;
 * portable ops are outlined red and carry their located reason (as
 * --xnn-stats prints it). Two forms: Graphviz DOT text, and a self-contained
 * HTML page (inline SVG and script) with zoom, pan and collapsible groups
 * (delegate segments, then the dotted prefixes of name locations).
 *
\*===----------------------------------------------------------------------===*/
#ifndef XNNMLIR_GRAPH_H
#define XNNMLIR_GRAPH_H

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum XnnMlirGraphFormat {
  XNN_MLIR_GRAPH_NONE,
  XNN_MLIR_GRAPH_DOT,
  XNN_MLIR_GRAPH_HTML,
} XnnMlirGraphFormat;

/* The format a file name asks for by its extension (`.dot`, `.html`/`.htm`,
 * any case); XNN_MLIR_GRAPH_NONE for anything else. */
XnnMlirGraphFormat xnnMlirGraphFormatForPath(const char *path);

/* Writes the picture of `module` (a builtin.module) in `format`, piece by
 * piece, to `write`; `title` names the input in the picture. */
void xnnMlirWriteGraph(MlirOperation module, XnnMlirGraphFormat format, const char *title,
                       MlirStringCallback write, void *userData);

#ifdef __cplusplus
}
#endif
#endif
