/* Iterative deepening principal-variation search.
 *
 * Captures are compulsory in draughts, so the quiescence search is simply
 * "keep searching while the side to move must capture" and stand pat
 * otherwise.  Draws the rules define (repetition, the king-move counter) are
 * recognised inside the tree from the game's history, and positions of
 * few pieces are looked up in the endgame tables (egtb.h).  Away from the
 * principal variation the search is selective: late moves are reduced and
 * ProbCut cuts nodes a shallow search already refutes. */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draughts/bitboard.h"
#include "draughts/drawrules.h"
#include "draughts/engine.h"
#include "draughts/monotonic.h"
#include "draughts/movegen.h"
#include "draughts/zobrist.h"
#include "egtb.h"
#include "eval.h"
#include "timeman.h"
#include "tt.h"

#define MAX_GAME_KEYS 1024

/* Late-move reductions (moves counted from 0, after the first): one ply
 * from lmr_from and two from LMR2_FROM_PV at PV nodes; one from
 * LMR_FROM_CUT and two from LMR2_FROM_CUT at non-PV nodes, where ProbCut
 * prunes too, on the boards where that gains (selective_apply). */
#define LMR_FROM_CUT 1
#define LMR2_FROM_PV 8
#define LMR2_FROM_CUT 6
#define PROBCUT_MARGIN 5 /* centi-men a ply of depth */

/* Searches from at most this many pieces use the endgame tables, and the
 * first of them has the tables built (in the background: see
 * dr_engine_search).  From more, a search seldom comes down to the tables'
 * few pieces, and the middlegame never pays for them. */
#define TABLES_ROOT_PIECES 10

/* The draw counters along the searched line. */
struct counters {
    int reversible;              /* plies in which a position can repeat (dr_move_reversible) */
    int kings_only;              /* plies since a capture or man move */
    int eg_limit, eg_elapsed;    /* the material counter, as in the game */
};

/* What one search thread owns: its own node count, move ordering, line and
 * principal variation.  Thread 0 is the caller's; helpers (lazy SMP) search
 * the same root at staggered depths and share only the hash table. */
struct searcher {
    struct dr_engine *e;
    int id;
    uint64_t nodes;
    _Atomic uint64_t nodes_seen; /* nodes, published for the report every 1024 */
    bool stopped;
    bool use_tables;             /* this iteration probes the endgame tables */
    int seldepth;
    int in_probcut;              /* inside a ProbCut search: no second one */
    /* a helper's deepest finished iteration: its depth (0: none), score and line */
    int done_depth, done_score, done_len;
    struct dr_move done_pv[DR_MAX_PLY];
    /* the root's last alpha raise (search) and the line it kept (dr_engine_search) */
    int root_score, partial_len, partial_score;
    struct dr_move partial_pv[DR_MAX_PLY];
    uint64_t keys[MAX_GAME_KEYS + DR_MAX_PLY];
    struct dr_move killers[DR_MAX_PLY][2];
    int32_t history[2][DR_MAX_SQUARES][DR_MAX_SQUARES];
    uint8_t quiets_tried[DR_MAX_PLY][DR_MAX_MOVES][2]; /* from, to */
    struct dr_move pv[DR_MAX_PLY][DR_MAX_PLY];
    int pv_len[DR_MAX_PLY];
    struct dr_movelist lists[DR_MAX_PLY];
    /* a helper's search */
    pthread_t thread;
    struct dr_position root;
    struct counters cnt;
    int max_depth;
    bool endgame;
};

struct dr_engine {
    const struct dr_variant *v;
    struct evaluator ev;
    struct tt tt;
    atomic_bool stop;
    bool armed; /* dr_engine_arm: the next search keeps a stop made before it */
    atomic_bool helpers_stop; /* the main thread's search is over */

    /* one search */
    uint64_t node_limit;
    int64_t start_ms, hard_ms, soft_ms; /* the thinking time counts from start_ms */
    int64_t began_ms;         /* the search's start (before a ponder hit), for reports */
    bool infinite;            /* until stopped (a ponder search until its hit) */
    int root_side;
    /* dr_engine_ponderhit: the limits the running infinite search takes on */
    atomic_bool ponder_hit;
    struct dr_limits ponder_limits;
    int nkeys_game;
    int nthreads;
    struct searcher *threads[DR_MAX_THREADS]; /* [0] the caller's; made when first needed */

    /* endgame tables, built (or waited for: egtb_acquire) by their own thread */
    struct egtb *tables;
    pthread_t tables_thread;
    bool tables_running;      /* a thread to join */
    atomic_bool tables_ready; /* tables is final (NULL: could not be built) */
    atomic_bool tables_cancel;
    int tables_pieces;        /* egtb_pieces */
    int tables_most;          /* the pieces asked for (a search's root has no more) */

