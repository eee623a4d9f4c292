/* Rules files (design.md 2): every built-in variant loads with the values of
 * rules.md Part A, the board geometry and numeric square names, the parser's
 * error messages (source, line, key), the checks of impossible combinations,
 * and user files on disk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "draughts/notation.h"
#include "draughts/variant.h"

#define D(x) (1u << DR_##x)
#define DIAG (D(NE) | D(SE) | D(SW) | D(NW))
#define ORTH (D(N) | D(E) | D(S) | D(W))

/* ---------------------------------------------------------------- helpers */

static struct dr_variant builtin(const char *name)
{
    struct dr_variant v;
    struct dr_error err = {""};
    if (!dr_variant_builtin(name, &v, &err))
        fail_msg("built-in variant %s does not load: %s", name, err.msg);
    assert_string_equal(v.name, name);
    return v;
}

static struct dr_variant parse_ok(const char *text)
{
    struct dr_variant v;
    struct dr_error err = {""};
    if (!dr_variant_parse(text, "test.rules", &v, &err))
        fail_msg("rules text rejected: %s\n---\n%s---", err.msg, text);
    return v;
}

/* The text must be rejected with a message holding every non-NULL needle. */
static void check_parse_error(const char *text, const char *n1, const char *n2,
                              const char *n3)
{
    struct dr_variant v;
    struct dr_error err;
    memset(&err, 0, sizeof err);
    if (dr_variant_parse(text, "my.rules", &v, &err))
        fail_msg("rules text accepted, expected an error:\n---\n%s---", text);
    const char *needles[] = {n1, n2, n3};
    for (int i = 0; i < 3; i++)
        if (needles[i] && !strstr(err.msg, needles[i]))
            fail_msg("message \"%s\" does not contain \"%s\" (rules text:\n%s)", err.msg,
                     needles[i], text);
}

/* Space-separated names of the fields in which a and b differ. */
static void variant_diff(const struct dr_variant *a, const struct dr_variant *b, char *out,
                         size_t size)
{
    out[0] = 0;
#define NOTE(f) (strncat(out, out[0] ? " " #f : #f, size - strlen(out) - 1))
#define STR(f)                                                                                 \
    if (strcmp(a->f, b->f))                                                                    \
    NOTE(f)
#define MEM(f)                                                                                 \
    if (memcmp(&a->f, &b->f, sizeof a->f))                                                     \
    NOTE(f)
    STR(name);
    STR(description);
    STR(pdn_gametype);
    STR(pdn_variant_tag);
    MEM(width);
    MEM(height);
    MEM(all_squares);
    MEM(a1_dark);
    MEM(start_row_lo);
    MEM(start_row_hi);
    MEM(first_player);
    MEM(man_move_dirs);
    MEM(man_capture_dirs);
    MEM(king_move_dirs);
    MEM(king_capture_dirs);
    MEM(king_flying);
    MEM(men_capture_kings);
    MEM(precedence);
    MEM(removal);
    MEM(no_reverse_jump);
    MEM(promotion);
    MEM(king_halt);
    MEM(king_must_land_to_continue);
    MEM(notation);
    MEM(capture_sep);
    MEM(draw_repetitions);
    MEM(draw_kings_only_plies);
    MEM(draw_1k_vs_3_plies);
    MEM(draw_1k_vs_2_plies);
    MEM(draw_3k_vs_1k_plies);
    MEM(nsquares);
    MEM(board);
    MEM(shift);
    MEM(can_step);
    MEM(promo_row);
    MEM(ray);
    MEM(sq_file);
    MEM(sq_rank);
    MEM(sq_number);
    MEM(number_sq);
#undef NOTE
#undef STR
#undef MEM
}

static void check_diff(const struct dr_variant *a, const struct dr_variant *b, const char *want)
{
    char got[512];
    variant_diff(a, b, got, sizeof got);
    if (strcmp(got, want))
        fail_msg("%s vs %s differ in [%s], expected [%s]", a->name, b->name, got, want);
}

/* White's directions turned half a circle are Black's. */
static void check_dirs(const char *what, const uint8_t dirs[2], unsigned white)
{
    unsigned black = ((white << 4) | (white >> 4)) & 0xff;
    if (dirs[DR_WHITE] != white || dirs[DR_BLACK] != black)
        fail_msg("%s: white 0x%02x black 0x%02x, expected 0x%02x 0x%02x", what, dirs[DR_WHITE],
                 dirs[DR_BLACK], white, black);
}

