/* The inside of the endgame tables, shared by their builder (egtb.c) and
 * their files (egtb_file.c); the engine sees egtb.h only. */
#ifndef DR_EGTB_IMPL_H
#define DR_EGTB_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "egtb.h"

enum { GROUPS = 4 }; /* white men, white kings, black men, black kings */
#define NCOUNT (EGTB_MAX_PIECES + 1)
#define MAX_CLASSES (NCOUNT * NCOUNT * NCOUNT * NCOUNT)
#define INVALID 255 /* not a position: the index of no legal placement */
#define MAX_PLIES 253
#define NEED_NEVER 255 /* no count leaves room enough */

/* A value is 0 for a draw (or, while building, not solved yet) and d + 1 for
 * a game that ends in d plies: odd d, the side to move wins; even, it loses. */
struct egtb_class {
    uint8_t count[GROUPS];
    int npieces, men;
    uint8_t *value;
    uint8_t *need; /* see need_step in egtb.c; NULL when the rules have no counter */
    size_t size;
};

struct egtb {
    const struct dr_variant *v;
    int pieces; /* the most pieces a position of these tables has */
    /* Each group is indexed among the squares it may stand on (a man never
     * on the row that crowns it): dense_of numbers them, bit_of undoes it. */
    int nallowed[GROUPS];
    int8_t dense_of[GROUPS][64];
    uint8_t bit_of[GROUPS][DR_MAX_SQUARES];
    uint32_t binom[DR_MAX_SQUARES + 1][EGTB_MAX_PIECES + 1];
    struct egtb_class classes[MAX_CLASSES];
    int nclasses;
    int8_t class_of[NCOUNT][NCOUNT][NCOUNT][NCOUNT];
    /* The rules read the same for both sides from their own end, so a class
     * is its colour-swapped twin turned half round: only one of the two is
     * kept (when the board turns onto itself; mirror_bit of each square). */
    bool mirrored[NCOUNT][NCOUNT][NCOUNT][NCOUNT];
    bool symmetric;
    uint8_t mirror_bit[64];
    int longest_win; /* plies */
    int kings_only_limit;  /* the variant's kings-only count, plies (0: none) */
    bool material_counts;  /* some material has a count of its own */
    bool needs;            /* the classes have their need */
};

/* Read the tables of t's rules and classes (listed already) from a file in
 * dir; false, with nothing kept, unless a file matches them in every part. */
bool egtb_file_load(struct egtb *t, const char *dir);

/* Write t to dir (under another name, then renamed); a failure leaves no file. */
void egtb_file_save(const struct egtb *t, const char *dir);

#endif
