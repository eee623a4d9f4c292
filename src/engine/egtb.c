/* Endgame tables by retrograde analysis.  A position is won in d plies when
 * a move reaches a position lost in d - 1 (and none lost in less), lost in
 * d when every move reaches a won position, the longest won in d - 1, and
 * drawn when neither ever holds.
 *
 * A material class (white men, white kings, black men, black kings) leads by
 * a quiet move to itself, by a crowning to a class with fewer men and by a
 * capture to one with fewer pieces; built in that order, every other class
 * a move reaches is final already.  Within a class, one pass over the
 * forward moves of every position notes what its moves out of the class
 * give and how many stay inside; then positions are made final in order of
 * distance, and each tells the positions that reach it by a quiet move
 * (found by taking that move back): a loss makes them wins one ply longer,
 * and the last of their moves to turn out a win makes them losses. */
#include <stdlib.h>
#include <string.h>

#include "draughts/bitboard.h"
#include "draughts/drawrules.h"
#include "draughts/movegen.h"
#include "egtb.h"
#include "egtb_impl.h"

static void groups_of(const struct dr_position *pos, uint64_t g[GROUPS])
{
    g[0] = pos->pieces[DR_WHITE] & ~pos->kings;
    g[1] = pos->pieces[DR_WHITE] & pos->kings;
    g[2] = pos->pieces[DR_BLACK] & ~pos->kings;
    g[3] = pos->pieces[DR_BLACK] & pos->kings;
}

/* A group's squares as one number among all the ways to place that many
 * pieces on its squares (the combinatorial number system); the groups in
 * order make the digits of the index, then the side to move. */
static uint32_t group_rank(const struct egtb *t, int grp, uint64_t b)
{
    uint32_t rank = 0;
    for (int k = 1; b; k++)
        rank += t->binom[t->dense_of[grp][bits_pop(&b)]][k];
    return rank;
}

static uint32_t index_of(const struct egtb *t, const uint64_t g[GROUPS], int side)
{
    uint32_t idx = 0;
    for (int i = 0; i < GROUPS; i++)
        idx = idx * t->binom[t->nallowed[i]][bits_count(g[i])] + group_rank(t, i, g[i]);
    return idx * 2 + (uint32_t)side;
}

/* The squares of every rank of each group of the class being built, so
 * that a position is read off its index with a few divisions. */
struct placements {
    uint64_t *of[GROUPS];
    uint32_t ways[GROUPS];
};

/* The squares of the group whose rank is rank, k of them. */
static uint64_t unrank(const struct egtb *t, int grp, uint32_t rank, int k)
{
    uint64_t b = 0;
    for (int a = t->nallowed[grp] - 1; k > 0; k--) {
        while (t->binom[a][k] > rank)
            a--;
        rank -= t->binom[a][k];
        b |= 1ULL << t->bit_of[grp][a--];
    }
    return b;
}

static bool placements_init(const struct egtb *t, const struct egtb_class *c,
                            struct placements *pl)
{
    for (int grp = 0; grp < GROUPS; grp++) {
        pl->ways[grp] = t->binom[t->nallowed[grp]][c->count[grp]];
        pl->of[grp] = malloc(pl->ways[grp] * sizeof *pl->of[grp]);
        if (!pl->of[grp])
            return false;
        for (uint32_t r = 0; r < pl->ways[grp]; r++)
            pl->of[grp][r] = unrank(t, grp, r, c->count[grp]);
    }
    return true;
}

static void placements_free(struct placements *pl)
{
    for (int grp = 0; grp < GROUPS; grp++)
        free(pl->of[grp]);
}

/* The position of index idx; false when idx places two pieces on a
 * square. */