/* Bit of a square name; -1 when it is no playing square. */
static int sq(const struct dr_variant *v, const char *name)
{
    int len = -1;
    int b = dr_square_parse(v, name, &len);
    if (b >= 0)
        assert_int_equal(len, (int)strlen(name));
    return b;
}

/* ---------------------------------------------------------------- built-ins */

static const char *const all_names[] = {"armenian", "brazilian", "english",  "german",
                                        "international", "italian", "killer", "killer8",
                                        "pool",     "russian",   "turkish",  NULL};

static void test_builtin_names(void **state)
{
    (void)state;
    const char *const *names = dr_variant_builtin_names();
    int n = 0;
    while (names[n])
        n++;
    assert_int_equal(n, 11);
    for (int i = 0; all_names[i]; i++) {
        int found = 0;
        for (int j = 0; names[j]; j++)
            found += !strcmp(names[j], all_names[i]);
        if (found != 1)
            fail_msg("built-in %s listed %d times", all_names[i], found);
        struct dr_variant v = builtin(all_names[i]);
        assert_true(v.description[0] != 0);
        assert_true(v.pdn_gametype[0] != 0);
        assert_int_equal(v.draw_repetitions, 3);
        assert_int_equal(v.capture_sep, !strcmp(all_names[i], "russian") ? ':' : 'x');
        /* every rules file is in plain ASCII words the generator reads as flags:
         * men move at least somewhere, kings capture at least somewhere */
        assert_true(v.man_move_dirs[0] && v.man_capture_dirs[0] && v.king_move_dirs[0] &&
                    v.king_capture_dirs[0]);
    }
    struct dr_variant v;
    struct dr_error err = {""};
    assert_false(dr_variant_builtin("checkers", &v, &err));
    assert_non_null(strstr(err.msg, "'checkers'"));
    assert_false(dr_variant_builtin("", &v, &err));
    /* names are read without regard to case (issue 18), and a near miss
     * is named */
    assert_true(dr_variant_builtin("International", &v, &err));
    assert_string_equal(v.name, "international");
    assert_true(dr_variant_builtin("KILLER8", &v, &err));
    assert_string_equal(v.name, "killer8");
    assert_false(dr_variant_builtin("internatonal", &v, &err));
    assert_non_null(strstr(err.msg, "did you mean international?"));
}

static void test_international(void **state)
{
    (void)state;
    struct dr_variant v = builtin("international");
    assert_int_equal(v.width, 10);
    assert_int_equal(v.height, 10);
    assert_false(v.all_squares);
    assert_true(v.a1_dark);
    assert_int_equal(v.start_row_lo, 1);
    assert_int_equal(v.start_row_hi, 4);
    assert_int_equal(v.first_player, DR_WHITE);
    check_dirs("man_move_dirs", v.man_move_dirs, D(NE) | D(NW));
    check_dirs("man_capture_dirs", v.man_capture_dirs, DIAG);
    check_dirs("king_move_dirs", v.king_move_dirs, DIAG);
    check_dirs("king_capture_dirs", v.king_capture_dirs, DIAG);
    assert_true(v.king_flying);
    assert_true(v.men_capture_kings);
    assert_int_equal(v.precedence, DR_PREC_MAJORITY);
    assert_int_equal(v.removal, DR_REMOVAL_DEFERRED);
    assert_int_equal(v.promotion, DR_PROMO_END_OF_MOVE);
    assert_false(v.king_halt);
    assert_false(v.king_must_land_to_continue);
    assert_int_equal(v.notation, DR_NOTATION_NUMERIC);
    assert_int_equal(v.draw_kings_only_plies, 50);
    assert_int_equal(v.draw_1k_vs_3_plies, 32);
    assert_int_equal(v.draw_1k_vs_2_plies, 10);
    assert_int_equal(v.draw_3k_vs_1k_plies, 0);
    assert_string_equal(v.pdn_gametype, "20,W,10,10,N2,0");
    assert_string_equal(v.pdn_variant_tag, "");
}

static void test_killer(void **state)
{
    (void)state;
    struct dr_variant k = builtin("killer"), i = builtin("international");
    assert_true(k.king_halt);
    assert_true(k.king_flying);
    assert_int_equal(k.precedence, DR_PREC_MAJORITY);
    assert_int_equal(k.promotion, DR_PROMO_END_OF_MOVE);
    assert_int_equal(k.draw_kings_only_plies, 50);
    assert_int_equal(k.draw_1k_vs_3_plies, 0); /* no material counters by default */
    assert_int_equal(k.draw_1k_vs_2_plies, 0);
    assert_string_equal(k.pdn_gametype, "20,W,10,10,N2,0");
    assert_string_equal(k.pdn_variant_tag, "Killer");
    /* base = international: everything else is inherited */
    check_diff(&k, &i,
               "name description pdn_variant_tag king_halt draw_1k_vs_3_plies "
               "draw_1k_vs_2_plies");
}

