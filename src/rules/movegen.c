/* Move generation for every variant from its flags.
 *
 * Captures follow the recipe of rules.md: enumerate every complete sequence
 * of every piece (geometry, removal, promotion timing and the per-sequence
 * filters applied while enumerating), keep only the sequences with the best
 * precedence key, and treat sequences with the same from, to and captured
 * set as one move.  Nothing here allocates. */
#include "draughts/movegen.h"

#include <string.h>

#include "bits.h"

struct capture_ctx {
    const struct dr_variant *v;
    struct dr_movelist *list;
    uint64_t enemy, enemy_kings, promo;
    uint32_t best; /* best precedence key of the moves in list */
    int side, from;
    bool from_king;
    uint8_t path[DR_MAX_JUMPS], dirs[DR_MAX_JUMPS];
    uint8_t caps[DR_MAX_JUMPS];
    /* path mode: report every complete sequence instead of listing moves */
    dr_path_fn on_path;
    void *arg;
};

/* The state of a capture sequence in progress. */
struct seq {
    int sq;
    uint64_t captured, empty;
    int last_dir, n;
    int nkings;        /* kings captured so far */
    uint32_t korder;   /* bit 15-i set when jump i took a king */
    uint8_t flags;
};

static uint32_t precedence_key(const struct capture_ctx *c, const struct seq *s)
{
    switch (c->v->precedence) {
    case DR_PREC_FREE:
        return 0;
    case DR_PREC_MAJORITY:
        return (uint32_t)s->n;
    case DR_PREC_ITALIAN:
        return (uint32_t)s->n << 24 | (uint32_t)c->from_king << 23 | (uint32_t)s->nkings << 16 |
               s->korder;
    }
    return 0;
}

static void add_capture(struct capture_ctx *c, const struct seq *s)
{
    uint32_t key = precedence_key(c, s);
    if (c->on_path) {
        struct dr_path p = {(uint8_t)c->from, (uint8_t)s->sq, (uint8_t)s->n, s->flags,
                            s->captured, key, {0}, {0}, {0}};
        memcpy(p.land, c->path, (size_t)s->n);
        memcpy(p.dirs, c->dirs, (size_t)s->n);
        memcpy(p.caps, c->caps, (size_t)s->n);
        c->on_path(c->arg, &p);
        return;
    }
    struct dr_movelist *l = c->list;
    if (key < c->best)
        return;
    if (key > c->best) {
        c->best = key;
        l->count = 0;
    }
    for (int i = 0; i < l->count; i++)
        if (l->moves[i].to == s->sq && l->moves[i].captures == s->captured &&
            l->moves[i].from == c->from)
            return;
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)c->from;
    m->to = (uint8_t)s->sq;
    m->captures = s->captured;
    m->flags = s->flags;
}

/* Take the piece on mid and land on land; the jump is number s->n. */
static struct seq jump(const struct capture_ctx *c, const struct seq *s, int mid, int land, int d)
{
    struct seq t = *s;
    uint64_t m = 1ULL << mid;
    bool king = (c->enemy_kings & m) != 0;
    t.sq = land;
    t.captured |= m;
    if (c->v->removal == DR_REMOVAL_IMMEDIATE)
        t.empty |= m;
    t.last_dir = d;
    if (king) {
        t.nkings++;
        if (s->n < 16)
            t.korder |= 1u << (15 - s->n);
    }
    t.n++;
    return t;
}

static bool king_jumps(struct capture_ctx *c, const struct seq *s);

static bool man_jumps(struct capture_ctx *c, const struct seq *s)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~s->captured;
    if (!v->men_capture_kings)
        jumpable &= ~c->enemy_kings;
    uint64_t here = 1ULL << s->sq;
    bool any = false;
    for (unsigned dirs = v->man_capture_dirs[c->side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        if (v->no_reverse_jump && s->last_dir == dr_dir_opposite(d))
            continue;
        uint64_t mid = bits_step(v, here, d);
        if (!(mid & jumpable) || !(bits_step(v, mid, d) & s->empty))
            continue;
        any = true;
        int msq = s->sq + v->shift[d];
        struct seq t = jump(c, s, msq, msq + v->shift[d], d);
        c->path[s->n] = (uint8_t)t.sq;
        c->dirs[s->n] = (uint8_t)d;
        c->caps[s->n] = (uint8_t)msq;
        if ((1ULL << t.sq) & c->promo) {
            t.flags |= DR_MOVE_PROMOTES;
            if (v->promotion == DR_PROMO_IMMEDIATE_ENDS) {
                add_capture(c, &t);
                continue;
            }
            if (v->promotion == DR_PROMO_IMMEDIATE_CONTINUES) {
                if (!king_jumps(c, &t))
                    add_capture(c, &t);
                continue;
            }
            /* end of move: go on as a man, crowned only if it stops here */
            if (!man_jumps(c, &t))
                add_capture(c, &t);
            continue;
        }
        t.flags &= (uint8_t)~DR_MOVE_PROMOTES;
        if (!man_jumps(c, &t))
            add_capture(c, &t);
    }
    return any;
}