static bool decode(const struct placements *pl, uint32_t idx, struct dr_position *pos)
{
    pos->side = (int)(idx & 1);
    idx >>= 1;
    uint64_t g[GROUPS];
    bool overlap = false;
    for (int grp = GROUPS - 1; grp >= 0; grp--) {
        g[grp] = pl->of[grp][idx % pl->ways[grp]];
        idx /= pl->ways[grp];
    }
    pos->pieces[DR_WHITE] = g[0] | g[1];
    pos->pieces[DR_BLACK] = g[2] | g[3];
    pos->kings = g[1] | g[3];
    uint64_t all = 0;
    for (int grp = 0; grp < GROUPS; grp++) {
        overlap |= (all & g[grp]) != 0;
        all |= g[grp];
    }
    return !overlap;
}

/* Where pos lies in the tables: its class (-1 when the side to move has no
 * piece left, -2 beyond the tables) and index. */
static int class_index(const struct egtb *t, const struct dr_position *pos, int n[GROUPS],
                       uint64_t g[GROUPS])
{
    if (!pos->pieces[pos->side])
        return -1;
    groups_of(pos, g);
    for (int i = 0; i < GROUPS; i++) {
        n[i] = bits_count(g[i]);
        if (n[i] > EGTB_MAX_PIECES)
            return -2;
    }
    int ci = t->class_of[n[0]][n[1]][n[2]][n[3]];
    return ci < 0 ? -2 : ci;
}

static int locate(const struct egtb *t, const struct dr_position *pos, uint32_t *idx)
{
    uint64_t g[GROUPS];
    int n[GROUPS];
    int ci = class_index(t, pos, n, g);
    if (ci < 0)
        return ci;
    if (t->mirrored[n[0]][n[1]][n[2]][n[3]]) {
        uint64_t m[GROUPS] = {0};
        for (int i = 0; i < GROUPS; i++)
            for (uint64_t b = g[i]; b;)
                m[(i + 2) % GROUPS] |= 1ULL << t->mirror_bit[bits_pop(&b)];
        *idx = index_of(t, m, !pos->side);
    } else {
        *idx = index_of(t, g, pos->side);
    }
    return ci;
}

/* The value at what locate found. */
static uint8_t value_at(const struct egtb *t, int ci, uint32_t idx)
{
    if (ci == -1)
        return 1; /* no piece left: lost, no move to make */
    return ci < 0 ? INVALID : t->classes[ci].value[idx];
}

#define KING_MOVED 0x80000000u /* in a predecessor: it reaches pos by a king's move */

/* The positions that reach pos by a quiet move (pos with the other side to
 * move): each piece of the side that moved goes back along one of its
 * directions.  Where that side had a capture, the move was not legal: the
 * caller checks. */
static void predecessors(const struct egtb *t, const struct dr_position *pos, uint32_t *out,
                         int *n)
{
    const struct dr_variant *v = t->v;
    int mover = !pos->side;
    uint64_t empty = v->board & ~dr_occupied(pos);
    /* the index is a sum of a digit per group: only the moving group's
     * changes */
    uint64_t g[GROUPS];
    uint32_t rank[GROUPS], weight[GROUPS], base = 0;
    groups_of(pos, g);
    for (int i = GROUPS - 1, w = 1; i >= 0; i--) {
        rank[i] = group_rank(t, i, g[i]);
        weight[i] = (uint32_t)w;
        base += rank[i] * weight[i];
        w *= (int)t->binom[t->nallowed[i]][bits_count(g[i])];
    }
    *n = 0;
    for (uint64_t own = pos->pieces[mover]; own;) {
        int to = bits_pop(&own);
        uint64_t to_bit = 1ULL << to;
        bool king = (pos->kings & to_bit) != 0;
        int grp = mover * 2 + king;
        uint32_t rest = base - rank[grp] * weight[grp];
        unsigned dirs = king ? v->king_move_dirs[mover] : v->man_move_dirs[mover];
        for (; dirs; dirs &= dirs - 1) {
            int back = (__builtin_ctz(dirs) + DR_NDIRS / 2) % DR_NDIRS;
            uint64_t from = king && v->king_flying ? bits_slide(v, to, back, empty)
                                                   : bits_step(v, to_bit, back) & empty;
            if (!king)
                from &= ~v->promo_row[mover];
            while (from) {
                uint64_t from_bit = 1ULL << bits_pop(&from);
                uint32_t r = group_rank(t, grp, g[grp] ^ to_bit ^ from_bit);
                out[(*n)++] = ((rest + r * weight[grp]) * 2 + (uint32_t)mover) |
                              (king ? KING_MOVED : 0);
            }
        }
    }
}