static void test_killer8(void **state)
{
    (void)state;
    struct dr_variant k = builtin("killer8"), b = builtin("brazilian");
    assert_true(k.king_halt);
    assert_int_equal(k.width, 8);
    assert_int_equal(k.notation, DR_NOTATION_ALGEBRAIC);
    assert_int_equal(k.draw_kings_only_plies, 50);
    /* Brazilian's draw rules, the material counters included (issue 17) */
    assert_int_equal(k.draw_1k_vs_3_plies, 20);
    assert_int_equal(k.draw_1k_vs_2_plies, 10);
    assert_string_equal(k.pdn_gametype, "26,W,8,8,A0,0");
    assert_string_equal(k.pdn_variant_tag, "Killer 8x8");
    check_diff(&k, &b, "name description pdn_variant_tag king_halt");
}

static void test_brazilian(void **state)
{
    (void)state;
    struct dr_variant v = builtin("brazilian");
    assert_int_equal(v.width, 8);
    assert_int_equal(v.height, 8);
    assert_false(v.all_squares);
    assert_true(v.a1_dark);
    assert_int_equal(v.start_row_hi, 3);
    assert_int_equal(v.first_player, DR_WHITE);
    check_dirs("man_capture_dirs", v.man_capture_dirs, DIAG);
    assert_true(v.king_flying);
    assert_int_equal(v.precedence, DR_PREC_MAJORITY);
    assert_int_equal(v.promotion, DR_PROMO_END_OF_MOVE);
    assert_false(v.king_halt);
    assert_int_equal(v.notation, DR_NOTATION_ALGEBRAIC);
    assert_int_equal(v.draw_kings_only_plies, 50);
    assert_int_equal(v.draw_1k_vs_3_plies, 20);
    assert_int_equal(v.draw_1k_vs_2_plies, 10);
    assert_string_equal(v.pdn_gametype, "26,W,8,8,A0,0");
}

static void test_german(void **state)
{
    (void)state;
    struct dr_variant v = builtin("german");
    assert_int_equal(v.width, 8);
    assert_true(v.a1_dark);
    assert_int_equal(v.first_player, DR_WHITE);
    check_dirs("man_capture_dirs", v.man_capture_dirs, DIAG);
    assert_true(v.king_flying);
    assert_true(v.king_must_land_to_continue);
    assert_int_equal(v.precedence, DR_PREC_FREE);
    assert_int_equal(v.removal, DR_REMOVAL_DEFERRED);
    assert_int_equal(v.promotion, DR_PROMO_IMMEDIATE_ENDS);
    assert_false(v.king_halt);
    assert_int_equal(v.notation, DR_NOTATION_ALGEBRAIC);
    assert_int_equal(v.draw_kings_only_plies, 0); /* threefold only */
    assert_int_equal(v.draw_1k_vs_3_plies, 0);
    assert_int_equal(v.draw_1k_vs_2_plies, 0);
    assert_int_equal(v.draw_3k_vs_1k_plies, 0);
    assert_string_equal(v.pdn_gametype, "26,W,8,8,A0,0");
    assert_string_equal(v.pdn_variant_tag, "German");
}

static void test_italian(void **state)
{
    (void)state;
    struct dr_variant v = builtin("italian");
    assert_int_equal(v.width, 8);
    assert_false(v.all_squares);
    assert_false(v.a1_dark); /* a1 light, h1 dark */
    assert_int_equal(v.first_player, DR_WHITE);
    check_dirs("man_move_dirs", v.man_move_dirs, D(NE) | D(NW));
    check_dirs("man_capture_dirs", v.man_capture_dirs, D(NE) | D(NW)); /* forward only */
    check_dirs("king_move_dirs", v.king_move_dirs, DIAG);
    check_dirs("king_capture_dirs", v.king_capture_dirs, DIAG);
    assert_false(v.king_flying); /* short kings */
    assert_false(v.men_capture_kings);
    assert_int_equal(v.precedence, DR_PREC_ITALIAN);
    assert_int_equal(v.removal, DR_REMOVAL_DEFERRED);
    assert_int_equal(v.promotion, DR_PROMO_IMMEDIATE_ENDS);
    assert_false(v.king_halt);
    assert_false(v.king_must_land_to_continue);
    assert_int_equal(v.notation, DR_NOTATION_NUMERIC);
    assert_int_equal(v.draw_kings_only_plies, 80);
    assert_string_equal(v.pdn_gametype, "22,W,8,8,N2,1");
}

