#include "pattern.h"

#include <string.h>

#include "draughts/position.h"

/* The bit of the playing square at (file, rank), -1 if none. */
static int square_at(const struct dr_variant *v, int file, int rank)
{
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++)
        if (v->sq_file[sq] == file && v->sq_rank[sq] == rank)
            return sq;
    return -1;
}

/* The lowest bit of the playing squares of files f0..f0+3 on rank, when
 * there are exactly `want` of them on consecutive bits; -1 otherwise. */
static int row_chunk(const struct dr_variant *v, int f0, int rank, int want)
{
    int lo = 64, hi = -1, n = 0;
    for (int f = f0; f < f0 + 4; f++) {
        int sq = square_at(v, f, rank);
        if (sq < 0)
            continue;
        n++;
        lo = sq < lo ? sq : lo;
        hi = sq > hi ? sq : hi;
    }
    return n == want && hi - lo == want - 1 ? lo : -1;
}

static void base3_build(struct pat_layout *lay);

bool pat_layout_build(const struct dr_variant *v, struct pat_layout *lay)
{
    memset(lay, 0, sizeof *lay);
    int w = v->width, h = v->height;
    /* dark squares: 4x4 blocks (two squares a row); all squares: 4x2 */
    int rows = v->all_squares ? 2 : 4, per_row = v->all_squares ? 4 : 2;
    int rank_step = v->all_squares ? 1 : 2, reach = v->all_squares ? 1 : 2;
    if (w < 4 || h < rows || w % 2)
        return false;
    lay->nchunks = rows;
    lay->chunk_bits = per_row;
    for (int r0 = 0; r0 + rows <= h / 2 + reach; r0 += rank_step) {
        for (int f0 = 0; f0 + 4 <= w; f0 += 2) {
            if (lay->nwin == PAT_MAX_WINDOWS)
                return false;
            for (int k = 0; k < rows; k++) {
                int white = row_chunk(v, f0, r0 + k, per_row);
                int black = row_chunk(v, w - 4 - f0, h - 1 - (r0 + k), per_row);
                if (white < 0 || black < 0)
                    return false;
                lay->off[0][lay->nwin][k] = (uint8_t)white;
                lay->off[1][lay->nwin][k] = (uint8_t)black;
            }
            lay->nwin++;
        }
    }
    struct dr_position start;
    dr_position_start(v, &start);
    lay->start_men = __builtin_popcountll(dr_occupied(&start) & ~start.kings);
    if (lay->start_men <= 0)
        lay->start_men = 1;
    base3_build(lay);
    return lay->nwin > 0;
}

bool pat_layout_same(const struct pat_layout *a, const struct pat_layout *b)
{
    return a->nwin == b->nwin && a->nchunks == b->nchunks && a->chunk_bits == b->chunk_bits &&
           !memcmp(a->off, b->off, sizeof a->off);
}

/* Base-3 values of gathered bits: each set bit of chunk c, bit i, is the
 * digit of square c * bits + i (White's view, files left to right) or
 * c * bits + (bits - 1 - i) (Black's view: his left is the high file). */
static void base3_build(struct pat_layout *lay)
{
    int bits = lay->chunk_bits;
    for (int g = 0; g < 256; g++) {
        int v0 = 0, v1 = 0;
        for (int b = 0; b < 8; b++) {
            if (!((g >> b) & 1))
                continue;
            int c = b / bits, i = b % bits, p3 = 1, q3 = 1;
            for (int k = 0; k < c * bits + i; k++)
                p3 *= 3;
            for (int k = 0; k < c * bits + bits - 1 - i; k++)
                q3 *= 3;
            v0 += p3;
            v1 += q3;
        }
        lay->base3[0][g] = (uint16_t)v0;
        lay->base3[1][g] = (uint16_t)v1;
    }
}

static inline unsigned gather(uint64_t bb, const uint8_t *off, int nchunks, int bits)
{
    unsigned g = 0, mask = (1u << bits) - 1;
    for (int c = 0; c < nchunks; c++)
        g |= (unsigned)((bb >> off[c]) & mask) << (c * bits);
    return g;
}

void pat_indexes(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                 uint16_t idx[2][PAT_MAX_WINDOWS])
{
    const uint16_t(*t)[256] = lay->base3;
    int nc = lay->nchunks, bits = lay->chunk_bits;
    for (int w = 0; w < lay->nwin; w++) {
        const uint8_t *ow = lay->off[0][w], *ob = lay->off[1][w];
        idx[0][w] = (uint16_t)(t[0][gather(white_men, ow, nc, bits)] +
                               2 * t[0][gather(black_men, ow, nc, bits)]);
        idx[1][w] = (uint16_t)(t[1][gather(black_men, ob, nc, bits)] +
                               2 * t[1][gather(white_men, ob, nc, bits)]);
    }
}
