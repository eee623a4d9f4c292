/* FEN reading and writing (rules.md 10.4): what the reader accepts, the
 * position it builds, the writer's notation per variant, round trips of every
 * built-in start position, and the rejections with a message that names the
 * offending character or square. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/notation.h"
#include "draughts/position.h"
#include "draughts/variant.h"

/* ---------------------------------------------------------------- helpers */

static struct dr_variant variant(const char *name)
{
    struct dr_variant v;
    struct dr_error err = {""};
    if (!dr_variant_builtin(name, &v, &err))
        fail_msg("built-in variant %s does not load: %s", name, err.msg);
    return v;
}

/* Bit index of a square name; the name must be a playing square. */
static int bit(const struct dr_variant *v, const char *name)
{
    int len = 0;
    int sq = dr_square_parse(v, name, &len);
    if (sq < 0 || len != (int)strlen(name))
        fail_msg("%s: '%s' is not a playing square (parse gave %d, len %d)", v->name, name, sq,
                 len);
    return sq;
}

static uint64_t bits(const struct dr_variant *v, const char *const *names)
{
    uint64_t b = 0;
    for (int i = 0; names[i]; i++)
        b |= 1ULL << bit(v, names[i]);
    return b;
}

static struct dr_position parse_ok(const struct dr_variant *v, const char *fen)
{
    struct dr_position pos;
    struct dr_error err = {""};
    memset(&pos, 0, sizeof pos);
    if (!dr_fen_parse(v, fen, &pos, &err))
        fail_msg("%s: FEN '%s' rejected: %s", v->name, fen, err.msg);
    return pos;
}

/* Parse fen, write it back in the variant's notation, compare with want, and
 * check that the written FEN parses to the same position. */
