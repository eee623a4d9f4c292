/* The turn model (turn.h), driven as a person at the board would: pick a
 * piece up, put it down, type a move; every refusal says why, from the
 * rules core's own precedence keys.  No terminal: the UI only shows these
 * sentences. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "draughts/fen.h"
#include "draughts/notation.h"
#include "draughts/turn.h"

struct fixture {
    struct dr_variant v;
    struct dr_game *g;
    struct dr_turn t;
    struct dr_move m;
    char say[400];
};

/* A turn of variant at fen (NULL: the start position). */
static void begin(struct fixture *f, const char *variant, const char *fen)
{
    struct dr_error err;
    assert_true(dr_variant_builtin(variant, &f->v, &err));
    struct dr_position pos;
    if (fen)
        assert_true(dr_fen_parse(&f->v, fen, &pos, &err));
    else
        dr_position_start(&f->v, &pos);
    f->g = dr_game_new(&f->v, &pos);
    assert_non_null(f->g);
    dr_turn_begin(&f->t, f->g);
}

static void end(struct fixture *f) { dr_game_free(f->g); }

static int sq(const struct fixture *f, const char *name)
{
    int len;
    int s = dr_square_parse(&f->v, name, &len);
    assert_true(s >= 0);
    return s;
}

static enum dr_turn_step touch(struct fixture *f, const char *name)
{
    return dr_turn_touch(&f->t, name ? sq(f, name) : -1, &f->m, f->say, sizeof f->say);
}

static enum dr_turn_step go(struct fixture *f, const char *from, const char *to)
{
    return dr_turn_go(&f->t, sq(f, from), sq(f, to), &f->m, f->say, sizeof f->say);
}

/* The squares named, separated by spaces. */
static uint64_t set_of(const struct fixture *f, const char *names)
{
    uint64_t set = 0;
    char buf[200];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
        set |= 1ULL << sq(f, w);
    return set;
}

/* the whole sentence, word for word */
#define assert_said(f, text) assert_string_equal((f)->say, text)

#define assert_says(f, text)                                                                     \
    do {                                                                                         \
        if (!strstr((f)->say, text))                                                             \
            fail_msg("said \"%s\", not \"%s\"", (f)->say, text);                                 \
    } while (0)

static void test_turn_pick_up_lists_the_targets_and_put_down_plays(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", NULL);
    assert_int_equal(__builtin_popcountll(dr_turn_movable(&f.t)), 5); /* 31-35 */
    assert_int_equal(touch(&f, "32"), DR_TURN_PICKED);
    assert_says(&f, "The man on 32 can go to 27 or 28.");
    assert_int_equal(f.t.sel, sq(&f, "32"));
    assert_int_equal(f.t.dests, (1ULL << sq(&f, "27")) | (1ULL << sq(&f, "28")));
    assert_int_equal(touch(&f, "28"), DR_TURN_MOVE);
    assert_int_equal(f.m.from, sq(&f, "32"));
    assert_int_equal(f.m.to, sq(&f, "28"));
    assert_int_equal(f.t.sel, -1); /* nothing held once the move is made */
    end(&f);
}

static void test_turn_put_back_and_another_piece_instead(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", NULL);
    touch(&f, "32");
    assert_int_equal(touch(&f, "33"), DR_TURN_PICKED); /* another that can move: that one */
    assert_int_equal(f.t.sel, sq(&f, "33"));
    assert_int_equal(touch(&f, "33"), DR_TURN_PUT_BACK);
    assert_says(&f, "Put back.");
    assert_int_equal(f.t.sel, -1);
    assert_int_equal(f.t.dests, 0);
    end(&f);
}