/* Positions waiting to be made final, by the distance they would get. */
struct queue {
    uint32_t *at[MAX_PLIES + 1];
    size_t n[MAX_PLIES + 1], cap[MAX_PLIES + 1];
};

static bool push(struct queue *q, int dist, uint32_t idx)
{
    if (dist > MAX_PLIES)
        return false; /* beyond a byte (no ending of our variants comes near):
                         no tables rather than a false draw */
    if (q->n[dist] == q->cap[dist]) {
        size_t cap = q->cap[dist] ? q->cap[dist] * 2 : 1024;
        uint32_t *a = realloc(q->at[dist], cap * sizeof *a);
        if (!a)
            return false;
        q->at[dist] = a;
        q->cap[dist] = cap;
    }
    q->at[dist][q->n[dist]++] = idx;
    return true;
}

/* What the moves of an unsolved position that leave its class lead to
 * (final already), and how many stay in the class. */
enum { OUT_DRAW = 1, OUT_LOSS = 2, CAPTURES = 4 };
/* Everything a position of the class being built needs, side by side:
 * telling a predecessor touches one place in memory. */
struct slot {
    uint16_t inside; /* moves within the class not yet known to lose */
    uint8_t value;   /* as in the tables, copied there when the class is done */
    uint8_t out_win; /* longest win reached outside, plies + 1; 0 none */
    uint8_t flags;   /* OUT_DRAW, OUT_LOSS; CAPTURES: its moves are captures */
    uint8_t queued;  /* shortest distance + 1 a win is queued at; 0 none */
    /* the need (measure below) by the moves known so far: the least among
     * the shortest wins, the most among the moves to a win */
    uint8_t need_win, need_loss;
};

/* What the draw counters must leave for a win or loss of the tables to
 * hold, when the winner plays the shortest win and the loser anything (so
 * every ply brings the end nearer, and the need of a position is known when
 * its distance is).  need is:
 *  - where no material count runs: the longest the kings-only count grows
 *    from here, in plies, before a man move or capture restarts it;
 *  - where one runs: the plies it must have left (the kings-only count,
 *    restarted when the material count began, runs no longer: see
 *    counts_nest);
 * NEED_NEVER when some later count is sure to run out first.  egtb_fits
 * reads it.  The need a move gives, from next_need after it: */
static int need_step(const struct egtb *t, int limit, int next_limit, bool capture,
                     bool kings_only_move, int next_need)
{
    int ko = t->kings_only_limit;
    if (next_need == NEED_NEVER)
        return NEED_NEVER;
    if (!limit) {
        if (next_limit) /* a count starts (a crowning or capture: kings-only restarts) */
            return next_need <= next_limit ? 0 : NEED_NEVER;
        if (ko && kings_only_move)
            return next_need + 1 < NEED_NEVER ? next_need + 1 : NEED_NEVER;
        return !ko || next_need < ko ? 0 : NEED_NEVER;
    }
    if (!next_limit) /* the count stops by a capture or crowning */
        return !ko || next_need < ko ? 1 : NEED_NEVER;
    if (!capture && next_limit == limit)
        return next_need + 1 < NEED_NEVER ? next_need + 1 : NEED_NEVER;
    /* a new count, cut to what the running one had left */
    return next_need <= next_limit ? next_need : NEED_NEVER;
}

static uint8_t need_at(const struct egtb *t, int ci, uint32_t idx)
{
    return ci < 0 ? 0 : t->classes[ci].need[idx]; /* no piece left: the end */
}

