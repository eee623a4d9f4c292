/* A variant: the rule flags read from a rules file plus the board geometry
 * tables computed from them.  The move generator reads only these fields;
 * no code anywhere tests a variant's name. */
#ifndef DRAUGHTS_VARIANT_H
#define DRAUGHTS_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "draughts/error.h"

enum { DR_WHITE = 0, DR_BLACK = 1 };

/* Absolute directions as seen by White sitting at the bottom. */
enum dr_dir { DR_N, DR_NE, DR_E, DR_SE, DR_S, DR_SW, DR_W, DR_NW, DR_NDIRS };
#define DR_NDIRS_MAX 8

enum dr_precedence { DR_PREC_FREE, DR_PREC_MAJORITY, DR_PREC_ITALIAN };
enum dr_removal { DR_REMOVAL_DEFERRED, DR_REMOVAL_IMMEDIATE };
enum dr_promotion {
    DR_PROMO_END_OF_MOVE,        /* only a move that ends on the far row crowns */
    DR_PROMO_IMMEDIATE_ENDS,     /* crowned on arrival; the move ends there */
    DR_PROMO_IMMEDIATE_CONTINUES /* crowned on arrival; captures on as a king */
};
enum dr_notation { DR_NOTATION_NUMERIC, DR_NOTATION_ALGEBRAIC };

#define DR_MAX_SQUARES 64

/* The bit offsets of a set of directions, split by sign so that hot loops
 * shift without testing it. */
struct dr_shifts {
    uint8_t n_up, n_down;
    uint8_t up[DR_NDIRS_MAX], down[DR_NDIRS_MAX];
};
#define DR_NAME_LEN 32

struct dr_variant {
    /* identity */
    char name[DR_NAME_LEN];
    char description[160];
    char pdn_gametype[DR_NAME_LEN];
    char pdn_variant_tag[DR_NAME_LEN];

    /* board */
    int width, height;
    bool all_squares;   /* every square is used (Armenian, Turkish) */
    bool a1_dark;       /* dark-square boards: is a1 a playing square */
    int start_row_lo, start_row_hi; /* rows holding men, counted from own side, 1-based */
    int first_player;

    /* movement, as bit sets of enum dr_dir, per side (the files name them
     * relative to the mover: forward, left, ...) */
    uint8_t man_move_dirs[2];
    uint8_t man_capture_dirs[2];
    uint8_t king_move_dirs[2];
    uint8_t king_capture_dirs[2];
    bool king_flying;
    bool men_capture_kings;
    enum dr_precedence precedence;
    enum dr_removal removal;
    bool no_reverse_jump;
    enum dr_promotion promotion;
    bool king_halt;                  /* Killer: stop right behind a last-captured king */
    bool king_must_land_to_continue; /* free choice: prefer landings that continue */

    /* notation */
    enum dr_notation notation;
    char capture_sep;

    /* draw rules, in plies; 0 = rule off */
    int draw_repetitions;
    int draw_kings_only_plies;
    int draw_1k_vs_3_plies;  /* lone king vs three pieces with at least one king */
    int draw_1k_vs_2_plies;  /* lone king vs at most two pieces with at least one king */
    int draw_3k_vs_1k_plies; /* three kings vs one king */

    /* geometry, computed at load time from the fields above */
    int nsquares;                 /* playing squares */
    uint64_t board;               /* bits that are playing squares */
    int shift[DR_NDIRS];          /* bit offset of one step in each direction */
    uint8_t rot[DR_NDIRS];        /* the same offset as a left rotation (mod 64) */
    bool ghost;                   /* a step off the board never lands on a playing
                                   * square, so board-masked steps need no edge mask */
    struct dr_shifts man_move_shifts[2], man_capture_shifts[2];
    uint64_t can_step[DR_NDIRS];  /* squares that have a neighbour that way */
    uint64_t promo_row[2];        /* where a man of each side is crowned */
    uint64_t ray[DR_NDIRS][DR_MAX_SQUARES]; /* squares beyond sq, exclusive */
    int8_t next_sq[DR_NDIRS][DR_MAX_SQUARES]; /* neighbour of sq that way, -1 if none */
    uint64_t man_capture_nbrs[2][DR_MAX_SQUARES]; /* squares a man on sq could jump */
    uint64_t man_capture_lands[2][DR_MAX_SQUARES]; /* where those jumps land */
    int8_t dir_of_shift[128];     /* direction whose shift is i - 64, or -1 */
    int8_t sq_file[DR_MAX_SQUARES], sq_rank[DR_MAX_SQUARES]; /* 0-based */
    int8_t sq_number[DR_MAX_SQUARES];   /* 1-based numeric name of a bit */
    int8_t number_sq[DR_MAX_SQUARES + 1]; /* bit of numeric name n, -1 if none */
    uint8_t movegen;              /* the compiled instance of the move generator
                                   * that serves these flags and this geometry */
};

/* Names of the built-in variants, NULL-terminated. */
const char *const *dr_variant_builtin_names(void);

/* Load a built-in variant by name.  Returns false and fills err when unknown. */
bool dr_variant_builtin(const char *name, struct dr_variant *v, struct dr_error *err);

/* Load a rules file from disk (a user's own variant). */
bool dr_variant_load_file(const char *path, struct dr_variant *v, struct dr_error *err);

/* Parse rules text; source names the text in error messages. */
bool dr_variant_parse(const char *text, const char *source, struct dr_variant *v,
                      struct dr_error *err);

static inline int dr_dir_opposite(int d) { return (d + 4) & 7; }

#endif
