/* A turn at the board (turn.h).  Legality comes from the rules core
 * (dr_game_legal, dr_capture_paths, dr_move_path and their precedence
 * keys); this file only keeps the selection and explains refusals. */
#include "draughts/turn.h"

#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"

static bool has(uint64_t set, int sq) { return sq >= 0 && ((set >> sq) & 1); }

void dr_turn_clear(struct dr_turn *t)
{
    memset(t, 0, sizeof *t);
    t->sel = -1;
}

void dr_turn_begin(struct dr_turn *t, const struct dr_game *g)
{
    dr_turn_clear(t);
    t->game = g;
    dr_game_legal(g, &t->legal);
    if (t->legal.count && t->legal.moves[0].captures)
        for (int i = 0; i < t->legal.count; i++) {
            const struct dr_move *m = &t->legal.moves[i];
            t->must_from |= 1ULL << m->from;
            int n = __builtin_popcountll(m->captures);
            if (n > t->max_take)
                t->max_take = n;
        }
}

void dr_turn_put_back(struct dr_turn *t)
{
    t->sel = -1;
    t->dests = 0;
    t->nchoices = 0;
}

uint64_t dr_turn_movable(const struct dr_turn *t)
{
    uint64_t set = 0;
    for (int i = 0; i < t->legal.count; i++)
        set |= 1ULL << t->legal.moves[i].from;
    return set;
}

uint64_t dr_turn_dests(const struct dr_turn *t, int from)
{
    uint64_t set = 0;
    for (int i = 0; i < t->legal.count; i++)
        if (t->legal.moves[i].from == from)
            set |= 1ULL << t->legal.moves[i].to;
    return set;
}

void dr_turn_must_capture(const struct dr_turn *t, char *say, size_t size)
{
    const struct dr_variant *v = t->game ? dr_game_variant(t->game) : NULL;
    if (!t->must_from || !v)
        snprintf(say, size, "%s", "");
    else if (v->precedence != DR_PREC_FREE && t->max_take > 1)
        snprintf(say, size, "You must capture: %s rule, take %d",
                 v->precedence == DR_PREC_ITALIAN ? "Italian" : "majority", t->max_take);
    else
        snprintf(say, size, "You must capture (pieces marked !)");
}

/* ---- explanations ---- */

/* The best-keyed capture path of the piece on from (landing on to, or
 * anywhere when to is -1). */
struct best_path {
    int to;
    bool have;
    struct dr_path path;
};

static void keep_best(void *arg, const struct dr_path *p)
{
    struct best_path *b = arg;
    if (b->to >= 0 && p->to != b->to)
        return;
    if (!b->have || p->key > b->path.key) {
        b->path = *p;
        b->have = true;
    }
}

/* Why this piece's best capture loses to the precedence rule. */
static bool explain_precedence(const struct dr_turn *t, const struct dr_path *mine, char *say,
                               size_t size)
{
    const struct dr_variant *v = dr_game_variant(t->game);
    const struct dr_position *pos = dr_game_position(t->game);
    struct dr_path best;
    if (!t->legal.count || !dr_move_path(v, pos, &t->legal.moves[0], &best) ||
        mine->key >= best.key)
        return false;
    char with[200];
    dr_squares_text(v, t->must_from, "or", with, sizeof with);
    enum dr_prec_reason why = dr_precedence_reason(v, best.key, mine->key);
    if (why == DR_PREC_MORE_PIECES) {
        snprintf(say, size,
                 "You must capture: %s rule, take %d; this capture takes only %d. Capture with %s.",
                 v->precedence == DR_PREC_ITALIAN ? "Italian" : "majority",
                 __builtin_popcountll(best.captures), __builtin_popcountll(mine->captures),
                 with);
        return true;
    }
    const char *rule = why == DR_PREC_KING_CAPTURES
                           ? "when captures take as many pieces, the king must capture"
                       : why == DR_PREC_MORE_KINGS ? "take the most kings"
                                                   : "take a king as early in the capture as possible";
    snprintf(say, size, "Italian precedence: %s. Capture with %s.", rule, with);
    return true;
}

/* The playing square at file f, rank r, or -1. */
static int square_at(const struct dr_variant *v, int f, int r)
{
    for (uint64_t b = v->board; b; b &= b - 1) {
        int sq = __builtin_ctzll(b);
        if (v->sq_file[sq] == f && v->sq_rank[sq] == r)
            return sq;
    }
    return -1;
}

/* A man that tries to jump a king where men cannot take kings. */
static bool explain_man_vs_king(const struct dr_turn *t, int from, int to, char *say, size_t size)
{
    const struct dr_variant *v = dr_game_variant(t->game);
    const struct dr_position *pos = dr_game_position(t->game);
    if (v->men_capture_kings || has(pos->kings, from) || to < 0)
        return false;
    int df = v->sq_file[to] - v->sq_file[from], dr = v->sq_rank[to] - v->sq_rank[from];
    if ((df != 2 && df != -2 && df != 0) || (dr != 2 && dr != -2 && dr != 0) || (!df && !dr))
        return false;
    int mid = square_at(v, v->sq_file[from] + df / 2, v->sq_rank[from] + dr / 2);
    if (!has(pos->pieces[!pos->side] & pos->kings, mid))
        return false;
    snprintf(say, size, "In this variant a man cannot take a king.");
    return true;
}

/* A piece of the side to move on from that cannot go to to (or, to -1,
 * cannot move at all). */
