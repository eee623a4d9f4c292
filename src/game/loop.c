#include "draughts/loop.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define QUEUE 16

struct dr_loop {
    struct dr_game *game;
    struct dr_player players[2];
    struct dr_view views[DR_LOOP_MAX_VIEWS];
    int nviews;
    struct dr_action queue[QUEUE];
    int head, count;
};

struct dr_loop *dr_loop_new(struct dr_game *g)
{
    struct dr_loop *loop = calloc(1, sizeof *loop);
    if (loop)
        loop->game = g;
    return loop;
}

void dr_loop_free(struct dr_loop *loop) { free(loop); }

void dr_loop_set_player(struct dr_loop *loop, int side, const struct dr_player *p)
{
    loop->players[side] = *p;
}

bool dr_loop_add_view(struct dr_loop *loop, const struct dr_view *v)
{
    if (loop->nviews == DR_LOOP_MAX_VIEWS)
        return false;
    loop->views[loop->nviews++] = *v;
    return true;
}

struct dr_game *dr_loop_game(struct dr_loop *loop) { return loop->game; }

const struct dr_player *dr_loop_player(const struct dr_loop *loop, int side)
{
    return &loop->players[side];
}

void dr_loop_post(struct dr_loop *loop, struct dr_action a)
{
    if (loop->count == QUEUE)
        return;
    loop->queue[(loop->head + loop->count++) % QUEUE] = a;
}

bool dr_loop_take(struct dr_loop *loop, struct dr_action *a)
{
    if (!loop->count)
        return false;
    *a = loop->queue[loop->head];
    loop->head = (loop->head + 1) % QUEUE;
    loop->count--;
    return true;
}

void dr_loop_notify(struct dr_loop *loop, enum dr_event ev, const void *data)
{
    for (int i = 0; i < loop->nviews; i++)
        if (loop->views[i].event)
            loop->views[i].event(loop->views[i].ctx, loop, ev, data);
}

void dr_loop_poll(struct dr_loop *loop, int timeout_ms)
{
    for (int i = 0; i < loop->nviews; i++)
        if (loop->views[i].poll) {
            loop->views[i].poll(loop->views[i].ctx, loop, timeout_ms);
            timeout_ms = 0; /* only the first view may wait */
        }
}

/* Is it the engine's turn in a game where a person plays too? */
static bool engine_to_move(const struct dr_loop *loop)
{
    bool has_human = !loop->players[0].is_engine || !loop->players[1].is_engine;
    return has_human && loop->players[dr_game_position(loop->game)->side].is_engine;
}

/* Against the computer, undo and redo go back to a human's turn. */
static void undo(struct dr_loop *loop)
{
    if (!dr_game_undo(loop->game))
        return;
    while (engine_to_move(loop) && dr_game_ply(loop->game) > 0 && dr_game_undo(loop->game))
        ;
    dr_loop_notify(loop, DR_EV_UNDO, NULL);
}

static void redo(struct dr_loop *loop)
{
    if (!dr_game_redo(loop->game))
        return;
    while (engine_to_move(loop) && dr_game_redo(loop->game))
        ;
    dr_loop_notify(loop, DR_EV_REDO, NULL);
    if (dr_game_over(loop->game))
        dr_loop_notify(loop, DR_EV_OVER, NULL);
}

static void play(struct dr_loop *loop, const struct dr_move *m)
{
    struct dr_error err;
    if (!dr_game_play(loop->game, m, &err)) {
        dr_loop_notify(loop, DR_EV_MESSAGE, err.msg);
        return;
    }
    dr_loop_notify(loop, DR_EV_MOVE, dr_game_move(loop->game, dr_game_ply(loop->game) - 1));
    if (dr_game_over(loop->game))
        dr_loop_notify(loop, DR_EV_OVER, NULL);
}