    int lmr_from;             /* the first move (from 0) LMR reduces at PV nodes */
    enum dr_selective selective_mode; /* the setting */
    bool selective;           /* ProbCut and the non-PV reductions are on */
};

static void *tables_main(void *arg)
{
    struct dr_engine *e = arg;
    e->tables = egtb_acquire(e->v, e->tables_most, &e->tables_cancel);
    e->tables_pieces = egtb_pieces(e->tables);
    atomic_store(&e->tables_ready, true);
    return NULL;
}

static void tables_drop(struct dr_engine *e);

/* Tables for a root of `pieces` pieces: small ones for a small ending (a
 * few pieces build in no time), the full set for a larger root. */
static void tables_start(struct dr_engine *e, int pieces)
{
    int most = pieces < EGTB_MAX_PIECES ? pieces : EGTB_MAX_PIECES;
    if ((e->tables_running || atomic_load(&e->tables_ready)) && e->tables_most >= most)
        return;
    tables_drop(e);
    e->tables_most = most;
    atomic_store(&e->tables_cancel, false);
    e->tables_running = pthread_create(&e->tables_thread, NULL, tables_main, e) == 0;
    if (!e->tables_running)
        atomic_store(&e->tables_ready, true); /* no thread: search without */
}

static void tables_wait(struct dr_engine *e)
{
    if (e->tables_running)
        pthread_join(e->tables_thread, NULL);
    e->tables_running = false;
}

/* A search to a fixed depth or node count waits for the tables, so that it
 * gives the same answer every time; a stop ends the wait (the search then
 * answers at once, without them). */
static void tables_wait_unless_stopped(struct dr_engine *e)
{
    while (!atomic_load(&e->tables_ready) && !atomic_load(&e->stop)) {
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
}

static void tables_drop(struct dr_engine *e)
{
    atomic_store(&e->tables_cancel, true);
    tables_wait(e);
    egtb_release(e->tables);
    e->tables = NULL;
    atomic_store(&e->tables_ready, false);
}

/* Thread i's state, made the first time it is needed (NULL: no memory). */
static struct searcher *searcher_of(struct dr_engine *e, int i)
{
    if (!e->threads[i]) {
        e->threads[i] = calloc(1, sizeof *e->threads[i]);
        if (e->threads[i]) {
            e->threads[i]->e = e;
            e->threads[i]->id = i;
        }
    }
    return e->threads[i];
}

struct dr_engine *dr_engine_new(const struct dr_variant *v, size_t tt_mib)
{
    struct dr_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->nthreads = 1;
    if (!searcher_of(e, 0) || !tt_init(&e->tt, tt_mib ? tt_mib : 64)) {
        free(e->threads[0]);
        free(e);
        return NULL;
    }
    atomic_init(&e->stop, false);
    atomic_init(&e->helpers_stop, false);
    atomic_init(&e->ponder_hit, false);
    atomic_init(&e->tables_ready, false);
    atomic_init(&e->tables_cancel, false);
    dr_engine_set_variant(e, v);
    return e;
}

void dr_engine_free(struct dr_engine *e)
{
    if (!e)
        return;
    tables_drop(e);
    eval_free(&e->ev);
    tt_free(&e->tt);
    for (int i = 0; i < DR_MAX_THREADS; i++)
        free(e->threads[i]);
    free(e);
}

bool dr_engine_set_threads(struct dr_engine *e, int n)
{
    if (n < 1 || n > DR_MAX_THREADS)
        return false;
    for (int i = 1; i < n; i++)
        if (!searcher_of(e, i))
            return false;
    e->nthreads = n;
    return true;
}

int dr_engine_threads(const struct dr_engine *e) { return e->nthreads; }

/* The selective search is on by default on the dark-square boards, where it
 * was measured to gain (docs/matches, selective_*: international +60,
 * killer +121, russian +40, english +58, italian +72), and off on the
 * all-squares boards, where it costs (with their learned weights: turkish
 * +33 and armenian +44 without it; nosel_turkish, diag_nosel_armenian). */
static void selective_apply(struct dr_engine *e)
{
    e->selective = e->selective_mode == DR_SELECTIVE_AUTO ? !e->v->all_squares
                   : e->selective_mode == DR_SELECTIVE_ON;
}

void dr_engine_set_selective(struct dr_engine *e, enum dr_selective mode)
{
    e->selective_mode = mode;
    selective_apply(e);
}

bool dr_engine_selective(const struct dr_engine *e) { return e->selective; }

static const char *const selective_names[] = {"auto", "on", "off"};

bool dr_selective_parse(const char *text, enum dr_selective *out)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(text, selective_names[i])) {
            *out = (enum dr_selective)i;
            return true;
        }
    return false;
}

