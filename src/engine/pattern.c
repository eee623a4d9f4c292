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
static void edges_build(const struct dr_variant *v, struct pat_layout *lay, int rows_covered);

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
    int rows_covered = 0;
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
                lay->mask[0][lay->nwin] |= ((1ULL << per_row) - 1) << white;
                lay->mask[1][lay->nwin] |= ((1ULL << per_row) - 1) << black;
            }
            lay->nwin++;
            rows_covered = r0 + rows;
        }
    }
    struct dr_position start;
    dr_position_start(v, &start);
    lay->start_men = __builtin_popcountll(dr_occupied(&start) & ~start.kings);
    if (lay->start_men <= 0)
        lay->start_men = 1;
    base3_build(lay);
    edges_build(v, lay, rows_covered);
    return lay->nwin > 0;
}

/* The squares of mask, lowest bit first; their number. */
static int squares_of(uint64_t mask, int *sq)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        sq[n++] = __builtin_ctzll(mask);
    return n;
}

/* The two edge strips of the dark-square boards: files 0-2 and the last
 * three, over the windows' rows, in both views (Black's turned half round).
 * pext reads a strip's squares in ascending bit order; the tables give
 * Black's view the reverse order, so both views must be mirror images bit
 * for bit, as the windows are: a board where they are not gets none. */
static void edges_build(const struct dr_variant *v, struct pat_layout *lay, int rows_covered)
{
    lay->nedge = 0;
    if (v->all_squares || v->width < 6)
        return;
    for (int e = 0; e < PAT_MAX_EDGES; e++) {
        int f0 = e == 0 ? 0 : v->width - 3, n = 0;
        uint64_t white = 0, black = 0;
        for (int r = 0; r < rows_covered; r++)
            for (int f = f0; f < f0 + 3; f++) {
                int sq = square_at(v, f, r);
                int turned = square_at(v, v->width - 1 - f, v->height - 1 - r);
                if (sq < 0)
                    continue;
                if (turned < 0)
                    return;
                white |= 1ULL << sq;
                black |= 1ULL << turned;
                n++;
            }
        int ws[64], bs[64];
        if (n != PAT_EDGE_CELLS || squares_of(white, ws) != n || squares_of(black, bs) != n)
            return;
        for (int i = 0; i < n; i++) {
            int f = v->sq_file[ws[i]], r = v->sq_rank[ws[i]];
            if (bs[n - 1 - i] != square_at(v, v->width - 1 - f, v->height - 1 - r))
                return;
        }
        lay->edge_mask[0][e] = white;
        lay->edge_mask[1][e] = black;
    }
    for (int g = 0; g < 1 << PAT_EDGE_CELLS; g++) {
        int up = 0, down = 0, p3 = 1;
        for (int i = 0; i < PAT_EDGE_CELLS; i++, p3 *= 3)
            if ((g >> i) & 1)
                up += p3;
        p3 = 1;
        for (int i = PAT_EDGE_CELLS - 1; i >= 0; i--, p3 *= 3)
            if ((g >> i) & 1)
                down += p3;
        lay->edge_base3[0][g] = (uint16_t)up;
        lay->edge_base3[1][g] = (uint16_t)down;
    }
    lay->nedge = PAT_MAX_EDGES;
}

bool pat_layout_same(const struct pat_layout *a, const struct pat_layout *b)
{
    return a->nwin == b->nwin && a->nchunks == b->nchunks && a->chunk_bits == b->chunk_bits &&
           !memcmp(a->off, b->off, sizeof a->off) && a->nedge == b->nedge &&
           !memcmp(a->edge_mask, b->edge_mask, sizeof a->edge_mask);
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
        int r = 0;
        for (int b = 7; b >= 0; b--)
            r = 3 * r + ((g >> (7 - b)) & 1);
        lay->base3_reversed[g] = (uint16_t)r;
    }
}

/* The bits of a window's rows side by side; the row count and width are
 * constants at each call, so the loop unrolls into a few shifts. */
static inline unsigned gather(uint64_t bb, const uint8_t *off, int nchunks, int bits)
{
    unsigned g = 0, mask = (1u << bits) - 1;
    for (int c = 0; c < nchunks; c++)
        g |= (unsigned)((bb >> off[c]) & mask) << (c * bits);
    return g;
}

