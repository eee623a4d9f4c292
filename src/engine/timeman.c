#include "timeman.h"

struct time_budget timeman_budget(const struct dr_limits *l, int side)
{
    struct time_budget b = {0, 0};
    if (l->infinite)
        return b;
    if (l->movetime_ms > 0) {
        b.soft_ms = b.hard_ms = l->movetime_ms;
        return b;
    }
    int64_t left = l->time_ms[side], inc = l->inc_ms[side];
    if (left <= 0)
        return b;
    /* keep a reserve for the transmission and the last moves */
    int64_t reserve = left / 20 < 50 ? left / 20 : 50;
    int64_t usable = left - reserve;
    int moves = l->movestogo > 0 ? l->movestogo : 30;
    int64_t base = usable / moves + inc * 3 / 4;
    b.soft_ms = base * 6 / 10;
    b.hard_ms = base * 3 < usable / 3 ? base * 3 : usable / 3;
    if (b.hard_ms > usable)
        b.hard_ms = usable;
    if (b.soft_ms > b.hard_ms)
        b.soft_ms = b.hard_ms;
    if (b.hard_ms < 1)
        b.hard_ms = b.soft_ms = 1;
    return b;
}