const char *dr_selective_name(enum dr_selective mode) { return selective_names[mode]; }

void dr_engine_set_variant(struct dr_engine *e, const struct dr_variant *v)
{
    tables_drop(e);
    e->v = v;
    /* Measured (docs/matches): from the third move on 10x10 (international
     * +16 and +33, killer +14), from the fourth on 8x8 (russian -17, english
     * -23 for the third); the all-squares boards keep the fourth (turkish
     * -2 for the third). */
    e->lmr_from = !v->all_squares && v->nsquares > 32 ? 2 : 3;
    selective_apply(e);
    eval_free(&e->ev);
    eval_init(&e->ev, v);
    dr_engine_new_game(e);
}

bool dr_engine_set_hash(struct dr_engine *e, size_t tt_mib)
{
    return tt_init(&e->tt, tt_mib);
}

void dr_engine_new_game(struct dr_engine *e)
{
    tt_clear(&e->tt);
    for (int i = 0; i < DR_MAX_THREADS; i++)
        if (e->threads[i])
            memset(e->threads[i]->history, 0, sizeof e->threads[i]->history);
}

void dr_engine_arm(struct dr_engine *e)
{
    atomic_store(&e->stop, false);
    e->armed = true;
}

void dr_engine_stop(struct dr_engine *e)
{
    atomic_store(&e->stop, true);
}

int dr_engine_eval(const struct dr_engine *e, const struct dr_position *pos)
{
    return eval_position(&e->ev, pos);
}

const char *dr_engine_eval_source(const struct dr_engine *e)
{
    return e->ev.source;
}

bool dr_engine_load_weights(struct dr_engine *e, const char *path, struct dr_error *err)
{
    if (!eval_load_weights(&e->ev, path, err))
        return false;
    tt_clear(&e->tt);
    return true;
}

/* A ponder hit turns the running infinite search into one on the clock,
 * counted from now (main thread only). */
static void take_ponder_hit(struct dr_engine *e)
{
    if (!atomic_exchange_explicit(&e->ponder_hit, false, memory_order_acquire) || !e->infinite)
        return;
    struct time_budget b = timeman_budget(&e->ponder_limits, e->root_side);
    e->start_ms = dr_monotonic_ms();
    e->hard_ms = b.hard_ms;
    e->soft_ms = b.soft_ms;
    e->node_limit = e->ponder_limits.nodes;
    e->infinite = e->ponder_limits.infinite;
}

void dr_engine_ponderhit(struct dr_engine *e, const struct dr_limits *limits)
{
    e->ponder_limits = *limits;
    atomic_store_explicit(&e->ponder_hit, true, memory_order_release);
}

/* The main thread stops on a stop, its time or its nodes; a helper when
 * the main thread's search is over. */
static bool out_of_time(struct searcher *s)
{
    struct dr_engine *e = s->e;
    if (s->stopped)
        return true;
    if ((s->nodes & 1023) == 0) {
        if (s->id == 0 && atomic_load_explicit(&e->ponder_hit, memory_order_relaxed))
            take_ponder_hit(e);
        atomic_store_explicit(&s->nodes_seen, s->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
            (s->id ? atomic_load_explicit(&e->helpers_stop, memory_order_relaxed)
                   : e->hard_ms && dr_monotonic_ms() - e->start_ms >= e->hard_ms))
            s->stopped = true;
    }
    if (s->id == 0 && e->node_limit && s->nodes >= e->node_limit)
        s->stopped = true;
    return s->stopped;
}

/* Repetition: the same position with the same side to move, looked for only
 * within the plies since the last irreversible move. */
static bool repeated(const struct searcher *s, int ply, int reversible)
{
    int idx = s->e->nkeys_game + ply;
    uint64_t key = s->keys[idx];
    for (int back = 2; back <= reversible && idx - back >= 0; back += 2)
        if (s->keys[idx - back] == key)
            return true;
    return false;
}

static int score_to_tt(int score, int ply)
{
    if (score > DR_SCORE_KNOWN_WIN)
        return score + ply;
    if (score < -DR_SCORE_KNOWN_WIN)
        return score - ply;
    return score;
}

static int score_from_tt(int score, int ply)
{
    if (score > DR_SCORE_KNOWN_WIN)
        return score - ply;
    if (score < -DR_SCORE_KNOWN_WIN)
        return score + ply;
    return score;
}

static bool is_killer(const struct searcher *s, int ply, const struct dr_move *m)
{
    return dr_move_same(&s->killers[ply][0], m) || dr_move_same(&s->killers[ply][1], m);
}

