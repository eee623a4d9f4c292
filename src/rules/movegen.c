/* Move generation for every variant from its flags.
 *
 * Captures follow the recipe of rules.md: enumerate every complete sequence
 * of every piece (geometry, removal, promotion timing and the per-sequence
 * filters applied while enumerating), keep only the sequences with the best
 * precedence key, and treat sequences with the same from, to and captured
 * set as one move.  Nothing here allocates. */
#include "draughts/movegen.h"

#include <string.h>

#include "draughts/bitboard.h"

struct capture_ctx {
    const struct dr_variant *v;
    struct dr_movelist *list;
    uint64_t enemy, enemy_kings, promo;
    uint64_t empty;    /* free squares; grows during a capture with immediate removal */
    uint32_t best;     /* best precedence key of the moves in list */
    int side, from;
    bool from_king;
    /* the sequence in progress */
    uint8_t flags;     /* DR_MOVE_PROMOTES when the piece stands crowned */
    int nkings;        /* kings captured so far */
    uint32_t korder;   /* bit 15-i set when jump i took a king */
    uint8_t path[DR_MAX_JUMPS], dirs[DR_MAX_JUMPS], caps[DR_MAX_JUMPS];
    /* path mode: report every complete sequence instead of listing moves */
    dr_path_fn on_path;
    void *arg;
};

static uint32_t precedence_key(const struct capture_ctx *c, int n)
{
    switch (c->v->precedence) {
    case DR_PREC_FREE:
        return 0;
    case DR_PREC_MAJORITY:
        return (uint32_t)n;
    case DR_PREC_ITALIAN:
        return (uint32_t)n << 24 | (uint32_t)c->from_king << 23 | (uint32_t)c->nkings << 16 |
               c->korder;
    }
    return 0;
}

static void report_path(struct capture_ctx *c, int to, uint64_t captured, int n, uint32_t key)
{
    struct dr_path p = {(uint8_t)c->from, (uint8_t)to, (uint8_t)n, c->flags, captured, key,
                        {0}, {0}, {0}};
    memcpy(p.land, c->path, (size_t)n);
    memcpy(p.dirs, c->dirs, (size_t)n);
    memcpy(p.caps, c->caps, (size_t)n);
    c->on_path(c->arg, &p);
}

/* A complete sequence of n jumps ends on to. */
static void add_capture(struct capture_ctx *c, int to, uint64_t captured, int n)
{
    uint32_t key = precedence_key(c, n);
    if (c->on_path) {
        report_path(c, to, captured, n, key);
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
        if (l->moves[i].captures == captured && l->moves[i].to == to &&
            l->moves[i].from == c->from)
            return;
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)c->from;
    m->to = (uint8_t)to;
    m->captures = captured;
    m->flags = c->flags;
}

/* A single jump: no other path can give the same from, to and captured
 * set, so it needs no duplicate check. */
static inline void add_single_capture(struct capture_ctx *c, int to, uint64_t captured,
                                      uint8_t flags)
{
    uint32_t key = precedence_key(c, 1);
    struct dr_movelist *l = c->list;
    if (key < c->best)
        return;
    if (key > c->best) {
        c->best = key;
        l->count = 0;
    }
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)c->from;
    m->to = (uint8_t)to;
    m->captures = captured;
    m->flags = flags;
}

/* Could a man standing on land (after taking captured) jump again?  The
 * same test as the head of man_jumps, kept apart on purpose: sharing it
 * costs a second pass over the targets (5% more instructions in perft). */
static inline bool man_could_continue(const struct capture_ctx *c, int land, uint64_t captured,
                                      int last_dir)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~captured;
    if (!v->men_capture_kings)
        jumpable &= ~c->enemy_kings;
    uint64_t targets = jumpable & v->man_capture_nbrs[c->side][land];
    if (!targets)
        return false;
    uint64_t empty = c->empty;
    if (v->removal == DR_REMOVAL_IMMEDIATE)
        empty |= captured;
    uint64_t lands = v->man_capture_lands[c->side][land] & empty;
    while (targets) {
        int mid = bits_pop(&targets), to = 2 * mid - land;
        if ((unsigned)to < 64 && ((lands >> to) & 1) &&
            !(v->no_reverse_jump && last_dir == dr_dir_opposite(v->dir_of_shift[mid - land + 64])))
            return true;
    }
    return false;
}

/* Bookkeeping of jump number n over mid onto land, and its undo. */
static inline void jump_do(struct capture_ctx *c, int n, int mid, int land, int d)
{
    c->path[n] = (uint8_t)land;
    c->dirs[n] = (uint8_t)d;
    c->caps[n] = (uint8_t)mid;
    if ((c->enemy_kings >> mid) & 1) {
        c->nkings++;
        if (n < 16)
            c->korder |= 1u << (15 - n);
    }
    if (c->v->removal == DR_REMOVAL_IMMEDIATE)
        c->empty |= 1ULL << mid;
}

