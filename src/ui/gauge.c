/* Scores as pictures: the evaluation bar beside the board.  It reads
 * chances (-1 Black wins .. 1 White wins, dr_annotate_chances) and draws
 * in block characters, or in plain ASCII, readable without colour. */
#include <math.h>

#include "ui.h"

/* The bar: White's share filled from White's side of the board (the bottom
 * unless the board is flipped), in half rows.  Without a score it is empty. */
void gauge_bar(struct ui *ui, int y, int x, int h, bool known, double chances)
{
    struct ui_term *t = &ui->term;
    bool u = t->unicode;
    int halves = known ? (int)lround((chances + 1) / 2 * 2 * h) : 0;
    attr_t white = term_attr(t, FG_DEFAULT, BG_NONE) | A_BOLD;
    attr_t black = term_attr(t, FG_DIM, BG_NONE);
    for (int r = 0; r < h; r++) {
        /* half rows filled in this row, counted from White's side */
        int from_white = ui->flipped ? r : h - 1 - r;
        int fill = halves - 2 * from_white;
        const char *g;
        if (fill >= 2)
            g = u ? "\u2588\u2588" : "##";
        else if (fill == 1)
            g = !u ? "==" : ui->flipped ? "\u2580\u2580" : "\u2584\u2584";
        else
            g = !known ? "  " : u ? "\u2591\u2591" : "..";
        term_put(y + r, x, 2, fill >= 1 ? white : black, g);
    }
}
