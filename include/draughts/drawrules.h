/* The draw rules that depend on material: which counter, if any, runs in a
 * position (lone king against three pieces with a king, against at most two
 * with a king, three kings against one).  Shared by the game and the engine. */
#ifndef DRAUGHTS_DRAWRULES_H
#define DRAUGHTS_DRAWRULES_H

#include "draughts/position.h"
#include "draughts/variant.h"

/* The limit in plies of the material counter that applies to pos, 0 when none. */
int dr_endgame_limit(const struct dr_variant *v, const struct dr_position *pos);

/* The counter after a move: limit_before/elapsed describe the counter that
 * ran before it (limit 0: none).  A new configuration counts afresh but never
 * ends later than the one already running.  Returns the new limit and sets
 * *elapsed. */
int dr_endgame_next(int limit_before, int elapsed_before, bool capture, int limit_after,
                    int *elapsed);

#endif
