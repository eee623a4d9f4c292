/* Dark-square boards use the "ghost square" layout: bit = half*rank +
 * (file + rank + p)/2 - p, with p = 0 when a1 is dark and 1 when it is light.
 * A diagonal step is then the same bit offset from every square (half or
 * half+1), and steps that would wrap land on unused bits, which can_step
 * masks out.  All-squares boards use bit = 8*rank + file with edge masks. */
#include "geometry.h"

#include <string.h>

static const int dir_df[DR_NDIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dr[DR_NDIRS] = {1, 1, 0, -1, -1, -1, 0, 1};

int geometry_square(const struct dr_variant *v, int file, int rank)
{
    if (file < 0 || rank < 0 || file >= v->width || rank >= v->height)
        return -1;
    if (v->all_squares)
        return rank * v->width + file;
    int p = v->a1_dark ? 0 : 1;
    if ((file + rank + p) % 2)
        return -1;
    return (v->width / 2) * rank + (file + rank + p) / 2 - p;
}

int geometry_bits(const struct dr_variant *v)
{
    int top = 0;
    for (int r = 0; r < v->height; r++)
        for (int f = 0; f < v->width; f++)
            if (geometry_square(v, f, r) + 1 > top)
                top = geometry_square(v, f, r) + 1;
    return top;
}

static void shifts_of(const struct dr_variant *v, unsigned dirs, struct dr_shifts *out)
{
    out->n_up = out->n_down = 0;
    for (int d = 0; d < DR_NDIRS; d++) {
        if (!((dirs >> d) & 1) || !v->shift[d])
            continue;
        if (v->shift[d] > 0)
            out->up[out->n_up++] = (uint8_t)v->shift[d];
        else
            out->down[out->n_down++] = (uint8_t)-v->shift[d];
    }
}

void geometry_build(struct dr_variant *v)
{
    memset(v->shift, 0, sizeof v->shift);
    memset(v->can_step, 0, sizeof v->can_step);
    memset(v->ray, 0, sizeof v->ray);
    memset(v->next_sq, -1, sizeof v->next_sq);
    memset(v->man_capture_nbrs, 0, sizeof v->man_capture_nbrs);
    memset(v->man_capture_lands, 0, sizeof v->man_capture_lands);
    memset(v->dir_of_shift, -1, sizeof v->dir_of_shift);
    memset(v->sq_file, -1, sizeof v->sq_file);
    memset(v->sq_rank, -1, sizeof v->sq_rank);
    memset(v->sq_number, 0, sizeof v->sq_number);
    memset(v->number_sq, -1, sizeof v->number_sq);
    v->board = 0;
    v->promo_row[0] = v->promo_row[1] = 0;
    v->nsquares = 0;

    /* Numeric names run from the top-left square as White sees the board,
     * row by row, left to right (FMJD, English and FID numbering alike). */
    for (int r = v->height - 1; r >= 0; r--) {
        for (int f = 0; f < v->width; f++) {
            int sq = geometry_square(v, f, r);
            if (sq < 0)
                continue;
            v->board |= 1ULL << sq;
            v->sq_file[sq] = (int8_t)f;
            v->sq_rank[sq] = (int8_t)r;
            v->sq_number[sq] = (int8_t)++v->nsquares;
            v->number_sq[v->nsquares] = (int8_t)sq;
            if (r == v->height - 1)
                v->promo_row[DR_WHITE] |= 1ULL << sq;
            if (r == 0)
                v->promo_row[DR_BLACK] |= 1ULL << sq;
        }
    }
    for (int d = 0; d < DR_NDIRS; d++) {
        for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
            if (v->sq_file[sq] < 0)
                continue;
            int f = v->sq_file[sq] + dir_df[d], r = v->sq_rank[sq] + dir_dr[d];
            int to = geometry_square(v, f, r);
            if (to < 0)
                continue;
            v->shift[d] = to - sq;
        }
    }
    v->ghost = true;
    for (int d = 0; d < DR_NDIRS; d++) {
        for (int sq = 0; sq < DR_MAX_SQUARES; sq++) {
            if (v->sq_file[sq] < 0)
                continue;
            int f = v->sq_file[sq] + dir_df[d], r = v->sq_rank[sq] + dir_dr[d];
            int to = geometry_square(v, f, r), naive = sq + v->shift[d];
            if (to < 0 && v->shift[d] && naive >= 0 && naive < 64 && ((v->board >> naive) & 1))
                v->ghost = false; /* the plain shift would wrap onto the board */
            if (to < 0)
                continue;
            /* Every layout above gives one offset per direction. */
            v->shift[d] = to - sq;
            v->rot[d] = (uint8_t)((to - sq) & 63);
            v->dir_of_shift[to - sq + 64] = (int8_t)d;
            int beyond = geometry_square(v, f + dir_df[d], r + dir_dr[d]);
            for (int side = 0; side < 2; side++) {
                if (!((v->man_capture_dirs[side] >> d) & 1) || beyond < 0)
                    continue;
                v->man_capture_nbrs[side][sq] |= 1ULL << to;
                v->man_capture_lands[side][sq] |= 1ULL << beyond;
            }
            v->can_step[d] |= 1ULL << sq;
            v->next_sq[d][sq] = (int8_t)to;
            for (; to >= 0; f += dir_df[d], r += dir_dr[d], to = geometry_square(v, f, r))
                v->ray[d][sq] |= 1ULL << to;
        }
    }
    for (int side = 0; side < 2; side++) {
        shifts_of(v, v->man_move_dirs[side], &v->man_move_shifts[side]);
        shifts_of(v, v->man_capture_dirs[side], &v->man_capture_shifts[side]);
    }
}