static bool explain_own_piece(const struct dr_turn *t, int from, int to, char *say, size_t size)
{
    const struct dr_variant *v = dr_game_variant(t->game);
    const struct dr_position *pos = dr_game_position(t->game);
    char fname[DR_SQUARE_NAME_LEN], tname[DR_SQUARE_NAME_LEN], list[200];
    dr_square_name(v, from, fname);
    const char *piece = dr_piece_name(pos, from);
    uint64_t dests = dr_turn_dests(t, from);
    bool legal = has(dests, to);
    if (legal)
        return false;
    if (explain_man_vs_king(t, from, to, say, size))
        return true;
    if (t->must_from) {
        struct best_path mine = {to, false, {0}};
        dr_capture_paths(v, pos, from, keep_best, &mine);
        if (mine.have && v->precedence != DR_PREC_FREE &&
            explain_precedence(t, &mine.path, say, size))
            return true;
        if (dests) {
            dr_squares_text(v, dests, "or", list, sizeof list);
            snprintf(say, size, "You must capture: the %s on %s can take by going to %s.", piece,
                     fname, list);
        } else {
            dr_squares_text(v, t->must_from, "or", list, sizeof list);
            snprintf(say, size, "You must capture, and the %s on %s cannot. Capture with %s.",
                     piece, fname, list);
        }
        return true;
    }
    if (!dests) {
        snprintf(say, size, "The %s on %s cannot move: it is blocked.", piece, fname);
        return true;
    }
    if (to < 0)
        return false;
    dr_square_name(v, to, tname);
    dr_squares_text(v, dests, "or", list, sizeof list);
    if (has(dr_occupied(pos), to))
        snprintf(say, size, "%s is occupied. The %s on %s can go to %s.", tname, piece, fname,
                 list);
    else
        snprintf(say, size, "The %s on %s cannot go to %s; it can go to %s.", piece, fname, tname,
                 list);
    return true;
}

bool dr_turn_explain(const struct dr_turn *t, int from, int to, char *say, size_t size)
{
    if (!t->game)
        return false;
    const struct dr_variant *v = dr_game_variant(t->game);
    const struct dr_position *pos = dr_game_position(t->game);
    if (dr_game_over(t->game)) {
        char s[200];
        dr_game_result_sentence(t->game, s, sizeof s);
        snprintf(say, size, "The game is over (%s).", s);
        return true;
    }
    if (from < 0) {
        snprintf(say, size, "Pieces stand on the dark squares only.");
        return true;
    }
    if (!has(pos->pieces[pos->side], from)) {
        char fname[DR_SQUARE_NAME_LEN];
        dr_square_name(v, from, fname);
        if (has(pos->pieces[!pos->side], from))
            snprintf(say, size, "That is a %s %s: %s is to move.", dr_side_name(!pos->side),
                     dr_piece_name(pos, from), dr_side_name(pos->side));
        else
            snprintf(say, size, "There is no piece on %s.", fname);
        return true;
    }
    return explain_own_piece(t, from, to, say, size);
}

/* ---- picking up and putting down ---- */

static enum dr_turn_step refuse(const struct dr_turn *t, int from, int to, char *say, size_t size)
{
    if (!dr_turn_explain(t, from, to, say, size))
        snprintf(say, size, "Not a legal move.");
    return DR_TURN_REFUSED;
}

static enum dr_turn_step pick(struct dr_turn *t, int sq, char *say, size_t size)
{
    uint64_t d = sq >= 0 ? dr_turn_dests(t, sq) : 0;
    if (!d)
        return refuse(t, sq, -1, say, size);
    const struct dr_variant *v = dr_game_variant(t->game);
    char name[DR_SQUARE_NAME_LEN], list[200];
    dr_square_name(v, sq, name);
    dr_squares_text(v, d, "or", list, sizeof list);
    t->sel = sq;
    t->dests = d;
    t->nchoices = 0;
    snprintf(say, size, "The %s on %s can go to %s.", dr_piece_name(dr_game_position(t->game), sq),
             name, list);
    return DR_TURN_PICKED;
}

enum dr_turn_step dr_turn_go(struct dr_turn *t, int from, int to, struct dr_move *move,
                             char *say, size_t size)
{
    if (!t->game)
        return refuse(t, from, to, say, size);
    int n = 0;
    t->nchoices = 0;
    for (int i = 0; i < t->legal.count; i++) {
        const struct dr_move *m = &t->legal.moves[i];
        if (m->from != from || m->to != to)
            continue;
        if (n++ == 0)
            *move = *m;
        if (t->nchoices < DR_TURN_MAX_CHOICES)
            t->choices[t->nchoices++] = *m;
    }
    if (n == 1) {
        dr_turn_put_back(t);
        return DR_TURN_MOVE;
    }
    if (n > 1) {
        t->sel = from;
        t->dests = dr_turn_dests(t, from);
        snprintf(say, size, "Two or more captures go from there to there: choose which pieces "
                            "to take.");
        return DR_TURN_CHOOSE;
    }
    t->nchoices = 0;
    return refuse(t, from, to, say, size);
}

enum dr_turn_step dr_turn_touch(struct dr_turn *t, int sq, struct dr_move *move, char *say,
                                size_t size)
{
    if (!t->game)
        return refuse(t, sq, -1, say, size);
    if (t->sel < 0)
        return pick(t, sq, say, size);
    if (sq == t->sel) {
        dr_turn_put_back(t);
        snprintf(say, size, "Put back.");
        return DR_TURN_PUT_BACK;
    }
    const struct dr_position *pos = dr_game_position(t->game);
    if (has(pos->pieces[pos->side], sq)) {
        if (dr_turn_dests(t, sq))
            return pick(t, sq, say, size); /* another piece of one's own: that one instead */
        return refuse(t, sq, -1, say, size);
    }
    if (sq < 0) {
        snprintf(say, size, "Pieces stand on the dark squares only.");
        return DR_TURN_REFUSED;
    }
    return dr_turn_go(t, t->sel, sq, move, say, size);
}