static void test_pool(void **state)
{
    (void)state;
    struct dr_variant v = builtin("pool");
    assert_int_equal(v.width, 8);
    assert_true(v.a1_dark);
    assert_int_equal(v.first_player, DR_BLACK);
    check_dirs("man_capture_dirs", v.man_capture_dirs, DIAG); /* men take backwards */
    assert_true(v.king_flying);
    assert_true(v.king_must_land_to_continue);
    assert_int_equal(v.precedence, DR_PREC_FREE);
    assert_int_equal(v.promotion, DR_PROMO_END_OF_MOVE);
    assert_false(v.king_halt);
    assert_int_equal(v.notation, DR_NOTATION_NUMERIC);
    assert_int_equal(v.draw_kings_only_plies, 50);
    assert_int_equal(v.draw_3k_vs_1k_plies, 26);
    assert_string_equal(v.pdn_gametype, "23,B,8,8,N1,0");
}

static void test_english_and_russian(void **state)
{
    (void)state;
    struct dr_variant e = builtin("english");
    assert_int_equal(e.first_player, DR_BLACK);
    assert_false(e.king_flying);
    check_dirs("english man_capture_dirs", e.man_capture_dirs, D(NE) | D(NW));
    assert_int_equal(e.precedence, DR_PREC_FREE);
    assert_int_equal(e.promotion, DR_PROMO_IMMEDIATE_ENDS);
    assert_int_equal(e.notation, DR_NOTATION_NUMERIC);
    assert_int_equal(e.draw_kings_only_plies, 100);
    assert_string_equal(e.pdn_gametype, "21,B,8,8,N1,0");

    struct dr_variant r = builtin("russian");
    assert_int_equal(r.first_player, DR_WHITE);
    assert_true(r.king_flying);
    assert_int_equal(r.precedence, DR_PREC_FREE);
    assert_int_equal(r.promotion, DR_PROMO_IMMEDIATE_CONTINUES);
    assert_int_equal(r.notation, DR_NOTATION_ALGEBRAIC);
    assert_int_equal(r.capture_sep, ':');
    assert_string_equal(r.pdn_gametype, "25,W,8,8,A0,0");
}

static void test_armenian_and_turkish(void **state)
{
    (void)state;
    struct dr_variant a = builtin("armenian"), t = builtin("turkish");
    assert_true(a.all_squares);
    assert_int_equal(a.width, 8);
    assert_int_equal(a.height, 8);
    assert_int_equal(a.start_row_lo, 2); /* ranks 2-3 / 6-7, rank 1 empty */
    assert_int_equal(a.start_row_hi, 3);
    assert_int_equal(a.first_player, DR_WHITE);
    assert_int_equal(a.removal, DR_REMOVAL_IMMEDIATE);
    assert_true(a.no_reverse_jump);
    /* men: forward, sideways and diagonally forward; never backwards */
    check_dirs("armenian man_move_dirs", a.man_move_dirs,
               D(N) | D(E) | D(W) | D(NE) | D(NW));
    assert_true(a.man_move_dirs[DR_WHITE] & D(NE));
    assert_false(a.man_move_dirs[DR_WHITE] & (D(S) | D(SE) | D(SW)));
    assert_false(a.man_move_dirs[DR_BLACK] & (D(N) | D(NE) | D(NW)));
    /* men capture orthogonally: forward, left, right */
    check_dirs("armenian man_capture_dirs", a.man_capture_dirs, D(N) | D(E) | D(W));
    /* kings move like a queen, capture orthogonally only, flying */
    check_dirs("armenian king_move_dirs", a.king_move_dirs, 0xff);
    check_dirs("armenian king_capture_dirs", a.king_capture_dirs, ORTH);
    assert_true(a.king_flying);
    assert_true(a.men_capture_kings);
    assert_int_equal(a.precedence, DR_PREC_MAJORITY);
    assert_int_equal(a.promotion, DR_PROMO_END_OF_MOVE);
    assert_false(a.king_halt);
    assert_int_equal(a.notation, DR_NOTATION_ALGEBRAIC);
    assert_int_equal(a.draw_kings_only_plies, 0);
    assert_int_equal(a.draw_1k_vs_3_plies, 0);
    assert_string_equal(a.pdn_gametype, "30,W,8,8,A0,0");
    assert_string_equal(a.pdn_variant_tag, "Armenian");

    check_dirs("turkish man_move_dirs", t.man_move_dirs, D(N) | D(E) | D(W));
    check_dirs("turkish king_move_dirs", t.king_move_dirs, ORTH);
    /* Armenian = Turkish plus the diagonal moves */
    check_diff(&a, &t, "name description pdn_variant_tag man_move_dirs king_move_dirs");
}