/* A move to a position lost in dist plies (win) or winning (loss) tells
 * the position before it. */
static void tell_need(struct slot *s, bool to_loss, int dist, int need)
{
    if (!to_loss) {
        if (need > s->need_loss)
            s->need_loss = (uint8_t)need;
    } else if (!s->queued || dist + 2 < s->queued) {
        s->need_win = (uint8_t)need; /* a shorter win: the longer do not count */
    } else if (dist + 2 == s->queued && need < s->need_win) {
        s->need_win = (uint8_t)need;
    }
}

static bool seed(struct egtb *t, int ci, uint32_t idx, const struct dr_position *pos,
                 const struct dr_movelist *l, struct slot *p, struct queue *q)
{
    int out_loss = 0, out_win = 0, inside = 0;
    int limit = t->needs ? dr_endgame_limit(t->v, pos) : 0;
    uint8_t flags = 0;
    for (int m = 0; m < l->count; m++) {
        struct dr_position next = *pos;
        dr_make(t->v, &next, &l->moves[m]);
        uint64_t g[GROUPS];
        int n[GROUPS];
        if (class_index(t, &next, n, g) == ci) {
            inside++;
            continue;
        }
        uint32_t cidx = 0;
        int cc = locate(t, &next, &cidx);
        int cv = value_at(t, cc, cidx);
        if (cv == 0 || cv == INVALID) {
            flags |= OUT_DRAW;
            continue;
        }
        bool to_loss = (cv - 1) % 2 == 0;
        if (t->needs) {
            int need = need_step(t, limit, dr_endgame_limit(t->v, &next), l->moves[m].captures,
                                 dr_move_kings_only(pos, &l->moves[m]), need_at(t, cc, cidx));
            p->queued = (uint8_t)(out_loss ? out_loss + 1 : 0);
            tell_need(p, to_loss, cv - 1, need);
        }
        if (to_loss) {
            flags |= OUT_LOSS;
            if (!out_loss || cv < out_loss)
                out_loss = cv;
        } else if (cv > out_win) {
            out_win = cv;
        }
    }
    p->inside = (uint16_t)inside;
    p->out_win = (uint8_t)out_win;
    p->flags = flags | (l->moves[0].captures ? CAPTURES : 0);
    if (out_loss) {
        p->queued = (uint8_t)(out_loss + 1);
        return push(q, out_loss, idx);
    }
    if (!inside && !flags)
        return push(q, out_win, idx);
    return true;
}

/* Make the queued positions final in order of distance; each tells the
 * positions that lead to it. */
static bool solve(struct egtb *t, const struct placements *pl, struct slot *p,
                  struct queue *q, uint8_t *need_of)
{
    static const int max_preds = DR_MAX_MOVES * 2;
    uint32_t *preds = malloc(sizeof *preds * (size_t)max_preds);
    if (!preds)
        return false;
    bool ok = true;
    for (int dist = 0; ok && dist <= MAX_PLIES; dist++) {
        for (size_t i = 0; ok && i < q->n[dist]; i++) {
            uint32_t idx = q->at[dist][i];
            if (p[idx].value != 0)
                continue;
            p[idx].value = (uint8_t)(dist + 1);
            if (dist % 2 && dist > t->longest_win)
                t->longest_win = dist;
            struct dr_position pos;
            decode(pl, idx, &pos);
            int limit = 0, need = 0;
            if (need_of) {
                limit = dr_endgame_limit(t->v, &pos);
                need = dist % 2 ? p[idx].need_win : p[idx].need_loss;
                if (!(dist % 2) && limit && need < 1)
                    need = 1; /* the end itself must come before the count's */
                need_of[idx] = (uint8_t)need;
            }
            int n;
            predecessors(t, &pos, preds, &n);
            for (int j = 0; j < n; j++)
                __builtin_prefetch(&p[preds[j] & ~KING_MOVED]);
            for (int j = 0; ok && j < n; j++) {
                uint32_t pi = preds[j] & ~KING_MOVED;
                struct slot *ps = &p[pi];
                if (ps->value != 0 || (ps->flags & CAPTURES))
                    continue;
                if (need_of)
                    tell_need(ps, dist % 2 == 0, dist,
                              need_step(t, limit, limit, false, preds[j] & KING_MOVED, need));
                if (dist % 2 == 0) {
                    if (!ps->queued || dist + 2 < ps->queued) {
                        ps->queued = (uint8_t)(dist + 2);
                        ok = push(q, dist + 1, pi);
                    }
                } else if (--ps->inside == 0 && !(ps->flags & (OUT_DRAW | OUT_LOSS))) {
                    int longest = ps->out_win > dist + 1 ? ps->out_win - 1 : dist;
                    ok = push(q, longest + 1, pi);
                }
            }
        }
    }
    free(preds);
    return ok;
}

