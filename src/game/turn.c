/* A turn at the board (turn.h).  Legality comes from the rules core
 * (dr_game_legal, dr_capture_paths, dr_move_path and their precedence
 * keys); this file only keeps the selection and the partial path, and
 * explains refusals. */
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
    if (!t->legal.count || !t->legal.moves[0].captures)
        return;
    for (int i = 0; i < t->legal.count; i++) {
        const struct dr_move *m = &t->legal.moves[i];
        t->must_from |= 1ULL << m->from;
        int n = __builtin_popcountll(m->captures);
        if (n > t->max_take)
            t->max_take = n;
    }
    struct dr_path best; /* every legal capture has the best key */
    if (dr_move_path(dr_game_variant(g), dr_game_position(g), &t->legal.moves[0], &best))
        t->key = best.key;
}

void dr_turn_put_back(struct dr_turn *t)
{
    t->sel = -1;
    t->npath = 0;
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
    if (!t->must_from || mine->key >= t->key)
        return false;
    char with[200];
    dr_squares_text(v, t->must_from, "or", with, sizeof with);
    enum dr_prec_reason why = dr_precedence_reason(v, t->key, mine->key);
    if (why == DR_PREC_MORE_PIECES) {
        snprintf(say, size,
                 "You must capture: %s rule, take %d; this capture takes only %d. Capture with %s.",
                 v->precedence == DR_PREC_ITALIAN ? "Italian" : "majority", t->max_take,
                 __builtin_popcountll(mine->captures), with);
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

static uint64_t reach_from(const struct dr_turn *t, int from, int npath);

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
            /* the squares picking it up offers: first landings too */
            dr_squares_text(v, reach_from(t, from, 0), "or", list, sizeof list);
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

/* The piece held, after a landing: why it cannot go on to to. */
static bool explain_path(const struct dr_turn *t, int to, char *say, size_t size)
{
    const struct dr_variant *v = dr_game_variant(t->game);
    char fname[DR_SQUARE_NAME_LEN], at[DR_SQUARE_NAME_LEN], tname[DR_SQUARE_NAME_LEN], list[200];
    if (to < 0 || has(t->dests, to))
        return false;
    dr_square_name(v, t->sel, fname);
    dr_square_name(v, t->path[t->npath - 1], at);
    dr_square_name(v, to, tname);
    dr_squares_text(v, t->dests, "or", list, sizeof list);
    const char *piece = dr_piece_name(dr_game_position(t->game), t->sel);
    if (to == t->path[t->npath - 1])
        snprintf(say, size, "The %s on %s has landed on %s; it can go on to %s.", piece, fname,
                 at, list);
    else
        snprintf(say, size, "The %s on %s cannot go on from %s to %s; it can go on to %s.", piece,
                 fname, at, tname, list);
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
    if (from == t->sel && t->npath)
        return explain_path(t, to, say, size);
    return explain_own_piece(t, from, to, say, size);
}

/* ---- the capture path entered so far ---- */

/* A set of the legal moves, by their index in t->legal. */
struct move_set {
    uint64_t w[DR_MAX_MOVES / 64];
};

static void set_add(struct move_set *s, int i) { s->w[i / 64] |= 1ULL << (i % 64); }
static bool set_has(const struct move_set *s, int i) { return (s->w[i / 64] >> (i % 64)) & 1; }

static int set_count(const struct move_set *s)
{
    int n = 0;
    for (size_t i = 0; i < sizeof s->w / sizeof s->w[0]; i++)
        n += __builtin_popcountll(s->w[i]);
    return n;
}

/* The legal moves from -> to. */
static void moves_between(const struct dr_turn *t, int from, int to, struct move_set *s)
{
    for (int i = 0; i < t->legal.count; i++)
        if (t->legal.moves[i].from == from && t->legal.moves[i].to == to)
            set_add(s, i);
}

/* The legal move that capture path p plays, or -1: a path of a key the
 * precedence rule refuses is none, even to a legal move's squares. */
static int legal_index(const struct dr_turn *t, const struct dr_path *p)
{
    if (p->key != t->key)
        return -1;
    for (int i = 0; i < t->legal.count; i++) {
        const struct dr_move *m = &t->legal.moves[i];
        if (m->from == p->from && m->to == p->to && m->captures == p->captures)
            return i;
    }
    return -1;
}

/* The legal capture paths of the piece on from that begin with the first
 * npath landing squares entered: where they land next and where they end,
 * and the moves of those that end on sq and of those that land on sq and
 * go on. */
struct fit {
    const struct dr_turn *t;
    int npath, sq;
    uint64_t next, ends;
    struct move_set end_on, via;
};

static void fit_path(void *arg, const struct dr_path *p)
{
    struct fit *f = arg;
    int k = f->npath, i;
    if (p->n <= k || memcmp(p->land, f->t->path, (size_t)k) || (i = legal_index(f->t, p)) < 0)
        return;
    f->ends |= 1ULL << p->to;
    if (p->n > k + 1)
        f->next |= 1ULL << p->land[k];
    if (p->to == f->sq)
        set_add(&f->end_on, i);
    else if (p->n > k + 1 && p->land[k] == f->sq)
        set_add(&f->via, i);
}

static void fit_piece(const struct dr_turn *t, int from, int npath, int sq, struct fit *f)
{
    memset(f, 0, sizeof *f);
    f->t = t;
    f->npath = npath;
    f->sq = sq;
    if (t->must_from)
        dr_capture_paths(dr_game_variant(t->game), dr_game_position(t->game), from, fit_path, f);
}

/* The same for the piece held and the path entered. */
static void fit(const struct dr_turn *t, int sq, struct fit *f)
{
    fit_piece(t, t->sel, t->npath, sq, f);
}

/* Where the piece on from can go next after npath landings: the next
 * landing squares and the ends of its legal captures (and, with no path
 * entered, its ordinary moves). */
static uint64_t reach_from(const struct dr_turn *t, int from, int npath)
{
    struct fit f;
    fit_piece(t, from, npath, -1, &f);
    return f.next | f.ends | (npath ? 0 : dr_turn_dests(t, from));
}

static uint64_t reach(const struct dr_turn *t)
{
    return reach_from(t, t->sel, t->npath);
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
    if (sq < 0 || !dr_turn_dests(t, sq))
        return refuse(t, sq, -1, say, size);
    const struct dr_variant *v = dr_game_variant(t->game);
    char name[DR_SQUARE_NAME_LEN], list[200];
    t->sel = sq;
    t->npath = 0;
    t->nchoices = 0;
    /* its own square puts it back, even where a capture comes round to it */
    t->dests = reach(t) & ~(1ULL << sq);
    dr_square_name(v, sq, name);
    dr_squares_text(v, t->dests, "or", list, sizeof list);
    snprintf(say, size, "The %s on %s can go to %s.", dr_piece_name(dr_game_position(t->game), sq),
             name, list);
    return DR_TURN_PICKED;
}

/* The legal moves of s (one or more): one is played, more are a choice. */
static enum dr_turn_step decide(struct dr_turn *t, const struct move_set *s, struct dr_move *move,
                                char *say, size_t size)
{
    t->nchoices = 0;
    for (int i = 0; i < t->legal.count && t->nchoices < DR_TURN_MAX_CHOICES; i++)
        if (set_has(s, i))
            t->choices[t->nchoices++] = t->legal.moves[i];
    *move = t->choices[0];
    if (set_count(s) == 1) {
        dr_turn_put_back(t);
        return DR_TURN_MOVE;
    }
    snprintf(say, size, "Two or more captures go from there to there: choose which pieces "
                        "to take.");
    return DR_TURN_CHOOSE;
}

enum dr_turn_step dr_turn_go(struct dr_turn *t, int from, int to, struct dr_move *move,
                             char *say, size_t size)
{
    if (!t->game)
        return refuse(t, from, to, say, size);
    struct move_set s = {{0}};
    moves_between(t, from, to, &s);
    t->nchoices = 0;
    if (t->npath) { /* typed: the whole move, not the path entered */
        t->npath = 0;
        t->dests = reach(t);
    }
    if (!set_count(&s))
        return refuse(t, from, to, say, size);
    enum dr_turn_step step = decide(t, &s, move, say, size);
    if (step == DR_TURN_CHOOSE) {
        t->sel = from;
        t->dests = reach(t);
    }
    return step;
}

/* The piece held, after a landing on sq that leaves two or more moves. */
static enum dr_turn_step landed(struct dr_turn *t, int sq, char *say, size_t size)
{
    const struct dr_variant *v = dr_game_variant(t->game);
    char fname[DR_SQUARE_NAME_LEN], at[DR_SQUARE_NAME_LEN], list[200];
    t->path[t->npath++] = (uint8_t)sq;
    t->dests = reach(t);
    dr_square_name(v, t->sel, fname);
    dr_square_name(v, sq, at);
    dr_squares_text(v, t->dests, "or", list, sizeof list);
    snprintf(say, size, "The %s on %s lands on %s and can go on to %s.",
             dr_piece_name(dr_game_position(t->game), t->sel), fname, at, list);
    return DR_TURN_LANDED;
}

/* The piece held, put down on sq (the end of its move: played, or the
 * captures ending there to choose from) or landing there on its way. */
static enum dr_turn_step put(struct dr_turn *t, int sq, struct dr_move *move, char *say,
                             size_t size)
{
    struct fit f;
    fit(t, sq, &f);
    if (!t->npath)
        moves_between(t, t->sel, sq, &f.end_on); /* the end alone, as typed */
    if (set_count(&f.end_on))
        return decide(t, &f.end_on, move, say, size);
    if (!set_count(&f.via))
        return refuse(t, t->sel, sq, say, size);
    if (set_count(&f.via) == 1)
        return decide(t, &f.via, move, say, size);
    return landed(t, sq, say, size);
}

enum dr_turn_step dr_turn_touch(struct dr_turn *t, int sq, struct dr_move *move, char *say,
                                size_t size)
{
    if (!t->game)
        return refuse(t, sq, -1, say, size);
    if (t->sel < 0)
        return pick(t, sq, say, size);
    if (sq == t->sel && t->npath) {
        if (t->dests & (1ULL << sq))
            return put(t, sq, move, say, size); /* a capture that comes round through it */
        return pick(t, sq, say, size); /* the path taken back, the piece still held */
    }
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
    return put(t, sq, move, say, size);
}