/* ---------------------------------------------------------------- geometry */

static void check_numbering(const char *vname, const char *const *map, int n)
{
    struct dr_variant v = builtin(vname);
    assert_int_equal(v.nsquares, n);
    for (int i = 0; i < n; i++) {
        char num[16], name[DR_SQUARE_NAME_LEN];
        snprintf(num, sizeof num, "%d", i + 1);
        int a = sq(&v, num), b = sq(&v, map[i]);
        if (a < 0 || a != b)
            fail_msg("%s: square %s is bit %d, %s is bit %d", vname, num, a, map[i], b);
        dr_square_name(&v, a, name);
        assert_string_equal(name, v.notation == DR_NOTATION_NUMERIC ? num : map[i]);
    }
}

static const char *const english_map[] = {
    "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5", "e5", "g5",
    "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1", "e1", "g1"};
static const char *const italian_map[] = {
    "a8", "c8", "e8", "g8", "b7", "d7", "f7", "h7", "a6", "c6", "e6", "g6", "b5", "d5", "f5", "h5",
    "a4", "c4", "e4", "g4", "b3", "d3", "f3", "h3", "a2", "c2", "e2", "g2", "b1", "d1", "f1", "h1"};

static void test_numbering(void **state)
{
    (void)state;
    check_numbering("pool", english_map, 32);
    check_numbering("english", english_map, 32);
    check_numbering("brazilian", english_map, 32); /* numeric input, algebraic names */
    check_numbering("italian", italian_map, 32);

    /* international: rows of five from the top; odd rows start on file b */
    static char names[50][16];
    const char *map[50];
    for (int n = 0; n < 50; n++) {
        int row = n / 5, k = n % 5;
        snprintf(names[n], sizeof names[n], "%c%d", 'a' + 2 * k + (row % 2 == 0), 10 - row);
        map[n] = names[n];
    }
    assert_string_equal(map[0], "b10");
    assert_string_equal(map[45], "a1");
    assert_string_equal(map[49], "i1");
    check_numbering("international", map, 50);
    check_numbering("killer", map, 50);

    /* the spot checks the brief names */
    struct dr_variant i = builtin("international"), p = builtin("pool"), it = builtin("italian");
    assert_int_equal(sq(&i, "1"), sq(&i, "b10"));
    assert_int_equal(sq(&i, "46"), sq(&i, "a1"));
    assert_int_equal(sq(&p, "1"), sq(&p, "b8"));
    assert_int_equal(sq(&p, "29"), sq(&p, "a1"));
    assert_int_equal(sq(&it, "1"), sq(&it, "a8"));
    assert_int_equal(sq(&it, "32"), sq(&it, "h1"));
}

static void test_geometry(void **state)
{
    (void)state;
    for (int k = 0; all_names[k]; k++) {
        struct dr_variant v = builtin(all_names[k]);
        int want = v.all_squares ? 64 : v.width == 10 ? 50 : 32;
        assert_int_equal(v.nsquares, want);
        assert_int_equal(__builtin_popcountll(v.board), want);
        int per_row = v.all_squares ? 8 : v.width / 2;
        assert_int_equal(__builtin_popcountll(v.promo_row[DR_WHITE]), per_row);
        assert_int_equal(__builtin_popcountll(v.promo_row[DR_BLACK]), per_row);
        /* every playing square's name reads back as itself, in both notations */
        for (int b = 0; b < DR_MAX_SQUARES; b++) {
            if (!((v.board >> b) & 1))
                continue;
            char name[DR_SQUARE_NAME_LEN], alg[16], num[16];
            dr_square_name(&v, b, name);
            assert_int_equal(sq(&v, name), b);
            snprintf(alg, sizeof alg, "%c%d", 'a' + v.sq_file[b], v.sq_rank[b] + 1);
            snprintf(num, sizeof num, "%d", v.sq_number[b]);
            assert_int_equal(sq(&v, alg), b);
            assert_int_equal(sq(&v, num), b);
        }
        /* outside the board */
        char num[16];
        snprintf(num, sizeof num, "%d", want + 1);
        assert_int_equal(sq(&v, num), -1);
        assert_int_equal(sq(&v, "0"), -1);
    }
    struct dr_variant b = builtin("brazilian"), it = builtin("italian"), t = builtin("turkish");
    assert_true(sq(&b, "a1") >= 0);
    assert_int_equal(sq(&b, "a2"), -1); /* light */
    assert_int_equal(sq(&b, "i1"), -1);
    assert_int_equal(sq(&it, "a1"), -1); /* a1 light in italian */
    assert_true(sq(&it, "h1") >= 0);
    assert_true(sq(&t, "a2") >= 0); /* all squares */
    assert_int_equal(sq(&t, "1"), sq(&t, "a8"));
    assert_int_equal(sq(&t, "64"), sq(&t, "h1"));
}