static void test_turn_refusals_name_the_square_and_the_reason(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", NULL);
    assert_int_equal(touch(&f, "19"), DR_TURN_REFUSED);
    assert_says(&f, "That is a Black man: White is to move.");
    assert_int_equal(touch(&f, "25"), DR_TURN_REFUSED);
    assert_says(&f, "There is no piece on 25.");
    assert_int_equal(touch(&f, "37"), DR_TURN_REFUSED);
    assert_says(&f, "The man on 37 cannot move: it is blocked.");
    assert_int_equal(touch(&f, NULL), DR_TURN_REFUSED);
    assert_says(&f, "dark squares only");
    touch(&f, "32");
    assert_int_equal(touch(&f, "22"), DR_TURN_REFUSED);
    assert_says(&f, "The man on 32 cannot go to 22; it can go to 27 or 28.");
    assert_int_equal(f.t.sel, sq(&f, "32")); /* still held after a refusal */
    assert_int_equal(touch(&f, "37"), DR_TURN_REFUSED); /* own piece that cannot move */
    assert_says(&f, "blocked");
    end(&f);
}

static void test_turn_occupied_square(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", "W:W32,28:B5");
    touch(&f, "32");
    assert_int_equal(go(&f, "32", "28"), DR_TURN_REFUSED);
    assert_says(&f, "28 is occupied. The man on 32 can go to 27.");
    end(&f);
}

static void test_turn_compulsory_capture(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "english", "B:W18:B14,1");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_says(&f, "You must capture (pieces marked !)");
    assert_int_equal(f.t.must_from, 1ULL << sq(&f, "14"));
    assert_int_equal(touch(&f, "1"), DR_TURN_REFUSED);
    assert_says(&f, "You must capture, and the man on 1 cannot. Capture with 14.");
    assert_int_equal(touch(&f, "14"), DR_TURN_PICKED);
    assert_int_equal(touch(&f, "17"), DR_TURN_REFUSED);
    assert_says(&f, "You must capture: the man on 14 can take by going to 23.");
    end(&f);
}

static void test_turn_majority_rule(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", "W:W28,39:B23,14,34");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_says(&f, "You must capture: majority rule, take 2");
    assert_int_equal(f.t.max_take, 2);
    assert_int_equal(go(&f, "39", "30"), DR_TURN_REFUSED);
    assert_says(&f, "majority rule, take 2; this capture takes only 1. Capture with 28.");
    end(&f);
}

static void test_turn_italian_precedence_king_captures(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "italian", "W:WK22,23:B18,19,1");
    assert_int_equal(go(&f, "23", "14"), DR_TURN_REFUSED);
    assert_says(&f, "Italian precedence: when captures take as many pieces, the king must "
                    "capture. Capture with 22.");
    end(&f);
}

static void test_turn_italian_precedence_most_kings(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "italian", "W:WK7,11,K28:BK2,K12,23");
    assert_false((f.t.must_from >> sq(&f, "28")) & 1);
    assert_int_equal(touch(&f, "28"), DR_TURN_REFUSED);
    assert_says(&f, "Italian precedence: take the most kings.");
    end(&f);
}

static void test_turn_italian_precedence_king_soonest(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "italian", "W:W6,K7,K24:BK5,K12,20");
    assert_false((f.t.must_from >> sq(&f, "24")) & 1);
    assert_int_equal(touch(&f, "24"), DR_TURN_REFUSED);
    assert_says(&f, "Italian precedence: take a king as early in the capture as possible.");
    end(&f);
}

static void test_turn_italian_men_do_not_take_kings(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "italian", "W:W23,30:BK19,1");
    assert_int_equal(go(&f, "23", "14"), DR_TURN_REFUSED);
    assert_says(&f, "In this variant a man cannot take a king.");
    end(&f);
}

static void test_turn_two_paths_to_one_square_are_a_choice(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "brazilian", "W:WKh2:Be3,d2,h4,f2,c5,Kc1,d4,f4");
    assert_int_equal(go(&f, "h2", "g3"), DR_TURN_CHOOSE);
    assert_true(f.t.nchoices >= 2);
    assert_int_equal(f.t.sel, sq(&f, "h2"));
    for (int i = 0; i < f.t.nchoices; i++) {
        assert_int_equal(f.t.choices[i].from, sq(&f, "h2"));
        assert_int_equal(f.t.choices[i].to, sq(&f, "g3"));
    }
    assert_true(f.t.choices[0].captures != f.t.choices[1].captures);
    end(&f);
}

