/* Move generation for every variant from its flags.
 *
 * Captures follow the recipe of rules.md: enumerate every complete sequence
 * of every piece (geometry, removal, promotion timing and the per-sequence
 * filters applied while enumerating), keep only the sequences with the best
 * precedence key, and treat sequences with the same from, to and captured
 * set as one move.  Nothing here allocates.
 *
 * The generator is compiled more than once (the instances at the end of the
 * file): a generic instance reads the geometry and the rule flags from the
 * variant; a fixed instance knows them at build time, so that the compiler
 * folds every shift and every rule test of the hot paths.  A variant is
 * served by the fixed instance whose values equal its own, whatever its
 * name (movegen_instance_of), and by the generic one otherwise. */
#include "draughts/movegen.h"

#include <string.h>

#include "draughts/bitboard.h"
#include "movegen_instance.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
/* Before a loop over a set of directions: in a fixed instance the set is a
 * constant, and the loop becomes straight code for just those directions. */
#define UNROLL_DIRS _Pragma("GCC unroll 8")
/* Every direction, as a set for the jump functions' dirs argument. */
#define ALL_DIRS 0xFFu

/* What a fixed instance knows at build time: the fields of struct
 * dr_variant of the same names.  Fixed instances are for ghost layouts
 * (v->ghost), where a step is a plain shift by shift[d]. */
struct gen_spec {
    bool fixed; /* false: the generic instance, which reads the variant */
    int8_t shift[DR_NDIRS];
    uint8_t man_move_dirs[2], man_capture_dirs[2], king_move_dirs[2], king_capture_dirs[2];
    bool king_flying, men_capture_kings, no_reverse_jump;
    enum dr_precedence precedence;
    enum dr_removal removal;
    enum dr_promotion promotion;
};

struct capture_ctx;
/* The jumps from sq, n made so far; a king tries the directions in dirs. */
typedef bool jumps_fn(struct capture_ctx *c, int sq, uint64_t captured, int last_dir, int n,
                      unsigned dirs);

/* One compiled instance: what it knows, and its own copies of the
 * functions that call each other, those with a side to move once per side
 * (indexed by it) so that the side is a constant in them too. */
struct gen_instance {
    struct gen_spec spec;
    jumps_fn *man_jumps, *king_jumps;
    int (*count_moves[2])(const struct dr_variant *v, const struct dr_position *pos);
    int (*gen_moves[2])(const struct dr_variant *v, const struct dr_position *pos,
                        struct dr_movelist *list);
    int (*gen_captures[2])(const struct dr_variant *v, const struct dr_position *pos,
                           struct dr_movelist *list);
    int (*captures_or_count[2])(const struct dr_variant *v, const struct dr_position *pos,
                                struct dr_movelist *list, int *quiet);
    uint64_t (*perft[2])(const struct dr_variant *v, const struct dr_position *pos, int depth);
};

/* A field of the variant, taken from the instance when it fixes it. */
#define FIX(g, v, field) ((g)->spec.fixed ? (g)->spec.field : (v)->field)
#define GHOST(g, v) ((g)->spec.fixed || (v)->ghost)

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
    /* the squares a man could jump from in the position, so where a man's
     * first jump goes on (see count_single_man_jumps) */
    uint64_t men_go_on;
    uint8_t path[DR_MAX_JUMPS], dirs[DR_MAX_JUMPS], caps[DR_MAX_JUMPS];
    /* path mode (generic instance only): report every complete sequence
     * instead of listing moves */
    dr_path_fn on_path;
    void *arg;
};

/* Is the capture context in path mode?  Never in a fixed instance. */
static ALWAYS_INLINE bool path_mode(const struct gen_instance *g, const struct capture_ctx *c)
{
    return !g->spec.fixed && c->on_path;
}

/* bb moved one step in direction d.  On a ghost layout that is a plain
 * shift, and the result holds off-board bits until the caller intersects
 * it with a set of board squares. */
static ALWAYS_INLINE uint64_t step(const struct gen_instance *g, const struct dr_variant *v,
                                   uint64_t bb, int d)
{
    if (GHOST(g, v)) {
        int s = FIX(g, v, shift[d]);
        return s > 0 ? bb << s : bb >> -s;
    }
    return bits_step(v, bb, d);
}

/* gen and every square reached from it by steps in direction d over
 * squares of pro only (an occluded fill).  On a ghost layout, four
 * doubling steps (1, 2, 4, 8 squares: longer than any diagonal) without a
 * branch; elsewhere one step at a time. */