static bool king_jumps(struct capture_ctx *c, const struct seq *s)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~s->captured;
    bool any = false;
    for (unsigned dirs = v->king_capture_dirs[c->side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        if (v->no_reverse_jump && s->last_dir == dr_dir_opposite(d))
            continue;
        uint64_t ray = v->ray[d][s->sq];
        uint64_t blockers = ray & ~s->empty;
        if (!blockers)
            continue;
        int msq = bits_nearest(v, blockers, d);
        if (!v->king_flying && msq != s->sq + v->shift[d])
            continue;
        if (!((1ULL << msq) & jumpable))
            continue;
        uint64_t landings = bits_slide(v, msq, d, s->empty);
        if (!landings)
            continue;
        if (!v->king_flying)
            landings &= 1ULL << (msq + v->shift[d]);
        any = true;
        int halt = msq + v->shift[d];
        bool took_king = ((1ULL << msq) & c->enemy_kings) != 0;
        uint64_t ends = 0;
        bool continued = false;
        for (uint64_t l = landings; l;) {
            int land = bits_pop(&l);
            struct seq t = jump(c, s, msq, land, d);
            c->path[s->n] = (uint8_t)land;
            c->dirs[s->n] = (uint8_t)d;
            c->caps[s->n] = (uint8_t)msq;
            if (king_jumps(c, &t))
                continued = true;
            else
                ends |= 1ULL << land;
        }
        if (v->king_must_land_to_continue && continued)
            continue;
        if (v->king_halt && took_king)
            ends &= 1ULL << halt;
        for (uint64_t l = ends; l;) {
            int land = bits_pop(&l);
            struct seq t = jump(c, s, msq, land, d);
            c->path[s->n] = (uint8_t)land;
            c->dirs[s->n] = (uint8_t)d;
            c->caps[s->n] = (uint8_t)msq;
            add_capture(c, &t);
        }
    }
    return any;
}

/* Men that have a first jump available (a cheap filter before recursing). */
static uint64_t men_that_jump(const struct dr_variant *v, int side, uint64_t men,
                              uint64_t jumpable, uint64_t empty)
{
    uint64_t r = 0;
    for (unsigned dirs = v->man_capture_dirs[side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), back = dr_dir_opposite(d);
        r |= bits_step(v, bits_step(v, empty, back) & jumpable, back) & men;
    }
    return r;
}

/* Kings that have a first jump available. */
static uint64_t kings_that_jump(const struct dr_variant *v, int side, uint64_t kings,
                                uint64_t enemy, uint64_t empty)
{
    uint64_t r = 0;
    for (unsigned dirs = v->king_capture_dirs[side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), back = dr_dir_opposite(d);
        /* enemy pieces with a free square behind them, seen from the king's side */
        uint64_t targets = bits_step(v, empty, back) & enemy;
        uint64_t f = bits_step(v, targets, back);
        if (v->king_flying) {
            uint64_t reach = f;
            while (f) {
                f &= empty;
                f = bits_step(v, f, back);
                reach |= f;
            }
            r |= reach & kings;
        } else {
            r |= f & kings;
        }
    }
    return r;
}

static void capture_setup(struct capture_ctx *c, const struct dr_variant *v,
                          const struct dr_position *pos, struct dr_movelist *list)
{
    c->v = v;
    c->list = list;
    c->side = pos->side;
    c->enemy = pos->pieces[!pos->side];
    c->enemy_kings = c->enemy & pos->kings;
    c->promo = v->promo_row[pos->side];
    c->best = 0;
    c->on_path = NULL;
    c->arg = NULL;
}