/* Order: hash move, then captures by size, killers, history. */
static void order_moves(const struct searcher *e, struct dr_movelist *l, int ply, int side,
                        const struct tt_entry *hit, int32_t *scores)
{
    for (int i = 0; i < l->count; i++) {
        const struct dr_move *m = &l->moves[i];
        int32_t s;
        if (hit && m->from == hit->from && m->to == hit->to &&
            tt_capture_hash(m->captures) == hit->capture_hash)
            s = 1 << 30;
        else if (m->captures)
            s = (1 << 24) + __builtin_popcountll(m->captures) * 1024;
        else if (dr_move_same(&e->killers[ply][0], m))
            s = 1 << 22;
        else if (dr_move_same(&e->killers[ply][1], m))
            s = (1 << 22) - 1;
        else
            s = e->history[side][m->from][m->to];
        if (m->flags & DR_MOVE_PROMOTES)
            s += 1 << 20;
        scores[i] = s;
    }
}

static void pick_next(struct dr_movelist *l, int32_t *scores, int i)
{
    int best = i;
    for (int j = i + 1; j < l->count; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best != i) {
        struct dr_move t = l->moves[i];
        l->moves[i] = l->moves[best];
        l->moves[best] = t;
        int32_t s = scores[i];
        scores[i] = scores[best];
        scores[best] = s;
    }
}

static void history_add(struct searcher *e, int side, int from, int to, int32_t bonus)
{
    int32_t *h = &e->history[side][from][to];
    *h += bonus;
    if (*h > (1 << 20) || *h < -(1 << 20))
        for (int s = 0; s < 2; s++)
            for (int a = 0; a < DR_MAX_SQUARES; a++)
                for (int b = 0; b < DR_MAX_SQUARES; b++)
                    e->history[s][a][b] /= 2;
}

/* A quiet move that refuted: it becomes a killer and gains history; the
 * quiet moves tried before it at this node lose as much. */
static void update_quiet_stats(struct searcher *e, int ply, int side, const struct dr_move *m,
                               int depth, int ntried)
{
    if (!is_killer(e, ply, m)) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = *m;
    }
    history_add(e, side, m->from, m->to, depth * depth);
    for (int i = 0; i < ntried; i++)
        history_add(e, side, e->quiets_tried[ply][i][0], e->quiets_tried[ply][i][1],
                    -depth * depth);
}


/* A draw count that has already run out at the root: whoever runs the game
 * does not apply that rule (a Hub referee that knows only the kings-only
 * rule, say), or the game would be over.  Searched as it is, every line
 * would score a draw and any move, a lost one too, would do; the count
 * starts afresh from the root instead, as a set-up position's does. */
static void counts_run_out_afresh(const struct dr_variant *v, struct counters *c)
{
    if (c->eg_limit && c->eg_elapsed >= c->eg_limit)
        c->eg_elapsed = 0;
    if (v->draw_kings_only_plies && c->kings_only >= v->draw_kings_only_plies)
        c->kings_only = 0;
}

static struct counters counters_after(const struct dr_variant *v, const struct counters *c,
                                      const struct dr_position *before,
                                      const struct dr_position *after, const struct dr_move *m)
{
    struct counters n;
    n.kings_only = dr_move_kings_only(before, m) ? c->kings_only + 1 : 0;
    n.reversible = dr_move_reversible(v, before, m) ? c->reversible + 1 : 0;
    /* material (or a king's arrival) changes only by a capture or a crowning */
    n.eg_limit = n.eg_elapsed = 0;
    if (c->eg_limit || m->captures || (m->flags & DR_MOVE_PROMOTES))
        n.eg_limit = dr_endgame_next(v, before, after, m->captures != 0, c->eg_limit,
                                     c->eg_elapsed, &n.eg_elapsed);
    return n;
}

/* The tables' verdict on pos with the counters cnt (egtb_probe_counted). */
static enum egtb_result tables_probe(const struct dr_engine *e, const struct dr_position *pos,
                                     const struct counters *cnt, int *plies)
{
    int material_left = cnt->eg_limit ? cnt->eg_limit - cnt->eg_elapsed : 0;
    return egtb_probe_counted(e->tables, pos, cnt->kings_only, material_left, plies);
}

/* The endgame tables' verdict on pos, when it holds under the draw rules:
 * a draw always does (the counters only add draws); a win or a loss when
 * the tables find the counts leave it room to the end (egtb_fits). */
static bool probe_tables(const struct dr_engine *e, const struct dr_position *pos, int ply,
                         const struct counters *cnt, int *score)
{
    if (bits_count(dr_occupied(pos)) > e->tables_pieces)
        return false;
    int plies = 0;
    enum egtb_result r = tables_probe(e, pos, cnt, &plies);
    if (r == EGTB_DRAW) {
        *score = 0;
        return true;
    }
    if (r == EGTB_NONE)
        return false;
    *score = r == EGTB_WIN ? DR_SCORE_WIN - ply - plies : -(DR_SCORE_WIN - ply - plies);
    return true;
}

