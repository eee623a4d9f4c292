/* The draw rules that depend on material: which counter, if any, runs in a
 * position (lone king against three pieces with a king, against at most two
 * with a king, three kings against one).  Shared by the game and the engine. */
#ifndef DRAUGHTS_DRAWRULES_H
#define DRAUGHTS_DRAWRULES_H

#include "draughts/move.h"
#include "draughts/position.h"
#include "draughts/variant.h"

/* Can a position before move m (played in before) come back?  Not after a
 * capture, a crowning or a man's step it cannot take back; yes after a king's
 * move or a man's step along its row (Turkish and Armenian men move
 * sideways; a user's variant may let men step backward).  Repetition is
 * looked for only since the last move that cannot be undone. */
bool dr_move_reversible(const struct dr_variant *v, const struct dr_position *before,
                        const struct dr_move *m);

/* Does move m (played in before) go on with the kings-only count: a king's
 * move that takes nothing?  Any man move or capture restarts it. */
bool dr_move_kings_only(const struct dr_position *before, const struct dr_move *m);

/* The limit in plies of the material counter that applies to pos, 0 when none. */
int dr_endgame_limit(const struct dr_variant *v, const struct dr_position *pos);

/* The longest material counter of the variant, in plies; 0 when it has none. */
int dr_endgame_longest(const struct dr_variant *v);

/* The counter after a move from before to after: limit_before/elapsed_before
 * describe the counter that ran before it (limit 0: none).  It goes on while
 * the material's rule stays the same and nothing is taken; a new rule counts
 * afresh but never ends later than the count already running.  Returns the
 * new limit and sets *elapsed. */
int dr_endgame_next(const struct dr_variant *v, const struct dr_position *before,
                    const struct dr_position *after, bool capture, int limit_before,
                    int elapsed_before, int *elapsed);

#endif