int dr_gen_captures(const struct dr_variant *v, const struct dr_position *pos,
                    struct dr_movelist *list)
{
    struct capture_ctx c;
    capture_setup(&c, v, pos, list);
    list->count = 0;
    uint64_t own = pos->pieces[pos->side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men_jumpable = v->men_capture_kings ? c.enemy : c.enemy & ~c.enemy_kings;
    uint64_t men = men_that_jump(v, c.side, own & ~pos->kings, men_jumpable, empty);
    uint64_t kings = kings_that_jump(v, c.side, own & pos->kings, c.enemy, empty);
    while (men) {
        int sq = bits_pop(&men);
        struct seq s = {sq, 0, empty | (1ULL << sq), -1, 0, 0, 0, 0};
        c.from = sq;
        c.from_king = false;
        man_jumps(&c, &s);
    }
    while (kings) {
        int sq = bits_pop(&kings);
        struct seq s = {sq, 0, empty | (1ULL << sq), -1, 0, 0, 0, 0};
        c.from = sq;
        c.from_king = true;
        king_jumps(&c, &s);
    }
    return list->count;
}

bool dr_has_capture(const struct dr_variant *v, const struct dr_position *pos)
{
    uint64_t own = pos->pieces[pos->side], enemy = pos->pieces[!pos->side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men_jumpable = v->men_capture_kings ? enemy : enemy & ~pos->kings;
    return men_that_jump(v, pos->side, own & ~pos->kings, men_jumpable, empty) ||
           kings_that_jump(v, pos->side, own & pos->kings, enemy, empty);
}

static void add_quiet(struct dr_movelist *l, int from, int to, uint8_t flags)
{
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->captures = 0;
    m->flags = flags;
}

static uint64_t king_targets(const struct dr_variant *v, int sq, int d, uint64_t empty)
{
    if (v->king_flying)
        return bits_slide(v, sq, d, empty);
    return bits_step(v, 1ULL << sq, d) & empty;
}

static void gen_quiet(const struct dr_variant *v, const struct dr_position *pos,
                      struct dr_movelist *list)
{
    int side = pos->side;
    uint64_t own = pos->pieces[side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    for (unsigned dirs = v->man_move_dirs[side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        for (uint64_t t = bits_step(v, men, d) & empty; t;) {
            int to = bits_pop(&t);
            uint8_t flags = ((1ULL << to) & v->promo_row[side]) ? DR_MOVE_PROMOTES : 0;
            add_quiet(list, to - v->shift[d], to, flags);
        }
    }
    while (kings) {
        int from = bits_pop(&kings);
        for (unsigned dirs = v->king_move_dirs[side]; dirs; dirs &= dirs - 1) {
            int d = __builtin_ctz(dirs);
            for (uint64_t t = king_targets(v, from, d, empty); t;)
                add_quiet(list, from, bits_pop(&t), 0);
        }
    }
}

int dr_gen_moves(const struct dr_variant *v, const struct dr_position *pos,
                 struct dr_movelist *list)
{
    if (dr_gen_captures(v, pos, list))
        return list->count;
    gen_quiet(v, pos, list);
    return list->count;
}

static int count_quiet(const struct dr_variant *v, const struct dr_position *pos)
{
    int side = pos->side, n = 0;
    uint64_t own = pos->pieces[side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    for (unsigned dirs = v->man_move_dirs[side]; dirs; dirs &= dirs - 1)
        n += bits_count(bits_step(v, men, __builtin_ctz(dirs)) & empty);
    if (!kings)
        return n;
    for (unsigned dirs = v->king_move_dirs[side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        /* sliders on one line stop at each other, so the fills never overlap */
        uint64_t f = bits_step(v, kings, d) & empty;
        while (f) {
            n += bits_count(f);
            if (!v->king_flying)
                break;
            f = bits_step(v, f, d) & empty;
        }
    }
    return n;
}

int dr_count_moves(const struct dr_variant *v, const struct dr_position *pos)
{
    if (dr_has_capture(v, pos)) {
        struct dr_movelist list;
        return dr_gen_captures(v, pos, &list);
    }
    return count_quiet(v, pos);
}

void dr_make(const struct dr_variant *v, struct dr_position *pos, const struct dr_move *m)
{
    (void)v;
    uint64_t from = 1ULL << m->from, to = 1ULL << m->to;
    int s = pos->side;
    bool king = (pos->kings & from) || (m->flags & DR_MOVE_PROMOTES);
    pos->pieces[s] = (pos->pieces[s] & ~from) | to;
    pos->pieces[!s] &= ~m->captures;
    pos->kings &= ~(m->captures | from);
    if (king)
        pos->kings |= to;
    pos->side = !s;
}

void dr_capture_paths(const struct dr_variant *v, const struct dr_position *pos, int from,
                      dr_path_fn fn, void *arg)
{
    if (!((pos->pieces[pos->side] >> from) & 1))
        return;
    struct capture_ctx c;
    capture_setup(&c, v, pos, NULL);
    c.on_path = fn;
    c.arg = arg;
    c.from = from;
    c.from_king = (pos->kings >> from) & 1;
    uint64_t empty = v->board & ~dr_occupied(pos);
    struct seq s = {from, 0, empty | (1ULL << from), -1, 0, 0, 0, 0};
    if (c.from_king)
        king_jumps(&c, &s);
    else
        man_jumps(&c, &s);
}

struct best_path {
    const struct dr_move *m;
    struct dr_path *out;
    bool found;
};

static void keep_best_path(void *arg, const struct dr_path *p)
{
    struct best_path *b = arg;
    if (p->to == b->m->to && p->captures == b->m->captures &&
        (!b->found || p->key > b->out->key)) {
        *b->out = *p;
        b->found = true;
    }
}

bool dr_move_path(const struct dr_variant *v, const struct dr_position *pos,
                  const struct dr_move *m, struct dr_path *out)
{
    struct best_path b = {m, out, false};
    if (m->captures)
        dr_capture_paths(v, pos, m->from, keep_best_path, &b);
    return b.found;
}

static uint64_t perft_rec(const struct dr_variant *v, const struct dr_position *pos, int depth)
{
    if (depth == 1)
        return (uint64_t)dr_count_moves(v, pos);
    struct dr_movelist list;
    dr_gen_moves(v, pos, &list);
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        struct dr_position next = *pos;
        dr_make(v, &next, &list.moves[i]);
        n += perft_rec(v, &next, depth - 1);
    }
    return n;
}

uint64_t dr_perft(const struct dr_variant *v, const struct dr_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    return perft_rec(v, pos, depth);
}
