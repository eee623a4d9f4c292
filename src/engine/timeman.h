/* Time management: how long to think, from the limits and the clock. */
#ifndef DR_TIMEMAN_H
#define DR_TIMEMAN_H

#include <stdint.h>

#include "draughts/engine.h"

struct time_budget {
    int64_t soft_ms; /* do not start another iteration after this; 0 = none */
    int64_t hard_ms; /* stop the search at once after this; 0 = none */
};

struct time_budget timeman_budget(const struct dr_limits *l, int side);


#endif
