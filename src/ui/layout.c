/* Where things go: the largest board cells that leave room for the side
 * pane, the mapping between board squares and screen cells (flipped or
 * not), and the minimum size below which the board is not drawn. */
#include <string.h>

#include "ui.h"

#define PANE_MIN 30  /* columns the side pane needs */
#define ROWS_MIN 18  /* rows the side pane and the status lines need */
#define BAR_COLS 3   /* the evaluation bar (two columns) and a space */

void layout_map_squares(struct ui *ui)
{
    const struct dr_variant *v = &ui->variant;
    memset(ui->view.sq_at, -1, sizeof ui->view.sq_at);
    for (int sq = 0; sq < DR_MAX_SQUARES; sq++)
        if (((v->board >> sq) & 1) && v->sq_rank[sq] >= 0 && v->sq_rank[sq] < 10 &&
            v->sq_file[sq] >= 0 && v->sq_file[sq] < 10)
            ui->view.sq_at[v->sq_rank[sq]][v->sq_file[sq]] = (int8_t)sq;
}

int ui_square(const struct ui *ui, int file, int rank)
{
    if (file < 0 || rank < 0 || file >= ui->variant.width || rank >= ui->variant.height)
        return -1;
    return ui->view.sq_at[rank][file];
}

/* Columns left of the board: rank numbers on algebraic boards. */
static int label_width(const struct ui *ui)
{
    return ui->variant.notation == DR_NOTATION_ALGEBRAIC ? 3 : 1;
}

void layout_compute(struct ui *ui, bool bar)
{
    static const int sizes[][2] = {{7, 3}, {6, 3}, {5, 2}, {4, 2}, {3, 1}};
    struct ui_layout *l = &ui->lay;
    int W = ui->variant.width, H = ui->variant.height;
    int rows = ui->term.rows, cols = ui->term.cols;
    int lw = label_width(ui);
    memset(l, 0, sizeof *l);
    l->too_small = true;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int cw = sizes[i][0], ch = sizes[i][1];
        int bw = lw + W * cw, bh = H * ch + 1; /* + the file letters */
        int need_cols = 1 + bw + 2 + PANE_MIN, need_rows = 1 + bh + 2;
        if (need_rows < ROWS_MIN)
            need_rows = ROWS_MIN;
        /* remember the smallest requirement for the message */
        l->need_cols = need_cols;
        l->need_rows = need_rows;
        if (need_cols > cols || need_rows > rows)
            continue;
        l->too_small = false;
        l->cw = cw;
        l->ch = ch;
        l->by = 1 + (rows - 3 - bh > 1 ? 1 : 0);
        l->bx = 1 + lw;
        l->px = l->bx + W * cw + 3;
        /* the evaluation bar, when wanted and there is room (never at the
         * cost of smaller cells) */
        if (bar && need_cols + BAR_COLS <= cols) {
            l->barx = l->px - 1;
            l->px += BAR_COLS;
        }
        l->pw = cols - l->px - 1;
        if (l->pw > 60)
            l->pw = 60;
        l->py = 1;
        l->ph = rows - 3 - 1;
        l->status_y = rows - 2;
        l->keys_y = rows - 1;
        return;
    }
}

void layout_cell_origin(const struct ui *ui, int file, int rank, int *y, int *x)
{
    int W = ui->variant.width, H = ui->variant.height;
    int c = ui->view.flipped ? W - 1 - file : file;
    int r = ui->view.flipped ? rank : H - 1 - rank;
    *y = ui->lay.by + r * ui->lay.ch;
    *x = ui->lay.bx + c * ui->lay.cw;
}

bool layout_cell_at(const struct ui *ui, int y, int x, int *file, int *rank)
{
    if (ui->lay.too_small)
        return false;
    int W = ui->variant.width, H = ui->variant.height;
    int dy = y - ui->lay.by, dx = x - ui->lay.bx;
    if (dy < 0 || dx < 0)
        return false;
    int r = dy / ui->lay.ch, c = dx / ui->lay.cw;
    if (r >= H || c >= W)
        return false;
    *file = ui->view.flipped ? W - 1 - c : c;
    *rank = ui->view.flipped ? r : H - 1 - r;
    return true;
}