static bool build_class(struct egtb *t, int ci, struct dr_movelist *l, const atomic_bool *cancel)
{
    struct egtb_class *c = &t->classes[ci];
    struct placements pl = {0};
    struct queue *q = calloc(1, sizeof *q);
    struct slot *p = calloc(c->size, sizeof *p);
    bool ok = q && p && placements_init(t, c, &pl);
    for (uint32_t idx = 0; ok && idx < c->size; idx++) {
        if (idx % 4096 == 0 && cancel && atomic_load_explicit(cancel, memory_order_relaxed))
            ok = false;
        struct dr_position pos;
        if (!decode(&pl, idx, &pos)) {
            p[idx].value = INVALID;
            continue;
        }
        p[idx].need_win = NEED_NEVER;
        /* kings that cannot capture only move within the class: the count
         * of their moves is all this position needs */
        int n = 0;
        if (!(pos.pieces[pos.side] & ~pos.kings) && !dr_has_capture(t->v, &pos)) {
            n = dr_count_moves(t->v, &pos);
            p[idx].inside = (uint16_t)n;
        } else if ((n = dr_gen_moves(t->v, &pos, l)) > 0) {
            ok = seed(t, ci, idx, &pos, l, &p[idx], q);
        }
        if (n == 0)
            ok = push(q, 0, idx);
    }
    if (ok && t->needs) {
        /* zeroed: a drawn position's need stays 0, so that the tables
         * (and their files) are a pure function of the rules */
        c->need = calloc(c->size, 1);
        ok = c->need != NULL;
    }
    ok = ok && solve(t, &pl, p, q, c->need);
    c->value = ok ? malloc(c->size) : NULL;
    ok = ok && c->value;
    for (size_t idx = 0; ok && idx < c->size; idx++)
        c->value[idx] = p[idx].value;
    placements_free(&pl);
    for (int d = 0; q && d <= MAX_PLIES; d++)
        free(q->at[d]);
    free(q);
    free(p);
    return ok;
}

static int class_order(const void *a, const void *b)
{
    const struct egtb_class *x = a, *y = b;
    if (x->npieces != y->npieces)
        return x->npieces - y->npieces;
    return x->men - y->men;
}

