/* layout.h — what the parser tells goose fmt (fmt.c) about a file: its
 * tokens and comments, the role the parser gave each `{`, and which tokens
 * start an item (a statement, declaration, field, variant or match arm).
 * So the formatter's idea of the structure is the compiler's own.
 * Not for: the compiler's pipeline (parse_file keeps none of this). */
#ifndef GOOSE_LAYOUT_H
#define GOOSE_LAYOUT_H

#include "ast.h"
#include "lex.h"

/* A token's role: one of the brace roles in the low bits, plus PR_STMT. */
enum {
    PR_NONE = 0,
    PR_BLOCK = 1,   /* `{` of a block: a fn's body, if/else/while/for, defer, `{ }` */
    PR_BODY = 2,    /* `{` of a struct or enum declaration, or of a match */
    PR_LIT = 3,     /* `{` of a struct or slice literal */
    PR_FN_LIT = 4,  /* `{` of a closure's body (a block inside an expression) */
    PR_BRACE_MASK = 7,
    PR_STMT = 8,    /* first token of an item: a statement in a block, a declaration,
                     * a struct's field, an enum's variant, a match's arm */
};

typedef struct ParseLayout {
    Token *toks;        /* heap (lex_file_heap's array) */
    int ntoks;
    uint8_t *roles;     /* per token, heap */
    Vec comments;       /* LexComment*, in source order */
} ParseLayout;

/* parse_file that keeps the layout (even after errors); release it with
 * parse_layout_free. */
bool parse_file_layout(SrcFile *src, Module *m, ParseLayout *out);
void parse_layout_free(ParseLayout *l);

#endif
