/* Shared internals of the PDN library: memory arena, growable strings, the
 * lexer, the variant cache and the game helpers the reader uses. */
#ifndef DR_PDN_INTERNAL_H
#define DR_PDN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts/pdn.h"

/* ---- arena: all the nodes and strings of one game, freed at once ---- */

struct dr_pdn_arena;
struct dr_pdn_arena *arena_new(void);
void arena_free(struct dr_pdn_arena *a);
void *arena_alloc(struct dr_pdn_arena *a, size_t size); /* zeroed, NULL if out of memory */
char *arena_strndup(struct dr_pdn_arena *a, const char *s, size_t n);

/* ---- growable string ---- */

struct strbuf {
    char *s;
    size_t len, cap;
    bool failed; /* an allocation failed: the content is incomplete */
};
void sb_putn(struct strbuf *b, const char *s, size_t n);
void sb_puts(struct strbuf *b, const char *s);
void sb_putc(struct strbuf *b, char c);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(struct strbuf *b);

/* ---- lexer ---- */

enum tok_type {
    TOK_EOF,
    TOK_TAG,      /* [Name "value"]: name in text/len, value in value/vlen */
    TOK_MOVE,     /* move text, possibly with spaces inside ("47x 9") */
    TOK_MOVENUM,  /* "12." "12..." "..." : decoration */
    TOK_STRENGTH, /* "!" "?!" "(?)" or "*" (forced move) */
    TOK_NAG,      /* "$12": number in num */
    TOK_COMMENT,  /* {text} or ;text, whitespace already collapsed */
    TOK_LPAREN,
    TOK_RPAREN,
    TOK_RESULT,   /* 1-0 0-1 1/2-1/2 2-0 1-1 0-2 0-0 (normalised in text) */
    TOK_STAR,     /* free-standing * : game terminator */
    TOK_SETUP,    /* /FEN "..."/ : the FEN in value/vlen */
};

struct token {
    enum tok_type type;
    int line, col;
    const char *text; /* into the lexer's buffer (not NUL-terminated) */
    size_t len;
    const char *value;
    size_t vlen;
    int num;
    bool glued; /* written right after the previous token, no space between */
};

/* A diagnostic sink: the reader collects them with game numbers. */
typedef void (*lex_diag_fn)(void *arg, int line, int col, bool warning, const char *msg);

struct lexer {
    char *buf; /* owned, NUL-terminated, UTF-8 */
    size_t len, at;
    int line, col;
    bool line_start;   /* only blanks so far on this line */
    bool after_token;  /* the previous character closed a token */
    bool escaped_eol;  /* a literal "\r" or "\n" was read as a line end (warned once) */
    lex_diag_fn diag;
    void *diag_arg;
};

/* Take a copy of data, turn it into UTF-8 (bytes that are not UTF-8 are read
 * as ISO 8859-1) and drop a BOM.  False when out of memory, or with *why set when the
 * data is not text at all (then the lexer is left empty). */
bool lexer_init(struct lexer *lx, const char *data, size_t len, const char **why);
void lexer_free(struct lexer *lx);
/* The next token; TOK_EOF at the end.  Never fails: what it cannot read it
 * reports through diag and skips. */
void lexer_next(struct lexer *lx, struct token *t);

/* ---- variants by name, loaded once per file ---- */

#define PDN_MAX_VARIANTS 24
struct dr_pdn_variants {
    int n;
    struct dr_variant *v[PDN_MAX_VARIANTS];
};
const struct dr_variant *variants_get(struct dr_pdn_variants *vs, const char *name);
void variants_free(struct dr_pdn_variants *vs);

/* dr_pdn_variant_from_tags with the file's cache; *vtag_used says whether
 * the Variant tag named the variant (then the writer rewrites it). */
int pdn_variant_from_tags_cached(struct dr_pdn_variants *vs, const char *gametype,
                                 const char *vtag, const struct dr_variant **out,
                                 bool *vtag_used, struct dr_error *err);

/* A Variant tag value that names no variant ("", "Standard", "From
 * Position"): the GameType decides. */
bool pdn_neutral_variant_tag(const char *s, size_t n);

/* The variants to try, best first, for a game without usable GameType or
 * Variant tags: from its FEN (may be NULL), its first move texts, and hints
 * (previous game's variant, Italian tag names).  Returns how many names. */
int pdn_guess_order(const char *fen, const char *const *first_moves, int n_moves,
                    const char *hint, bool italian_tags, const char **out, int max);

/* A tag name in another language (Bianco, Nero, ...) as its PDN name, or NULL. */
const char *pdn_tag_alias(const char *name);

/* ---- game internals ---- */

struct dr_pdn_game *game_alloc(void);
bool game_add_tag(struct dr_pdn_game *g, const char *name, size_t nlen, const char *value,
                  size_t vlen);
/* Put the roster first, in order, filling the missing ones. */
bool game_normalise_tags(struct dr_pdn_game *g);
/* A child of parent for a move known to be legal there (no check). */
struct dr_pdn_node *game_add_node(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                  const struct dr_move *m);
/* The same, the search for the last child starting at after (a child of
 * parent known to come late, or NULL). */
struct dr_pdn_node *game_add_node_after(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                        struct dr_pdn_node *after, const struct dr_move *m);
/* Append text to *slot, separated by a space; whitespace runs collapse. */
bool game_append_text(struct dr_pdn_game *g, char **slot, const char *text, size_t len);
/* Collapse whitespace runs of s[0..len) into single spaces, trimmed; writes
 * into out (which may be s) without a terminator and returns the new length. */
size_t text_collapse(const char *s, size_t len, char *out);

bool result_token(const char *s); /* one of the PDN result strings? */

#endif
