/* xref.h — what the names of a program resolve to, as the checker resolves
 * them, for the language server (driver/lsp_*.c): each use of a name with
 * its declaration's location and its type or signature, and the names that
 * may complete an identifier or a `x.` at one position.
 *
 * Off by default: the checker calls its hooks only after xref_start, so a
 * compilation pays one test of a global per resolved name. Recording is
 * done while check_program runs (check_xref.c); the tables live in g_arena.
 * Not for: a second resolver — every entry comes from the checker's own
 * lookups, at the moment it makes them. */
#ifndef GOOSE_XREF_H
#define GOOSE_XREF_H

#include "ast.h"

typedef enum XrefKind {
    XR_LOCAL, XR_PARAM, XR_GLOBAL, XR_CONST, XR_FN, XR_METHOD, XR_STRUCT, XR_ENUM,
    XR_FIELD, XR_VARIANT, XR_MODULE, XR_BUILTIN, XR_KEYWORD, XR__COUNT
} XrefKind;

/* One written name and what it stands for. */
typedef struct XrefUse {
    Loc at;                 /* the name's first byte */
    int len;                /* the name's length in bytes */
    XrefKind kind;
    const char *name;
    Loc decl;               /* its declaration; line 0 when it has none (a builtin) */
    const char *detail;     /* what hover shows: "let x: int", a signature, ... */
} XrefUse;

/* A name that may be written at the completion position. */
typedef struct XrefItem {
    const char *name;
    XrefKind kind;
    const char *detail;     /* its type or signature */
} XrefItem;

/* Starts recording. probe: the first byte of the name being completed
 * (a name, or the field or member name after a `.`); line 0: no probe. */
void xref_start(Loc probe);
const XrefUse *xref_uses(int *n);
/* The candidates found at the probe (NULL, *n = 0 when the checker never
 * reached it); *member: they follow a `.`. */
const XrefItem *xref_items(int *n, bool *member);

#endif