/* The classes of up to t->pieces pieces; the positions they hold. */
static size_t list_classes(struct egtb *t)
{
    size_t total = 0;
    t->nclasses = 0;
    for (int a = 0; a < NCOUNT; a++)
        for (int b = 0; b < NCOUNT; b++)
            for (int c = 0; c < NCOUNT; c++)
                for (int d = 0; d < NCOUNT; d++) {
                    int np = a + b + c + d;
                    if (a + b == 0 || c + d == 0 || np > t->pieces)
                        continue;
                    /* of a class and its twin, the one with more White */
                    t->mirrored[a][b][c][d] = t->symmetric && (a < c || (a == c && b < d));
                    if (t->mirrored[a][b][c][d])
                        continue;
                    struct egtb_class *k = &t->classes[t->nclasses++];
                    k->count[0] = (uint8_t)a;
                    k->count[1] = (uint8_t)b;
                    k->count[2] = (uint8_t)c;
                    k->count[3] = (uint8_t)d;
                    k->npieces = np;
                    k->men = a + c;
                    k->size = 2;
                    for (int i = 0; i < GROUPS; i++)
                        k->size *= t->binom[t->nallowed[i]][k->count[i]];
                    total += k->size;
                }
    qsort(t->classes, (size_t)t->nclasses, sizeof t->classes[0], class_order);
    memset(t->class_of, -1, sizeof t->class_of);
    for (int i = 0; i < t->nclasses; i++) {
        const uint8_t *n = t->classes[i].count;
        t->class_of[n[0]][n[1]][n[2]][n[3]] = (int8_t)i;
        t->class_of[n[2]][n[3]][n[0]][n[1]] = (int8_t)i;
    }
    return total;
}

static unsigned turned_dirs(unsigned dirs)
{
    unsigned out = 0;
    for (; dirs; dirs &= dirs - 1)
        out |= 1u << ((__builtin_ctz(dirs) + DR_NDIRS / 2) % DR_NDIRS);
    return out;
}

/* Does the board turned half round fall on itself, with Black's rules where
 * White's were?  Then mirror_bit maps each square to its turned one. */
static bool find_symmetry(struct egtb *t)
{
    const struct dr_variant *v = t->v;
    uint64_t turned_promo = 0;
    for (uint64_t b = v->board; b;) {
        int sq = bits_pop(&b), to = -1;
        for (uint64_t c = v->board; c && to < 0;) {
            int x = bits_pop(&c);
            if (v->sq_file[x] == v->width - 1 - v->sq_file[sq] &&
                v->sq_rank[x] == v->height - 1 - v->sq_rank[sq])
                to = x;
        }
        if (to < 0)
            return false;
        t->mirror_bit[sq] = (uint8_t)to;
        if (v->promo_row[DR_WHITE] & (1ULL << sq))
            turned_promo |= 1ULL << to;
    }
    return turned_promo == v->promo_row[DR_BLACK] &&
           turned_dirs(v->man_move_dirs[DR_WHITE]) == v->man_move_dirs[DR_BLACK] &&
           turned_dirs(v->man_capture_dirs[DR_WHITE]) == v->man_capture_dirs[DR_BLACK] &&
           turned_dirs(v->king_move_dirs[DR_WHITE]) == v->king_move_dirs[DR_BLACK] &&
           turned_dirs(v->king_capture_dirs[DR_WHITE]) == v->king_capture_dirs[DR_BLACK];
}

/* Are the counters simple enough for need to say when they stop a win: some
 * count at all, and no material count longer than the kings-only one (then
 * while a material count runs, the kings-only count, restarted when it
 * began, cannot run out first)? */
static bool counts_nest(const struct dr_variant *v)
{
    int ko = v->draw_kings_only_plies, longest = dr_endgame_longest(v);
    return (ko || longest) && (!ko || longest <= ko);
}