static inline void jump_undo(struct capture_ctx *c, int n, int mid)
{
    if ((c->enemy_kings >> mid) & 1) {
        c->nkings--;
        if (n < 16)
            c->korder &= ~(1u << (15 - n));
    }
    if (c->v->removal == DR_REMOVAL_IMMEDIATE)
        c->empty &= ~(1ULL << mid);
}

static bool king_jumps(struct capture_ctx *c, int sq, uint64_t captured, int last_dir, int n);

/* A man lands on the far row in the middle of a capture. */
static void man_crowned(struct capture_ctx *c, int land, uint64_t captured, int d, int n)
{
    uint8_t saved = c->flags;
    c->flags |= DR_MOVE_PROMOTES;
    switch (c->v->promotion) {
    case DR_PROMO_IMMEDIATE_ENDS:
        add_capture(c, land, captured, n);
        break;
    case DR_PROMO_IMMEDIATE_CONTINUES:
        if (!king_jumps(c, land, captured, d, n))
            add_capture(c, land, captured, n);
        break;
    case DR_PROMO_END_OF_MOVE:
        break;
    }
    c->flags = saved;
}

/* A man's jumps go over a neighbour onto the square beyond; with a fixed
 * bit offset per direction that square is 2*mid - sq. */
static bool man_jumps(struct capture_ctx *c, int sq, uint64_t captured, int last_dir, int n)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~captured;
    if (!v->men_capture_kings)
        jumpable &= ~c->enemy_kings;
    uint64_t targets = jumpable & v->man_capture_nbrs[c->side][sq];
    if (!targets)
        return false;
    uint64_t lands = v->man_capture_lands[c->side][sq] & c->empty;
    bool any = false;
    while (targets) {
        int mid = bits_pop(&targets);
        int land = 2 * mid - sq;
        if ((unsigned)land >= 64 || !((lands >> land) & 1))
            continue;
        int d = v->dir_of_shift[mid - sq + 64];
        if (v->no_reverse_jump && last_dir == dr_dir_opposite(d))
            continue;
        any = true;
        uint64_t now = captured | 1ULL << mid;
        bool crowned = (c->promo >> land) & 1;
        /* the common case: a first jump that ends the capture */
        if (n == 0 && !c->on_path && !(crowned && v->promotion != DR_PROMO_END_OF_MOVE) &&
            !(v->precedence == DR_PREC_ITALIAN && ((c->enemy_kings >> mid) & 1)) &&
            !man_could_continue(c, land, now, d)) {
            add_single_capture(c, land, now, crowned ? DR_MOVE_PROMOTES : 0);
            continue;
        }
        jump_do(c, n, mid, land, d);
        if (((c->promo >> land) & 1) && v->promotion != DR_PROMO_END_OF_MOVE) {
            man_crowned(c, land, now, d, n + 1);
        } else if (!man_jumps(c, land, now, d, n + 1)) {
            /* a man that stops on the far row is crowned */
            uint8_t saved = c->flags;
            if ((c->promo >> land) & 1)
                c->flags |= DR_MOVE_PROMOTES;
            add_capture(c, land, now, n + 1);
            c->flags = saved;
        }
        jump_undo(c, n, mid);
    }
    return any;
}

static bool king_jumps(struct capture_ctx *c, int sq, uint64_t captured, int last_dir, int n)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~captured;
    bool any = false;
    for (unsigned dirs = v->king_capture_dirs[c->side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        if (v->no_reverse_jump && last_dir == dr_dir_opposite(d))
            continue;
        int mid;
        uint64_t landings;
        if (v->king_flying) {
            uint64_t blockers = v->ray[d][sq] & ~c->empty;
            if (!blockers)
                continue;
            mid = bits_nearest(v, blockers, d);
            if (!((jumpable >> mid) & 1))
                continue;
            landings = bits_slide(v, mid, d, c->empty);
        } else {
            mid = v->next_sq[d][sq];
            if (mid < 0 || !((jumpable >> mid) & 1))
                continue;
            int land = v->next_sq[d][mid];
            landings = land >= 0 ? (c->empty & 1ULL << land) : 0;
        }
        if (!landings)
            continue;
        any = true;
        uint64_t now = captured | 1ULL << mid;
        uint64_t ends = 0;
        bool continued = false;
        jump_do(c, n, mid, 0, d);
        for (uint64_t l = landings; l;) {
            int land = bits_pop(&l);
            c->path[n] = (uint8_t)land;
            if (king_jumps(c, land, now, d, n + 1))
                continued = true;
            else
                ends |= 1ULL << land;
        }
        if (v->king_must_land_to_continue && continued)
            ends = 0;
        if (v->king_halt && ((c->enemy_kings >> mid) & 1))
            ends &= 1ULL << v->next_sq[d][mid]; /* stop right behind a captured king */
        while (ends) {
            int land = bits_pop(&ends);
            c->path[n] = (uint8_t)land;
            add_capture(c, land, now, n + 1);
        }
        jump_undo(c, n, mid);
    }
    return any;
}

