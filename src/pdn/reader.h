/* What the two halves of the reader share: reader.c gathers the tokens of
 * each game and settles its tags, variant and start; replay.c plays its
 * moves through the rules core into the game tree. */
#ifndef DR_PDN_READER_H
#define DR_PDN_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "internal.h"

enum {
    MAX_NESTING = 64,     /* variations inside variations: deeper ones are skipped */
    LOOKAHEAD = 64,       /* moves tried after an ambiguous capture */
    MAX_MOVE_TEXT = 63,
};

struct reader {
    struct dr_pdn_file *f;
    const struct dr_variant *forced;
    struct lexer lx;
    struct token *toks; /* the current game's tokens */
    int n_toks, cap_toks;
    int depth;          /* open '(' while gathering */
    bool body_started;  /* a move, result or variation seen: a tag starts a new game */
    int game_no;        /* games finished so far */
    const char *hint;   /* the variant of the last game we were sure of */
    bool seen_pdn;      /* a tag or a legal move: this is PDN */
    bool gave_up;
    bool oom;
};

/* The start position of a game. */
struct setup {
    const char *fen; /* NUL-terminated copy, or NULL: the variant's start */
    int line, col;   /* of the FEN, for messages */
    bool side_q;     /* the FEN gave "?" for the side to move */
};

/* snprintf for messages, where cutting a long one short is fine. */
void say(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Count a message and keep it (up to the file's max_diags). */
void add_diag(struct reader *r, int line, int col, int game, bool warning, const char *move,
              size_t move_len, const char *msg);

/* ---- replay.c ---- */

/* The move text of token t without the spaces some files put inside moves. */
bool move_text(const struct token *t, char out[MAX_MOVE_TEXT + 1]);

/* Indices of the next moves of the line that token i is in (i = -1: the
 * main line), not those of variations inside it; at most max. */
int line_moves_after(const struct reader *r, int i, int *out, int max);

/* Drop the empty fields some files write ("W::." for an empty board); out
 * has room for strlen(fen) + 8. */
void fen_tidy(const char *fen, char *out);

/* The start position under v; side replaces a "?" side to move. */
bool start_position(const struct dr_variant *v, const struct setup *s, int side,
                    struct dr_position *pos, struct dr_error *err);

/* How many moves of the main line (token indices mainline[0..n)) replay
 * under v, or -1 when the setup does not fit v; with a "?" side, *side is
 * the one that plays the first move. */
int trial(const struct reader *r, const struct dr_variant *v, const struct setup *s,
          const int *mainline, int n, int *side);

/* Replay the game's tokens into g's tree (g->variant and g->root.pos set).
 * suffix is added to the message of a main-line error. */
void replay(struct reader *r, struct dr_pdn_game *g, int game, bool has_setup_token,
            const char *suffix);

#endif