struct egtb *egtb_build(const struct dr_variant *v, int most, const char *dir,
                        const atomic_bool *cancel)
{
    struct egtb *t = calloc(1, sizeof *t);
    struct dr_movelist *l = malloc(sizeof *l);
    if (!t || !l)
        goto fail;
    t->v = v;
    for (int n = 0; n <= DR_MAX_SQUARES; n++)
        for (int k = 0; k <= EGTB_MAX_PIECES; k++)
            t->binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : t->binom[n - 1][k - 1] + t->binom[n - 1][k];
    memset(t->dense_of, -1, sizeof t->dense_of);
    for (int grp = 0; grp < GROUPS; grp++) {
        uint64_t allowed = v->board;
        if (!(grp & 1))
            allowed &= ~v->promo_row[grp < 2 ? DR_WHITE : DR_BLACK];
        for (uint64_t b = allowed; b;) {
            int sq = bits_pop(&b);
            t->dense_of[grp][sq] = (int8_t)t->nallowed[grp];
            t->bit_of[grp][t->nallowed[grp]++] = (uint8_t)sq;
        }
    }
    t->symmetric = find_symmetry(t);
    t->kings_only_limit = v->draw_kings_only_plies;
    t->material_counts = dr_endgame_longest(v) != 0;
    t->needs = counts_nest(v);
    /* four pieces where they fit in seconds and some tens of MiB, else three */
    t->pieces = most < EGTB_MAX_PIECES ? most : EGTB_MAX_PIECES;
    while (list_classes(t) > EGTB_MAX_POSITIONS)
        t->pieces--;
    if (dir && egtb_file_load(t, dir)) {
        free(l);
        return t;
    }
    for (int i = 0; i < t->nclasses; i++)
        if (!build_class(t, i, l, cancel))
            goto fail;
    if (dir)
        egtb_file_save(t, dir);
    free(l);
    return t;
fail:
    free(l);
    egtb_free(t);
    return NULL;
}

void egtb_free(struct egtb *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->nclasses; i++) {
        free(t->classes[i].value);
        free(t->classes[i].need);
    }
    free(t);
}

/* The result of pos and where it lies (*ci, *idx). */
static enum egtb_result probe_at(const struct egtb *t, const struct dr_position *pos, int *ci,
                                 uint32_t *idx, int *plies)
{
    if (!t || bits_count(dr_occupied(pos)) > t->pieces || !pos->pieces[0] ||
        !pos->pieces[1])
        return EGTB_NONE;
    *ci = locate(t, pos, idx);
    uint8_t cv = value_at(t, *ci, *idx);
    if (cv == INVALID)
        return EGTB_NONE;
    if (cv == 0)
        return EGTB_DRAW;
    *plies = cv - 1;
    return *plies % 2 ? EGTB_WIN : EGTB_LOSS;
}

enum egtb_result egtb_probe(const struct egtb *t, const struct dr_position *pos, int *plies)
{
    int ci = 0;
    uint32_t idx = 0;
    return probe_at(t, pos, &ci, &idx, plies);
}

int egtb_pieces(const struct egtb *t)
{
    return t ? t->pieces : 0;
}

int egtb_longest(const struct egtb *t)
{
    return t ? t->longest_win : 0;
}

/* egtb_fits for the position at class ci, index idx. */
static bool fits_at(const struct egtb *t, int ci, uint32_t idx, const struct dr_position *pos,
                    int kings_only, int material_left)
{
    if (!t->kings_only_limit && !t->material_counts)
        return true;
    if (!t->needs || ci < 0)
        return false;
    int need = t->classes[ci].need[idx], ko = t->kings_only_limit;
    if (need == NEED_NEVER)
        return false;
    int limit = dr_endgame_limit(t->v, pos);
    if (!limit)
        return !ko || kings_only + need < ko;
    if (!material_left)
        material_left = limit; /* a set-up position counts from here */
    return need <= material_left && (!ko || kings_only + need - 1 < ko);
}

bool egtb_fits(const struct egtb *t, const struct dr_position *pos, int kings_only,
               int material_left)
{
    uint32_t idx = 0;
    int ci = locate(t, pos, &idx);
    return fits_at(t, ci, idx, pos, kings_only, material_left);
}

enum egtb_result egtb_probe_counted(const struct egtb *t, const struct dr_position *pos,
                                    int kings_only, int material_left, int *plies)
{
    int ci = 0;
    uint32_t idx = 0;
    enum egtb_result r = probe_at(t, pos, &ci, &idx, plies);
    if ((r == EGTB_WIN || r == EGTB_LOSS) &&
        !fits_at(t, ci, idx, pos, kings_only, material_left))
        return EGTB_NONE;
    return r;
}
