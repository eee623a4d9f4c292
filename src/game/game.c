/* Game state: history with undo/redo, the draw counters and the result. */
#include "draughts/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/drawrules.h"
#include "draughts/movegen.h"
#include "draughts/zobrist.h"

struct ply_record {
    struct dr_move move;
    struct dr_position before;
    struct dr_counters before_counters;
};

struct dr_game {
    struct dr_variant v; /* a copy: the game outlives whatever loaded it */
    struct dr_position start, pos;
    struct dr_counters counters;
    struct ply_record *plies;
    uint64_t *keys;      /* keys[i]: key of the position before move i */
    int ply, total, cap; /* moves played, played + redoable, room */
    enum dr_result decided;
    enum dr_reason decided_reason;
    enum dr_result result;
    enum dr_reason reason;
};

static void update_result(struct dr_game *g);

struct dr_game *dr_game_new(const struct dr_variant *v, const struct dr_position *start)
{
    struct dr_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->v = *v;
    g->cap = 256;
    g->plies = malloc(sizeof *g->plies * (size_t)g->cap);
    g->keys = malloc(sizeof *g->keys * (size_t)(g->cap + 1));
    if (!g->plies || !g->keys) {
        dr_game_free(g);
        return NULL;
    }
    dr_game_reset(g, start);
    return g;
}

void dr_game_free(struct dr_game *g)
{
    if (!g)
        return;
    free(g->plies);
    free(g->keys);
    free(g);
}

void dr_game_reset(struct dr_game *g, const struct dr_position *start)
{
    if (start)
        g->start = *start;
    else
        dr_position_start(&g->v, &g->start);
    g->pos = g->start;
    g->ply = g->total = 0;
    memset(&g->counters, 0, sizeof g->counters);
    g->counters.endgame_rule = dr_endgame_limit(&g->v, &g->pos); /* a set-up endgame counts at once */
    g->keys[0] = dr_zobrist(&g->pos);
    g->decided = DR_ONGOING;
    g->decided_reason = DR_REASON_NONE;
    update_result(g);
}

const struct dr_variant *dr_game_variant(const struct dr_game *g) { return &g->v; }
const struct dr_position *dr_game_position(const struct dr_game *g) { return &g->pos; }
const struct dr_position *dr_game_start(const struct dr_game *g) { return &g->start; }
int dr_game_ply(const struct dr_game *g) { return g->ply; }
int dr_game_redo_count(const struct dr_game *g) { return g->total - g->ply; }
struct dr_counters dr_game_counters(const struct dr_game *g) { return g->counters; }
enum dr_result dr_game_result(const struct dr_game *g) { return g->result; }
enum dr_reason dr_game_reason(const struct dr_game *g) { return g->reason; }
bool dr_game_over(const struct dr_game *g) { return g->result != DR_ONGOING; }

const struct dr_move *dr_game_move(const struct dr_game *g, int i)
{
    return i >= 0 && i < g->ply ? &g->plies[i].move : NULL;
}

const struct dr_position *dr_game_position_at(const struct dr_game *g, int i)
{
    if (i < 0 || i > g->ply)
        return NULL;
    return i == g->ply ? &g->pos : &g->plies[i].before;
}

const uint64_t *dr_game_keys(const struct dr_game *g, int *n)
{
    *n = g->ply;
    return g->keys;
}

int dr_game_legal(const struct dr_game *g, struct dr_movelist *list)
{
    if (dr_game_over(g)) {
        list->count = 0;
        return 0;
    }
    return dr_gen_moves(&g->v, &g->pos, list);
}

static struct dr_counters counters_after(const struct dr_game *g, const struct dr_move *m,
                                         const struct dr_position *after)
{
    struct dr_counters c = g->counters;
    c.kings_only = dr_move_kings_only(&g->pos, m) ? c.kings_only + 1 : 0;
    c.reversible = dr_move_reversible(&g->v, &g->pos, m) ? c.reversible + 1 : 0;
    c.endgame_rule = dr_endgame_next(&g->v, &g->pos, after, m->captures != 0, c.endgame_rule,
                                     c.endgame, &c.endgame);
    return c;
}

static int repetitions(const struct dr_game *g)
{
    int n = 1;
    for (int i = g->ply - 2; i >= 0 && i >= g->ply - g->counters.reversible; i -= 2)
        if (g->keys[i] == g->keys[g->ply])
            n++;
    return n;
}

static void update_result(struct dr_game *g)
{
    g->result = g->decided;
    g->reason = g->decided_reason;
    if (g->result != DR_ONGOING)
        return;
    struct dr_movelist list;
    if (dr_gen_moves(&g->v, &g->pos, &list) == 0) {
        g->result = g->pos.side == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
        g->reason = DR_REASON_NO_MOVES;
    } else if (g->v.draw_repetitions && repetitions(g) >= g->v.draw_repetitions) {
        g->result = DR_DRAW;
        g->reason = DR_REASON_REPETITION;
    } else if (g->v.draw_kings_only_plies &&
               g->counters.kings_only >= g->v.draw_kings_only_plies) {
        g->result = DR_DRAW;
        g->reason = DR_REASON_KINGS_ONLY;
    } else if (g->counters.endgame_rule && g->counters.endgame >= g->counters.endgame_rule) {
        g->result = DR_DRAW;
        g->reason = DR_REASON_ENDGAME_RULE;
    }
}

