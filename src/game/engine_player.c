/* The engine as a player of the loop.  The search runs in a thread of its
 * own (a dr_engine_worker, as the board's hint and analysis do) while this
 * thread keeps polling the views, so the board answers keys
 * while the engine thinks; undo, quit or "move now" pressed meanwhile stop
 * the search at once.  When pondering is on, the engine goes on thinking
 * after its move, on the reply it expects: if that reply comes, the search
 * is put on the clock (dr_engine_ponderhit) and keeps its tree; any other
 * stops it. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draughts/book.h"
#include "draughts/engine_worker.h"
#include "draughts/loop.h"

struct dr_engine_player {
    struct dr_engine *engine;
    struct dr_limits limits, limits_ponder;
    const struct dr_limits *search_limits; /* which of them the search uses */
    /* the running search */
    pthread_mutex_t lock;
    struct dr_position root;
    struct dr_game_context ctx;
    struct dr_move best;
    struct dr_search_info info, last_info;
    bool done, fresh_info;
    struct dr_engine_worker worker; /* the search's thread */
    /* pondering: the search thread, when it runs after our move */
    bool ponder_on;
    bool pondering;
    struct dr_game *ponder_game; /* the game with our move and the expected reply */
    struct dr_move expected;
    int ponder_hits;
    /* the opening book */
    bool book_on;
    const struct dr_book *own_book;
    uint64_t book_rng;
    int book_moves;
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
    p->book_on = true;
    p->book_rng = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)p;
    return p;
}

static void ponder_stop(struct dr_engine_player *p);