/* ---------------------------------------------------------------- parse errors */

static void test_parse_line_errors(void **state)
{
    (void)state;
    /* unknown key */
    check_parse_error("name = x\nfoo = 1\n", "my.rules:2", "'foo'", "unknown key");
    check_parse_error("base = brazilian\n# comment\n\nkings_fly = yes\n", "my.rules:4",
                      "'kings_fly'", NULL);
    /* bad enum values */
    check_parse_error("name = x\nprecedence = most\n", "my.rules:2", "'precedence'", "'most'");
    check_parse_error("name = x\nfirst_player = red\n", "my.rules:2", "'first_player'", "'red'");
    check_parse_error("name = x\nking_range = long\n", "my.rules:2", "'king_range'", "'long'");
    check_parse_error("name = x\nsquares = light\n", "my.rules:2", "'squares'", "'light'");
    check_parse_error("name = x\na1 = white\n", "my.rules:2", "'a1'", "'white'");
    check_parse_error("name = x\npromotion = never\n", "my.rules:2", "'promotion'", "'never'");
    check_parse_error("name = x\nremoval = later\n", "my.rules:2", "'removal'", "'later'");
    check_parse_error("name = x\nnotation = roman\n", "my.rules:2", "'notation'", "'roman'");
    check_parse_error("name = x\ncapture_separator = -\n", "my.rules:2", "'capture_separator'",
                      "'-'");
    /* bad bools */
    check_parse_error("name = x\nmen_capture_kings = maybe\n", "my.rules:2",
                      "'men_capture_kings'", "'maybe'");
    check_parse_error("name = x\n\nno_reverse_jump =\n", "my.rules:3", "'no_reverse_jump'", NULL);
    /* bad numbers */
    check_parse_error("name = x\ndraw_repetitions = three\n", "my.rules:2", "'draw_repetitions'",
                      "'three'");
    check_parse_error("name = x\ndraw_kings_only_plies = -5\n", "my.rules:2",
                      "'draw_kings_only_plies'", "'-5'");
    check_parse_error("name = x\ndraw_kings_only_plies = 50x\n", "my.rules:2",
                      "'draw_kings_only_plies'", "'50x'");
    check_parse_error("name = x\ndraw_1k_vs_3_plies = 99999999999999999999999\n", "my.rules:2",
                      "'draw_1k_vs_3_plies'", NULL);
    check_parse_error("name = x\ndraw_3k_vs_1k_plies =\n", "my.rules:2", "'draw_3k_vs_1k_plies'",
                      NULL);
    /* bad board, rows, directions, names */
    check_parse_error("name = x\nboard = 10by10\n", "my.rules:2", "'board'", "'10by10'");
    check_parse_error("name = x\nboard = 2x2\n", "my.rules:2", "'board'", NULL);
    check_parse_error("name = x\nstart_rows = 3-1\n", "my.rules:2", "'start_rows'", "'3-1'");
    check_parse_error("name = x\nstart_rows = 0-3\n", "my.rules:2", "'start_rows'", NULL);
    check_parse_error("name = x\nman_move_dirs = forward up\n", "my.rules:2", "'man_move_dirs'",
                      "'up'");
    check_parse_error("name = x\nking_move_dirs =\n", "my.rules:2", "'king_move_dirs'", NULL);
    check_parse_error("name = my variant\n", "my.rules:1", "'name'", "'my variant'");
    check_parse_error("name =\n", "my.rules:1", "'name'", NULL);
    char longtext[400];
    snprintf(longtext, sizeof longtext, "name = x\ndescription = %0300d\n", 0);
    check_parse_error(longtext, "my.rules:2", "'description'", "too long");
    /* a line without '=' */
    check_parse_error("name = x\njust some words\n", "my.rules:2", "'just some words'", NULL);
    check_parse_error("name = x\nprecedence: free\n", "my.rules:2", "'precedence: free'", NULL);
    /* a line too long for the reader */
    static char huge[2048];
    snprintf(huge, sizeof huge, "name = x\ndescription = %01500d\n", 0);
    check_parse_error(huge, "my.rules:2", "too long", NULL);
}

