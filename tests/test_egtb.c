/* The endgame tables: every value agrees with the move generator (a win in
 * d has a move to a loss in d - 1 and none shorter; a loss in d has only
 * moves to wins, the longest in d - 1; a draw neither), the distances of
 * ../shared's endgame database, and a build that is called off. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "draughts/bitboard.h"
#include "draughts/drawrules.h"
#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/variant.h"
#include "egtb.h"
#include "egtb_impl.h"
#include "testdata.h"

static const char *const variants[] = {"killer",  "international", "killer8", "brazilian",
                                       "russian", "pool",          "english", "italian",
                                       "german",  "turkish",       "armenian"};

/* The tables of each variant, built once for all the tests. */
static struct {
    struct dr_variant v;
    struct egtb *t;
} built[sizeof variants / sizeof variants[0]];

static const struct egtb *tables_for(const char *name, struct dr_variant *v)
{
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        if (strcmp(variants[i], name))
            continue;
        if (!built[i].t) {
            struct dr_error err;
            assert_true(dr_variant_builtin(name, &built[i].v, &err));
            built[i].t = egtb_build(&built[i].v, EGTB_MAX_PIECES, NULL, NULL);
            assert_non_null(built[i].t);
        }
        *v = built[i].v;
        return built[i].t;
    }
    fail_msg("no variant %s in the list", name);
    return NULL;
}

static int free_tables(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        egtb_free(built[i].t);
    return 0;
}

/* A position of two to most pieces on random squares; false when it is
 * not one (two on a square, a man on its crowning row). */
static bool random_position(const struct dr_variant *v, int most, uint64_t *seed,
                            struct dr_position *p)
{
    int squares[DR_MAX_SQUARES], n = 0;
    for (uint64_t b = v->board; b;)
        squares[n++] = bits_pop(&b);
    memset(p, 0, sizeof *p);
    *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
    uint64_t r = *seed >> 11;
    int count = 2 + (int)(r % (uint64_t)(most - 1));
    r /= (uint64_t)(most - 1);
    p->side = (int)(r % 2);
    r /= 2;
    for (int i = 0; i < count; i++) {
        int colour = i == 0 ? DR_WHITE : i == 1 ? DR_BLACK : (int)(r % 2);
        r /= 2;
        bool king = r % 2;
        r /= 2;
        uint64_t bit = 1ULL << squares[r % (uint64_t)n];
        r /= (uint64_t)n;
        if ((dr_occupied(p) & bit) || (!king && (v->promo_row[colour] & bit)))
            return false;
        p->pieces[colour] |= bit;
        if (king)
            p->kings |= bit;
    }
    return true;
}

/* What the moves of pos say its value must be. */
static enum egtb_result expected(const struct dr_variant *v, const struct egtb *t,
                                 const struct dr_position *pos, int *plies)
{
    struct dr_movelist l;
    int win = -1, longest_loss = -1;
    bool all_lose = true;
    dr_gen_moves(v, pos, &l);
    for (int i = 0; i < l.count; i++) {
        struct dr_position next = *pos;
        dr_make(v, &next, &l.moves[i]);
        int d = 0;
        enum egtb_result r = next.pieces[next.side] ? egtb_probe(t, &next, &d) : EGTB_LOSS;
        assert_int_not_equal(r, EGTB_NONE);
        if (r == EGTB_LOSS && (win < 0 || d + 1 < win))
            win = d + 1;
        if (r != EGTB_WIN)
            all_lose = false;
        else if (d + 1 > longest_loss)
            longest_loss = d + 1;
    }
    if (win >= 0) {
        *plies = win;
        return EGTB_WIN;
    }
    if (all_lose) {
        *plies = l.count ? longest_loss : 0;
        return EGTB_LOSS;
    }
    return EGTB_DRAW;
}

static void test_tables_follow_the_moves(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        struct dr_variant v;
        const struct egtb *t = tables_for(variants[k], &v);
        uint64_t seed = k + 1;
        int checked = 0, counts[4] = {0};
        while (checked < 20000) {
            struct dr_position pos;
            if (!random_position(&v, egtb_pieces(t), &seed, &pos))
                continue;
            int d = -1, want_d = -1;
            enum egtb_result got = egtb_probe(t, &pos, &d);
            enum egtb_result want = expected(&v, t, &pos, &want_d);
            if (got != want || (got != EGTB_DRAW && d != want_d)) {
                char fen[128];
                dr_fen_write(&v, &pos, fen, sizeof fen);
                fail_msg("%s %s: tables say %d in %d, the moves %d in %d", variants[k], fen, got,
                         d, want, want_d);
            }
            counts[got]++;
            checked++;
        }
        printf("%-13s longest win %2d plies; of %d positions %d won, %d lost, %d drawn\n",
               variants[k], egtb_longest(t), checked, counts[EGTB_WIN], counts[EGTB_LOSS],
               counts[EGTB_DRAW]);
        /* every variant has wins and draws among its small endings */
        assert_true(counts[EGTB_WIN] > 0 && counts[EGTB_DRAW] > 0);
    }
}

