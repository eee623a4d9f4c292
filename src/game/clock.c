/* The game clock (clock.h). */
#include "draughts/clock.h"

void dr_clock_start(struct dr_clock *c, int64_t base_ms, int64_t inc_ms, int side, int64_t now)
{
    c->on = base_ms > 0;
    c->left_ms[0] = c->left_ms[1] = base_ms;
    c->inc_ms = inc_ms;
    c->running = side;
    c->turn_start = now;
    c->stopped = c->flagged = false;
}

static void charge(struct dr_clock *c, int64_t now)
{
    if (!c->stopped)
        c->left_ms[c->running] -= now - c->turn_start;
    c->stopped = false;
    if (c->left_ms[c->running] < 0)
        c->left_ms[c->running] = 0;
    c->turn_start = now;
}

void dr_clock_moved(struct dr_clock *c, int mover, int64_t now)
{
    if (!c->on || c->flagged)
        return;
    c->running = mover;
    charge(c, now);
    c->left_ms[mover] += c->inc_ms;
    c->running = !mover;
}

void dr_clock_turn(struct dr_clock *c, int side, int64_t now)
{
    if (!c->on || c->flagged)
        return;
    charge(c, now);
    c->running = side;
}

void dr_clock_stop(struct dr_clock *c, int64_t now)
{
    if (!c->on || c->flagged)
        return;
    charge(c, now);
    c->stopped = true;
}

int64_t dr_clock_left(const struct dr_clock *c, int side, int64_t now)
{
    int64_t left = c->left_ms[side];
    if (c->on && !c->flagged && !c->stopped && side == c->running)
        left -= now - c->turn_start;
    return left > 0 ? left : 0;
}

bool dr_clock_flag_fell(struct dr_clock *c, int64_t now, int *side)
{
    if (!c->on || c->flagged || c->stopped || dr_clock_left(c, c->running, now) > 0)
        return false;
    c->left_ms[c->running] = 0;
    c->flagged = true;
    *side = c->running;
    return true;
}

void dr_clock_limits(const struct dr_clock *c, int engine_side, int64_t now, struct dr_limits *l)
{
    if (!c->on)
        return;
    for (int s = 0; s < 2; s++) {
        int64_t left = dr_clock_left(c, s, now);
        l->time_ms[s] = left > 0 ? left : 1;
        l->inc_ms[s] = c->inc_ms;
    }
    /* the level still caps the effort; the clock may only shorten it */
    int64_t share = l->time_ms[engine_side] / 30 + c->inc_ms;
    if (l->movetime_ms && share < l->movetime_ms)
        l->movetime_ms = share > 50 ? share : 50;
}
