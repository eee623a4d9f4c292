/* Square names and move text in a variant's notation. */
#ifndef DRAUGHTS_NOTATION_H
#define DRAUGHTS_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts/error.h"
#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

#define DR_SQUARE_NAME_LEN 8
#define DR_MOVE_TEXT_LEN 160

/* "32" or "c3" per the variant's notation. */
void dr_square_name(const struct dr_variant *v, int sq, char out[DR_SQUARE_NAME_LEN]);

/* Parse one square name (numeric or algebraic on any board) from s; sets
 * *len to the characters used.  Returns the bit index or -1. */
int dr_square_parse(const struct dr_variant *v, const char *s, int *len);

/* Order squares as the canonical notation lists them: numeric boards by
 * number, algebraic boards a1, b1, ..., h1, a2, ... */
int dr_square_order(const struct dr_variant *v, int sq);

/* The squares of set in that order; returns how many. */
int dr_squares_sorted(const struct dr_variant *v, uint64_t set, int out[DR_MAX_SQUARES]);

/* The names of set in that order for a sentence, the last two joined by
 * last ("and", "or"): "27, 28 or 32"; after eight names ", ...". */
void dr_squares_text(const struct dr_variant *v, uint64_t set, const char *last, char *out,
                     size_t size);

/* PDN text of a legal move: from-to, fromxto, or the capture path when
 * another legal move shares from and to. */
void dr_move_pdn(const struct dr_variant *v, const struct dr_position *pos,
                 const struct dr_move *m, char out[DR_MOVE_TEXT_LEN]);

/* Canonical identity: FROM-TO, or FROMxTOxC1xC2... with captured squares in
 * ascending board order. */
void dr_move_canonical(const struct dr_variant *v, const struct dr_move *m,
                       char out[DR_MOVE_TEXT_LEN]);

/* Find the legal move that text names (separators -, x, X, :, or none;
 * optional intermediate squares of the path).  Returns false with a message
 * when the text is malformed, names no legal move, or is ambiguous. */
bool dr_move_parse(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                   struct dr_move *out, struct dr_error *err);

/* Every legal move that text can name, as dr_move_parse reads it: returns
 * how many (they are in out).  0 leaves the reason in err, without the move
 * text (malformed text, or no legal move).  A reader uses it to resolve a
 * capture that two moves share by the moves that follow. */
int dr_move_match(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                  struct dr_movelist *out, struct dr_error *err);

#endif