/* Returns false when the loop should stop. */
static bool apply(struct dr_loop *loop, int side, const struct dr_action *a)
{
    struct dr_game *g = loop->game;
    if (a->who == 1 + DR_WHITE || a->who == 1 + DR_BLACK)
        side = a->who - 1;
    switch (a->kind) {
    case DR_ACT_MOVE:
        play(loop, &a->move);
        break;
    case DR_ACT_UNDO:
        undo(loop);
        break;
    case DR_ACT_REDO:
        redo(loop);
        break;
    case DR_ACT_RESIGN:
        if (!dr_game_over(g)) {
            dr_game_resign(g, side);
            dr_loop_notify(loop, DR_EV_OVER, NULL);
        }
        break;
    case DR_ACT_OFFER_DRAW: {
        const struct dr_player *other = &loop->players[!side];
        if (dr_game_over(g))
            break;
        if (other->accept_draw && other->accept_draw(other->ctx, loop)) {
            dr_game_agree_draw(g);
            dr_loop_notify(loop, DR_EV_OVER, NULL);
        } else {
            dr_loop_notify(loop, DR_EV_DRAW_DECLINED, NULL);
        }
        break;
    }
    case DR_ACT_ADJUDICATE_DRAW:
        if (!dr_game_over(g)) {
            dr_game_adjudicate(g, DR_DRAW);
            dr_loop_notify(loop, DR_EV_OVER, NULL);
        }
        break;
    case DR_ACT_FLAG:
        if (!dr_game_over(g)) {
            dr_game_flag(g, side);
            dr_loop_notify(loop, DR_EV_OVER, NULL);
        }
        break;
    case DR_ACT_NEW_GAME: {
        /* again from where this game began (a set-up position stays) */
        struct dr_position start = *dr_game_start(g);
        dr_game_reset(g, &start);
        dr_loop_notify(loop, DR_EV_START, NULL);
        break;
    }
    case DR_ACT_QUIT:
        dr_loop_notify(loop, DR_EV_QUIT, NULL);
        return false;
    case DR_ACT_MOVE_NOW:
    case DR_ACT_NONE:
        break;
    }
    return true;
}

bool dr_loop_run(struct dr_loop *loop)
{
    struct dr_game *g = loop->game;
    dr_loop_notify(loop, DR_EV_START, NULL);
    if (dr_game_over(g))
        dr_loop_notify(loop, DR_EV_OVER, NULL);
    for (;;) {
        int side = dr_game_position(g)->side;
        if (dr_game_over(g)) {
            /* someone at the board may still undo, start again or quit */
            if (!loop->players[side].interactive)
                side = !side;
            if (!loop->players[side].interactive)
                return false;
        }
        const struct dr_player *p = &loop->players[side];
        struct dr_action a;
        if (!dr_loop_take(loop, &a))
            a = p->act(p->ctx, loop);
        if (!apply(loop, side, &a))
            return true;
    }
}

static const struct {
    const char *name;
    int depth;
    int64_t movetime_ms;
} levels[DR_LEVELS] = {
    {"Beginner (depth 2)", 2, 0},
    {"Casual (depth 4)", 4, 0},
    {"Club (0.5 s a move)", 0, 500},
    {"Strong (2 s a move)", 0, 2000},
    {"Expert (5 s a move)", 0, 5000},
    {"Master (15 s a move)", 0, 15000},
};

const char *dr_level_name(int level)
{
    return level >= 1 && level <= DR_LEVELS ? levels[level - 1].name : "?";
}

void dr_level_limits(int level, struct dr_limits *limits)
{
    memset(limits, 0, sizeof *limits);
    if (level < 1)
        level = 1;
    if (level > DR_LEVELS)
        level = DR_LEVELS;
    limits->depth = levels[level - 1].depth;
    limits->movetime_ms = levels[level - 1].movetime_ms;
}

bool dr_level_ponders(int level)
{
    struct dr_limits l;
    dr_level_limits(level, &l);
    return l.movetime_ms >= 2000;
}

int dr_level_threads(int level)
{
    struct dr_limits l;
    dr_level_limits(level, &l);
    if (!l.movetime_ms)
        return 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > DR_MAX_THREADS ? DR_MAX_THREADS : (int)cores;
}