static void test_parse_base(void **state)
{
    (void)state;
    /* base must be the first setting; comments and blank lines may come before */
    check_parse_error("name = x\nbase = brazilian\n", "my.rules:2", "'base'", "first");
    check_parse_error("base = brazilian\nbase = international\n", "my.rules:2", "'base'", NULL);
    struct dr_variant v = parse_ok("# my variant\n\n   \nbase = brazilian\nname = b2\n");
    assert_string_equal(v.name, "b2");
    /* unknown base */
    check_parse_error("base = checkers\nname = x\n", "my.rules:1", "'checkers'", NULL);
    check_parse_error("base =\nname = x\n", "my.rules:1", "'base'", NULL);
    /* line numbers count the user's file, not the base's */
    check_parse_error("base = killer\n\nname = k2\nprecedence = best\n", "my.rules:4", "'best'",
                      NULL);
    /* a base chain (killer -> international) */
    struct dr_variant k = builtin("killer");
    v = parse_ok("base = killer\n");
    check_diff(&v, &k, "");
    /* the key after base overrides it */
    v = parse_ok("base = killer\nname = k3\nking_halt_behind_captured_king = no\n");
    struct dr_variant i = builtin("international");
    check_diff(&v, &i, "name description pdn_variant_tag draw_1k_vs_3_plies draw_1k_vs_2_plies");
}

static void test_parse_combinations(void **state)
{
    (void)state;
    /* orthogonal directions on a dark board */
    check_parse_error("base = brazilian\nname = b\nman_move_dirs = forward\n", "my.rules",
                      "orthogonal", NULL);
    check_parse_error("base = international\nname = b\nking_capture_dirs = all\n", "my.rules",
                      "orthogonal", NULL);
    check_parse_error("base = turkish\nname = t\nsquares = dark\n", "my.rules", "orthogonal",
                      NULL);
    /* killer halt with short kings */
    check_parse_error("base = killer\nname = k\nking_range = short\n", "my.rules",
                      "'king_halt_behind_captured_king'", "flying");
    check_parse_error("base = italian\nname = i\nking_halt_behind_captured_king = yes\n",
                      "my.rules", "'king_halt_behind_captured_king'", NULL);
    check_parse_error("base = pool\nname = p\nking_range = short\n", "my.rules",
                      "'king_must_land_to_continue'", NULL);
    /* a1 = light with squares = all */
    check_parse_error("base = turkish\nname = t\na1 = light\n", "my.rules", "'a1'", NULL);
    /* start rows that overlap */
    check_parse_error("base = brazilian\nname = b\nstart_rows = 1-5\n", "my.rules",
                      "'start_rows'", NULL);
    check_parse_error("base = international\nname = b\nstart_rows = 6\n", "my.rules",
                      "'start_rows'", NULL);
    /* rules that cannot be played (issue 15): a number past every board,
     * armies that touch, named with the line that set them */
    check_parse_error("base = brazilian\nname = b\nstart_rows = 2147483647\n", "my.rules:3:",
                      "'start_rows'", "16");
    check_parse_error("base = brazilian\nname = b\nstart_rows = 1-4\n", "my.rules:3:",
                      "'start_rows'", "empty row");
    check_parse_error("base = international\nname = i8\nboard = 8x8\n", "my.rules",
                      "'start_rows' (as inherited", "empty row");
    check_parse_error("base = turkish\nname = t6\nboard = 6x6\n", "my.rules", "'start_rows'",
                      "empty row");
    /* no legal first move: men that only step backwards */
    check_parse_error("name = back\nman_move_dirs = diagonal_backward\n",
                      "my.rules", "no legal move", NULL);
    /* odd width on a dark board */
    check_parse_error("base = brazilian\nname = b\nboard = 9x8\n", "my.rules", "'board'",
                      "even");
    /* too big for 64 bits */
    check_parse_error("base = international\nname = c\nboard = 12x12\n", "my.rules", "'board'",
                      "64");
    check_parse_error("base = turkish\nname = t\nboard = 10x10\n", "my.rules", "'board'", "64");
    /* missing name */
    check_parse_error("board = 8x8\n", "my.rules", "'name'", NULL);
    check_parse_error("", "my.rules", "'name'", NULL);
    check_parse_error("# nothing but a comment\n", "my.rules", "'name'", NULL);
    /* and fine combinations are fine: a minimal file uses the defaults */
    struct dr_variant v = parse_ok("name = tiny\nboard = 6x6\nstart_rows = 2\n");
    assert_int_equal(v.nsquares, 18);
    v = parse_ok("base = turkish\nname = t6\nboard = 6x8\n");
    assert_int_equal(v.nsquares, 48);
}

