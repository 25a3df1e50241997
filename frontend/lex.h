/* lex.h — the Goose scanner's interface: tokens and lex_file.
 *
 * lex_file turns a whole source file into an array of tokens ending in
 * TK_EOF, with Go-style statement terminators already inserted: a newline
 * after a token whose ends_stmt column (tokens.def) is 1 becomes a TK_SEMI
 * with `newline` set (also at end of file). Literal values are decoded here
 * (integers with overflow detection, floats, chars, string escapes);
 * identifiers are interned. Lexical errors are reported with diag_error and
 * scanning goes on; a stray character or an unfinished literal or comment
 * becomes one TK_ERROR token so the parser can stay quiet about it.
 * Not for: syntax (parse.c) or anything that needs the tree. */
#ifndef GOOSE_LEX_H
#define GOOSE_LEX_H

#include "util.h"

typedef enum TokKind {
#define TOK(id, spelling, cls, ends, prec, bin, asg) TK_##id,
#include "tokens.def"
#undef TOK
    TK__COUNT
} TokKind;

/* Integer literal type suffixes (`255_u8`). SUF(id, spelling) */
#define LEX_SUFFIXES(SUF) \
    SUF(I8, "i8") SUF(I16, "i16") SUF(I32, "i32") SUF(I64, "i64") \
    SUF(U8, "u8") SUF(U16, "u16") SUF(U32, "u32") SUF(U64, "u64") \
    SUF(INT, "int") SUF(UINT, "uint")

typedef enum LexSuffix {
    LSUF_NONE,
#define SUF_ENUM(id, s) LSUF_##id,
    LEX_SUFFIXES(SUF_ENUM)
#undef SUF_ENUM
    LSUF__COUNT
} LexSuffix;

/* A decoded string literal: bytes may contain NUL; NUL-terminated too. */
typedef struct LexStr {
    const char *bytes;
    int64_t len;
} LexStr;

/* 24 bytes: a 20 MB source has millions of tokens. */
typedef struct Token {
    uint8_t kind;           /* TokKind */
    uint8_t newline;        /* TK_SEMI standing for a newline (not a `;`) */
    uint8_t suffix;         /* TK_INT: LexSuffix */
    int32_t line, col;      /* 1-based; col counts bytes */
    uint32_t off;           /* byte offset of the token in SrcFile.text */
    union {
        uint64_t ival;      /* TK_INT, TK_CHAR (a byte) */
        double fval;        /* TK_FLOAT */
        const char *name;   /* TK_IDENT: interned */
        const LexStr *str;  /* TK_STRING: allocated in g_arena */
    };
} Token;

/* Facts about token kinds, from tokens.def. */
extern const char *const lex_tok_spelling[TK__COUNT];
extern const bool lex_tok_ends_stmt[TK__COUNT];
/* The spelling of a LexSuffix ("u8"), interned; NULL for LSUF_NONE. */
const char *lex_suffix_name(int suffix);

/* A lexical error kept for the caller. */
typedef struct LexDiag {
    Loc loc;
    const char *msg;
    int seq;
} LexDiag;

/* Scans the whole file into a heap array, released with lex_free. The
 * parser uses this: the array can reach hundreds of MB on a huge file and
 * is dead once the tree is built, so it is grown with realloc (no copies,
 * no zeroing) and freed rather than left in the arena. Decoded strings and
 * interned names always live in g_arena. With `diags`, lexical errors are
 * not reported but appended there (LexDiag*, in source order), so the
 * parser can interleave them with its own errors in source order. */
Token *lex_file_heap(SrcFile *src, int *ntokens, Vec *diags);
void lex_free(Token *toks);
/* A comment's bytes in SrcFile.text, from its opening `//` or slash-star
 * to its end (a line comment's newline excluded); an unterminated block
 * comment is a TK_ERROR token, not a comment. */
typedef struct LexComment {
    uint32_t off, len;
} LexComment;
/* lex_file_heap that also appends every comment to `comments`
 * (LexComment*, in source order; NULL: none kept), for goose fmt. */
Token *lex_file_comments(SrcFile *src, int *ntokens, Vec *diags, Vec *comments);
/* Forgets the keyword tables (interned names): frontend_reset's part. */
void lex_reset(void);
/* Same, with the token array copied into g_arena (for tools). */
Token *lex_file(SrcFile *src, int *ntokens);

static inline Loc lex_loc(const SrcFile *src, const Token *t)
{
    return (Loc){ src->id, t->line, t->col };
}

#endif