static int search(struct searcher *s, const struct dr_position *pos, int alpha, int beta,
                  int depth, int ply, const struct counters *cnt)
{
    struct dr_engine *e = s->e;
    int reversible = cnt->reversible;
    const struct dr_variant *v = e->v;
    bool pv_node = beta - alpha > 1;
    s->pv_len[ply] = 0;
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (out_of_time(s))
        return 0;
    uint64_t key = s->keys[e->nkeys_game + ply];
    if (ply > 0) {
        if (v->draw_kings_only_plies && cnt->kings_only >= v->draw_kings_only_plies)
            return 0;
        if (repeated(s, ply, reversible))
            return 0;
        if (cnt->eg_limit && cnt->eg_elapsed >= cnt->eg_limit)
            return 0;
        int table_score;
        if (s->use_tables && probe_tables(e, pos, ply, cnt, &table_score))
            return table_score;
    }
    struct dr_movelist *l = &s->lists[ply];
    if (depth <= 0) {
        /* a leaf unless it must capture: its quiet moves are only counted */
        int quiet;
        if (!dr_gen_captures_or_count(v, pos, l, &quiet))
            return quiet ? eval_position(&e->ev, pos) : -DR_SCORE_WIN + ply;
    } else {
        dr_gen_moves(v, pos, l);
    }
    if (l->count == 0)
        return -DR_SCORE_WIN + ply;
    if (ply >= DR_MAX_PLY - 1)
        return eval_position(&e->ev, pos);
    bool capturing = l->moves[0].captures != 0;
    if (depth <= 0 && !capturing)
        return eval_position(&e->ev, pos);
    if (depth < 0)
        depth = 0;

    struct tt_entry entry;
    const struct tt_entry *hit = tt_probe(&e->tt, key, &entry) ? &entry : NULL;
    if (hit && !pv_node && hit->depth >= depth) {
        int tts = score_from_tt(hit->score, ply);
        int bound = hit->bound_age & 3;
        if (bound == TT_EXACT || (bound == TT_LOWER && tts >= beta) ||
            (bound == TT_UPPER && tts <= alpha))
            return tts;
    }

    /* ProbCut: a non-PV node whose shallow search (two fifths of the depth)
     * clears beta by a margin of 5 centi-men a ply is cut there; none
     * inside that search.  With the reductions below, as Scan 2.0 prunes
     * (selective_apply says on which boards and what it was measured at). */
    if (e->selective && !pv_node && !s->in_probcut && depth >= 3 &&
        abs(beta) < DR_SCORE_KNOWN_WIN) {
        int margin = PROBCUT_MARGIN * depth, raised = beta + margin;
        s->in_probcut++;
        int shallow = search(s, pos, raised - 1, raised, depth * 2 / 5, ply, cnt);
        s->in_probcut--;
        if (s->stopped)
            return 0;
        if (shallow >= raised)
            return shallow - margin;
    }

    int32_t scores[DR_MAX_MOVES];
    order_moves(s, l, ply, pos->side, hit, scores);
    /* a forced reply costs no depth */
    int next_depth = l->count == 1 ? depth : depth - 1;
    int best = -DR_SCORE_WIN, alpha0 = alpha;
    struct dr_move best_move = l->moves[0];
    int nquiets = 0;
    for (int i = 0; i < l->count; i++) {
        pick_next(l, scores, i);
        struct dr_move m = l->moves[i];
        struct dr_position next = *pos;
        uint64_t child = dr_zobrist_after(pos, key, &m);
        s->keys[e->nkeys_game + ply + 1] = child;
        tt_prefetch(&e->tt, child);
        dr_make(v, &next, &m);
        struct counters nc = counters_after(v, cnt, pos, &next, &m);
        const struct counters *rev = &nc;
        int score;
        if (i == 0) {
            score = -search(s, &next, -beta, -alpha, next_depth, ply + 1, rev);
        } else {
            int r = 0;
            bool cut = !pv_node && e->selective;
            if (depth >= 3 && i >= (cut ? LMR_FROM_CUT : e->lmr_from) && !capturing &&
                !(m.flags & DR_MOVE_PROMOTES) && !is_killer(s, ply, &m))
                r = i >= (cut ? LMR2_FROM_CUT : LMR2_FROM_PV) ? 2 : 1;
            score = -search(s, &next, -alpha - 1, -alpha, next_depth - r, ply + 1, rev);
            if (score > alpha && r)
                score = -search(s, &next, -alpha - 1, -alpha, next_depth, ply + 1, rev);
            if (score > alpha && score < beta)
                score = -search(s, &next, -beta, -alpha, next_depth, ply + 1, rev);
        }
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (ply == 0)
                    s->root_score = score;
                s->pv[ply][0] = m;
                memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(struct dr_move) * (size_t)s->pv_len[ply + 1]);
                s->pv_len[ply] = s->pv_len[ply + 1] + 1;
                if (score >= beta) {
                    if (!m.captures)
                        update_quiet_stats(s, ply, pos->side, &m, depth, nquiets);
                    break;
                }
            }
        }
        if (!m.captures) {
            s->quiets_tried[ply][nquiets][0] = (uint8_t)m.from;
            s->quiets_tried[ply][nquiets][1] = (uint8_t)m.to;
            nquiets++;
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    /* a node that failed low found no best move: the hash move it had stays */
    int keep_from = best_move.from, keep_to = best_move.to;
    uint16_t keep_capture = tt_capture_hash(best_move.captures);
    if (bound == TT_UPPER && hit) {
        keep_from = hit->from;
        keep_to = hit->to;
        keep_capture = hit->capture_hash;
    }
    tt_store(&e->tt, key, depth, bound, score_to_tt(best, ply), keep_from, keep_to, keep_capture);
    return best;
}