static ALWAYS_INLINE uint64_t fill_over(const struct gen_instance *g, const struct dr_variant *v,
                                        uint64_t gen, uint64_t pro, int d)
{
    if (GHOST(g, v)) {
        int s = FIX(g, v, shift[d]);
        UNROLL_DIRS
        for (int k = 0; k < 4; k++, s *= 2) {
            gen |= pro & (s > 0 ? gen << s : gen >> -s);
            pro &= s > 0 ? pro << s : pro >> -s;
        }
        return gen;
    }
    for (uint64_t f = gen; f;) {
        f = step(g, v, f, d) & pro & ~gen;
        gen |= f;
    }
    return gen;
}

static ALWAYS_INLINE uint32_t precedence_key(const struct gen_instance *g,
                                             const struct capture_ctx *c, int n)
{
    switch (FIX(g, c->v, precedence)) {
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

/* The fields of an Italian key, highest first: pieces taken (bits 24-31),
 * the capturing piece a king (23), kings taken (16-22), how early the first
 * king is met (0-15). */
enum dr_prec_reason dr_precedence_reason(const struct dr_variant *v, uint32_t better,
                                         uint32_t worse)
{
    if (v->precedence != DR_PREC_ITALIAN || (better >> 24) != (worse >> 24))
        return DR_PREC_MORE_PIECES;
    if (((better >> 23) & 1) != ((worse >> 23) & 1))
        return DR_PREC_KING_CAPTURES;
    if (((better >> 16) & 0x7F) != ((worse >> 16) & 0x7F))
        return DR_PREC_MORE_KINGS;
    return DR_PREC_KING_SOONER;
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

/* A move of key key goes into the list: false when a better one is there. */
static ALWAYS_INLINE bool keep_key(struct capture_ctx *c, uint32_t key)
{
    if (key < c->best)
        return false;
    if (key > c->best) {
        c->best = key;
        c->list->count = 0;
    }
    return true;
}

static ALWAYS_INLINE void list_capture(struct dr_movelist *l, int from, int to,
                                       uint64_t captured, uint8_t flags)
{
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->captures = captured;
    m->flags = flags;
}

/* A complete sequence of n jumps ends on to. */
static ALWAYS_INLINE void add_capture(const struct gen_instance *g, struct capture_ctx *c, int to,
                                      uint64_t captured, int n)
{
    uint32_t key = precedence_key(g, c, n);
    if (path_mode(g, c)) {
        report_path(c, to, captured, n, key);
        return;
    }
    if (!keep_key(c, key))
        return;
    struct dr_movelist *l = c->list;
    for (int i = 0; i < l->count; i++)
        if (l->moves[i].captures == captured && l->moves[i].to == to &&
            l->moves[i].from == c->from)
            return;
    list_capture(l, c->from, to, captured, c->flags);
}

/* A single jump: no other path can give the same from, to and captured
 * set, so it needs no duplicate check. */
static ALWAYS_INLINE void add_single_capture(const struct gen_instance *g, struct capture_ctx *c,
                                             int to, uint64_t captured, uint8_t flags)
{
    if (keep_key(c, precedence_key(g, c, 1)))
        list_capture(c->list, c->from, to, captured, flags);
}

/* The enemy pieces a man may jump. */
static ALWAYS_INLINE uint64_t men_jumpable(const struct gen_instance *g,
                                           const struct dr_variant *v, uint64_t enemy,
                                           uint64_t kings)
{
    return FIX(g, v, men_capture_kings) ? enemy : enemy & ~kings;
}

/* Bookkeeping of jump number n over mid onto land, and its undo. */
static ALWAYS_INLINE void jump_do(const struct gen_instance *g, struct capture_ctx *c, int n,
                                  int mid, int land, int d)
{
    c->path[n] = (uint8_t)land;
    c->dirs[n] = (uint8_t)d;
    c->caps[n] = (uint8_t)mid;
    if ((c->enemy_kings >> mid) & 1) {
        c->nkings++;
        if (n < 16)
            c->korder |= 1u << (15 - n);
    }
    if (FIX(g, c->v, removal) == DR_REMOVAL_IMMEDIATE)
        c->empty |= 1ULL << mid;
}

static ALWAYS_INLINE void jump_undo(const struct gen_instance *g, struct capture_ctx *c, int n,
                                    int mid)
{
    if ((c->enemy_kings >> mid) & 1) {
        c->nkings--;
        if (n < 16)
            c->korder &= ~(1u << (15 - n));
    }
    if (FIX(g, c->v, removal) == DR_REMOVAL_IMMEDIATE)
        c->empty &= ~(1ULL << mid);
}

/* A man lands on the far row in the middle of a capture. */
static ALWAYS_INLINE void man_crowned(const struct gen_instance *g, struct capture_ctx *c,
                                      int land, uint64_t captured, int d, int n)
{
    uint8_t saved = c->flags;
    c->flags |= DR_MOVE_PROMOTES;
    switch (FIX(g, c->v, promotion)) {
    case DR_PROMO_IMMEDIATE_ENDS:
        add_capture(g, c, land, captured, n);
        break;
    case DR_PROMO_IMMEDIATE_CONTINUES:
        if (!g->king_jumps(c, land, captured, d, n, ALL_DIRS))
            add_capture(g, c, land, captured, n);
        break;
    case DR_PROMO_END_OF_MOVE:
        break;
    }
    c->flags = saved;
}

/* A man's jumps go over a neighbour onto the square beyond; with a fixed
 * bit offset per direction that square is 2*mid - sq. */
static ALWAYS_INLINE bool man_jumps(const struct gen_instance *g, struct capture_ctx *c, int sq,
                                    uint64_t captured, int last_dir, int n, unsigned dirs)
{
    (void)dirs; /* a man's directions are its own */
    const struct dr_variant *v = c->v;
    uint64_t jumpable = men_jumpable(g, v, c->enemy & ~captured, c->enemy_kings);
    uint64_t targets = jumpable & v->man_capture_nbrs[c->side][sq];
    if (!targets)
        return false;
    uint64_t lands = v->man_capture_lands[c->side][sq] & c->empty;
    enum dr_promotion promotion = FIX(g, v, promotion);
    bool any = false;
    while (targets) {
        int mid = bits_pop(&targets);
        int land = 2 * mid - sq;
        if ((unsigned)land >= 64 || !((lands >> land) & 1))
            continue;
        int d = v->dir_of_shift[mid - sq + 64];
        if (FIX(g, v, no_reverse_jump) && last_dir == dr_dir_opposite(d))
            continue;
        any = true;
        uint64_t now = captured | 1ULL << mid;
        bool crowned = (c->promo >> land) & 1;
        /* the common case: a first jump that ends the capture */
        if (n == 0 && !path_mode(g, c) && !(crowned && promotion != DR_PROMO_END_OF_MOVE) &&
            !(FIX(g, v, precedence) == DR_PREC_ITALIAN && ((c->enemy_kings >> mid) & 1)) &&
            !((c->men_go_on >> land) & 1)) {
            add_single_capture(g, c, land, now, crowned ? DR_MOVE_PROMOTES : 0);
            continue;
        }
        jump_do(g, c, n, mid, land, d);
        if (crowned && promotion != DR_PROMO_END_OF_MOVE) {
            man_crowned(g, c, land, now, d, n + 1);
        } else if (!g->man_jumps(c, land, now, d, n + 1, ALL_DIRS)) {
            /* a man that stops on the far row is crowned */
            uint8_t saved = c->flags;
            if (crowned)
                c->flags |= DR_MOVE_PROMOTES;
            add_capture(g, c, land, now, n + 1);
            c->flags = saved;
        }
        jump_undo(g, c, n, mid);
    }
    return any;
}

/* A flying king that lands on one of several squares in a row after a jump
 * in direction d goes on in d from each of them over the same next piece
 * onto the same squares: that continuation is followed once, from the
 * farthest landing square, and counts for all of them (path mode, which
 * reports every path, follows it from each).  Without this the same
 * sequences were made once per landing square and dropped as duplicates. */
static ALWAYS_INLINE bool king_jumps(const struct gen_instance *g, struct capture_ctx *c, int sq,
                                     uint64_t captured, int last_dir, int n, unsigned try_dirs)
{
    const struct dr_variant *v = c->v;
    uint64_t jumpable = c->enemy & ~captured;
    bool any = false;
    for (unsigned dirs = FIX(g, v, king_capture_dirs[c->side]) & try_dirs; dirs;
         dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        if (FIX(g, v, no_reverse_jump) && last_dir == dr_dir_opposite(d))
            continue;
        int mid;
        uint64_t landings;
        if (FIX(g, v, king_flying)) {
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
        jump_do(g, c, n, mid, 0, d);
        unsigned others = ALL_DIRS;
        bool on_in_d = false;
        if (FIX(g, v, king_flying) && !path_mode(g, c) && (landings & (landings - 1))) {
            int far = v->shift[d] > 0 ? bits_last(landings) : bits_first(landings);
            c->path[n] = (uint8_t)far;
            on_in_d = g->king_jumps(c, far, now, d, n + 1, 1u << d);
            others &= ~(1u << d);
        }
        for (uint64_t l = landings; l;) {
            int land = bits_pop(&l);
            c->path[n] = (uint8_t)land;
            if (g->king_jumps(c, land, now, d, n + 1, others) || on_in_d)
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
            add_capture(g, c, land, now, n + 1);
        }
        jump_undo(g, c, n, mid);
    }
    return any;
}

/* The squares from which a man could jump in direction d (a jumpable piece
 * next to it, an empty square beyond), whoever stands there. */
static ALWAYS_INLINE uint64_t jump_starts(const struct gen_instance *g,
                                          const struct dr_variant *v, int d, uint64_t jumpable,
                                          uint64_t empty)
{
    int back = dr_dir_opposite(d);
    return step(g, v, step(g, v, empty, back) & jumpable, back);
}

/* The squares from which a man of side could jump, whoever stands there. */
static ALWAYS_INLINE uint64_t man_jump_starts(const struct gen_instance *g,
                                              const struct dr_variant *v, int side,
                                              uint64_t jumpable, uint64_t empty)
{
    uint64_t r = 0;
    if (!g->spec.fixed && v->ghost) {
        /* a man on m jumps m+s onto m+2s */
        const struct dr_shifts *sh = &v->man_capture_shifts[side];
        if (sh->n_up == 2 && sh->n_down == 2) { /* all four diagonals, unrolled */
            unsigned a = sh->up[0], b = sh->up[1];
            return ((jumpable >> a) & (empty >> 2 * a)) | ((jumpable >> b) & (empty >> 2 * b)) |
                   ((jumpable << a) & (empty << 2 * a)) | ((jumpable << b) & (empty << 2 * b));
        }
        for (int i = 0; i < sh->n_up; i++)
            r |= (jumpable >> sh->up[i]) & (empty >> 2 * sh->up[i]);
        for (int i = 0; i < sh->n_down; i++)
            r |= (jumpable << sh->down[i]) & (empty << 2 * sh->down[i]);
        return r;
    }
    for (unsigned dirs = FIX(g, v, man_capture_dirs[side]); dirs; dirs &= dirs - 1)
        r |= jump_starts(g, v, __builtin_ctz(dirs), jumpable, empty);
    return r;
}

/* Kings that have a first jump available. */
static ALWAYS_INLINE uint64_t kings_that_jump(const struct gen_instance *g,
                                              const struct dr_variant *v, int side,
                                              uint64_t kings, uint64_t enemy, uint64_t empty)
{
    uint64_t r = 0;
    if (!kings)
        return 0;
    UNROLL_DIRS
    for (unsigned dirs = FIX(g, v, king_capture_dirs[side]); dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), back = dr_dir_opposite(d);
        /* enemy pieces with a free square behind them, seen from the king's side */
        uint64_t targets = step(g, v, empty, back) & enemy;
        uint64_t f = step(g, v, targets, back);
        if (FIX(g, v, king_flying)) {
            /* and the squares behind those over empty squares */
            r |= (f | step(g, v, fill_over(g, v, f & empty, empty, back), back)) & kings;
        } else {
            r |= f & kings;
        }
    }
    return r;
}

static ALWAYS_INLINE void capture_setup(struct capture_ctx *c, const struct dr_variant *v,
                                        const struct dr_position *pos, int side,
                                        struct dr_movelist *list)
{
    c->v = v;
    c->list = list;
    c->side = side;
    c->enemy = pos->pieces[!side];
    c->enemy_kings = c->enemy & pos->kings;
    c->promo = v->promo_row[side];
    c->empty = v->board & ~dr_occupied(pos);
    c->best = 0;
    c->flags = 0;
    c->nkings = 0;
    c->korder = 0;
    c->on_path = NULL;
    c->arg = NULL;
}

/* All sequences of the piece on sq, whose square is free while it moves. */
static ALWAYS_INLINE void piece_captures(const struct gen_instance *g, struct capture_ctx *c,
                                         int sq, bool king)
{
    c->from = sq;
    c->from_king = king;
    c->empty |= 1ULL << sq;
    if (king)
        g->king_jumps(c, sq, 0, -1, 0, ALL_DIRS);
    else
        g->man_jumps(c, sq, 0, -1, 0, ALL_DIRS);
    c->empty &= ~(1ULL << sq);
}

/* Who can start a capture in a position. */
struct capture_starts {
    uint64_t men, kings; /* the pieces of the side to move that have a first jump */
    uint64_t men_go_on;  /* the squares a man could jump from, whoever stands there */
};

static ALWAYS_INLINE struct capture_starts capture_candidates(const struct gen_instance *g,
                                                              const struct dr_variant *v,
                                                              const struct dr_position *pos,
                                                              int side)
{
    uint64_t own = pos->pieces[side], enemy = pos->pieces[!side];
    uint64_t empty = v->board & ~dr_occupied(pos), men = own & ~pos->kings;
    uint64_t jumpable = men_jumpable(g, v, enemy, pos->kings);
    struct capture_starts s;
    s.men_go_on = man_jump_starts(g, v, side, jumpable, empty);
    s.men = s.men_go_on & men;
    s.kings = kings_that_jump(g, v, side, own & pos->kings, enemy, empty);
    return s;
}

static ALWAYS_INLINE int captures_of(const struct gen_instance *g, const struct dr_variant *v,
                                     const struct dr_position *pos, int side,
                                     struct dr_movelist *list, struct capture_starts s)
{
    struct capture_ctx c;
    capture_setup(&c, v, pos, side, list);
    c.men_go_on = s.men_go_on;
    while (s.men)
        piece_captures(g, &c, bits_pop(&s.men), false);
    while (s.kings)
        piece_captures(g, &c, bits_pop(&s.kings), true);
    return list->count;
}

static ALWAYS_INLINE int gen_captures(const struct gen_instance *g, const struct dr_variant *v,
                                      const struct dr_position *pos, int side,
                                      struct dr_movelist *list)
{
    list->count = 0;
    struct capture_starts s = capture_candidates(g, v, pos, side);
    return (s.men | s.kings) ? captures_of(g, v, pos, side, list, s) : 0;
}

static ALWAYS_INLINE void add_quiet(struct dr_movelist *l, int from, int to, uint8_t flags)
{
    if (l->count == DR_MAX_MOVES)
        return;
    struct dr_move *m = &l->moves[l->count++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->captures = 0;
    m->flags = flags;
}

static ALWAYS_INLINE uint64_t king_targets(const struct gen_instance *g,
                                           const struct dr_variant *v, int sq, int d,
                                           uint64_t empty)
{
    if (FIX(g, v, king_flying))
        return bits_slide(v, sq, d, empty);
    return step(g, v, 1ULL << sq, d) & empty;
}

static ALWAYS_INLINE void gen_quiet(const struct gen_instance *g, const struct dr_variant *v,
                                    const struct dr_position *pos, int side,
                                    struct dr_movelist *list)
{
    uint64_t own = pos->pieces[side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    UNROLL_DIRS
    for (unsigned dirs = FIX(g, v, man_move_dirs[side]); dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), s = FIX(g, v, shift[d]);
        for (uint64_t t = step(g, v, men, d) & empty; t;) {
            int to = bits_pop(&t);
            uint8_t flags = ((1ULL << to) & v->promo_row[side]) ? DR_MOVE_PROMOTES : 0;
            add_quiet(list, to - s, to, flags);
        }
    }
    while (kings) {
        int from = bits_pop(&kings);
        UNROLL_DIRS
        for (unsigned dirs = FIX(g, v, king_move_dirs[side]); dirs; dirs &= dirs - 1) {
            int d = __builtin_ctz(dirs);
            for (uint64_t t = king_targets(g, v, from, d, empty); t;)
                add_quiet(list, from, bits_pop(&t), 0);
        }
    }
}

static ALWAYS_INLINE int gen_moves(const struct gen_instance *g, const struct dr_variant *v,
                                   const struct dr_position *pos, int side,
                                   struct dr_movelist *list)
{
    if (gen_captures(g, v, pos, side, list))
        return list->count;
    gen_quiet(g, v, pos, side, list);
    return list->count;
}

static ALWAYS_INLINE int count_quiet(const struct gen_instance *g, const struct dr_variant *v,
                                     const struct dr_position *pos, int side)
{
    int n = 0;
    uint64_t own = pos->pieces[side];
    uint64_t empty = v->board & ~dr_occupied(pos);
    uint64_t men = own & ~pos->kings, kings = own & pos->kings;
    if (!g->spec.fixed && v->ghost) {
        const struct dr_shifts *sh = &v->man_move_shifts[side];
        for (int i = 0; i < sh->n_up; i++)
            n += bits_count((men << sh->up[i]) & empty);
        for (int i = 0; i < sh->n_down; i++)
            n += bits_count((men >> sh->down[i]) & empty);
    } else
        for (unsigned dirs = FIX(g, v, man_move_dirs[side]); dirs; dirs &= dirs - 1)
            n += bits_count(step(g, v, men, __builtin_ctz(dirs)) & empty);
    if (!kings)
        return n;
    UNROLL_DIRS
    for (unsigned dirs = FIX(g, v, king_move_dirs[side]); dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        /* sliders on one line stop at each other, so the fills never overlap */
        uint64_t f = step(g, v, kings, d) & empty;
        n += bits_count(FIX(g, v, king_flying) ? fill_over(g, v, f, empty, d) : f);
    }
    return n;
}

/* Where the jumps in direction d of the men on from land. */
static ALWAYS_INLINE uint64_t jump_lands(const struct gen_instance *g,
                                         const struct dr_variant *v, int d, uint64_t from)
{
    return step(g, v, step(g, v, from, d), d);
}

/* The number of captures when every one is a single jump by a man, counted
 * on bit sets: then each man and direction is one move.  -1 when a jump
 * could go on, or when the jumps' precedence keys could differ (a man
 * taking a king under Italian precedence).  A man that landed on l goes on
 * when l is the start of a jump in this position: the only jump from l
 * that the first one changes is the one straight back, and that one starts
 * nowhere yet, as it lands where the man still stands. */
static ALWAYS_INLINE int count_single_man_jumps(const struct gen_instance *g,
                                                const struct dr_variant *v,
                                                const struct dr_position *pos, int side,
                                                uint64_t starts)
{
    uint64_t enemy = pos->pieces[!side], enemy_kings = enemy & pos->kings;
    uint64_t men = pos->pieces[side] & ~pos->kings, empty = v->board & ~dr_occupied(pos);
    uint64_t jumpable = men_jumpable(g, v, enemy, enemy_kings);
    if (FIX(g, v, precedence) == DR_PREC_ITALIAN && (jumpable & enemy_kings))
        return -1;
    uint64_t lands = 0;
    int n = 0;
    for (unsigned dirs = FIX(g, v, man_capture_dirs[side]); dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        uint64_t from = jump_starts(g, v, d, jumpable, empty);
        n += bits_count(from & men);
        lands |= jump_lands(g, v, d, from & men);
    }
    switch (FIX(g, v, promotion)) {
    case DR_PROMO_IMMEDIATE_ENDS:
        lands &= ~v->promo_row[side]; /* crowned there, the move ends */
        break;
    case DR_PROMO_IMMEDIATE_CONTINUES:
        if (lands & v->promo_row[side])
            return -1; /* a new king might take on */
        break;
    case DR_PROMO_END_OF_MOVE:
        break;
    }
    return (lands & starts) ? -1 : n;
}

static ALWAYS_INLINE int count_moves(const struct gen_instance *g, const struct dr_variant *v,
                                     const struct dr_position *pos, int side)
{
    struct capture_starts s = capture_candidates(g, v, pos, side);
    if (!(s.men | s.kings))
        return count_quiet(g, v, pos, side);
    if (GHOST(g, v) && !s.kings) {
        int n = count_single_man_jumps(g, v, pos, side, s.men_go_on);
        if (n >= 0)
            return n;
    }
    struct dr_movelist list;
    list.count = 0;
    return captures_of(g, v, pos, side, &list, s);
}

static ALWAYS_INLINE int captures_or_count(const struct gen_instance *g,
                                           const struct dr_variant *v,
                                           const struct dr_position *pos, int side,
                                           struct dr_movelist *list, int *quiet)
{
    list->count = 0;
    *quiet = 0;
    struct capture_starts s = capture_candidates(g, v, pos, side);
    if (s.men | s.kings)
        return captures_of(g, v, pos, side, list, s);
    *quiet = count_quiet(g, v, pos, side);
    return 0;
}

/* The position after m, played by side from pos (next may be pos). */
static ALWAYS_INLINE void make(const struct dr_position *pos, int side, const struct dr_move *m,
                               struct dr_position *next)
{
    uint64_t from = 1ULL << m->from, to = 1ULL << m->to;
    bool king = (pos->kings & from) || (m->flags & DR_MOVE_PROMOTES);
    next->pieces[side] = (pos->pieces[side] & ~from) | to;
    next->pieces[!side] = pos->pieces[!side] & ~m->captures;
    next->kings = (pos->kings & ~(m->captures | from)) | (king ? to : 0);
    next->side = !side;
}

/* The leaves below pos at depth >= 2.  The moves of the last ply are
 * counted (count_moves), not played, and straight from the ply above. */
static ALWAYS_INLINE uint64_t perft_rec(const struct gen_instance *g, const struct dr_variant *v,
                                        const struct dr_position *pos, int side, int depth)
{
    struct dr_movelist list;
    g->gen_moves[side](v, pos, &list);
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        struct dr_position next;
        make(pos, side, &list.moves[i], &next);
        if (depth == 2)
            n += (uint64_t)g->count_moves[!side](v, &next);
        else
            n += g->perft[!side](v, &next, depth - 1);
    }
    return n;
}

/* The entry points of instance name for one side, suffixed _white or _black. */
#define GEN_SIDE_FUNCTIONS(name, SIDE, suffix)                                                 \
    static int name##_count_moves_##suffix(const struct dr_variant *v,                         \
                                           const struct dr_position *pos)                      \
    {                                                                                          \
        return count_moves(&name, v, pos, SIDE);                                               \
    }                                                                                          \
    static int name##_gen_moves_##suffix(const struct dr_variant *v,                           \
                                         const struct dr_position *pos,                        \
                                         struct dr_movelist *list)                             \
    {                                                                                          \
        return gen_moves(&name, v, pos, SIDE, list);                                           \
    }                                                                                          \
    static int name##_gen_captures_##suffix(const struct dr_variant *v,                        \
                                            const struct dr_position *pos,                     \
                                            struct dr_movelist *list)                          \
    {                                                                                          \
        return gen_captures(&name, v, pos, SIDE, list);                                        \
    }                                                                                          \
    static int name##_captures_or_count_##suffix(const struct dr_variant *v,                    \
                                                 const struct dr_position *pos,                 \
                                                 struct dr_movelist *list, int *quiet)          \
    {                                                                                          \
        return captures_or_count(&name, v, pos, SIDE, list, quiet);                            \
    }                                                                                          \
    static uint64_t name##_perft_##suffix(const struct dr_variant *v,                          \
                                          const struct dr_position *pos, int depth)            \
    {                                                                                          \
        return perft_rec(&name, v, pos, SIDE, depth);                                          \
    }