/* The all-squares boards: men step forward and sideways, never on a
 * diagonal; the majority rule counts orthogonal jumps. */
static void test_turn_turkish_orthogonal_men_and_majority(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "turkish", NULL);
    assert_int_equal(touch(&f, "a2"), DR_TURN_REFUSED);
    assert_says(&f, "The man on a2 cannot move: it is blocked.");
    assert_int_equal(go(&f, "a3", "b4"), DR_TURN_REFUSED);
    assert_says(&f, "The man on a3 cannot go to b4; it can go to a4.");
    end(&f);
    begin(&f, "turkish", "W:Wd2,h2:Bd3,d5,h3");
    assert_int_equal(f.t.max_take, 2);
    assert_int_equal(go(&f, "h2", "h4"), DR_TURN_REFUSED);
    assert_says(&f, "majority rule, take 2; this capture takes only 1. Capture with d2.");
    assert_int_equal(go(&f, "d2", "d6"), DR_TURN_MOVE);
    end(&f);
}

/* A flying-king 8x8 variant (Russian: free choice of capture): the same
 * refusals in algebraic squares, a king's targets stop at the first piece,
 * and a capture that takes fewer than another is allowed. */
static void test_turn_russian_refusals(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", NULL);
    assert_int_equal(touch(&f, "b6"), DR_TURN_REFUSED);
    assert_said(&f, "That is a Black man: White is to move.");
    assert_int_equal(touch(&f, "d4"), DR_TURN_REFUSED);
    assert_said(&f, "There is no piece on d4.");
    assert_int_equal(touch(&f, "a1"), DR_TURN_REFUSED);
    assert_said(&f, "The man on a1 cannot move: it is blocked.");
    assert_int_equal(go(&f, "c3", "c5"), DR_TURN_REFUSED);
    assert_said(&f, "The man on c3 cannot go to c5; it can go to b4 or d4.");
    assert_int_equal(go(&f, "c3", "b2"), DR_TURN_REFUSED);
    assert_said(&f, "b2 is occupied. The man on c3 can go to b4 or d4.");
    end(&f);
    /* the king on a1 flies along its diagonal up to its own man on d4 */
    begin(&f, "russian", "W:WKa1,d4:Bb8");
    assert_int_equal(go(&f, "a1", "e5"), DR_TURN_REFUSED);
    assert_said(&f, "The king on a1 cannot go to e5; it can go to b2 or c3.");
    assert_int_equal(touch(&f, "a1"), DR_TURN_PICKED);
    assert_said(&f, "The king on a1 can go to b2 or c3.");
    end(&f);
}