/* The counters after move m from pos, as the game keeps them (the material
 * count as the plies it has left: 0 none).  False when they draw there. */
static bool counters_after(const struct dr_variant *v, const struct dr_position *pos,
                           const struct dr_move *m, const struct dr_position *next, int *kings_only,
                           int *left)
{
    *kings_only = dr_move_kings_only(pos, m) ? *kings_only + 1 : 0;
    int elapsed = 0;
    int limit = dr_endgame_next(v, pos, next, m->captures != 0, *left, 0, &elapsed);
    *left = limit ? limit - elapsed : 0;
    return (!v->draw_kings_only_plies || *kings_only < v->draw_kings_only_plies) &&
           (!limit || *left > 0);
}

/* A win or loss egtb_fits allows holds under the counters: by induction on
 * the distance, it is enough that a win so allowed has a shortest win to a
 * loss allowed with the counters after it, and a loss so allowed only moves
 * to wins allowed.  Checked with counters drawn at random. */
static void test_fits_follow_the_moves(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        struct dr_variant v;
        const struct egtb *t = tables_for(variants[k], &v);
        uint64_t seed = k + 101;
        int checked = 0, fits = 0, fresh = 0, decided = 0;
        while (checked < 20000) {
            struct dr_position pos;
            int d = 0;
            if (!random_position(&v, egtb_pieces(t), &seed, &pos))
                continue;
            enum egtb_result r = egtb_probe(t, &pos, &d);
            if (r != EGTB_WIN && r != EGTB_LOSS)
                continue;
            int limit = dr_endgame_limit(&v, &pos), ko = v.draw_kings_only_plies;
            int kings_only = ko ? (int)((seed >> 20) % (uint64_t)ko) : 0;
            int left = limit ? 1 + (int)((seed >> 40) % (uint64_t)limit) : 0;
            checked++;
            decided++;
            fresh += egtb_fits(t, &pos, 0, limit);
            if (!egtb_fits(t, &pos, kings_only, left))
                continue;
            fits++;
            struct dr_movelist l;
            dr_gen_moves(&v, &pos, &l);
            bool ok = r == EGTB_LOSS;
            for (int i = 0; i < l.count; i++) {
                struct dr_position next = pos;
                dr_make(&v, &next, &l.moves[i]);
                int nk = kings_only, nl = left, nd = 0;
                bool alive = counters_after(&v, &pos, &l.moves[i], &next, &nk, &nl);
                enum egtb_result nr =
                    next.pieces[next.side] ? egtb_probe(t, &next, &nd) : EGTB_LOSS;
                bool end = !next.pieces[next.side];
                bool holds = alive && (end || egtb_fits(t, &next, nk, nl));
                if (r == EGTB_WIN && nr == EGTB_LOSS && nd == d - 1 && holds)
                    ok = true;
                if (r == EGTB_LOSS && !(nr == EGTB_WIN && holds))
                    ok = false;
            }
            if (!ok) {
                char fen[128];
                dr_fen_write(&v, &pos, fen, sizeof fen);
                fail_msg("%s %s (%d in %d) fits %d king plies, %d left, its moves do not",
                         variants[k], fen, r, d, kings_only, left);
            }
        }
        printf("%-13s of %d won or lost: %d hold with fresh counts, %d with the counts drawn\n",
               variants[k], decided, fresh, fits);
        assert_true(fresh > 0);
    }
}

/* The entries of an endgame-database list the tables hold, exactly. */
static int egdb_distances(const char *file, const char *variant)
{
    char buf[512], path[600], line[1024];
    const char *dir = testdata_dir("perft", buf, sizeof buf);
    if (!dir)
        return 0;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    struct dr_variant v;
    struct dr_error err;
    const struct egtb *t = tables_for(variant, &v);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *fld[3];
        if (line[0] == '#' || testdata_fields(line, fld, 3) < 2)
            continue;
        struct dr_position pos;
        assert_true(dr_fen_parse(&v, fld[0], &pos, &err));
        if (bits_count(dr_occupied(&pos)) > egtb_pieces(t))
            continue;
        int d = -1;
        enum egtb_result r = egtb_probe(t, &pos, &d);
        if (r != EGTB_WIN || d != atoi(fld[1]))
            fail_msg("%s %s: win in %s plies, tables say %d in %d", variant, fld[0], fld[1], r, d);
        checked++;
    }
    fclose(f);
    printf("%s: %d wins of %d pieces or fewer at their exact distance\n", file, checked,
           egtb_pieces(t));
    return checked;
}

