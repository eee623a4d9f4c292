/* PDN (Portable Draughts Notation) games: a tolerant reader, a strict writer.
 *
 * A game is its tags, a start position and a tree of moves.  Each node of the
 * tree is one move with the position after it, its comments, move strength and
 * NAGs.  A node's first child is the main continuation; the child's siblings
 * (next) are the variations, i.e. alternatives to that child.  The root holds
 * the start position and the comment written before the first move.  A replay
 * view walks the tree through these fields alone.
 *
 * The reader follows the PDN 3.0 reading grammar plus the dialects found in real
 * files, and replays every move through the rules core; the writer follows the
 * PDN 3.0 writing grammar (rules.md section 10). */
#ifndef DRAUGHTS_PDN_H
#define DRAUGHTS_PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "draughts/error.h"
#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

#define DR_PDN_MAX_NAGS 6
#define DR_PDN_STRENGTH_LEN 8

struct dr_pdn_node {
    struct dr_pdn_node *parent; /* NULL for the root */
    struct dr_pdn_node *child;  /* first child: the main continuation */
    struct dr_pdn_node *next;   /* next sibling: another alternative to this move */
    struct dr_move move;        /* the move played (unused in the root) */
    struct dr_position pos;     /* the position after the move; root: the start */
    char *comment;     /* {text} after the move; root: before the first move; or NULL */
    char *pre_comment; /* {text} before the move when it opens a variation; or NULL */
    char strength[DR_PDN_STRENGTH_LEN]; /* "!", "?!", "(?)"...; "" when none */
    uint8_t nags[DR_PDN_MAX_NAGS];      /* $n annotations, in the order given */
    uint8_t n_nags;
    int ply; /* moves from the start position: 0 in the root */
};

struct dr_pdn_tag {
    char *name, *value;
};

struct dr_pdn_arena;

/* The seven-tag roster comes first, in PDN order (Event, Site, Date, Round,
 * White, Black, Result, "?" when unknown), then the other tags in the order
 * read.  GameType, Variant, FEN, SetUp and PlyCount are not in the list when
 * the variant is known: the writer derives them from the variant, the start
 * position and the moves.  When the variant is not supported (variant NULL)
 * they stay in the list, and the game has no moves. */
struct dr_pdn_game {
    const struct dr_variant *variant; /* borrowed: must outlive the game */
    struct dr_pdn_tag *tags;
    int n_tags;
    struct dr_pdn_node root;
    bool side_unknown; /* a problem diagram whose FEN gives no side to move ("?") */
    int line;          /* first line of the game in its file; 0 when built in memory */
    /* private */
    int cap_tags;
    struct dr_pdn_arena *arena;
};

/* A new game of variant v from start (NULL: the variant's start position),
 * with the roster tags set to "?".  NULL when out of memory. */
struct dr_pdn_game *dr_pdn_game_new(const struct dr_variant *v, const struct dr_position *start);
void dr_pdn_game_free(struct dr_pdn_game *g);

/* A tag's value, or NULL. */
const char *dr_pdn_tag(const struct dr_pdn_game *g, const char *name);
/* Set (or add) a tag; the tags keep the order the writer uses.  False when
 * out of memory, when the name is not a PDN identifier ([A-Za-z0-9_]+), or
 * when it is one the writer derives (GameType, Variant, FEN, SetUp,
 * PlyCount) and the game has a variant. */
bool dr_pdn_set_tag(struct dr_pdn_game *g, const char *name, const char *value);

/* Add move m after parent: it becomes the main continuation if parent has
 * none, a new variation otherwise; an existing child with the same move is
 * returned as is.  NULL when m is not legal in parent->pos or out of memory. */
struct dr_pdn_node *dr_pdn_add_move(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                                    const struct dr_move *m);
/* Replace a node's comment (text NULL or "" removes it).  Whitespace runs
 * become single spaces and '}' (which a PDN comment cannot hold) becomes
 * ')', as the reader stores comments. */
bool dr_pdn_set_comment(struct dr_pdn_game *g, struct dr_pdn_node *node, const char *text);
/* The same for the comment before a move that opens a variation. */
bool dr_pdn_set_pre_comment(struct dr_pdn_game *g, struct dr_pdn_node *node, const char *text);
bool dr_pdn_add_nag(struct dr_pdn_node *node, int nag);

