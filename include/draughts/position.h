/* A position: the men and kings of each side and the side to move.  It is a
 * small value type, copied to make a move; history and draw counters belong
 * to the game. */
#ifndef DRAUGHTS_POSITION_H
#define DRAUGHTS_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "draughts/error.h"
#include "draughts/variant.h"

struct dr_position {
    uint64_t pieces[2]; /* by colour, men and kings */
    uint64_t kings;     /* kings of both colours */
    int side;           /* DR_WHITE or DR_BLACK */
};

void dr_position_start(const struct dr_variant *v, struct dr_position *pos);

static inline uint64_t dr_occupied(const struct dr_position *p)
{
    return p->pieces[0] | p->pieces[1];
}

bool dr_position_equal(const struct dr_position *a, const struct dr_position *b);

/* "White" or "Black": a side as every message names it. */
static inline const char *dr_side_name(int side) { return side == DR_WHITE ? "White" : "Black"; }

/* "king" or "man": what stands on sq (a square of pos). */
static inline const char *dr_piece_name(const struct dr_position *pos, int sq)
{
    return ((pos->kings >> sq) & 1) ? "king" : "man";
}

/* Can a game start from this set-up position?  Every piece on a playing
 * square (one piece a square), each side at least one piece and no more
 * than the variant's start position gives it, no man on its own promotion
 * row, and a legal move for the side to move.  False with the first
 * problem in err, naming the squares in the variant's notation ("white man
 * on 3: men cannot stand on their promotion row"). */
bool dr_position_check(const struct dr_variant *v, const struct dr_position *pos,
                       struct dr_error *err);

#endif