/* An instance named name fixing what its gen_spec initialiser says. */
#define GEN_INSTANCE(name, ...)                                                                \
    static const struct gen_instance name;                                                     \
    static bool name##_man_jumps(struct capture_ctx *c, int sq, uint64_t captured,             \
                                 int last_dir, int n, unsigned dirs)                           \
    {                                                                                          \
        return man_jumps(&name, c, sq, captured, last_dir, n, dirs);                           \
    }                                                                                          \
    static bool name##_king_jumps(struct capture_ctx *c, int sq, uint64_t captured,            \
                                  int last_dir, int n, unsigned dirs)                          \
    {                                                                                          \
        return king_jumps(&name, c, sq, captured, last_dir, n, dirs);                          \
    }                                                                                          \
    GEN_SIDE_FUNCTIONS(name, DR_WHITE, white)                                                  \
    GEN_SIDE_FUNCTIONS(name, DR_BLACK, black)                                                  \
    static const struct gen_instance name = {                                                  \
        {__VA_ARGS__},                                                                         \
        name##_man_jumps,                                                                      \
        name##_king_jumps,                                                                     \
        {name##_count_moves_white, name##_count_moves_black},                                  \
        {name##_gen_moves_white, name##_gen_moves_black},                                      \
        {name##_gen_captures_white, name##_gen_captures_black},                                \
        {name##_captures_or_count_white, name##_captures_or_count_black},                      \
        {name##_perft_white, name##_perft_black}}

/* The direction sets of a side's men and kings on dark squares. */
#define DIAGONAL_FORWARD {1u << DR_NE | 1u << DR_NW, 1u << DR_SE | 1u << DR_SW}
#define DIAGONAL_ALL                                                                           \
    {1u << DR_NE | 1u << DR_SE | 1u << DR_SW | 1u << DR_NW,                                    \
     1u << DR_NE | 1u << DR_SE | 1u << DR_SW | 1u << DR_NW}
/* The ghost layout of a dark-square board 2h squares wide (geometry.c):
 * a step is h+1 bits to the north-east, h to the north-west. */
#define DARK_BOARD_SHIFTS(h) {0, (h) + 1, 0, -(h), 0, -(h) - 1, 0, (h)}
/* Flying kings, majority capture, men that take backwards and take kings,
 * crowned at the end of the move (Brazilian and killer8 on 8x8,
 * International and Killer on 10x10: the halt is read from the variant). */
#define FLYING_MAJORITY(h)                                                                     \
    .fixed = true, .shift = DARK_BOARD_SHIFTS(h), .man_move_dirs = DIAGONAL_FORWARD,           \
    .man_capture_dirs = DIAGONAL_ALL, .king_move_dirs = DIAGONAL_ALL,                          \
    .king_capture_dirs = DIAGONAL_ALL, .king_flying = true, .men_capture_kings = true,         \
    .no_reverse_jump = false, .precedence = DR_PREC_MAJORITY,                                  \
    .removal = DR_REMOVAL_DEFERRED, .promotion = DR_PROMO_END_OF_MOVE

GEN_INSTANCE(generic, .fixed = false);
GEN_INSTANCE(flying_majority_8, FLYING_MAJORITY(4));
GEN_INSTANCE(flying_majority_10, FLYING_MAJORITY(5));
/* Short kings, Italian precedence, men that take forwards only and never a
 * king, a man crowned in a capture stops there (Italian). */
GEN_INSTANCE(short_italian_8, .fixed = true, .shift = DARK_BOARD_SHIFTS(4),
             .man_move_dirs = DIAGONAL_FORWARD, .man_capture_dirs = DIAGONAL_FORWARD,
             .king_move_dirs = DIAGONAL_ALL, .king_capture_dirs = DIAGONAL_ALL,
             .king_flying = false, .men_capture_kings = false, .no_reverse_jump = false,
             .precedence = DR_PREC_ITALIAN, .removal = DR_REMOVAL_DEFERRED,
             .promotion = DR_PROMO_IMMEDIATE_ENDS);

static const struct gen_instance *const instances[] = {&generic, &flying_majority_8,
                                                      &flying_majority_10, &short_italian_8};
#define NINSTANCES (int)(sizeof instances / sizeof instances[0])

static bool spec_fits(const struct gen_spec *s, const struct dr_variant *v)
{
    if (!s->fixed)
        return true;
    if (!v->ghost)
        return false;
    for (int d = 0; d < DR_NDIRS; d++)
        if (s->shift[d] != v->shift[d])
            return false;
    for (int side = 0; side < 2; side++)
        if (s->man_move_dirs[side] != v->man_move_dirs[side] ||
            s->man_capture_dirs[side] != v->man_capture_dirs[side] ||
            s->king_move_dirs[side] != v->king_move_dirs[side] ||
            s->king_capture_dirs[side] != v->king_capture_dirs[side])
            return false;
    return s->king_flying == v->king_flying && s->men_capture_kings == v->men_capture_kings &&
           s->no_reverse_jump == v->no_reverse_jump && s->precedence == v->precedence &&
           s->removal == v->removal && s->promotion == v->promotion;
}

uint8_t movegen_instance_of(const struct dr_variant *v)
{
    for (int i = NINSTANCES - 1; i > 0; i--)
        if (spec_fits(&instances[i]->spec, v))
            return (uint8_t)i;
    return 0;
}

static const struct gen_instance *instance(const struct dr_variant *v)
{
    return v->movegen < NINSTANCES ? instances[v->movegen] : &generic;
}

int dr_gen_moves(const struct dr_variant *v, const struct dr_position *pos,
                 struct dr_movelist *list)
{
    return instance(v)->gen_moves[pos->side](v, pos, list);
}

int dr_gen_captures(const struct dr_variant *v, const struct dr_position *pos,
                    struct dr_movelist *list)
{
    return instance(v)->gen_captures[pos->side](v, pos, list);
}

int dr_gen_captures_or_count(const struct dr_variant *v, const struct dr_position *pos,
                             struct dr_movelist *list, int *quiet)
{
    return instance(v)->captures_or_count[pos->side](v, pos, list, quiet);
}

int dr_count_moves(const struct dr_variant *v, const struct dr_position *pos)
{
    return instance(v)->count_moves[pos->side](v, pos);
}

bool dr_has_capture(const struct dr_variant *v, const struct dr_position *pos)
{
    struct capture_starts s = capture_candidates(&generic, v, pos, pos->side);
    return s.men || s.kings;
}

void dr_make(const struct dr_variant *v, struct dr_position *pos, const struct dr_move *m)
{
    (void)v;
    make(pos, pos->side, m, pos);
}

void dr_capture_paths(const struct dr_variant *v, const struct dr_position *pos, int from,
                      dr_path_fn fn, void *arg)
{
    if (!((pos->pieces[pos->side] >> from) & 1))
        return;
    struct capture_ctx c;
    capture_setup(&c, v, pos, pos->side, NULL);
    c.on_path = fn;
    c.arg = arg;
    piece_captures(&generic, &c, from, (pos->kings >> from) & 1);
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

uint64_t dr_perft(const struct dr_variant *v, const struct dr_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)dr_count_moves(v, pos);
    return instance(v)->perft[pos->side](v, pos, depth);
}
