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
#include "draughts/movegen.h"
#include "egtb.h"

enum { GROUPS = 4 }; /* white men, white kings, black men, black kings */
#define NCOUNT (EGTB_MAX_PIECES + 1)
#define MAX_CLASSES (NCOUNT * NCOUNT * NCOUNT * NCOUNT)
#define INVALID 255 /* not a position: the index of no legal placement */
#define MAX_PLIES 253

/* A value is 0 for a draw (or, while building, not solved yet) and d + 1 for
 * a game that ends in d plies: odd d, the side to move wins; even, it loses. */
struct egtb_class {
    uint8_t count[GROUPS];
    int npieces, men;
    int longest; /* the longest win or loss, plies */
    uint8_t *value;
    size_t size;
};

struct egtb {
    const struct dr_variant *v;
    int nsq;
    int pieces; /* the most pieces a position of these tables has */
    uint8_t bit_of[DR_MAX_SQUARES];
    int8_t dense_of[64];
    struct egtb_class classes[MAX_CLASSES];
    int nclasses;
    int8_t class_of[NCOUNT][NCOUNT][NCOUNT][NCOUNT];
    /* The rules read the same for both sides from their own end, so a class
     * is its colour-swapped twin turned half round: only one of the two is
     * kept (when the board turns onto itself; mirror_bit of each square). */
    bool mirrored[NCOUNT][NCOUNT][NCOUNT][NCOUNT];
    bool symmetric;
    uint8_t mirror_bit[64];
    int longest_win; /* plies */
};

static void groups_of(const struct dr_position *pos, uint64_t g[GROUPS])
{
    g[0] = pos->pieces[DR_WHITE] & ~pos->kings;
    g[1] = pos->pieces[DR_WHITE] & pos->kings;
    g[2] = pos->pieces[DR_BLACK] & ~pos->kings;
    g[3] = pos->pieces[DR_BLACK] & pos->kings;
}

/* Squares in group order, each group ascending, then the side to move. */
static uint32_t index_of(const struct egtb *t, const uint64_t g[GROUPS], int side)
{
    uint32_t idx = 0;
    for (int i = 0; i < GROUPS; i++)
        for (uint64_t b = g[i]; b;)
            idx = idx * (uint32_t)t->nsq + (uint32_t)t->dense_of[bits_pop(&b)];
    return idx * 2 + (uint32_t)side;
}

/* The position of index idx in class c; false when idx places no legal
 * position (two pieces on a square, a group out of order, a man on the row
 * where it would have been crowned). */
static bool decode(const struct egtb *t, const struct egtb_class *c, uint32_t idx,
                   struct dr_position *pos)
{
    int sq[EGTB_MAX_PIECES];
    memset(pos, 0, sizeof *pos);
    pos->side = (int)(idx & 1);
    idx >>= 1;
    for (int i = c->npieces - 1; i >= 0; i--) {
        sq[i] = (int)(idx % (uint32_t)t->nsq);
        idx /= (uint32_t)t->nsq;
    }
    int k = 0;
    for (int grp = 0; grp < GROUPS; grp++) {
        int colour = grp < 2 ? DR_WHITE : DR_BLACK;
        bool king = grp & 1;
        for (int j = 0; j < c->count[grp]; j++, k++) {
            if (j > 0 && sq[k] <= sq[k - 1])
                return false;
            uint64_t b = 1ULL << t->bit_of[sq[k]];
            if (dr_occupied(pos) & b)
                return false;
            if (!king && (t->v->promo_row[colour] & b))
                return false;
            pos->pieces[colour] |= b;
            if (king)
                pos->kings |= b;
        }
    }
    return true;
}

/* Where pos lies in the tables: its class (-1 when the side to move has no
 * piece left, -2 beyond the tables) and index. */