static void check_written(const char *vname, const char *fen, const char *want)
{
    struct dr_variant v = variant(vname);
    struct dr_position pos = parse_ok(&v, fen);
    char buf[1024];
    size_t n = dr_fen_write(&v, &pos, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    if (strcmp(buf, want))
        fail_msg("%s: FEN '%s' written as '%s', expected '%s'", vname, fen, buf, want);
    struct dr_position again = parse_ok(&v, buf);
    assert_true(dr_position_equal(&pos, &again));
}

/* The FEN must be rejected and the message must contain every needle. */
static void check_rejected(const char *vname, const char *fen, const char *needle1,
                           const char *needle2)
{
    struct dr_variant v = variant(vname);
    struct dr_position pos, before;
    dr_position_start(&v, &pos);
    before = pos;
    struct dr_error err;
    memset(&err, 0, sizeof err);
    if (dr_fen_parse(&v, fen, &pos, &err))
        fail_msg("%s: FEN '%s' accepted, expected a rejection", vname, fen);
    if (!err.msg[0])
        fail_msg("%s: FEN '%s' rejected with an empty message", vname, fen);
    if (needle1 && !strstr(err.msg, needle1))
        fail_msg("%s: FEN '%s': message \"%s\" does not contain \"%s\"", vname, fen, err.msg,
                 needle1);
    if (needle2 && !strstr(err.msg, needle2))
        fail_msg("%s: FEN '%s': message \"%s\" does not contain \"%s\"", vname, fen, err.msg,
                 needle2);
    /* a failed parse leaves the caller's position alone */
    assert_true(dr_position_equal(&pos, &before));
}

/* ---------------------------------------------------------------- accepted */

static void test_international_start(void **state)
{
    (void)state;
    struct dr_variant v = variant("international");
    struct dr_position start, pos = parse_ok(&v, "W:W31-50:B1-20");
    dr_position_start(&v, &start);
    assert_true(dr_position_equal(&pos, &start));
    assert_int_equal(__builtin_popcountll(pos.pieces[DR_WHITE]), 20);
    assert_int_equal(__builtin_popcountll(pos.pieces[DR_BLACK]), 20);
    assert_int_equal(pos.kings, 0);
    assert_int_equal(pos.side, DR_WHITE);
    check_written("international", "W:W31-50:B1-20",
                  "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
                  ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
}

static void test_numeric_squares_and_fields(void **state)
{
    (void)state;
    struct dr_variant v = variant("international");
    struct dr_position pos = parse_ok(&v, "B:W46,K50:BK1,5");
    assert_int_equal(pos.side, DR_BLACK);
    assert_true(pos.pieces[DR_WHITE] == ((1ULL << bit(&v, "46")) | (1ULL << bit(&v, "50"))));
    assert_true(pos.pieces[DR_BLACK] == ((1ULL << bit(&v, "1")) | (1ULL << bit(&v, "5"))));
    assert_true(pos.kings == ((1ULL << bit(&v, "50")) | (1ULL << bit(&v, "1"))));
    /* numeric names are the FMJD numbering: 46 = a1, 50 = i1, 1 = b10, 5 = j10 */
    assert_int_equal(bit(&v, "46"), bit(&v, "a1"));
    assert_int_equal(bit(&v, "50"), bit(&v, "i1"));
    assert_int_equal(bit(&v, "1"), bit(&v, "b10"));
    assert_int_equal(bit(&v, "5"), bit(&v, "j10"));
    check_written("international", "B:W46,K50:BK1,5", "B:W46,K50:BK1,5");
    /* the writer sorts by square number whatever order the reader got */
    check_written("international", "W:W50,46,K48:B5,K3,1", "W:W46,K48,50:B1,K3,5");
}

static void test_algebraic_on_numeric_board(void **state)
{
    (void)state;
    /* international: algebraic squares are accepted where they are playing squares */
    struct dr_variant v = variant("international");
    struct dr_position pos = parse_ok(&v, "W:Wa1,c1,Ke3:Bj10,Kb10");
    assert_true(pos.pieces[DR_WHITE] == bits(&v, (const char *[]){"46", "47", "38", NULL}));
    assert_true(pos.pieces[DR_BLACK] == bits(&v, (const char *[]){"5", "1", NULL}));
    assert_true(pos.kings == bits(&v, (const char *[]){"38", "1", NULL}));
    check_written("international", "W:Wa1,c1,Ke3:Bj10,Kb10", "W:WK38,46,47:BK1,5");
    /* numeric and algebraic mixed in one list */
    check_written("killer", "W:W46,c1,48:B1", "W:W46,47,48:B1");
    /* italian (FID numbering, a1 light): h1 = 32, a8 = 1, b1 = 29 */
    check_written("italian", "W:Wh1,b1:Ba8", "W:W29,32:B1");
    /* pool / english (English numbering): a1 = 29, b8 = 1, g1 = 32 */
    check_written("pool", "B:Wa1,g1:Bb8,Kh8", "B:W29,32:B1,K4");
    check_written("english", "B:Wa1,g1:Bb8", "B:W29,32:B1");
}

static void test_numeric_on_algebraic_board(void **state)
{
    (void)state;
    /* brazilian et al.: numeric squares in the English numbering (29 = a1, 1 = b8) */
    struct dr_variant v = variant("brazilian");
    struct dr_position pos = parse_ok(&v, "W:W29,30:B1");
    assert_true(pos.pieces[DR_WHITE] == bits(&v, (const char *[]){"a1", "c1", NULL}));
    assert_true(pos.pieces[DR_BLACK] == (1ULL << bit(&v, "b8")));
    check_written("brazilian", "W:W29,30:B1", "W:Wa1,c1:Bb8");
    check_written("killer8", "W:WK29:B4", "W:WKa1:Bh8");
    check_written("german", "W:W32:BK1", "W:Wg1:BKb8");
    check_written("russian", "B:W25-28:B5-8", "B:Wb2,d2,f2,h2:Ba7,c7,e7,g7");
    /* all-squares boards number all 64 squares from a8 (1) to h1 (64) */
    check_written("turkish", "W:W57,64:B1,8", "W:Wa1,h1:Ba8,h8");
    check_written("armenian", "W:WK9:B56", "W:WKa7:Bh2");
}

static void test_ranges(void **state)
{
    (void)state;
    /* pool start, Black to move */
    struct dr_variant v = variant("pool");
    struct dr_position start, pos = parse_ok(&v, "B:W21-32:B1-12");
    dr_position_start(&v, &start);
    assert_true(dr_position_equal(&pos, &start));
    /* a range on an algebraic board */
    struct dr_variant b = variant("brazilian");
    pos = parse_ok(&b, "W:W21-32:B1-12");
    dr_position_start(&b, &start);
    assert_true(dr_position_equal(&pos, &start));
    /* ranges and single squares mixed; a one-square range */
    check_written("international", "W:W31-33,40,45-45:B1-3", "W:W31,32,33,40,45:B1,2,3");
    /* kings in ranges: K applies to the whole range */
    pos = parse_ok(&v, "W:WK1-3:B30");
    assert_true(pos.pieces[DR_WHITE] == bits(&v, (const char *[]){"1", "2", "3", NULL}));
    assert_true(pos.kings == pos.pieces[DR_WHITE]);
    check_written("international", "W:WK1-3,10:BK48-50", "W:WK1,K2,K3,10:BK48,K49,K50");
}

static void test_empty_sides(void **state)
{
    (void)state;
    struct dr_variant v = variant("international");
    struct dr_position pos = parse_ok(&v, "W:W:BK5");
    assert_true(pos.pieces[DR_WHITE] == 0);
    assert_true(pos.pieces[DR_BLACK] == (1ULL << bit(&v, "5")));
    assert_true(pos.kings == pos.pieces[DR_BLACK]);
    check_written("international", "W:W:BK5", "W:W:BK5");
    pos = parse_ok(&v, "W:WK46:B");
    assert_true(pos.pieces[DR_BLACK] == 0);
    assert_true(pos.pieces[DR_WHITE] == (1ULL << bit(&v, "46")));
    check_written("international", "W:WK46:B", "W:WK46:B");
    /* one field only: the other colour has no pieces */
    check_written("brazilian", "B:Bb8", "B:W:Bb8");
    /* the colour fields come in any order */
    check_written("international", "W:B1-2:W49-50", "W:W49,50:B1,2");
}

static void test_tolerated_decoration(void **state)
{
    (void)state;
    struct dr_variant v = variant("international");
    struct dr_position start;
    dr_position_start(&v, &start);
    static const char *const same[] = {
        "W:W31-50:B1-20:H0:F1",  /* lidraughts' trailing counters */
        "W:W31-50:B1-20:H12:F7", /* other values */
        "W:W31-50:B1-20.",       /* trailing dot */
        "W:W31-50:B1-20:H0:F1.", /* both */
        "  W:W31-50:B1-20  ",    /* surrounding whitespace */
        "\tW:W31-50:B1-20\r\n",  /* tabs, CR LF */
        "w:W31-50:B1-20",        /* lowercase side */
        "w:w31-50:b1-20",        /* lowercase fields */
        NULL,
    };
    for (int i = 0; same[i]; i++) {
        struct dr_position pos = parse_ok(&v, same[i]);
        if (!dr_position_equal(&pos, &start))
            fail_msg("FEN '%s' did not give the international start position", same[i]);
    }
    struct dr_position pos = parse_ok(&v, "b:W31-50:B1-20");
    assert_int_equal(pos.side, DR_BLACK);
    pos = parse_ok(&v, "W:W:BK5.");
    assert_true(pos.pieces[DR_BLACK] == (1ULL << bit(&v, "5")));
    pos = parse_ok(&v, "W:WK46:B.");
    assert_true(pos.pieces[DR_WHITE] == (1ULL << bit(&v, "46")));
}

static void test_checkers_example(void **state)
{
    (void)state;
    /* rules.md 10.4's checkers example, in pool's English numbering */
    const char *fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    struct dr_variant v = variant("pool");
    struct dr_position pos = parse_ok(&v, fen);
    assert_int_equal(pos.side, DR_BLACK);
    assert_true(pos.pieces[DR_WHITE] ==
                bits(&v, (const char *[]){"18", "24", "27", "28", "10", "15", NULL}));
    assert_true(pos.pieces[DR_BLACK] ==
                bits(&v, (const char *[]){"12", "16", "20", "22", "25", "29", NULL}));
    assert_true(pos.kings == bits(&v, (const char *[]){"10", "15", "22", "25", "29", NULL}));
    check_written("pool", fen, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
    check_written("english", fen, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
}

/* ---------------------------------------------------------------- round trips */

static void test_start_round_trip_every_variant(void **state)
{
    (void)state;
    const char *const *names = dr_variant_builtin_names();
    int count = 0;
    for (int i = 0; names[i]; i++, count++) {
        struct dr_variant v = variant(names[i]);
        for (int side = 0; side < 2; side++) {
            struct dr_position start, pos;
            dr_position_start(&v, &start);
            start.side = side ? 1 - start.side : start.side;
            char buf[1024], buf2[1024];
            size_t n = dr_fen_write(&v, &start, buf, sizeof buf);
            assert_true(n > 0 && n < sizeof buf);
            assert_int_equal(n, strlen(buf));
            pos = parse_ok(&v, buf);
            if (!dr_position_equal(&pos, &start))
                fail_msg("%s: start FEN '%s' does not read back", names[i], buf);
            dr_fen_write(&v, &pos, buf2, sizeof buf2);
            assert_string_equal(buf, buf2);
            /* the side letter matches first_player, and the notation the variant */
            assert_int_equal(buf[0], start.side == DR_WHITE ? 'W' : 'B');
            const char *p = strstr(buf, ":W");
            assert_non_null(p);
            char c = p[2];
            if (v.notation == DR_NOTATION_NUMERIC)
                assert_true(c >= '1' && c <= '9');
            else
                assert_true(c >= 'a' && c <= 'z');
            /* same number of men per side */
            assert_int_equal(__builtin_popcountll(start.pieces[0]),
                             __builtin_popcountll(start.pieces[1]));
        }
    }
    assert_int_equal(count, 11);
}

/* A user variant may be up to 16 files wide (12x8 on dark squares fits in 64
 * bits); its algebraic names then include file k, which must not be read as a
 * king marker: what the writer writes, the reader reads back. */
static void test_wide_user_board_round_trip(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "base = brazilian\nname = wide12\nboard = 12x8\n",
        "base = brazilian\nname = wide14\nboard = 14x8\n",
        NULL,
    };
    for (int i = 0; texts[i]; i++) {
        struct dr_variant v;
        struct dr_error err = {""};
        if (!dr_variant_parse(texts[i], "wide.rules", &v, &err))
            fail_msg("%s", err.msg);
        struct dr_position start, pos;
        dr_position_start(&v, &start);
        char buf[1024];
        dr_fen_write(&v, &start, buf, sizeof buf);
        assert_non_null(strstr(buf, "k1")); /* the writer does use file k */
        memset(&err, 0, sizeof err);
        if (!dr_fen_parse(&v, buf, &pos, &err))
            fail_msg("%s: the writer's FEN '%s' is rejected: %s", v.name, buf, err.msg);
        if (!dr_position_equal(&pos, &start))
            fail_msg("%s: the writer's FEN '%s' reads back as another position", v.name, buf);
    }
}

static void test_writer_notation_per_variant(void **state)
{
    (void)state;
    /* one white king on a1 (numeric 46 / 29 / 57) or b1 on italian, black man top left */
    check_written("international", "W:WKa1:B1", "W:WK46:B1");
    check_written("killer", "W:WKa1:B1", "W:WK46:B1");
    check_written("italian", "W:WKb1:Ba8", "W:WK29:B1");
    check_written("pool", "W:WKa1:Bb8", "W:WK29:B1");
    check_written("english", "W:WKa1:Bb8", "W:WK29:B1");
    check_written("brazilian", "W:WK29:B1", "W:WKa1:Bb8");
    check_written("german", "W:WK29:B1", "W:WKa1:Bb8");
    check_written("killer8", "W:WK29:B1", "W:WKa1:Bb8");
    check_written("russian", "W:WK29:B1", "W:WKa1:Bb8");
    check_written("armenian", "W:WK57:B1", "W:WKa1:Ba8");
    check_written("turkish", "W:WK57:B1", "W:WKa1:Ba8");
    /* algebraic order: a1, b1, ..., h1, a2, ... */
    check_written("brazilian", "W:Wb2,a1,c1:B", "W:Wa1,c1,b2:B");
}

static void test_write_small_buffer(void **state)
{
    (void)state;
    struct dr_variant v = variant("international");
    struct dr_position start;
    dr_position_start(&v, &start);
    char full[1024];
    size_t n = dr_fen_write(&v, &start, full, sizeof full);
    assert_int_equal(n, strlen(full));
    char small[16];
    memset(small, '#', sizeof small);
    size_t m = dr_fen_write(&v, &start, small, 10);
    assert_int_equal(m, n); /* the length it needs, like snprintf */
    assert_int_equal(strlen(small), 9);
    assert_memory_equal(small, full, 9);
    assert_int_equal(small[10], '#'); /* nothing beyond size */
    char one[2] = {'#', '#'};
    assert_int_equal(dr_fen_write(&v, &start, one, 1), n);
    assert_int_equal(one[0], 0);
    assert_int_equal(one[1], '#');
    assert_int_equal(dr_fen_write(&v, &start, NULL, 0), n);
}

/* ---------------------------------------------------------------- rejected */

static void test_reject_side_and_fields(void **state)
{
    (void)state;
    check_rejected("international", "X:W31-50:B1-20", "('X')", "W or B");
    check_rejected("international", "?:W31-50:B1-20", "('?')", NULL);
    check_rejected("international", ":W31-50:B1-20", "(':')", NULL);
    /* missing ':' */
    check_rejected("international", "WW31-50:B1-20", "character 2", "expected ':'");
    check_rejected("international", "W:W31-50B1-20", "('B')", NULL);
    /* unknown field letter */
    check_rejected("international", "W:W31-50:X1-20", "('X')", NULL);
    check_rejected("international", "W:W31-50:B1-20:Q5", "('Q')", NULL);
    /* a field without a letter */
    check_rejected("international", "W:W31-50:B1-20:", "at the end", NULL);
    check_rejected("international", "W:W31-50::B1-20", "(':')", NULL);
    /* a colour given twice */
    check_rejected("international", "W:W31:B1:W32", "given twice", NULL);
    /* lidraughts fields need a number */
    check_rejected("international", "W:W31-50:B1-20:Hx", "('x')", NULL);
    /* a side letter and nothing else */
    check_rejected("international", "W", "no piece lists", NULL);
}

static void test_reject_squares_off_board(void **state)
{
    (void)state;
    check_rejected("international", "W:W0:B1", "'0'", "not a playing square");
    check_rejected("international", "W:W51:B1", "'51'", "not a playing square");
    check_rejected("international", "W:W31-51:B1", "'51'", NULL);
    check_rejected("international", "W:W31:B0-3", "'0'", NULL);
    check_rejected("killer", "W:W100:B1", "'100'", NULL);
    check_rejected("brazilian", "W:W33:B1", "'33'", NULL);
    check_rejected("pool", "W:W33:B1", "'33'", NULL);
    check_rejected("italian", "W:W1:B33", "'33'", NULL);
    check_rejected("turkish", "W:W65:B1", "'65'", NULL);
    /* light squares in algebraic */
    check_rejected("brazilian", "W:Wa2:Bb8", "'a2'", "not a playing square");
    check_rejected("brazilian", "W:Wb1:Bb8", "'b1'", NULL);
    check_rejected("international", "W:Wb1:B1", "'b1'", NULL);
    check_rejected("italian", "W:Wa1:B1", "'a1'", NULL); /* a1 is light in italian */
    /* beyond the board */
    check_rejected("brazilian", "W:Wi1:Bb8", "'i1'", NULL);
    check_rejected("german", "W:Wa9:Bb8", "'a9'", NULL);
    check_rejected("brazilian", "W:Wa0:Bb8", "'a0'", NULL);
    check_rejected("international", "W:Wl1:B5", "'l1'", NULL); /* (k1 would be king 1) */
    check_rejected("turkish", "W:Wi8:B1", "'i8'", NULL);
    /* no ranges of algebraic squares */
    check_rejected("brazilian", "W:Wa1-c1:Bb8", "('-')", NULL);
}

static void test_reject_duplicates(void **state)
{
    (void)state;
    check_rejected("international", "W:W31,31:B1", "'31'", "twice");
    check_rejected("international", "W:W31:B31", "'31'", "twice");
    check_rejected("international", "W:W31:BK31", "'31'", "twice");
    check_rejected("international", "W:W46:Ba1", "'a1'", "twice");
    check_rejected("international", "W:W31-35,33:B1", "'33'", "twice");
    check_rejected("brazilian", "W:Wa1,29:B", "'29'", "twice");
    check_rejected("international", "W:WK1-3:B1", "'1'", "twice");
}

static void test_reject_duplicate_inside_range(void **state)
{
    (void)state;
    /* a range that covers an earlier square: the message must name the square
     * that is given twice (33), not only the whole range ("'31-35'") */
    check_rejected("international", "W:W33:B31-35", "'33'", "twice");
    check_rejected("international", "W:W31-35:B20-40", "'31'", "twice");
    check_rejected("brazilian", "W:Wd4:B10-20", "'18'", "twice");
}

static void test_reject_malformed_lists(void **state)
{
    (void)state;
    /* descending range: points at the range's first character */
    check_rejected("international", "W:W50-31:B1", "('5')", "upwards");
    check_rejected("international", "W:W31-50:B20-1", "('2')", "upwards");
    /* a range without an end */
    check_rejected("international", "W:W31-:B1", "(':')", "after '-'");
    check_rejected("international", "W:W31-", "at the end", "after '-'");
    check_rejected("international", "W:W31-K35:B1", "('K')", NULL);
    /* dangling comma */
    check_rejected("international", "W:W31,:B1", "(':')", "after ','");
    check_rejected("international", "W:W31:B1,", "at the end", "after ','");
    check_rejected("international", "W:W31,,32:B1", "(',')", NULL);
    check_rejected("international", "W:W,31:B1", "(',')", NULL);
    /* garbage after a square */
    check_rejected("international", "W:W31x:B1", "('x')", NULL);
    check_rejected("international", "W:W31:B1;", "(';')", NULL);
    check_rejected("international", "W:W31 32:B1", "(' ')", NULL);
    check_rejected("brazilian", "W:Wa1b:Bb8", "('b')", NULL);
    check_rejected("international", "W:W31.:B1", "('.')", NULL);
    check_rejected("international", "W:W31-50:B1-20..", "('.')", NULL);
    /* a K with no square */
    check_rejected("international", "W:WK:B1", "(':')", "expected a square");
    check_rejected("international", "W:W31:BK", "at the end", "expected a square");
    check_rejected("international", "W:W31:Bz", "('z')", NULL);
}

static void test_reject_empty_and_long(void **state)
{
    (void)state;
    check_rejected("international", "", "empty", NULL);
    check_rejected("international", "   \t\n", "empty", NULL);

    /* far longer than any buffer the reader might use */
    static char longfen[100000];
    strcpy(longfen, "W:W");
    size_t at = strlen(longfen);
    while (at < sizeof longfen - 8) {
        memcpy(longfen + at, "31,", 3);
        at += 3;
    }
    memcpy(longfen + at, "31", 3);
    check_rejected("international", longfen, "too long", NULL);

    /* just below and above 1024 characters, with the fault at the very end */
    static char fen[2048];
    for (size_t len = 1000; len < 1100; len += 7) {
        memset(fen, ' ', len);
        memcpy(fen, "W:W31:B1", 8);
        fen[len - 1] = 'x';
        fen[len] = 0;
        check_rejected("international", fen, NULL, NULL);
    }

    /* a long list with an error deep inside: the message names it */
    strcpy(fen, "W:W");
    for (int i = 10; i <= 45; i++)
        sprintf(fen + strlen(fen), "%d,", i);
    strcat(fen, "77:B1");
    check_rejected("international", fen, "'77'", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_international_start),
        cmocka_unit_test(test_numeric_squares_and_fields),
        cmocka_unit_test(test_algebraic_on_numeric_board),
        cmocka_unit_test(test_numeric_on_algebraic_board),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_empty_sides),
        cmocka_unit_test(test_tolerated_decoration),
        cmocka_unit_test(test_checkers_example),
        cmocka_unit_test(test_start_round_trip_every_variant),
        cmocka_unit_test(test_writer_notation_per_variant),
        cmocka_unit_test(test_wide_user_board_round_trip),
        cmocka_unit_test(test_write_small_buffer),
        cmocka_unit_test(test_reject_side_and_fields),
        cmocka_unit_test(test_reject_squares_off_board),
        cmocka_unit_test(test_reject_duplicates),
        cmocka_unit_test(test_reject_duplicate_inside_range),
        cmocka_unit_test(test_reject_malformed_lists),
        cmocka_unit_test(test_reject_empty_and_long),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