void dr_engine_player_free(struct dr_engine_player *p)
{
    if (!p)
        return;
    ponder_stop(p);
    dr_engine_worker_stop(&p->worker);
    dr_engine_free(p->engine);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

void dr_engine_player_set_limits(struct dr_engine_player *p, const struct dr_limits *l)
{
    p->limits = *l;
}

struct dr_engine *dr_engine_player_engine(struct dr_engine_player *p) { return p->engine; }

void dr_engine_player_set_ponder(struct dr_engine_player *p, bool on)
{
    p->ponder_on = on;
    if (!on)
        ponder_stop(p);
}

void dr_engine_player_stop_ponder(struct dr_engine_player *p) { ponder_stop(p); }

bool dr_engine_player_pondering(const struct dr_engine_player *p) { return p->pondering; }

bool dr_engine_player_expected(const struct dr_engine_player *p, struct dr_move *reply)
{
    if (!p->pondering)
        return false;
    *reply = p->expected;
    return true;
}

int dr_engine_player_ponder_hits(const struct dr_engine_player *p) { return p->ponder_hits; }

bool dr_engine_player_set_threads(struct dr_engine_player *p, int threads)
{
    ponder_stop(p); /* not while a search runs */
    return dr_engine_set_threads(p->engine, threads);
}

void dr_engine_player_set_book(struct dr_engine_player *p, bool on, const struct dr_book *own,
                               uint64_t seed)
{
    p->book_on = on;
    p->own_book = own;
    if (seed)
        p->book_rng = seed;
}

int dr_engine_player_book_moves(const struct dr_engine_player *p) { return p->book_moves; }

/* A book move for g's position, reported as a search of depth 0. */
static bool book_move(struct dr_engine_player *p, struct dr_loop *loop, struct dr_move *out)
{
    const struct dr_game *g = dr_loop_game(loop);
    if (!p->book_on || p->limits.infinite)
        return false;
    const struct dr_book *b = p->own_book ? p->own_book : dr_book_builtin(dr_game_variant(g));
    struct dr_book_move pick;
    if (!b || !dr_book_pick(b, dr_game_position(g), &p->book_rng, &pick))
        return false;
    memset(&p->info, 0, sizeof p->info);
    p->info.score = pick.score;
    p->info.pv_len = 1;
    p->info.pv[0] = pick.move;
    dr_loop_notify(loop, DR_EV_INFO, &p->info);
    p->book_moves++;
    *out = pick.move;
    return true;
}

static void on_info(void *arg, const struct dr_search_info *info)
{
    struct dr_engine_player *p = arg;
    pthread_mutex_lock(&p->lock);
    p->last_info = *info;
    p->fresh_info = true;
    pthread_mutex_unlock(&p->lock);
}

static void think(void *arg)
{
    struct dr_engine_player *p = arg;
    struct dr_move best;
    struct dr_search_info info;
    dr_engine_search(p->engine, &p->root, &p->ctx, p->search_limits, on_info, p, &best, &info);
    pthread_mutex_lock(&p->lock);
    p->best = best;
    p->info = info;
    p->done = true;
    pthread_mutex_unlock(&p->lock);
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

/* A ponder search running is stopped and its result thrown away. */
static void ponder_stop(struct dr_engine_player *p)
{
    if (!p->pondering)
        return;
    dr_engine_worker_stop(&p->worker);
    p->pondering = false;
    dr_game_free(p->ponder_game);
    p->ponder_game = NULL;
}

/* After our move best: think on in a thread on the reply the search
 * expects, when pondering is on and the game goes on. */
static void ponder_start(struct dr_engine_player *p, const struct dr_game *g,
                         const struct dr_move *best)
{
    if (!p->ponder_on || p->info.pv_len < 2 || !dr_move_same(&p->info.pv[0], best))
        return;
    struct dr_game *pg = dr_game_new(dr_game_variant(g), dr_game_start(g));
    struct dr_error err;
    bool ok = pg != NULL;
    for (int i = 0; ok && i < dr_game_ply(g); i++)
        ok = dr_game_play(pg, dr_game_move(g, i), &err);
    ok = ok && dr_game_play(pg, best, &err) && !dr_game_over(pg) &&
         dr_game_play(pg, &p->info.pv[1], &err) && !dr_game_over(pg);
    if (!ok) {
        dr_game_free(pg);
        return;
    }
    p->ponder_game = pg;
    p->expected = p->info.pv[1];
    p->root = *dr_game_position(pg);
    dr_game_engine_context(pg, &p->ctx);
    memset(&p->limits_ponder, 0, sizeof p->limits_ponder);
    p->limits_ponder.infinite = true;
    p->search_limits = &p->limits_ponder;
    p->done = p->fresh_info = false;
    p->pondering = dr_engine_worker_start(&p->worker, p->engine, think, p);
    if (!p->pondering) {
        dr_game_free(pg);
        p->ponder_game = NULL;
    }
}

/* Wait for the search thread, keeping the views live; an action taken
 * meanwhile stops it (false: the action is in *result, the search is
 * thrown away). */
static bool wait_search(struct dr_engine_player *p, struct dr_loop *loop,
                        struct dr_action *result)
{
    bool interrupted = false;
    while (!poll_done(p, loop)) {
        dr_loop_poll(loop, 2);
        struct dr_action a;
        if (dr_loop_take(loop, &a)) {
            if (a.kind != DR_ACT_MOVE_NOW) {
                *result = a; /* undo, quit...: the search is thrown away */
                interrupted = true;
            }
            dr_engine_worker_stop(&p->worker); /* move now: its best move so far */
            break;
        }
    }
    dr_engine_worker_join(&p->worker);
    return !interrupted;
}

static bool same_position(const struct dr_position *a, const struct dr_position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side;
}

static struct dr_action act(void *arg, struct dr_loop *loop)
{
    struct dr_engine_player *p = arg;
    struct dr_game *g = dr_loop_game(loop);
    struct dr_action result = {DR_ACT_NONE, {0, 0, 0, 0}, 0};
    if (dr_game_over(g)) {
        ponder_stop(p);
        return result;
    }
    if (book_move(p, loop, &result.move)) {
        ponder_stop(p);
        result.kind = DR_ACT_MOVE;
        return result;
    }
    bool hit = false;
    if (p->pondering) {
        struct dr_counters now = dr_game_counters(g), then = dr_game_counters(p->ponder_game);
        hit = same_position(&p->root, dr_game_position(g)) &&
              now.reversible == then.reversible && now.kings_only == then.kings_only;
        if (hit) {
            /* the expected reply: the search goes on, now on the clock */
            dr_engine_ponderhit(p->engine, &p->limits);
            p->pondering = false;
            p->ponder_hits++;
        } else {
            ponder_stop(p);
        }
    }
    if (!hit) {
        p->root = *dr_game_position(g);
        dr_game_engine_context(g, &p->ctx);
        p->search_limits = &p->limits;
        p->done = p->fresh_info = false;
        /* (the worker arms the engine: undo or quit pressed at once still stops it) */
        if (!dr_engine_worker_start(&p->worker, p->engine, think, p)) {
            think(p); /* no thread: think here, without live views */
            poll_done(p, loop);
            result.kind = DR_ACT_MOVE;
            result.move = p->best;
            return result;
        }
    }
    bool finished = wait_search(p, loop, &result);
    dr_game_free(p->ponder_game);
    p->ponder_game = NULL;
    if (!finished)
        return result;
    poll_done(p, loop);
    result.kind = DR_ACT_MOVE;
    result.move = p->best;
    ponder_start(p, g, &p->best);
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
    ponder_stop(p); /* the engine answers with a search of its own */
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