static inline void indexes_of(const struct pat_layout *lay, uint64_t white_men,
                              uint64_t black_men, uint16_t idx[2][PAT_MAX_WINDOWS],
                              int nchunks, int bits)
{
    const uint16_t *t0 = lay->base3[0], *t1 = lay->base3[1];
    for (int w = 0; w < lay->nwin; w++) {
        const uint8_t *ow = lay->off[0][w], *ob = lay->off[1][w];
        idx[0][w] = (uint16_t)(t0[gather(white_men, ow, nchunks, bits)] +
                               2 * t0[gather(black_men, ow, nchunks, bits)]);
        idx[1][w] = (uint16_t)(t1[gather(black_men, ob, nchunks, bits)] +
                               2 * t1[gather(white_men, ob, nchunks, bits)]);
    }
}

#ifdef __BMI2__
#include <immintrin.h>

/* One instruction a window and colour where the processor has BMI2: its
 * squares' bits in ascending order, which is White's view's square order
 * and Black's reversed. */
static inline void indexes_pext(const struct pat_layout *lay, uint64_t white_men,
                                uint64_t black_men, uint16_t idx[2][PAT_MAX_WINDOWS])
{
    const uint16_t *t0 = lay->base3[0], *t1 = lay->base3_reversed;
    for (int w = 0; w < lay->nwin; w++) {
        uint64_t mw = lay->mask[0][w], mb = lay->mask[1][w];
        idx[0][w] = (uint16_t)(t0[_pext_u64(white_men, mw)] + 2 * t0[_pext_u64(black_men, mw)]);
        idx[1][w] = (uint16_t)(t1[_pext_u64(black_men, mb)] + 2 * t1[_pext_u64(white_men, mb)]);
    }
}
#endif

void pat_indexes(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                 uint16_t idx[2][PAT_MAX_WINDOWS])
{
#ifdef __BMI2__
    indexes_pext(lay, white_men, black_men, idx);
#else
    pat_indexes_portable(lay, white_men, black_men, idx);
#endif
}

void pat_indexes_portable(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                          uint16_t idx[2][PAT_MAX_WINDOWS])
{
    if (lay->chunk_bits == 2)
        indexes_of(lay, white_men, black_men, idx, 4, 2);
    else
        indexes_of(lay, white_men, black_men, idx, 2, 4);
}

/* The bits of x under mask, packed in ascending order (pext in software). */
static inline unsigned gather_mask(uint64_t x, uint64_t mask)
{
    unsigned g = 0;
    for (int i = 0; mask; mask &= mask - 1, i++)
        if (x & mask & -mask)
            g |= 1u << i;
    return g;
}

void pat_edge_indexes_portable(const struct pat_layout *lay, uint64_t white_men,
                               uint64_t black_men, uint16_t idx[2][PAT_MAX_EDGES])
{
    const uint16_t *t0 = lay->edge_base3[0], *t1 = lay->edge_base3[1];
    for (int e = 0; e < lay->nedge; e++) {
        uint64_t mw = lay->edge_mask[0][e], mb = lay->edge_mask[1][e];
        idx[0][e] = (uint16_t)(t0[gather_mask(white_men, mw)] + 2 * t0[gather_mask(black_men, mw)]);
        idx[1][e] = (uint16_t)(t1[gather_mask(black_men, mb)] + 2 * t1[gather_mask(white_men, mb)]);
    }
}

void pat_edge_indexes(const struct pat_layout *lay, uint64_t white_men, uint64_t black_men,
                      uint16_t idx[2][PAT_MAX_EDGES])
{
#ifdef __BMI2__
    const uint16_t *t0 = lay->edge_base3[0], *t1 = lay->edge_base3[1];
    for (int e = 0; e < lay->nedge; e++) {
        uint64_t mw = lay->edge_mask[0][e], mb = lay->edge_mask[1][e];
        idx[0][e] = (uint16_t)(t0[_pext_u64(white_men, mw)] + 2 * t0[_pext_u64(black_men, mw)]);
        idx[1][e] = (uint16_t)(t1[_pext_u64(black_men, mb)] + 2 * t1[_pext_u64(white_men, mb)]);
    }
#else
    pat_edge_indexes_portable(lay, white_men, black_men, idx);
#endif
}