/* A forced line that ends in the tables goes on with their moves: the
 * quickest win, the longest defence, each within the draw counters (as
 * counted along the line from cnt at the root). */
static void extend_pv(struct dr_engine *e, const struct dr_position *root,
                      const struct counters *root_cnt, struct dr_search_info *info)
{
    const struct dr_variant *v = e->v;
    struct dr_position pos = *root;
    struct counters cnt = *root_cnt;
    for (int i = 0; i < info->pv_len; i++) {
        struct dr_position next = pos;
        dr_make(v, &next, &info->pv[i]);
        cnt = counters_after(v, &cnt, &pos, &next, &info->pv[i]);
        pos = next;
    }
    struct dr_movelist *l = &e->threads[0]->lists[0];
    int plies;
    enum egtb_result r;
    while (info->pv_len < DR_MAX_PLY &&
           ((r = tables_probe(e, &pos, &cnt, &plies)) == EGTB_WIN || r == EGTB_LOSS) &&
           dr_gen_moves(v, &pos, l) > 0) {
        int pick = -1;
        struct counters pick_cnt = cnt;
        for (int i = 0; i < l->count && pick < 0; i++) {
            struct dr_position next = pos;
            dr_make(v, &next, &l->moves[i]);
            struct counters ncnt = counters_after(v, &cnt, &pos, &next, &l->moves[i]);
            int d = 0;
            bool end = !next.pieces[next.side];
            enum egtb_result nr = end ? EGTB_LOSS : tables_probe(e, &next, &ncnt, &d);
            if (d == plies - 1 && nr == (r == EGTB_WIN ? EGTB_LOSS : EGTB_WIN)) {
                pick = i;
                pick_cnt = ncnt;
            }
        }
        if (pick < 0)
            break;
        info->pv[info->pv_len++] = l->moves[pick];
        dr_make(v, &pos, &l->moves[pick]);
        cnt = pick_cnt;
    }
}

/* The search's limits and the game's keys, into the engine and thread 0. */
static void start_search(struct dr_engine *e, const struct dr_position *pos,
                         const struct dr_game_context *ctx, const struct dr_limits *limits)
{
    struct searcher *s = e->threads[0];
    struct time_budget budget = timeman_budget(limits, pos->side);
    e->start_ms = e->began_ms = dr_monotonic_ms();
    e->hard_ms = budget.hard_ms;
    e->soft_ms = budget.soft_ms;
    e->infinite = limits->infinite;
    e->root_side = pos->side;
    e->node_limit = limits->nodes;
    e->tt.age = (uint8_t)((e->tt.age + 1) & 63);
    s->nodes = 0;
    s->stopped = false;
    s->seldepth = 0;
    memset(s->killers, 0, sizeof s->killers);
    /* only the positions since the last irreversible move can repeat */
    int n = 0, rev = 0;
    if (ctx) {
        rev = ctx->reversible_plies;
        n = ctx->nkeys < rev ? ctx->nkeys : rev;
        if (n > MAX_GAME_KEYS)
            n = MAX_GAME_KEYS;
        if (n > 0)
            memcpy(s->keys, ctx->keys + ctx->nkeys - n, sizeof(uint64_t) * (size_t)n);
    }
    e->nkeys_game = n;
    s->keys[n] = dr_zobrist(pos);
}

/* A helper thread: iterative deepening on the same root, every other one a
 * ply ahead, until the main thread's search is over; what it finds reaches
 * the main thread through the hash table. */