/* Men that have a first jump available (a cheap filter before recursing). */
static inline uint64_t men_that_jump(const struct dr_variant *v, int side, uint64_t men,
                              uint64_t jumpable, uint64_t empty)
{
    uint64_t r = 0;
    if (!men)
        return 0;
    if (v->ghost) {
        /* a man on m jumps m+s onto m+2s */
        const struct dr_shifts *sh = &v->man_capture_shifts[side];
        if (sh->n_up == 2 && sh->n_down == 2) { /* all four diagonals, unrolled */
            unsigned a = sh->up[0], b = sh->up[1];
            r = ((jumpable >> a) & (empty >> 2 * a)) | ((jumpable >> b) & (empty >> 2 * b)) |
                ((jumpable << a) & (empty << 2 * a)) | ((jumpable << b) & (empty << 2 * b));
            return r & men;
        }
        for (int i = 0; i < sh->n_up; i++)
            r |= (jumpable >> sh->up[i]) & (empty >> 2 * sh->up[i]);
        for (int i = 0; i < sh->n_down; i++)
            r |= (jumpable << sh->down[i]) & (empty << 2 * sh->down[i]);
        return r & men;
    }
    for (unsigned dirs = v->man_capture_dirs[side]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), back = dr_dir_opposite(d);
        r |= bits_step(v, bits_step(v, empty, back) & jumpable, back) & men;
    }
    return r;
}

/* Kings that have a first jump available. */
static inline uint64_t kings_that_jump(const struct dr_variant *v, int side, uint64_t kings,
                                uint64_t enemy, uint64_t empty)
{
    uint64_t r = 0;
    if (!kings)
        return 0;
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
    c->empty = v->board & ~dr_occupied(pos);
    c->best = 0;
    c->flags = 0;
    c->nkings = 0;
    c->korder = 0;
    c->on_path = NULL;
    c->arg = NULL;
}

/* All sequences of the piece on sq, whose square is free while it moves. */
static void piece_captures(struct capture_ctx *c, int sq, bool king)
{
    c->from = sq;
    c->from_king = king;
    c->empty |= 1ULL << sq;
    if (king)
        king_jumps(c, sq, 0, -1, 0);
    else
        man_jumps(c, sq, 0, -1, 0);
    c->empty &= ~(1ULL << sq);
}

/* The men and kings of the side to move that have a first jump. */
static inline void capture_candidates(const struct dr_variant *v, const struct dr_position *pos,
                                      uint64_t *men, uint64_t *kings)
{
    uint64_t own = pos->pieces[pos->side], enemy = pos->pieces[!pos->side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men_jumpable = v->men_capture_kings ? enemy : enemy & ~pos->kings;
    *men = men_that_jump(v, pos->side, own & ~pos->kings, men_jumpable, empty);
    *kings = kings_that_jump(v, pos->side, own & pos->kings, enemy, empty);
}

static int captures_of(const struct dr_variant *v, const struct dr_position *pos,
                       struct dr_movelist *list, uint64_t men, uint64_t kings)
{
    struct capture_ctx c;
    capture_setup(&c, v, pos, list);
    while (men)
        piece_captures(&c, bits_pop(&men), false);
    while (kings)
        piece_captures(&c, bits_pop(&kings), true);
    return list->count;
}

int dr_gen_captures(const struct dr_variant *v, const struct dr_position *pos,
                    struct dr_movelist *list)
{
    uint64_t men, kings;
    list->count = 0;
    capture_candidates(v, pos, &men, &kings);
    return (men | kings) ? captures_of(v, pos, list, men, kings) : 0;
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

static inline int count_quiet(const struct dr_variant *v, const struct dr_position *pos)
{
    int side = pos->side, n = 0;
    uint64_t own = pos->pieces[side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    if (v->ghost) {
        const struct dr_shifts *sh = &v->man_move_shifts[side];
        for (int i = 0; i < sh->n_up; i++)
            n += bits_count((men << sh->up[i]) & empty);
        for (int i = 0; i < sh->n_down; i++)
            n += bits_count((men >> sh->down[i]) & empty);
    } else
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
    uint64_t men, kings;
    capture_candidates(v, pos, &men, &kings);
    if (!(men | kings))
        return count_quiet(v, pos);
    struct dr_movelist list;
    list.count = 0;
    return captures_of(v, pos, &list, men, kings);
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
    piece_captures(&c, from, (pos->kings >> from) & 1);
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
