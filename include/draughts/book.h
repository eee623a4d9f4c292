/* The opening book: positions of the early game with a searched score for
 * every legal move, grown by the program itself (dr_book_expand: dropout
 * expansion, the leaf the book's own best play is likeliest to reach is
 * searched next) and kept as text in books/VARIANT.book.  A position's score
 * is backed up through the book by negamax, so a move's score is what the
 * deepest book line after it says.  The books of the built-in variants are
 * compiled in.
 *
 * File format, one line per book position, parents before children:
 *     MOVES | MOVE SCORE MOVE SCORE ...
 * MOVES leads from the variant's start position to the book position (empty
 * for the start), each MOVE is PDN text legal there, each SCORE is in
 * centi-men from the mover's view; '#' starts a comment line. */
#ifndef DRAUGHTS_BOOK_H
#define DRAUGHTS_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts/engine.h"
#include "draughts/error.h"
#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

/* Moves within this many centi-men of the best are the book's choices. */
#define DR_BOOK_MARGIN 10

struct dr_book;

struct dr_book_move {
    struct dr_move move;
    int score;          /* backed up: the book line's score, mover's view */
    bool in_book;       /* the position after it is a book position too */
};

/* An empty book for v (v is copied). */
struct dr_book *dr_book_new(const struct dr_variant *v);
/* Read book text; name (a file name) is what errors cite, with the line. */
struct dr_book *dr_book_parse(const struct dr_variant *v, const char *text, const char *name,
                              struct dr_error *err);
struct dr_book *dr_book_load(const struct dr_variant *v, const char *path, struct dr_error *err);
/* The compiled-in book of a built-in variant (by its name), parsed once and
 * shared; NULL when the variant has none. */
const struct dr_book *dr_book_builtin(const struct dr_variant *v);
void dr_book_free(struct dr_book *b);

/* Write the book (to a temporary name, then renamed over path). */
bool dr_book_save(const struct dr_book *b, const char *path, struct dr_error *err);

int dr_book_positions(const struct dr_book *b);

/* The book's moves at pos, best first; 0 when pos is not in the book. */
int dr_book_moves(const struct dr_book *b, const struct dr_position *pos,
                  struct dr_book_move *out, int max);

/* A move for pos chosen at random (*rng is the state, any seed) among the
 * moves within DR_BOOK_MARGIN of the best, the better ones likelier; false
 * when pos is not in the book. */
bool dr_book_pick(const struct dr_book *b, const struct dr_position *pos, uint64_t *rng,
                  struct dr_book_move *out);

/* Grow the book by one position: the one not yet in it that the book's
 * play reaches with the least cost (a ply costs ply_cost, a move that is not
 * the best costs what it loses), within max_ply plies of the start; each of
 * its moves is searched under limits.  The start position comes first.
 * Lines already won or lost are not followed.  False when nothing is left
 * to add (or no memory). */
bool dr_book_expand(struct dr_book *b, struct dr_engine *e, const struct dr_limits *limits,
                    int ply_cost, int max_ply);

#endif