static void test_turn_russian_must_capture_free_choice(void **state)
{
    (void)state;
    struct fixture f;
    /* the king takes d4 from afar and lands anywhere beyond it */
    begin(&f, "russian", "W:WKa1,h2:Bd4,b8");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_said(&f, "You must capture (pieces marked !)");
    assert_int_equal(f.t.must_from, 1ULL << sq(&f, "a1"));
    assert_int_equal(touch(&f, "h2"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture, and the man on h2 cannot. Capture with a1.");
    assert_int_equal(touch(&f, "a1"), DR_TURN_PICKED);
    assert_int_equal(touch(&f, "c3"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: the king on a1 can take by going to e5, f6, g7 or h8.");
    assert_int_equal(touch(&f, "f6"), DR_TURN_MOVE);
    end(&f);
    /* free choice: a3 takes two, g3 one, and either may be played */
    begin(&f, "russian", "W:Wa3,g3:Bb4,b6,f4");
    assert_int_equal(f.t.max_take, 2);
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_said(&f, "You must capture (pieces marked !)");
    assert_int_equal(go(&f, "g3", "e5"), DR_TURN_MOVE);
    end(&f);
}

/* The same position under Brazilian rules: the majority rule refuses the
 * lesser capture, and a flying king's longer capture is the one to play. */
static void test_turn_brazilian_majority(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "brazilian", "W:Wa3,g3:Bb4,b6,f4");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_said(&f, "You must capture: majority rule, take 2");
    assert_int_equal(f.t.must_from, 1ULL << sq(&f, "a3"));
    assert_int_equal(go(&f, "g3", "e5"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: majority rule, take 2; this capture takes only 1. "
                    "Capture with a3.");
    assert_int_equal(go(&f, "a3", "a7"), DR_TURN_MOVE);
    end(&f);
    begin(&f, "brazilian", "W:WKa1,g1:Bc3,e5,f2");
    assert_int_equal(f.t.max_take, 2);
    assert_int_equal(go(&f, "g1", "e3"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: majority rule, take 2; this capture takes only 1. "
                    "Capture with a1.");
    assert_int_equal(go(&f, "a1", "f6"), DR_TURN_MOVE);
    end(&f);
}

/* Armenian: all 64 squares, men step forward, sideways and diagonally
 * forward, captures are orthogonal (a diagonal jump is no capture). */
static void test_turn_armenian_refusals(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "armenian", NULL);
    assert_int_equal(touch(&f, "a6"), DR_TURN_REFUSED);
    assert_said(&f, "That is a Black man: White is to move.");
    assert_int_equal(touch(&f, "d5"), DR_TURN_REFUSED);
    assert_said(&f, "There is no piece on d5.");
    assert_int_equal(touch(&f, "a2"), DR_TURN_REFUSED);
    assert_said(&f, "The man on a2 cannot move: it is blocked.");
    assert_int_equal(touch(&f, "a1"), DR_TURN_REFUSED);
    assert_said(&f, "There is no piece on a1.");
    assert_int_equal(go(&f, "a3", "a5"), DR_TURN_REFUSED);
    assert_said(&f, "The man on a3 cannot go to a5; it can go to a4 or b4.");
    assert_int_equal(go(&f, "a3", "b3"), DR_TURN_REFUSED);
    assert_said(&f, "b3 is occupied. The man on a3 can go to a4 or b4.");
    assert_int_equal(go(&f, "a3", "b4"), DR_TURN_MOVE); /* diagonal: Turkish refuses it */
    end(&f);
    /* no backward step, and a diagonal jump takes nothing */
    begin(&f, "armenian", "W:Wd4:Bb8");
    assert_int_equal(go(&f, "d4", "d3"), DR_TURN_REFUSED);
    assert_said(&f, "The man on d4 cannot go to d3; it can go to c4, e4, c5, d5 or e5.");
    end(&f);
    begin(&f, "armenian", "W:Wd4:Be5,b8");
    assert_int_equal(f.t.must_from, 0);
    assert_int_equal(go(&f, "d4", "f6"), DR_TURN_REFUSED);
    assert_said(&f, "The man on d4 cannot go to f6; it can go to c4, e4, c5 or d5.");
    end(&f);
}

static void test_turn_armenian_must_capture_and_majority(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "armenian", "W:Wd4,h2:Bd5,a8");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_said(&f, "You must capture (pieces marked !)");
    assert_int_equal(f.t.must_from, 1ULL << sq(&f, "d4"));
    assert_int_equal(touch(&f, "h2"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture, and the man on h2 cannot. Capture with d4.");
    assert_int_equal(touch(&f, "d4"), DR_TURN_PICKED);
    assert_int_equal(touch(&f, "c5"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: the man on d4 can take by going to d6.");
    end(&f);
    begin(&f, "armenian", "W:Wb2,g2:Bb3,b5,g3");
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_said(&f, "You must capture: majority rule, take 2");
    assert_int_equal(go(&f, "g2", "g4"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: majority rule, take 2; this capture takes only 1. "
                    "Capture with b2.");
    assert_int_equal(go(&f, "b2", "b6"), DR_TURN_MOVE);
    end(&f);
}

static void test_turn_game_over_and_no_turn(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "english", "B:W18:B");
    assert_int_equal(f.t.legal.count, 0);
    assert_int_equal(touch(&f, "18"), DR_TURN_REFUSED);
    assert_says(&f, "The game is over (");
    dr_turn_clear(&f.t); /* the other side's turn: nothing to pick */
    assert_int_equal(dr_turn_movable(&f.t), 0);
    assert_int_equal(f.t.sel, -1);
    f.say[0] = 0;
    dr_turn_must_capture(&f.t, f.say, sizeof f.say);
    assert_string_equal(f.say, "");
    end(&f);
}

/* ---- a capture entered square by square ---- */

/* International, a flying king: 38 takes 32 and lands on 27 or on 21, from
 * where it takes 22 (landing on 18) or 17 (on 12), then 29, to end on 34, 40
 * or 45.  Both routes end on 45: the final square alone is a choice, as it
 * was; a landing square on the way tells the routes apart. */
static void test_turn_flying_king_landing_tells_two_routes_apart(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", "W:WK38:B17,22,29,32");
    assert_int_equal(touch(&f, "38"), DR_TURN_PICKED);
    assert_said(&f, "The king on 38 can go to 21, 27, 34, 40 or 45.");
    assert_int_equal(touch(&f, "45"), DR_TURN_CHOOSE);
    assert_int_equal(f.t.nchoices, 2);
    end(&f);

    begin(&f, "international", "W:WK38:B17,22,29,32");
    touch(&f, "38");
    assert_int_equal(touch(&f, "27"), DR_TURN_LANDED);
    assert_said(&f, "The king on 38 lands on 27 and can go on to 18, 34, 40 or 45.");
    assert_int_equal(f.t.npath, 1);
    assert_int_equal(f.t.path[0], sq(&f, "27"));
    assert_int_equal(f.t.dests, set_of(&f, "18 34 40 45"));
    assert_int_equal(touch(&f, "18"), DR_TURN_LANDED);
    assert_said(&f, "The king on 38 lands on 18 and can go on to 34, 40 or 45.");
    assert_int_equal(touch(&f, "45"), DR_TURN_MOVE);
    assert_int_equal(f.m.from, sq(&f, "38"));
    assert_int_equal(f.m.to, sq(&f, "45"));
    assert_int_equal(f.m.captures, set_of(&f, "22 29 32"));
    assert_int_equal(f.t.sel, -1);
    assert_int_equal(f.t.npath, 0);
    end(&f);

    begin(&f, "international", "W:WK38:B17,22,29,32");
    touch(&f, "38");
    assert_int_equal(touch(&f, "21"), DR_TURN_LANDED);
    assert_int_equal(touch(&f, "45"), DR_TURN_MOVE); /* the other route */
    assert_int_equal(f.m.captures, set_of(&f, "17 29 32"));
    end(&f);
}

/* Russian (men take backwards): the man on g3 takes f2 landing on e1, d2
 * landing on c3, then b2 (ending on a1) or d4 (on e5). */
#define RUSSIAN_THREE_JUMPS "W:Wg3:Bb2,d2,f2,d4"

static void test_turn_russian_man_capture_square_by_square(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", RUSSIAN_THREE_JUMPS);
    assert_int_equal(touch(&f, "g3"), DR_TURN_PICKED);
    assert_said(&f, "The man on g3 can go to a1, e1 or e5.");
    assert_int_equal(touch(&f, "e1"), DR_TURN_LANDED);
    assert_said(&f, "The man on g3 lands on e1 and can go on to a1, c3 or e5.");
    assert_int_equal(touch(&f, "c3"), DR_TURN_LANDED);
    assert_said(&f, "The man on g3 lands on c3 and can go on to a1 or e5.");
    assert_int_equal(f.t.npath, 2);
    assert_int_equal(f.t.dests, set_of(&f, "a1 e5"));
    assert_int_equal(touch(&f, "a1"), DR_TURN_MOVE);
    assert_int_equal(f.m.to, sq(&f, "a1"));
    assert_int_equal(f.m.captures, set_of(&f, "b2 d2 f2"));
    end(&f);
}

static void test_turn_a_square_that_continues_no_capture_is_refused(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", RUSSIAN_THREE_JUMPS);
    touch(&f, "g3");
    touch(&f, "e1");
    assert_int_equal(touch(&f, "a3"), DR_TURN_REFUSED);
    assert_said(&f, "The man on g3 cannot go on from e1 to a3; it can go on to a1, c3 or e5.");
    assert_int_equal(f.t.sel, sq(&f, "g3")); /* still held, the path kept */
    assert_int_equal(f.t.npath, 1);
    assert_int_equal(touch(&f, "e1"), DR_TURN_REFUSED); /* where it stands now */
    assert_said(&f, "The man on g3 has landed on e1; it can go on to a1, c3 or e5.");
    end(&f);
    /* a landing square of the other route */
    begin(&f, "international", "W:WK38:B17,22,29,32");
    touch(&f, "38");
    touch(&f, "27");
    assert_int_equal(touch(&f, "12"), DR_TURN_REFUSED);
    assert_said(&f, "The king on 38 cannot go on from 27 to 12; it can go on to 18, 34, 40 or "
                    "45.");
    end(&f);
}

/* Refused with no path entered, the sentence offers what picking it up
 * does: the first landing squares as well as the ends. */
static void test_turn_must_capture_refusal_names_first_landings(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", RUSSIAN_THREE_JUMPS);
    touch(&f, "g3");
    assert_int_equal(touch(&f, "h4"), DR_TURN_REFUSED);
    assert_said(&f, "You must capture: the man on g3 can take by going to a1, e1 or e5.");
    end(&f);
}

static void test_turn_the_final_square_alone_plays_the_capture(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", RUSSIAN_THREE_JUMPS);
    touch(&f, "g3");
    assert_int_equal(touch(&f, "e5"), DR_TURN_MOVE);
    assert_int_equal(f.m.captures, set_of(&f, "d2 f2 d4"));
    end(&f);
}

static void test_turn_the_piece_own_square_takes_the_path_back(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "russian", RUSSIAN_THREE_JUMPS);
    touch(&f, "g3");
    touch(&f, "e1");
    touch(&f, "c3");
    assert_int_equal(touch(&f, "g3"), DR_TURN_PICKED);
    assert_said(&f, "The man on g3 can go to a1, e1 or e5.");
    assert_int_equal(f.t.sel, sq(&f, "g3"));
    assert_int_equal(f.t.npath, 0);
    assert_int_equal(f.t.dests, set_of(&f, "a1 e1 e5"));
    assert_int_equal(touch(&f, "c3"), DR_TURN_REFUSED); /* the path begins again at g3 */
    assert_int_equal(touch(&f, "g3"), DR_TURN_PUT_BACK);
    assert_int_equal(f.t.sel, -1);
    touch(&f, "g3");
    touch(&f, "e1");
    dr_turn_put_back(&f.t); /* Esc */
    assert_int_equal(f.t.npath, 0);
    assert_int_equal(f.t.dests, 0);
    end(&f);
}

/* ---- every capture path, entered square by square ---- */

struct paths {
    int n;
    struct dr_path p[1024];
};

static void collect(void *arg, const struct dr_path *p)
{
    struct paths *ps = arg;
    if (ps->n < 1024)
        ps->p[ps->n++] = *p;
}

/* The legal move that path p plays, or NULL (a path the rules refuse).  A
 * path that comes round through its own square is entered like any other. */
static const struct dr_move *path_move(const struct fixture *f, const struct dr_path *p)
{
    for (int i = 0; i < f->t.legal.count; i++) {
        const struct dr_move *m = &f->t.legal.moves[i];
        if (m->from == p->from && m->to == p->to && m->captures == p->captures &&
            p->key == f->t.key)
            return m;
    }
    return NULL;
}

/* Enter p square by square: its move is played, or on its last square it
 * is among the choices, or it ends before its last square where another
 * capture of the squares entered ends (that square ends it, as the final
 * square alone does). */
static void enter_path(struct fixture *f, const struct dr_path *p, const struct dr_move *want)
{
    dr_turn_begin(&f->t, f->g);
    assert_int_equal(dr_turn_touch(&f->t, p->from, &f->m, f->say, sizeof f->say), DR_TURN_PICKED);
    for (int j = 0; j < p->n; j++) {
        enum dr_turn_step step = dr_turn_touch(&f->t, p->land[j], &f->m, f->say, sizeof f->say);
        if (step == DR_TURN_LANDED)
            continue;
        bool held = false;
        for (int c = 0; step == DR_TURN_CHOOSE && j == p->n - 1 && c < f->t.nchoices; c++)
            held |= dr_move_same(&f->t.choices[c], want);
        if ((step == DR_TURN_MOVE && dr_move_same(&f->m, want)) || held)
            return;
        if (step != DR_TURN_MOVE && step != DR_TURN_CHOOSE)
            fail_msg("step %d at landing %d: %s", step, j, f->say);
        assert_true(j < p->n - 1 && f->m.to == p->land[j]);
        return;
    }
    fail_msg("the last square did not end the capture");
}

/* A random position of variant (a small generator of its own, the same
 * everywhere): a few pieces of each side, men or kings. */
static bool random_position(const struct fixture *f, unsigned *seed, struct dr_position *pos)
{
    int sqs[64], n = 0;
    for (uint64_t b = f->v.board; b; b &= b - 1)
        sqs[n++] = __builtin_ctzll(b);
    memset(pos, 0, sizeof *pos);
    for (int i = 0; i < 9; i++) {
        *seed = *seed * 1103515245u + 12345u;
        int at = sqs[(*seed >> 8) % (unsigned)n], side = i < 3 ? DR_WHITE : DR_BLACK;
        pos->pieces[side] |= (1ULL << at) & ~(pos->pieces[0] | pos->pieces[1]);
        if ((*seed >> 20) & 1)
            pos->kings |= (1ULL << at) & pos->pieces[side];
    }
    struct dr_error err;
    return dr_position_check(&f->v, pos, &err);
}

/* Enter every legal capture path of the game's position; how many. */
static int enter_every_path(struct fixture *f)
{
    static struct paths ps;
    int entered = 0;
    dr_turn_begin(&f->t, f->g);
    for (uint64_t from = f->t.must_from; from; from &= from - 1) {
        ps.n = 0;
        dr_capture_paths(&f->v, dr_game_position(f->g), __builtin_ctzll(from), collect, &ps);
        for (int k = 0; k < ps.n; k++) {
            const struct dr_move *want = path_move(f, &ps.p[k]);
            if (!want)
                continue;
            struct dr_move m = *want; /* enter_path begins the turn again */
            enter_path(f, &ps.p[k], &m);
            entered++;
        }
    }
    return entered;
}

/* A flying king that takes four men round a square comes back to its own
 * square: entered square by square, that square is the capture's last
 * landing, not a path taken back (32x23x12x21x32, international). */
static void test_turn_a_capture_round_to_its_own_square_is_entered_by_touch(void **state)
{
    (void)state;
    struct fixture f;
    begin(&f, "international", "W:WK32:B17,18,27,28");
    /* picked up, its own square is no target: touched again, it puts it back */
    assert_int_equal(touch(&f, "32"), DR_TURN_PICKED);
    assert_false(f.t.dests & (1ULL << sq(&f, "32")));
    assert_int_equal(touch(&f, "32"), DR_TURN_PUT_BACK);
    assert_int_equal(touch(&f, "32"), DR_TURN_PICKED);
    assert_int_equal(touch(&f, "23"), DR_TURN_LANDED);
    assert_int_equal(touch(&f, "12"), DR_TURN_LANDED);
    assert_int_equal(touch(&f, "21"), DR_TURN_LANDED);
    assert_true(f.t.dests & (1ULL << sq(&f, "32")));
    assert_int_equal(touch(&f, "32"), DR_TURN_MOVE);
    assert_int_equal(f.m.from, sq(&f, "32"));
    assert_int_equal(f.m.to, sq(&f, "32"));
    assert_int_equal(f.m.captures, set_of(&f, "17 18 27 28"));
    /* the end alone after the first landing ends it too, as any end does
     * (where no capture comes round, the own square takes the path back:
     * test_turn_the_piece_own_square_takes_the_path_back) */
    dr_turn_begin(&f.t, f.g);
    touch(&f, "32");
    touch(&f, "23");
    assert_int_equal(touch(&f, "32"), DR_TURN_MOVE);
    assert_int_equal(f.m.to, sq(&f, "32"));
    assert_int_equal(f.m.captures, set_of(&f, "17 18 27 28"));
    end(&f);
}

static void test_turn_every_capture_path_entered_square_by_square(void **state)
{
    (void)state;
    static const char *const variants[] = {"international", "killer",  "russian", "brazilian",
                                           "italian",       "english", "pool",    "turkish",
                                           "armenian",      "german",  "killer8"};
    unsigned seed = 18;
    int entered = 0;
    for (size_t vi = 0; vi < sizeof variants / sizeof variants[0]; vi++) {
        struct fixture f;
        begin(&f, variants[vi], NULL);
        for (int it = 0; it < 400; it++) {
            struct dr_position pos;
            if (!random_position(&f, &seed, &pos))
                continue;
            dr_game_free(f.g);
            f.g = dr_game_new(&f.v, &pos);
            entered += enter_every_path(&f);
        }
        end(&f);
    }
    assert_true(entered > 1000); /* 4335 paths today */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_pick_up_lists_the_targets_and_put_down_plays),
        cmocka_unit_test(test_turn_put_back_and_another_piece_instead),
        cmocka_unit_test(test_turn_refusals_name_the_square_and_the_reason),
        cmocka_unit_test(test_turn_occupied_square),
        cmocka_unit_test(test_turn_compulsory_capture),
        cmocka_unit_test(test_turn_majority_rule),
        cmocka_unit_test(test_turn_italian_precedence_king_captures),
        cmocka_unit_test(test_turn_italian_precedence_most_kings),
        cmocka_unit_test(test_turn_italian_precedence_king_soonest),
        cmocka_unit_test(test_turn_italian_men_do_not_take_kings),
        cmocka_unit_test(test_turn_two_paths_to_one_square_are_a_choice),
        cmocka_unit_test(test_turn_turkish_orthogonal_men_and_majority),
        cmocka_unit_test(test_turn_russian_refusals),
        cmocka_unit_test(test_turn_russian_must_capture_free_choice),
        cmocka_unit_test(test_turn_brazilian_majority),
        cmocka_unit_test(test_turn_armenian_refusals),
        cmocka_unit_test(test_turn_armenian_must_capture_and_majority),
        cmocka_unit_test(test_turn_game_over_and_no_turn),
        cmocka_unit_test(test_turn_flying_king_landing_tells_two_routes_apart),
        cmocka_unit_test(test_turn_russian_man_capture_square_by_square),
        cmocka_unit_test(test_turn_a_square_that_continues_no_capture_is_refused),
        cmocka_unit_test(test_turn_must_capture_refusal_names_first_landings),
        cmocka_unit_test(test_turn_the_final_square_alone_plays_the_capture),
        cmocka_unit_test(test_turn_the_piece_own_square_takes_the_path_back),
        cmocka_unit_test(test_turn_a_capture_round_to_its_own_square_is_entered_by_touch),
        cmocka_unit_test(test_turn_every_capture_path_entered_square_by_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