/* A node's move as the writer writes it: with number, "12. 32-28!" or
 * "12... 19-23" (the number of the move pair, as PDN counts it for the
 * variant's first player); without, "32-28!".  "" for the root. */
void dr_pdn_node_text(const struct dr_pdn_game *g, const struct dr_pdn_node *n, bool number,
                      char *out, size_t size);

/* The last node of the main line, and its length in moves. */
struct dr_pdn_node *dr_pdn_mainline_end(const struct dr_pdn_game *g);
int dr_pdn_mainline_length(const struct dr_pdn_game *g);

/* Same variant, start position, tags, moves, comments, strengths, NAGs and
 * variations?  When not, why says where they first differ. */
bool dr_pdn_game_equal(const struct dr_pdn_game *a, const struct dr_pdn_game *b, char *why,
                       size_t why_size);

/* ---- reading ---- */

/* One message about the input.  An error means something was not understood
 * and is missing from the games (an illegal move and the rest of its line, a
 * broken tag, an unsupported variant); a warning means the input deviates
 * from PDN but nothing was lost. */
struct dr_pdn_diag {
    int line, column; /* 1-based; 0 when about the whole file */
    int game;         /* 1-based index of the game concerned; 0 for none */
    bool warning;
    char move[48];    /* the move text concerned, "" when none */
    char message[240];
};

struct dr_pdn_variants;

struct dr_pdn_file {
    char *name; /* as given to the reader, used in messages */
    struct dr_pdn_game **games;
    int n_games;
    struct dr_pdn_diag *diags;
    int n_diags;
    int errors, warnings; /* counts, including any diags beyond max_diags */
    long moves;           /* moves replayed, variations included */
    /* private */
    int cap_games, cap_diags, max_diags;
    struct dr_pdn_variants *variants; /* variants the games point to */
};

struct dr_pdn_options {
    /* Read every game as this variant (the user's --variant), whatever its
     * tags say; NULL: from the Variant and GameType tags, else guessed from the
     * notation and the first moves.  Borrowed: must outlive the file. */
    const struct dr_variant *variant;
    int max_diags; /* messages kept; 0: 1000 (the counts go on) */
};

/* Read PDN text (any bytes: UTF-8 or ISO 8859-1, CRLF/CR/LF, with or without
 * a BOM).  name names the input in messages.  Games and moves before an error
 * are kept.  Returns false only when out of memory; look at out->errors.
 * opt may be NULL.  Free out with dr_pdn_file_free even on failure. */
bool dr_pdn_read(const char *name, const char *data, size_t len,
                 const struct dr_pdn_options *opt, struct dr_pdn_file *out);

/* Read a file; an unreadable file is one error in out. */
bool dr_pdn_read_file(const char *path, const struct dr_pdn_options *opt,
                      struct dr_pdn_file *out);

void dr_pdn_file_free(struct dr_pdn_file *f);

/* "FILE:LINE:COLUMN: move 'TEXT': why" (warnings say "warning: " first). */
void dr_pdn_diag_format(const struct dr_pdn_file *f, const struct dr_pdn_diag *d, char *buf,
                        size_t size);

/* ---- writing ---- */

/* The game in PDN 3.0: the roster, GameType, Variant (our own variants),
 * FEN (when not from the start), PlyCount, Termination and the other tags,
 * then the movetext with move numbers, minimal capture paths, comments and
 * variations, wrapped under 80 columns, and the result.  Malloc'd; NULL when
 * out of memory. */
char *dr_pdn_write_game(const struct dr_pdn_game *g);

/* Several games, separated by blank lines. */
bool dr_pdn_write(FILE *out, struct dr_pdn_game *const *games, int n);

/* Save atomically: write a temporary file beside path and rename it over
 * path, so that a crash never leaves a half-written file.  With append, the
 * file's current content (if any) is kept and the games follow it. */
bool dr_pdn_save(const char *path, struct dr_pdn_game *const *games, int n, bool append,
                 struct dr_error *err);

/* ---- GameType and Variant tags ---- */

/* The built-in variant named by a Variant tag and/or a GameType (either may
 * be NULL).  Returns 1 and fills name (DR_NAME_LEN), 0 when the tags say
 * nothing usable (guess from the moves), or -1 with a reason in err when they
 * name a variant we do not support. */
int dr_pdn_variant_from_tags(const char *gametype, const char *variant_tag, char *name,
                             struct dr_error *err);

#endif
