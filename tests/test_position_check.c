/* dr_position_check: which set-up positions a game may start from.  Each
 * rule is tried on boards of every kind (10x10, 8x8 with a1 dark or light,
 * all 64 squares, Black first), once refused with its message and once
 * next to a position it must let through. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/position.h"
#include "draughts/variant.h"

static struct dr_variant variant(const char *name)
{
    struct dr_variant v;
    struct dr_error err = {""};
    if (!dr_variant_builtin(name, &v, &err))
        fail_msg("built-in variant %s does not load: %s", name, err.msg);
    return v;
}

static struct dr_position parse(const struct dr_variant *v, const char *fen)
{
    struct dr_position pos;
    struct dr_error err = {""};
    if (!dr_fen_parse(v, fen, &pos, &err))
        fail_msg("%s: FEN '%s' rejected: %s", v->name, fen, err.msg);
    return pos;
}

static void legal_pos(const struct dr_variant *v, const struct dr_position *pos,
                      const char *what)
{
    struct dr_error err = {""};
    if (!dr_position_check(v, pos, &err))
        fail_msg("%s: %s refused: %s", v->name, what, err.msg);
}

static void illegal_pos(const struct dr_variant *v, const struct dr_position *pos,
                        const char *what, const char *needle)
{
    struct dr_error err = {""};
    if (dr_position_check(v, pos, &err))
        fail_msg("%s: %s accepted", v->name, what);
    if (!strstr(err.msg, needle))
        fail_msg("%s: %s refused with '%s', expected '%s' in it", v->name, what, err.msg,
                 needle);
}

static void legal(const char *vname, const char *fen)
{
    struct dr_variant v = variant(vname);
    struct dr_position pos = parse(&v, fen);
    legal_pos(&v, &pos, fen);
}

static void illegal(const char *vname, const char *fen, const char *needle)
{
    struct dr_variant v = variant(vname);
    struct dr_position pos = parse(&v, fen);
    illegal_pos(&v, &pos, fen, needle);
}

/* "W:Wa2,b2,...:B..." with the first n squares of the rows given (1-based,
 * from White's side) for White, the same mirrored for Black. */
static void all_squares_fen(int white_n, int black_n, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "W:W");
    for (int i = 0; i < white_n; i++)
        at += (size_t)snprintf(out + at, size - at, "%s%c%d", i ? "," : "", 'a' + i % 8,
                               2 + i / 8);
    at += (size_t)snprintf(out + at, size - at, ":B");
    for (int i = 0; i < black_n; i++)
        at += (size_t)snprintf(out + at, size - at, "%s%c%d", i ? "," : "", 'a' + i % 8,
                               7 - i / 8);
}

/* ---------------------------------------------------------------- tests */

static void test_every_start_position_is_legal(void **state)
{
    (void)state;
    const char *const *names = dr_variant_builtin_names();
    int n = 0;
    for (; names[n]; n++) {
        struct dr_variant v = variant(names[n]);
        struct dr_position pos;
        dr_position_start(&v, &pos);
        legal_pos(&v, &pos, "the start position");
    }
    assert_true(n >= 11);
}

static void test_no_man_on_its_promotion_row(void **state)
{
    (void)state;
    /* 10x10: White is crowned on 1-5, Black on 46-50 */
    illegal("international", "W:W3,31:B20", "white man on 3: men cannot stand on their "
                                             "promotion row");
    illegal("international", "W:W31:B20,48", "black man on 48: men cannot stand");
    illegal("killer", "W:W1,5,31:B20", "white men on 1 and 5: men cannot stand");
    legal("international", "W:WK3,31:BK48,20");
    /* a man on its own back row is no problem */
    legal("international", "W:W31,46:B5,20");
    /* Italian: a1 is light, so 1 is a8 and Black is crowned on 29-32 */
    illegal("italian", "W:W1,22:B12", "white man on 1: men cannot");
    illegal("italian", "W:W22:B12,30", "black man on 30: men cannot");
    legal("italian", "W:WK1,22:BK30,12");
    /* English, Black first: Black is crowned on 29-32 */
    illegal("english", "B:W22:B12,30", "black man on 30: men cannot");
    illegal("english", "B:W2,22:B12", "white man on 2: men cannot");
    legal("english", "B:WK2,22:B12,K30");
    /* algebraic 8x8 boards */
    illegal("russian", "W:Wb8,c3:Bf6", "white man on b8: men cannot");
    illegal("brazilian", "W:Wc3:Bf6,a1", "black man on a1: men cannot");
    /* every square: the whole eighth and first rows */
    illegal("armenian", "W:Wa8,b3:Bg6", "white man on a8: men cannot");
    illegal("turkish", "W:Wb3:Bh1,g6", "black man on h1: men cannot");
    legal("turkish", "W:WKa8,b3:BKh1,g6");
}