static int locate(const struct egtb *t, const struct dr_position *pos, uint32_t *idx)
{
    if (!pos->pieces[pos->side])
        return -1;
    uint64_t g[GROUPS];
    groups_of(pos, g);
    int n[GROUPS];
    for (int i = 0; i < GROUPS; i++) {
        n[i] = bits_count(g[i]);
        if (n[i] > EGTB_MAX_PIECES)
            return -2;
    }
    int ci = t->class_of[n[0]][n[1]][n[2]][n[3]];
    if (ci < 0)
        return -2;
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
    *n = 0;
    for (uint64_t own = pos->pieces[mover]; own;) {
        int to = bits_pop(&own);
        uint64_t to_bit = 1ULL << to;
        bool king = (pos->kings & to_bit) != 0;
        unsigned dirs = king ? v->king_move_dirs[mover] : v->man_move_dirs[mover];
        for (; dirs; dirs &= dirs - 1) {
            int back = (__builtin_ctz(dirs) + DR_NDIRS / 2) % DR_NDIRS;
            uint64_t from = king && v->king_flying ? bits_slide(v, to, back, empty)
                                                   : bits_step(v, to_bit, back) & empty;
            if (!king)
                from &= ~v->promo_row[mover];
            while (from) {
                uint64_t from_bit = 1ULL << bits_pop(&from);
                struct dr_position prev = *pos;
                prev.side = mover;
                prev.pieces[mover] ^= to_bit | from_bit;
                if (king)
                    prev.kings ^= to_bit | from_bit;
                uint64_t g[GROUPS];
                groups_of(&prev, g);
                out[(*n)++] = index_of(t, g, mover);
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
struct pending {
    uint16_t *inside;  /* moves within the class not yet known to lose */
    uint8_t *out_win;  /* longest win reached outside, plies + 1; 0 none */
    uint8_t *flags;    /* OUT_DRAW, OUT_LOSS; CAPTURES: its moves are captures */
    uint8_t *queued;   /* shortest distance + 1 a win is queued at; 0 none */
};

static bool seed(struct egtb *t, int ci, uint32_t idx, const struct dr_position *pos,
                 const struct dr_movelist *l, struct pending *p, struct queue *q)
{
    int out_loss = 0, out_win = 0, inside = 0;
    uint8_t flags = 0;
    for (int m = 0; m < l->count; m++) {
        struct dr_position next = *pos;
        dr_make(t->v, &next, &l->moves[m]);
        uint32_t cidx = 0;
        int cc = locate(t, &next, &cidx);
        if (cc == ci) {
            inside++;
            continue;
        }
        int cv = value_at(t, cc, cidx);
        if (cv == 0 || cv == INVALID) {
            flags |= OUT_DRAW;
        } else if ((cv - 1) % 2 == 0) {
            flags |= OUT_LOSS;
            if (!out_loss || cv < out_loss)
                out_loss = cv;
        } else if (cv > out_win) {
            out_win = cv;
        }
    }
    p->inside[idx] = (uint16_t)inside;
    p->out_win[idx] = (uint8_t)out_win;
    p->flags[idx] = flags | (l->moves[0].captures ? CAPTURES : 0);
    p->queued[idx] = 0;
    if (out_loss) {
        p->queued[idx] = (uint8_t)(out_loss + 1);
        return push(q, out_loss, idx);
    }
    if (!inside && !flags)
        return push(q, out_win, idx);
    return true;
}

/* Make the queued positions final in order of distance; each tells the
 * positions that lead to it. */
static bool solve(struct egtb *t, struct egtb_class *c, struct pending *p, struct queue *q)
{
    static const int max_preds = DR_MAX_MOVES * 2;
    uint32_t *preds = malloc(sizeof *preds * (size_t)max_preds);
    if (!preds)
        return false;
    bool ok = true;
    for (int dist = 0; ok && dist <= MAX_PLIES; dist++) {
        for (size_t i = 0; ok && i < q->n[dist]; i++) {
            uint32_t idx = q->at[dist][i];
            if (c->value[idx] != 0)
                continue;
            c->value[idx] = (uint8_t)(dist + 1);
            if (dist % 2 && dist > t->longest_win)
                t->longest_win = dist;
            if (dist > c->longest)
                c->longest = dist;
            struct dr_position pos;
            decode(t, c, idx, &pos);
            int n;
            predecessors(t, &pos, preds, &n);
            for (int j = 0; ok && j < n; j++) {
                uint32_t pi = preds[j];
                if (c->value[pi] != 0 || (p->flags[pi] & CAPTURES))
                    continue;
                if (dist % 2 == 0) {
                    if (!p->queued[pi] || dist + 2 < p->queued[pi]) {
                        p->queued[pi] = (uint8_t)(dist + 2);
                        ok = push(q, dist + 1, pi);
                    }
                } else if (--p->inside[pi] == 0 && !(p->flags[pi] & (OUT_DRAW | OUT_LOSS))) {
                    int longest = p->out_win[pi] > dist + 1 ? p->out_win[pi] - 1 : dist;
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
    struct pending p = {0};
    struct queue *q = calloc(1, sizeof *q);
    c->value = malloc(c->size);
    p.inside = malloc(c->size * sizeof *p.inside);
    p.out_win = malloc(c->size);
    p.flags = malloc(c->size);
    p.queued = malloc(c->size);
    bool ok = q && c->value && p.inside && p.out_win && p.flags && p.queued;
    for (uint32_t idx = 0; ok && idx < c->size; idx++) {
        if (idx % 4096 == 0 && cancel && atomic_load_explicit(cancel, memory_order_relaxed))
            ok = false;
        struct dr_position pos;
        if (!decode(t, c, idx, &pos)) {
            c->value[idx] = INVALID;
            continue;
        }
        c->value[idx] = 0;
        /* kings that cannot capture only move within the class: the count
         * of their moves is all this position needs */
        int n = 0;
        if (!(pos.pieces[pos.side] & ~pos.kings) && !dr_has_capture(t->v, &pos)) {
            n = dr_count_moves(t->v, &pos);
            p.inside[idx] = (uint16_t)n;
            p.out_win[idx] = p.flags[idx] = p.queued[idx] = 0;
        } else if ((n = dr_gen_moves(t->v, &pos, l)) > 0) {
            ok = seed(t, ci, idx, &pos, l, &p, q);
        }
        if (n == 0)
            ok = push(q, 0, idx);
    }
    ok = ok && solve(t, c, &p, q);
    for (int d = 0; q && d <= MAX_PLIES; d++)
        free(q->at[d]);
    free(q);
    free(p.inside);
    free(p.out_win);
    free(p.flags);
    free(p.queued);
    return ok;
}

static int class_order(const void *a, const void *b)
{
    const struct egtb_class *x = a, *y = b;
    if (x->npieces != y->npieces)
        return x->npieces - y->npieces;
    return x->men - y->men;
}

static void list_classes(struct egtb *t)
{
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
                    for (int i = 0; i < np; i++)
                        k->size *= (size_t)t->nsq;
                }
    qsort(t->classes, (size_t)t->nclasses, sizeof t->classes[0], class_order);
    memset(t->class_of, -1, sizeof t->class_of);
    for (int i = 0; i < t->nclasses; i++) {
        const uint8_t *n = t->classes[i].count;
        t->class_of[n[0]][n[1]][n[2]][n[3]] = (int8_t)i;
        t->class_of[n[2]][n[3]][n[0]][n[1]] = (int8_t)i;
    }
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

struct egtb *egtb_build(const struct dr_variant *v, const atomic_bool *cancel)
{
    struct egtb *t = calloc(1, sizeof *t);
    struct dr_movelist *l = malloc(sizeof *l);
    if (!t || !l)
        goto fail;
    t->v = v;
    /* four pieces where they fit in a few seconds and some tens of MiB */
    t->pieces = bits_count(v->board) <= EGTB_SMALL_BOARD ? EGTB_MAX_PIECES : 3;
    memset(t->dense_of, -1, sizeof t->dense_of);
    for (uint64_t b = v->board; b;) {
        int sq = bits_pop(&b);
        t->dense_of[sq] = (int8_t)t->nsq;
        t->bit_of[t->nsq++] = (uint8_t)sq;
    }
    t->symmetric = find_symmetry(t);
    list_classes(t);
    for (int i = 0; i < t->nclasses; i++)
        if (!build_class(t, i, l, cancel))
            goto fail;
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
    for (int i = 0; i < t->nclasses; i++)
        free(t->classes[i].value);
    free(t);
}

enum egtb_result egtb_probe(const struct egtb *t, const struct dr_position *pos, int *plies)
{
    if (!t || bits_count(dr_occupied(pos)) > t->pieces || !pos->pieces[0] ||
        !pos->pieces[1])
        return EGTB_NONE;
    uint32_t idx = 0;
    int ci = locate(t, pos, &idx);
    uint8_t cv = value_at(t, ci, idx);
    if (cv == INVALID)
        return EGTB_NONE;
    if (cv == 0)
        return EGTB_DRAW;
    *plies = cv - 1;
    return *plies % 2 ? EGTB_WIN : EGTB_LOSS;
}

int egtb_pieces(const struct egtb *t)
{
    return t ? t->pieces : 0;
}

int egtb_longest(const struct egtb *t)
{
    return t ? t->longest_win : 0;
}

int egtb_longest_with_kings(const struct egtb *t)
{
    int longest = 0;
    for (int i = 0; t && i < t->nclasses; i++) {
        const struct egtb_class *c = &t->classes[i];
        if (c->count[1] && c->count[3] && c->longest > longest)
            longest = c->longest;
    }
    return longest;
}