static void test_egdb_distances(void **state)
{
    (void)state;
    char buf[512];
    if (!testdata_dir("perft", buf, sizeof buf))
        skip();
    int n = egdb_distances("egdb_wins_killer10.tsv", "killer") +
            egdb_distances("egdb_wins_international.tsv", "international");
    assert_true(n > 0);
}

/* Facts that need no data: flying kings cannot force anything one against
 * one; short kings beat a lone king two to one; Killer's halt lets two
 * flying kings beat one, which International's rules do not. */
static void test_known_endings(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
        enum egtb_result result;
    } cases[] = {
        {"international", "W:WK46:BK1", EGTB_DRAW},
        {"killer", "W:WK5,K14:BK33", EGTB_WIN},
        {"international", "W:WK5,K14:BK33", EGTB_DRAW},
        {"english", "W:WK1,K2:BK32", EGTB_WIN},
        {"english", "B:WK1,K2:BK32", EGTB_LOSS},
        {"russian", "W:WKa1:BKh6", EGTB_DRAW},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct dr_variant v;
        struct dr_error err;
        struct dr_position pos;
        const struct egtb *t = tables_for(cases[i].variant, &v);
        assert_true(dr_fen_parse(&v, cases[i].fen, &pos, &err));
        int d;
        if (egtb_probe(t, &pos, &d) != cases[i].result)
            fail_msg("%s %s: expected %d", cases[i].variant, cases[i].fen, cases[i].result);
        /* more pieces than the tables hold, or a side without any */
        while (bits_count(dr_occupied(&pos)) <= egtb_pieces(t))
            pos.pieces[DR_WHITE] |= 1ULL << bits_first(v.board & ~dr_occupied(&pos));
        assert_int_equal(egtb_probe(t, &pos, &d), EGTB_NONE);
        pos.pieces[DR_BLACK] = 0;
        assert_int_equal(egtb_probe(t, &pos, &d), EGTB_NONE);
    }
}

static void test_cancelled_build(void **state)
{
    (void)state;
    struct dr_variant v;
    struct dr_error err;
    assert_true(dr_variant_builtin("killer", &v, &err));
    atomic_bool cancel;
    atomic_init(&cancel, true);
    assert_null(egtb_build(&v, EGTB_MAX_PIECES, NULL, &cancel));
    egtb_free(NULL);
}

static void *acquire_killer8(void *arg)
{
    return egtb_acquire(arg, EGTB_MAX_PIECES, NULL);
}

/* Engines of one process share the tables of the same rules: two threads
 * asking at once get one build; other rules get their own; the last release
 * frees them, and a later request builds again. */
static void test_shared_tables(void **state)
{
    (void)state;
    struct dr_variant a, b, other;
    struct dr_error err;
    setenv("DRAUGHTS_TABLES_DIR", "", 1); /* the process's sharing only, no files */
    assert_true(dr_variant_builtin("killer8", &a, &err));
    b = a;
    assert_true(dr_variant_builtin("brazilian", &other, &err));
    pthread_t ta, tb;
    assert_int_equal(pthread_create(&ta, NULL, acquire_killer8, &a), 0);
    assert_int_equal(pthread_create(&tb, NULL, acquire_killer8, &b), 0);
    void *ra, *rb;
    pthread_join(ta, &ra);
    pthread_join(tb, &rb);
    assert_non_null(ra);
    assert_ptr_equal(ra, rb);
    struct egtb *o = egtb_acquire(&other, EGTB_MAX_PIECES, NULL);
    assert_non_null(o);
    assert_ptr_not_equal(o, ra);
    /* killer8 and brazilian differ only by the king halt: other tables */
    struct dr_position pos;
    assert_true(dr_fen_parse(&a, "W:WKc1,Kg3:BKe7", &pos, &err));
    int d1 = 0, d2 = 0;
    enum egtb_result r1 = egtb_probe(ra, &pos, &d1), r2 = egtb_probe(o, &pos, &d2);
    printf("W:WKc1,Kg3:BKe7: killer8 %d in %d, brazilian %d in %d\n", r1, d1, r2, d2);
    assert_int_equal(r1, EGTB_WIN);
    assert_int_equal(r2, EGTB_DRAW);
    egtb_release(ra);
    egtb_release(rb);
    egtb_release(o);
    /* released tables stay for the next engine of the same rules */
    struct egtb *again = egtb_acquire(&a, EGTB_MAX_PIECES, NULL);
    assert_ptr_equal(again, ra);
    assert_int_equal(egtb_probe(again, &pos, &d1), EGTB_WIN);
    egtb_release(again);
    /* called off before it is built: nothing, and nothing to release */
    struct dr_variant pool;
    assert_true(dr_variant_builtin("pool", &pool, &err));
    atomic_bool cancel;
    atomic_init(&cancel, true);
    assert_null(egtb_acquire(&pool, EGTB_MAX_PIECES, &cancel));
}

