/* Endgame tables: for every position of at most four pieces (boards of 32
 * squares) or three (bigger ones), how many plies the side to move needs to
 * win, or how long it can hold out, with best play (or a draw).  Built from
 * the variant's own move generator, so every rules file gets its tables, and
 * shared by the engines of a process that play the same rules.  The tables
 * know no draw counter and no repetition beyond "a cycle is a draw": the
 * search decides when a distance fits inside the counters. */
#ifndef DR_EGTB_H
#define DR_EGTB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "draughts/position.h"
#include "draughts/variant.h"

#define EGTB_MAX_PIECES 4   /* on boards of EGTB_SMALL_BOARD squares or fewer; 3 above */
#define EGTB_SMALL_BOARD 32

struct egtb;

/* On this project's machine: about 2 s (and 30 MiB) for 8x8, four pieces;
 * 0.2 s for 10x10; under a second for the all-squares boards.  NULL when the memory is not there, when *cancel
 * (may be NULL) was set, or when some rules file makes an ending longer
 * than a byte counts (253 plies): the engine then searches without. */
struct egtb *egtb_build(const struct dr_variant *v, const atomic_bool *cancel);
void egtb_free(struct egtb *t);

/* The tables of v's rules shared by all the engines of the process: the
 * first to ask builds them, the others wait for that build (NULL when it
 * fails or *cancel is set).  Each table acquired is released once; the last
 * release frees them. */
struct egtb *egtb_acquire(const struct dr_variant *v, const atomic_bool *cancel);
void egtb_release(struct egtb *t);

enum egtb_result { EGTB_NONE, EGTB_DRAW, EGTB_WIN, EGTB_LOSS };

/* The result for the side to move and, for a win or a loss, the plies to
 * the end of the game (*plies).  EGTB_NONE when pos has too many pieces or
 * a side has none. */
enum egtb_result egtb_probe(const struct egtb *t, const struct dr_position *pos, int *plies);

/* The most pieces a position of these tables has (0 without tables). */
int egtb_pieces(const struct egtb *t);

/* Longest win in the tables, in plies (for reports and tests). */
int egtb_longest(const struct egtb *t);

/* The longest win or loss among positions where both sides have a king:
 * only there can king moves follow each other for long (a side without a
 * king moves a man every turn), and a run of king moves never leaves its
 * material class.  What the kings-only count can reach in a line the
 * tables decide, once a man move or capture has restarted it. */
int egtb_longest_with_kings(const struct egtb *t);

#endif
