/* The engine as a player of the loop.  The search runs in a thread of its
 * own while this thread keeps polling the views, so the board answers keys
 * while the engine thinks; undo, quit or "move now" pressed meanwhile stop
 * the search at once. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/loop.h"

struct dr_engine_player {
    struct dr_engine *engine;
    struct dr_limits limits;
    /* the running search */
    pthread_mutex_t lock;
    struct dr_position root;
    struct dr_game_context ctx;
    struct dr_move best;
    struct dr_search_info info, last_info;
    bool done, fresh_info;
};

struct dr_engine_player *dr_engine_player_new(const struct dr_variant *v, size_t hash_mib)
{
    struct dr_engine_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->engine = dr_engine_new(v, hash_mib);
    if (!p->engine) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    dr_level_limits(3, &p->limits);
    return p;
}

void dr_engine_player_free(struct dr_engine_player *p)
{
    if (!p)
        return;
    dr_engine_free(p->engine);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

void dr_engine_player_set_limits(struct dr_engine_player *p, const struct dr_limits *l)
{
    p->limits = *l;
}

struct dr_engine *dr_engine_player_engine(struct dr_engine_player *p) { return p->engine; }

static void on_info(void *arg, const struct dr_search_info *info)
{
    struct dr_engine_player *p = arg;
    pthread_mutex_lock(&p->lock);
    p->last_info = *info;
    p->fresh_info = true;
    pthread_mutex_unlock(&p->lock);
}

static void *think(void *arg)
{
    struct dr_engine_player *p = arg;
    struct dr_move best;
    struct dr_search_info info;
    dr_engine_search(p->engine, &p->root, &p->ctx, &p->limits, on_info, p, &best, &info);
    pthread_mutex_lock(&p->lock);
    p->best = best;
    p->info = info;
    p->done = true;
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static bool poll_done(struct dr_engine_player *p, struct dr_loop *loop)
{
    pthread_mutex_lock(&p->lock);
    bool done = p->done, fresh = p->fresh_info;
    struct dr_search_info info = p->last_info;
    p->fresh_info = false;
    pthread_mutex_unlock(&p->lock);
    if (fresh)
        dr_loop_notify(loop, DR_EV_INFO, &info);
    return done;
}

static struct dr_action act(void *arg, struct dr_loop *loop)
{
    struct dr_engine_player *p = arg;
    struct dr_game *g = dr_loop_game(loop);
    struct dr_action result = {DR_ACT_NONE, {0, 0, 0, 0}, 0};
    if (dr_game_over(g))
        return result;
    p->root = *dr_game_position(g);
    dr_game_engine_context(g, &p->ctx);
    p->done = p->fresh_info = false;
    pthread_t thread;
    dr_engine_arm(p->engine); /* undo or quit pressed at once still stops it */
    if (pthread_create(&thread, NULL, think, p) != 0) {
        think(p); /* no thread: think here, without live views */
    } else {
        bool interrupted = false;
        while (!poll_done(p, loop)) {
            dr_loop_poll(loop, 2);
            struct dr_action a;
            if (!interrupted && dr_loop_take(loop, &a)) {
                dr_engine_stop(p->engine);
                if (a.kind != DR_ACT_MOVE_NOW) {
                    result = a; /* undo, quit...: the search is thrown away */
                    interrupted = true;
                }
            }
        }
        pthread_join(thread, NULL);
        if (interrupted)
            return result;
    }
    poll_done(p, loop);
    result.kind = DR_ACT_MOVE;
    result.move = p->best;
    return result;
}

/* Only a side whose game is settled agrees to a draw: a level score in the
 * opening is no reason to stop a game that has all its play ahead. */
enum { DRAW_WORSE_BY = 25, DRAW_LEVEL_WITHIN = 15 };

/* The engine accepts a draw when it stands worse, or when the position is
 * an endgame (a third of the men left, or kings on both sides) it scores
 * level. */
static bool accept_draw(void *arg, struct dr_loop *loop)
{
    struct dr_engine_player *p = arg;
    struct dr_game *g = dr_loop_game(loop);
    struct dr_limits quick = {0};
    quick.depth = 8;
    quick.movetime_ms = 40; /* the board must not freeze: under 50 ms */
    struct dr_game_context ctx;
    dr_game_engine_context(g, &ctx);
    struct dr_move best;
    struct dr_search_info info;
    struct dr_position pos = *dr_game_position(g);
    if (!dr_engine_search(p->engine, &pos, &ctx, &quick, NULL, NULL, &best, &info))
        return false;
    /* the offer is made on the offerer's turn: the score is theirs */
    int engine_score = -info.score;
    if (engine_score <= -DRAW_WORSE_BY)
        return true;
    struct dr_position start;
    dr_position_start(dr_game_variant(g), &start);
    uint64_t men = dr_occupied(&pos) & ~pos.kings;
    int start_men = __builtin_popcountll(dr_occupied(&start) & ~start.kings);
    bool kings_both = (pos.pieces[DR_WHITE] & pos.kings) && (pos.pieces[DR_BLACK] & pos.kings);
    bool endgame = 3 * __builtin_popcountll(men) <= start_men || kings_both;
    return endgame && engine_score <= DRAW_LEVEL_WITHIN;
}

void dr_game_engine_context(const struct dr_game *g, struct dr_game_context *ctx)
{
    struct dr_counters c = dr_game_counters(g);
    ctx->keys = dr_game_keys(g, &ctx->nkeys);
    ctx->reversible_plies = c.reversible;
    ctx->kings_only_plies = c.kings_only;
    ctx->endgame_limit = c.endgame_rule;
    ctx->endgame_elapsed = c.endgame;
}

struct dr_player dr_engine_player_as_player(struct dr_engine_player *p, const char *name)
{
    struct dr_player pl = {name, true, false, p, act, accept_draw};
    return pl;
}
