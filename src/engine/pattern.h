/* The windows of the pattern evaluation, made from the board's geometry.
 *
 * A window is a block of the board holding eight playing squares: 4x4 on
 * the dark-square boards, 4 files by 2 rows on the all-squares ones.  Its
 * configuration (each square empty, own man or enemy man; kings count as
 * empty) is a number below 3^8 that picks a learned weight.  Every window
 * is read twice, once as White sees it (its own men "own") and once, turned
 * half round, as Black sees it: both views index the same table, White's
 * adding and Black's subtracting, so a colour-flipped position gets exactly
 * the negated score.  The windows of one view cover the own half of the
 * board and reach two rows past the middle; the other view covers the rest.
 *
 * Reading a window costs a few shifts: the squares of one row of a window
 * are consecutive bits in both layouts (geometry.c), so a row is one masked
 * shift ("chunk") and two 256-entry tables turn the gathered bits into
 * base-3 digits, in the square order of each view.
 *
 * On the dark-square boards each view also reads two edge strips, the three
 * files along either side over the same rows as the windows (nine squares,
 * 3^9 configurations), as Scan 2.0's evaluation does: the men along an edge
 * hold or break a flank deeper than a 4x4 block sees.  A weights file has
 * tables for them or not (weights.h); the evaluation reads them only when
 * it has. */
#ifndef DR_PATTERN_H
#define DR_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "draughts/variant.h"

#define PAT_CELLS 8          /* squares in a window */
#define PAT_CONFIGS 6561     /* 3^8 */
#define PAT_MAX_WINDOWS 16   /* per view */
#define PAT_MAX_CHUNKS 4
#define PAT_EDGE_CELLS 9     /* squares in an edge strip */
#define PAT_EDGE_CONFIGS 19683 /* 3^9 */
#define PAT_MAX_EDGES 2      /* per view */

struct pat_layout {
    int nwin;                 /* windows per view */
    int nchunks, chunk_bits;  /* rows of a window, squares per row */
    uint8_t off[2][PAT_MAX_WINDOWS][PAT_MAX_CHUNKS]; /* [view][window][row]: bit of
                                                        its lowest square */
    int start_men;            /* men of both sides at the start (the phase scale) */
    uint16_t base3[2][256];   /* [view][gathered bits]: base-3 value of a chunk set */
    uint64_t mask[2][PAT_MAX_WINDOWS]; /* [view][window]: its squares */
    uint16_t base3_reversed[256]; /* the same for bits gathered in ascending order
                                     (pext) in Black's view: the last square first */
    int nedge;                /* edge strips per view: 0 or PAT_MAX_EDGES */
    uint64_t edge_mask[2][PAT_MAX_EDGES]; /* [view][strip]: its squares */
    uint16_t edge_base3[2][1 << PAT_EDGE_CELLS]; /* [view][bits in ascending order] */
};

/* Weight pairs of one set of tables: the windows', then nedge strips'. */
static inline size_t pat_set_pairs(const struct pat_layout *lay, int nedge)
{
    return (size_t)lay->nwin * PAT_CONFIGS + (size_t)nedge * PAT_EDGE_CONFIGS;
}

/* The windows of v's board; false when the board has no such layout (a
 * board narrower or lower than a window, or rows whose squares are not
 * consecutive bits). */
bool pat_layout_build(const struct dr_variant *v, struct pat_layout *lay);

/* Two layouts read the same windows (weights made for one serve the other). */
bool pat_layout_same(const struct pat_layout *a, const struct pat_layout *b);

/* The configuration of every window in both views: idx[0][w] as White sees
 * it, idx[1][w] as Black does. */
void pat_indexes(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                 uint16_t idx[2][PAT_MAX_WINDOWS]);

/* The same without BMI2's pext (what pat_indexes does on other processors). */
void pat_indexes_portable(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                          uint16_t idx[2][PAT_MAX_WINDOWS]);

/* The configuration of every edge strip in both views (lay->nedge of each),
 * and the same without pext. */
void pat_edge_indexes(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                      uint16_t idx[2][PAT_MAX_EDGES]);
void pat_edge_indexes_portable(const struct pat_layout *lay, uint64_t white_men,
                               uint64_t black_men, uint16_t idx[2][PAT_MAX_EDGES]);

#endif
