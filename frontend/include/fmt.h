/* fmt.h — goose fmt's formatter: one source file in the one canonical
 * layout (docs/tools.md, "goose fmt").
 * Not for: reading, writing or walking files (driver/cmd_fmt.c). */
#ifndef GOOSE_FMT_H
#define GOOSE_FMT_H

#include "util.h"

typedef enum FmtStatus {
    FMT_OK,
    FMT_SYNTAX,     /* the file does not parse: the parser's errors are reported */
    FMT_INTERNAL,   /* the result would not be the same program: a bug, reported */
} FmtStatus;

/* Appends src in the canonical layout to out (out is untouched unless
 * FMT_OK). Reported errors wait in diag until diag_flush. */
FmtStatus fmt_source(SrcFile *src, StrBuf *out);

#endif