static bool grow(struct dr_game *g)
{
    if (g->total < g->cap)
        return true;
    int cap = g->cap * 2;
    struct ply_record *p = realloc(g->plies, sizeof *p * (size_t)cap);
    if (!p)
        return false;
    g->plies = p;
    uint64_t *k = realloc(g->keys, sizeof *k * (size_t)(cap + 1));
    if (!k)
        return false;
    g->keys = k;
    g->cap = cap;
    return true;
}

bool dr_game_play(struct dr_game *g, const struct dr_move *m, struct dr_error *err)
{
    if (dr_game_over(g)) {
        dr_error_set(err, "the game is over");
        return false;
    }
    struct dr_movelist list;
    dr_gen_moves(&g->v, &g->pos, &list);
    const struct dr_move *legal = NULL;
    for (int i = 0; i < list.count && !legal; i++)
        if (dr_move_same(&list.moves[i], m))
            legal = &list.moves[i];
    if (!legal) {
        dr_error_set(err, "not a legal move here");
        return false;
    }
    g->total = g->ply; /* a new move drops the redo list */
    if (!grow(g)) {
        dr_error_set(err, "out of memory");
        return false;
    }
    struct ply_record *r = &g->plies[g->ply];
    r->move = *legal;
    r->before = g->pos;
    r->before_counters = g->counters;
    struct dr_position after = g->pos;
    dr_make(&g->v, &after, legal);
    g->counters = counters_after(g, legal, &after);
    g->keys[g->ply + 1] = dr_zobrist_after(&g->pos, g->keys[g->ply], legal);
    g->pos = after;
    g->ply++;
    g->total = g->ply;
    update_result(g);
    return true;
}

bool dr_game_undo(struct dr_game *g)
{
    if (g->ply == 0)
        return false;
    g->ply--;
    g->pos = g->plies[g->ply].before;
    g->counters = g->plies[g->ply].before_counters;
    g->decided = DR_ONGOING;
    g->decided_reason = DR_REASON_NONE;
    update_result(g);
    return true;
}

bool dr_game_redo(struct dr_game *g)
{
    if (g->ply == g->total)
        return false;
    const struct dr_move *m = &g->plies[g->ply].move;
    struct dr_position after = g->pos;
    dr_make(&g->v, &after, m);
    g->counters = counters_after(g, m, &after);
    g->pos = after;
    g->ply++;
    update_result(g);
    return true;
}

static void decide(struct dr_game *g, enum dr_result r, enum dr_reason why)
{
    if (dr_game_over(g))
        return;
    g->decided = r;
    g->decided_reason = why;
    update_result(g);
}

void dr_game_resign(struct dr_game *g, int side)
{
    decide(g, side == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS, DR_REASON_RESIGNATION);
}

void dr_game_agree_draw(struct dr_game *g) { decide(g, DR_DRAW, DR_REASON_AGREEMENT); }

void dr_game_flag(struct dr_game *g, int side)
{
    decide(g, side == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS, DR_REASON_TIME);
}

void dr_game_adjudicate(struct dr_game *g, enum dr_result r)
{
    decide(g, r, DR_REASON_ADJUDICATION);
}

const char *dr_result_text(enum dr_result r)
{
    switch (r) {
    case DR_WHITE_WINS:
        return "White wins";
    case DR_BLACK_WINS:
        return "Black wins";
    case DR_DRAW:
        return "Draw";
    case DR_ONGOING:
        break;
    }
    return "Game in progress";
}

void dr_game_result_sentence(const struct dr_game *g, char *buf, size_t size)
{
    const char *loser = g->result == DR_WHITE_WINS ? "Black" : "White";
    const char *why = "";
    char tmp[96];
    switch (g->reason) {
    case DR_REASON_NO_MOVES:
        snprintf(tmp, sizeof tmp, "%s has no legal move", loser);
        why = tmp;
        break;
    case DR_REASON_REPETITION:
        snprintf(tmp, sizeof tmp, "the same position occurred %d times",
                 g->v.draw_repetitions);
        why = tmp;
        break;
    case DR_REASON_KINGS_ONLY:
        snprintf(tmp, sizeof tmp, "%d plies of king moves without a capture or man move",
                 g->v.draw_kings_only_plies);
        why = tmp;
        break;
    case DR_REASON_ENDGAME_RULE:
        snprintf(tmp, sizeof tmp, "the endgame was not won within %d plies",
                 g->counters.endgame_rule);
        why = tmp;
        break;
    case DR_REASON_AGREEMENT:
        why = "agreed by the players";
        break;
    case DR_REASON_RESIGNATION:
        snprintf(tmp, sizeof tmp, "%s resigned", loser);
        why = tmp;
        break;
    case DR_REASON_TIME:
        snprintf(tmp, sizeof tmp, "%s ran out of time", loser);
        why = tmp;
        break;
    case DR_REASON_ADJUDICATION:
        snprintf(tmp, sizeof tmp, "adjudicated after %d plies", g->ply);
        why = tmp;
        break;
    case DR_REASON_NONE:
        break;
    }
    snprintf(buf, size, "%s%s%s", dr_result_text(g->result), *why ? ": " : "", why);
}
