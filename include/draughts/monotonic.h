/* Monotonic milliseconds: the one time source of searches, game clocks,
 * matches and the screen's timers (never the wall clock, which can jump). */
#ifndef DRAUGHTS_MONOTONIC_H
#define DRAUGHTS_MONOTONIC_H

#include <stdint.h>
#include <time.h>

static inline int64_t dr_monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#endif