static void test_no_more_pieces_than_at_the_start(void **state)
{
    (void)state;
    illegal("international", "W:W26-46:B1-20", "White has 21 pieces: at most 20");
    illegal("international", "W:W31-50:B1-21", "Black has 21 pieces: at most 20");
    /* kings count as pieces */
    illegal("international", "W:W31-50,K26:B1-20", "White has 21 pieces");
    legal("international", "W:W32-50,K26:B1-20");
    illegal("italian", "W:W20-32:B1-12", "White has 13 pieces: at most 12");
    illegal("english", "B:W21-32:B1-13", "Black has 13 pieces: at most 12");
    legal("english", "B:W21-32:B1-12");
    /* all squares: 16 each */
    char fen[400];
    all_squares_fen(17, 16, fen, sizeof fen);
    illegal("turkish", fen, "White has 17 pieces: at most 16");
    all_squares_fen(16, 17, fen, sizeof fen);
    illegal("armenian", fen, "Black has 17 pieces: at most 16");
    all_squares_fen(16, 16, fen, sizeof fen);
    legal("turkish", fen);
}

static void test_each_side_needs_a_piece(void **state)
{
    (void)state;
    illegal("international", "W:W31:B", "Black has no pieces");
    illegal("international", "W:W:B20", "White has no pieces");
    illegal("italian", "W:W:B", "the board is empty");
    illegal("english", "B:W22:B", "Black has no pieces");
    illegal("turkish", "W:W:Bg6", "White has no pieces");
    legal("turkish", "W:Wb3:Bg6");
}

static void test_pieces_only_on_playing_squares(void **state)
{
    (void)state;
    const char *names[] = {"international", "italian", "english"};
    for (int i = 0; i < 3; i++) {
        struct dr_variant v = variant(names[i]);
        struct dr_position pos;
        dr_position_start(&v, &pos);
        uint64_t off = ~v.board & (v.board + 1); /* the lowest bit past the first squares */
        assert_true(off != 0);
        struct dr_position p = pos;
        p.pieces[DR_WHITE] |= off;
        p.pieces[DR_WHITE] &= ~(1ULL << __builtin_ctzll(pos.pieces[DR_WHITE]));
        illegal_pos(&v, &p, "a white man off the board", "1 piece off the playing squares");
        p = pos;
        p.kings |= off;
        illegal_pos(&v, &p, "a king mark off the board", "off the playing squares");
    }
    struct dr_variant v = variant("international");
    struct dr_position pos = parse(&v, "W:W28:B19,20");
    struct dr_position p = pos;
    p.pieces[DR_BLACK] |= p.pieces[DR_WHITE] & -p.pieces[DR_WHITE];
    illegal_pos(&v, &p, "a square held by both sides", "a white and a black piece on the same "
                                                        "square (28)");
    p = pos;
    p.kings = 1ULL << __builtin_ctzll(v.board & ~dr_occupied(&pos));
    illegal_pos(&v, &p, "a king mark on an empty square", "a king without a piece");
    p = pos;
    p.side = 2;
    illegal_pos(&v, &p, "side 2 to move", "the side to move must be White or Black");
}

static void test_side_to_move_needs_a_move(void **state)
{
    (void)state;
    /* the man on 46 is blocked and cannot take: 37 behind 41 is taken */
    illegal("international", "W:W46:B41,37",
            "White, to move, has no legal move: the game would be over before it starts");
    legal("international", "B:W46:B41,37");
    /* Black first: the man on 28 (h2) has only 32 (g1) ahead, held by White */
    illegal("english", "B:W32:B28", "Black, to move, has no legal move");
    legal("english", "W:W32:B28");
    /* Italian men cannot take kings: the man on 32 is stuck behind one */
    illegal("italian", "W:W32:BK28", "White, to move, has no legal move");
    legal("italian", "W:WK32:BK28");
    /* all squares: a man in a corner, walled in by two men it cannot jump */
    illegal("turkish", "W:Wa7:Ba8,b7,b8,c7", "White, to move, has no legal move");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_start_position_is_legal),
        cmocka_unit_test(test_no_man_on_its_promotion_row),
        cmocka_unit_test(test_no_more_pieces_than_at_the_start),
        cmocka_unit_test(test_each_side_needs_a_piece),
        cmocka_unit_test(test_pieces_only_on_playing_squares),
        cmocka_unit_test(test_side_to_move_needs_a_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