static void *helper_main(void *arg)
{
    struct searcher *s = arg;
    struct dr_engine *e = s->e;
    for (int depth = 1 + s->id % 2; depth <= s->max_depth && !s->stopped; depth++) {
        s->use_tables = s->endgame && atomic_load(&e->tables_ready) && e->tables;
        int score = search(s, &s->root, -DR_SCORE_WIN - 1, DR_SCORE_WIN + 1, depth, 0, &s->cnt);
        if (s->stopped || s->pv_len[0] == 0)
            break;
        s->done_depth = depth;
        s->done_score = score;
        s->done_len = s->pv_len[0];
        memcpy(s->done_pv, s->pv[0], sizeof(struct dr_move) * (size_t)s->pv_len[0]);
    }
    atomic_store_explicit(&s->nodes_seen, s->nodes, memory_order_relaxed);
    return NULL;
}

/* Start threads 1..nthreads-1 on the root thread 0 searches; returns how
 * many run (fewer when a thread cannot be made). */
static int helpers_start(struct dr_engine *e, const struct dr_position *pos,
                         const struct counters *cnt, int max_depth, bool endgame)
{
    const struct searcher *main = e->threads[0];
    atomic_store(&e->helpers_stop, false);
    int started = 1;
    for (int i = 1; i < e->nthreads; i++, started++) {
        struct searcher *s = e->threads[i];
        s->nodes = 0;
        atomic_store_explicit(&s->nodes_seen, 0, memory_order_relaxed);
        s->stopped = false;
        s->seldepth = 0;
        s->done_depth = 0;
        memset(s->killers, 0, sizeof s->killers);
        memcpy(s->keys, main->keys, sizeof(uint64_t) * (size_t)(e->nkeys_game + 1));
        s->root = *pos;
        s->cnt = *cnt;
        s->max_depth = max_depth;
        s->endgame = endgame;
        if (pthread_create(&s->thread, NULL, helper_main, s) != 0)
            break;
    }
    return started;
}

static void helpers_finish(struct dr_engine *e, int running)
{
    atomic_store(&e->helpers_stop, true);
    for (int i = 1; i < running; i++)
        pthread_join(e->threads[i]->thread, NULL);
}

/* A search stopped by the clock ends inside an iteration, whose work is
 * lost; a helper a ply ahead may have finished a deeper one than the main
 * thread did.  Its move and line then answer (the helpers are joined).
 * Measured: two threads against one, international 0.1 s, -3 Elo without
 * this, +30 with it (docs/matches). */
static void take_deepest(struct dr_engine *e, int running, struct dr_move *best,
                         struct dr_search_info *info)
{
    for (int i = 1; i < running; i++) {
        const struct searcher *h = e->threads[i];
        if (h->done_depth <= info->depth)
            continue;
        *best = h->done_pv[0];
        info->depth = h->done_depth;
        info->score = h->done_score;
        info->pv_len = h->done_len;
        memcpy(info->pv, h->done_pv, sizeof(struct dr_move) * (size_t)h->done_len);
    }
}

/* A root search (one window of an iteration) raised alpha: its line so far
 * is kept, for a stop that comes before the iteration ends. */
static void keep_partial(struct searcher *s)
{
    s->partial_len = s->pv_len[0];
    s->partial_score = s->root_score;
    memcpy(s->partial_pv, s->pv[0], sizeof(struct dr_move) * (size_t)s->pv_len[0]);
}

/* A search stopped inside an iteration: a root move that raised alpha there
 * was searched to its end with the full window, so it is at least as good
 * as the move the last finished iteration put first (searched first); it
 * answers, with its score and line (the depth stays the finished one's).
 * Measured: international 0.05 s, docs/matches (partial_international). */
static void take_partial(const struct searcher *s, struct dr_move *best,
                         struct dr_search_info *info)
{
    *best = s->partial_pv[0];
    info->score = s->partial_score;
    info->pv_len = s->partial_len;
    memcpy(info->pv, s->partial_pv, sizeof(struct dr_move) * (size_t)s->partial_len);
}

/* The nodes of every thread so far (the helpers' as last published). */
static uint64_t nodes_all(const struct dr_engine *e, int running)
{
    uint64_t n = e->threads[0]->nodes;
    for (int i = 1; i < running; i++)
        n += atomic_load_explicit(&e->threads[i]->nodes_seen, memory_order_relaxed);
    return n;
}

