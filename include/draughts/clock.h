/* The game clock: time left per side, an increment per move, the side to
 * move's time running.  It reads no clock of its own: every call is given
 * the time now (milliseconds, any monotonic origin), so a test drives it
 * exactly.  An undo or redo does not give time back: the side then to move
 * starts again from what it had left. */
#ifndef DRAUGHTS_CLOCK_H
#define DRAUGHTS_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "draughts/engine.h"

struct dr_clock {
    bool on;             /* false: an untimed game, every call does nothing */
    int64_t left_ms[2];  /* by colour, as of turn_start */
    int64_t inc_ms;
    int running;         /* the side whose time runs */
    int64_t turn_start;  /* when it started to run */
    bool stopped;        /* the game is over: no time runs */
    bool flagged;        /* a side's time ran out (once told, it stays so) */
};

/* A fresh clock of base_ms each (base_ms 0: untimed), side's time running. */
void dr_clock_start(struct dr_clock *c, int64_t base_ms, int64_t inc_ms, int side, int64_t now);
/* mover has moved: its time stops, it gains the increment, the other's runs. */
void dr_clock_moved(struct dr_clock *c, int mover, int64_t now);
/* The side to move changed without a move (undo, redo): its time runs from now. */
void dr_clock_turn(struct dr_clock *c, int side, int64_t now);
/* The game has ended: time stops (a move, undo or redo starts it again). */
void dr_clock_stop(struct dr_clock *c, int64_t now);
/* Time left for side now (never below 0). */
int64_t dr_clock_left(const struct dr_clock *c, int side, int64_t now);
/* True once, when the running side's time has run out: *side says whose. */
bool dr_clock_flag_fell(struct dr_clock *c, int64_t now, int *side);
/* A search's limits for engine_side on this clock: the game clocks, and the
 * level's own time per move shortened to a fair share of what is left
 * (never under 50 ms).  An untimed clock leaves l as it is. */
void dr_clock_limits(const struct dr_clock *c, int engine_side, int64_t now, struct dr_limits *l);

#endif
