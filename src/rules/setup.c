/* Is a set-up position (from the editor or a FEN) one a game can start
 * from?  Only the variant's data is read: its playing squares, start rows
 * and promotion rows, and its move generator. */
#include <stdio.h>
#include <string.h>

#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "draughts/position.h"

static const char *const colour_name[2] = {"white", "black"};

/* Squares hold one piece each and only the playing squares hold any (a
 * FEN cannot say otherwise; a position built in code can). */
static bool check_squares(const struct dr_variant *v, const struct dr_position *pos,
                          struct dr_error *err)
{
    char names[200];
    uint64_t both = pos->pieces[DR_WHITE] & pos->pieces[DR_BLACK];
    if (both) {
        dr_squares_text(v, both, "and", names, sizeof names);
        dr_error_set(err, "a white and a black piece on the same square (%s)", names);
        return false;
    }
    uint64_t off = (dr_occupied(pos) | pos->kings) & ~v->board;
    if (off) {
        dr_error_set(err, "%d piece%s off the playing squares of %s", __builtin_popcountll(off),
                     __builtin_popcountll(off) == 1 ? "" : "s", v->name);
        return false;
    }
    if (pos->kings & ~dr_occupied(pos)) {
        dr_error_set(err, "a king without a piece (an empty square marked as a king)");
        return false;
    }
    return true;
}

/* Each side has pieces, and no more than its start position gives it. */
static bool check_counts(const struct dr_variant *v, const struct dr_position *pos,
                         struct dr_error *err)
{
    if (!dr_occupied(pos)) {
        dr_error_set(err, "the board is empty: each side needs at least one piece");
        return false;
    }
    struct dr_position start;
    dr_position_start(v, &start);
    for (int c = 0; c < 2; c++) {
        int n = __builtin_popcountll(pos->pieces[c]);
        int most = __builtin_popcountll(start.pieces[c]);
        if (n == 0) {
            dr_error_set(err, "%s has no pieces: each side needs at least one",
                         dr_side_name(c));
            return false;
        }
        if (n > most) {
            dr_error_set(err, "%s has %d pieces: at most %d, as many as at the start",
                         dr_side_name(c), n, most);
            return false;
        }
    }
    return true;
}

/* A man that reached its promotion row was crowned there. */
static bool check_promotion_rows(const struct dr_variant *v, const struct dr_position *pos,
                                 struct dr_error *err)
{
    for (int c = 0; c < 2; c++) {
        uint64_t men = pos->pieces[c] & ~pos->kings & v->promo_row[c];
        if (!men)
            continue;
        char names[200];
        dr_squares_text(v, men, "and", names, sizeof names);
        bool one = (men & (men - 1)) == 0;
        dr_error_set(err, "%s %s on %s: men cannot stand on their promotion row",
                     colour_name[c], one ? "man" : "men", names);
        return false;
    }
    return true;
}

bool dr_position_check(const struct dr_variant *v, const struct dr_position *pos,
                       struct dr_error *err)
{
    if (pos->side != DR_WHITE && pos->side != DR_BLACK) {
        dr_error_set(err, "the side to move must be White or Black");
        return false;
    }
    if (!check_squares(v, pos, err) || !check_counts(v, pos, err) ||
        !check_promotion_rows(v, pos, err))
        return false;
    if (dr_count_moves(v, pos) == 0) {
        dr_error_set(err, "%s, to move, has no legal move: the game would be over before it "
                          "starts", dr_side_name(pos->side));
        return false;
    }
    return true;
}