bool dr_engine_search(struct dr_engine *e, const struct dr_position *pos,
                      const struct dr_game_context *ctx, const struct dr_limits *limits,
                      dr_info_fn on_info, void *arg, struct dr_move *best,
                      struct dr_search_info *info)
{
    struct dr_movelist root;
    memset(info, 0, sizeof *info);
    /* a stop made before this search belongs to an earlier one, unless the
     * caller armed the engine for this one (and handed it to a thread) */
    if (!e->armed)
        atomic_store(&e->stop, false);
    e->armed = false;
    if (dr_gen_moves(e->v, pos, &root) == 0) {
        atomic_store(&e->stop, false);
        return false;
    }
    *best = root.moves[0];
    struct time_budget budget = timeman_budget(limits, pos->side);
    /* The tables are built the first time they can serve.  A search with a
     * clock or without end uses them once they are there; one limited by
     * depth or nodes waits for them (before its time starts), so that it
     * always gives the same result. */
    bool endgame = bits_count(dr_occupied(pos)) <= TABLES_ROOT_PIECES;
    if (endgame) {
        tables_start(e, bits_count(dr_occupied(pos)));
        if (!budget.hard_ms && !budget.soft_ms && !limits->infinite)
            tables_wait_unless_stopped(e);
    }
    start_search(e, pos, ctx, limits);
    /* without a game, a set-up endgame counts from the root */
    struct counters cnt = {0, 0, dr_endgame_limit(e->v, pos), 0};
    if (ctx) {
        cnt.reversible = ctx->reversible_plies;
        cnt.kings_only = ctx->kings_only_plies;
        cnt.eg_limit = ctx->endgame_limit;
        cnt.eg_elapsed = ctx->endgame_elapsed;
        counts_run_out_afresh(e->v, &cnt);
    }
    int max_depth = limits->depth > 0 ? limits->depth : DR_MAX_PLY - 8;
    if (root.count == 1 && (budget.hard_ms || budget.soft_ms))
        max_depth = 1; /* in a timed game a forced move is played at once */
    struct searcher *s = e->threads[0];
    int running = max_depth > 1 ? helpers_start(e, pos, &cnt, max_depth, endgame) : 1;
    for (int depth = 1; depth <= max_depth; depth++) {
        /* aspiration: search a window around the last score, widen on a miss
         * (measured: +26 Elo, 62-91-47 in 200 games, international 0.05 s) */
        s->use_tables = endgame && atomic_load(&e->tables_ready) && e->tables;
        int delta = 25, lo = -DR_SCORE_WIN - 1, hi = DR_SCORE_WIN + 1, score;
        if (depth >= 5 && abs(info->score) < DR_SCORE_KNOWN_WIN) {
            lo = info->score - delta;
            hi = info->score + delta;
        }
        s->partial_len = 0;
        for (;;) {
            score = search(s, pos, lo, hi, depth, 0, &cnt);
            if (s->pv_len[0] > 0)
                keep_partial(s);
            if (s->stopped || (score > lo && score < hi))
                break;
            delta *= 3;
            if (score <= lo)
                lo = delta > 1000 ? -DR_SCORE_WIN - 1 : score - delta;
            else
                hi = delta > 1000 ? DR_SCORE_WIN + 1 : score + delta;
        }
        if (s->stopped && depth > 1) {
            if (s->partial_len > 0)
                take_partial(s, best, info);
            break;
        }
        if (s->pv_len[0] > 0)
            *best = s->pv[0][0];
        info->depth = depth;
        info->seldepth = s->seldepth;
        info->score = score;
        info->nodes = nodes_all(e, running);
        info->time_ms = dr_monotonic_ms() - e->began_ms;
        info->nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : 0;
        info->pv_len = s->pv_len[0];
        memcpy(info->pv, s->pv[0], sizeof(struct dr_move) * (size_t)s->pv_len[0]);
        if (s->use_tables && abs(score) > DR_SCORE_KNOWN_WIN)
            extend_pv(e, pos, &cnt, info);
        if (on_info)
            on_info(arg, info);
        if (s->stopped)
            break;
        take_ponder_hit(e);
        if (e->soft_ms && dr_monotonic_ms() - e->start_ms >= e->soft_ms)
            break;
        if (abs(score) > DR_SCORE_KNOWN_WIN && depth > 2 &&
            DR_SCORE_WIN - abs(score) < depth && !e->infinite)
            break; /* a forced win or loss is fully seen */
    }
    /* an infinite search waits to be stopped before it answers */
    while (e->infinite && !atomic_load(&e->stop)) {
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
        take_ponder_hit(e); /* the search is complete: answer now */
    }
    helpers_finish(e, running);
    /* the answer counts every node searched for it, the unfinished
     * iteration's and the helpers' last ones too */
    info->nodes = nodes_all(e, running);
    take_deepest(e, running, best, info);
    atomic_store(&e->stop, false);
    atomic_store(&e->ponder_hit, false);
    return true;
}