/* ---------------------------------------------------------------- files */

static char tmpdir[256];

static int setup_dir(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/test_rules_file.XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static char written[16][320];
static int nwritten;

static int teardown_dir(void **state)
{
    (void)state;
    for (int i = 0; i < nwritten; i++)
        remove(written[i]);
    rmdir(tmpdir);
    return 0;
}

static const char *write_file(const char *name, const char *data, size_t len)
{
    assert_true(nwritten < 16);
    char *path = written[nwritten++];
    snprintf(path, sizeof written[0], "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    return path;
}

static void test_load_file(void **state)
{
    (void)state;
    struct dr_variant v, b = builtin("brazilian");
    struct dr_error err = {""};

    /* base = brazilian plus one changed key: differs only there */
    const char *text = "base = brazilian\nprecedence = free\n";
    const char *path = write_file("mine.rules", text, strlen(text));
    if (!dr_variant_load_file(path, &v, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(v.precedence, DR_PREC_FREE);
    check_diff(&v, &b, "precedence");

    /* CR LF line endings, comments, a tab */
    text = "# my own\r\nbase = brazilian\r\n\tking_range = short   # old style\r\n";
    path = write_file("crlf.rules", text, strlen(text));
    if (!dr_variant_load_file(path, &v, &err))
        fail_msg("%s", err.msg);
    check_diff(&v, &b, "king_flying");

    /* a file with an error names the file and the line */
    text = "base = brazilian\n\nprecedence = most\n";
    path = write_file("bad.rules", text, strlen(text));
    assert_false(dr_variant_load_file(path, &v, &err));
    char want[400];
    snprintf(want, sizeof want, "%s:3", path);
    if (!strstr(err.msg, want) || !strstr(err.msg, "'most'"))
        fail_msg("message \"%s\" does not name %s and 'most'", err.msg, want);

    /* a missing file */
    snprintf(want, sizeof want, "%s/no-such.rules", tmpdir);
    assert_false(dr_variant_load_file(want, &v, &err));
    if (!strstr(err.msg, want))
        fail_msg("message \"%s\" does not name %s", err.msg, want);

    /* a NUL byte */
    static const char nul[] = "base = brazilian\n\0precedence = free\n";
    path = write_file("nul.rules", nul, sizeof nul - 1);
    assert_false(dr_variant_load_file(path, &v, &err));
    if (!strstr(err.msg, path) || !strstr(err.msg, "NUL"))
        fail_msg("message \"%s\" does not name %s and the NUL byte", err.msg, path);

    /* an empty file: no name */
    path = write_file("empty.rules", "", 0);
    assert_false(dr_variant_load_file(path, &v, &err));
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "'name'"));

    /* far too big for a rules file */
    static char big[100000];
    memset(big, '#', sizeof big);
    for (size_t i = 79; i < sizeof big; i += 80)
        big[i] = '\n';
    path = write_file("big.rules", big, sizeof big);
    assert_false(dr_variant_load_file(path, &v, &err));
    assert_non_null(strstr(err.msg, path));
}

static void test_load_directory(void **state)
{
    (void)state;
    /* a directory is no rules file: the message says so, not "needs a name" */
    struct dr_variant v;
    struct dr_error err = {""};
    assert_false(dr_variant_load_file(tmpdir, &v, &err));
    assert_non_null(strstr(err.msg, tmpdir));
    if (strstr(err.msg, "needs a name") ||
        !(strstr(err.msg, "directory") || strstr(err.msg, "read")))
        fail_msg("loading the directory %s: message \"%s\" does not say it cannot be read",
                 tmpdir, err.msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_names),
        cmocka_unit_test(test_international),
        cmocka_unit_test(test_killer),
        cmocka_unit_test(test_killer8),
        cmocka_unit_test(test_brazilian),
        cmocka_unit_test(test_german),
        cmocka_unit_test(test_italian),
        cmocka_unit_test(test_pool),
        cmocka_unit_test(test_english_and_russian),
        cmocka_unit_test(test_armenian_and_turkish),
        cmocka_unit_test(test_numbering),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_parse_line_errors),
        cmocka_unit_test(test_parse_base),
        cmocka_unit_test(test_parse_combinations),
        cmocka_unit_test(test_load_file),
        cmocka_unit_test(test_load_directory),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