/* Tables written to a directory are read back (a build called off at once
 * still gives them), the same; a damaged file is not used but built again. */
static void test_tables_kept_on_disk(void **state)
{
    (void)state;
    char dir[] = "/tmp/draughts-egtb-XXXXXX";
    assert_non_null(mkdtemp(dir));
    struct dr_variant v;
    struct dr_error err;
    assert_true(dr_variant_builtin("english", &v, &err));
    atomic_bool cancel;
    atomic_init(&cancel, true);
    assert_null(egtb_build(&v, EGTB_MAX_PIECES, dir, &cancel)); /* nothing there yet */
    struct egtb *made = egtb_build(&v, EGTB_MAX_PIECES, dir, NULL);
    struct egtb *read = egtb_build(&v, EGTB_MAX_PIECES, dir, &cancel);
    assert_non_null(made);
    assert_non_null(read);
    assert_int_equal(egtb_longest(read), egtb_longest(made));
    uint64_t seed = 7;
    for (int n = 0; n < 20000;) {
        struct dr_position pos;
        if (!random_position(&v, EGTB_MAX_PIECES, &seed, &pos))
            continue;
        int d1 = -1, d2 = -1;
        assert_int_equal(egtb_probe(read, &pos, &d2), egtb_probe(made, &pos, &d1));
        assert_int_equal(d1, d2);
        assert_int_equal(egtb_fits(read, &pos, 10, 0), egtb_fits(made, &pos, 10, 0));
        n++;
    }
    egtb_free(read);
    /* one byte changed in the middle of the file: not used */
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "f=$(ls %s/*.egtb) && printf 'x' | dd of=\"$f\" bs=1 seek=1000000 conv=notrunc 2>/dev/null",
             dir);
    assert_int_equal(system(cmd), 0);
    assert_null(egtb_build(&v, EGTB_MAX_PIECES, dir, &cancel));
    /* cut short: not used either */
    snprintf(cmd, sizeof cmd, "f=$(ls %s/*.egtb) && truncate -s 5000 \"$f\"", dir);
    assert_int_equal(system(cmd), 0);
    assert_null(egtb_build(&v, EGTB_MAX_PIECES, dir, &cancel));
    /* made again and written over */
    egtb_free(egtb_build(&v, EGTB_MAX_PIECES, dir, NULL));
    read = egtb_build(&v, EGTB_MAX_PIECES, dir, &cancel);
    assert_non_null(read);
    egtb_free(read);
    egtb_free(made);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* The tables are a pure function of the rules: every byte of them is set
 * by the build (the counters' need of a drawn or impossible position was
 * left as malloc gave it, so two builds differed), and two builds agree. */
static void test_tables_deterministic(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        struct dr_variant v;
        const struct egtb *t = tables_for(variants[i], &v);
        for (int ci = 0; ci < t->nclasses; ci++) {
            const struct egtb_class *c = &t->classes[ci];
            for (size_t idx = 0; c->need && idx < c->size; idx++)
                if ((c->value[idx] == 0 || c->value[idx] == INVALID) && c->need[idx] != 0)
                    fail_msg("%s: class %d position %zu: undecided, need %d", variants[i], ci,
                             idx, c->need[idx]);
        }
    }
    struct dr_variant v;
    const struct egtb *first = tables_for("english", &v);
    struct egtb *again = egtb_build(&v, EGTB_MAX_PIECES, NULL, NULL);
    assert_non_null(again);
    assert_int_equal(again->nclasses, first->nclasses);
    for (int ci = 0; ci < first->nclasses; ci++) {
        const struct egtb_class *a = &first->classes[ci], *b = &again->classes[ci];
        assert_int_equal(a->size, b->size);
        assert_memory_equal(a->value, b->value, a->size);
        if (a->need)
            assert_memory_equal(a->need, b->need, a->size);
    }
    egtb_free(again);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_follow_the_moves),
        cmocka_unit_test(test_fits_follow_the_moves),
        cmocka_unit_test(test_egdb_distances),
        cmocka_unit_test(test_known_endings),
        cmocka_unit_test(test_cancelled_build),
        cmocka_unit_test(test_shared_tables),
        cmocka_unit_test(test_tables_kept_on_disk),
        cmocka_unit_test(test_tables_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, free_tables);
}
