/* Scores as pictures: the evaluation bar beside the board and the one-row
 * graph of the scores of a line.  Both read chances (-1 Black wins .. 1
 * White wins, dr_annotate_chances) and draw in block characters, or in
 * plain ASCII, and stay readable without colour. */
#include <math.h>

#include "draughts/annotate.h"
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
        int from_white = ui->view.flipped ? r : h - 1 - r;
        int fill = halves - 2 * from_white;
        const char *g;
        if (fill >= 2)
            g = u ? "\u2588\u2588" : "##";
        else if (fill == 1)
            g = !u ? "==" : ui->view.flipped ? "\u2580\u2580" : "\u2584\u2584";
        else
            g = !known ? "  " : u ? "\u2591\u2591" : "..";
        term_put(y + r, x, 2, fill >= 1 ? white : black, g);
    }
}

/* Eight heights; the middle one (index 4) is a level game. */
static const char *level_glyph(const struct ui_term *t, double chances)
{
    static const char *const blocks[9] = {"", "\u2581", "\u2582", "\u2583", "\u2584",
                                          "\u2585", "\u2586", "\u2587", "\u2588"};
    static const char *const ascii[9] = {"", "_", ",", ".", "-", "~", "=", "^", "#"};
    int k = (int)lround((chances + 1) / 2 * 8);
    k = k < 1 ? 1 : k > 8 ? 8 : k;
    return t->unicode ? blocks[k] : ascii[k];
}

/* The graph: position i of n in column i, or, when the line is longer than
 * the row, each column the mean of the positions it covers.  The current
 * position is in reverse video; marked moves show in the mark colour. */
void gauge_graph(struct ui *ui, int y, int x, int w, const struct ui_scores *s, int current)
{
    struct ui_term *t = &ui->term;
    int n = scores_positions(s), cols = n < w ? n : w;
    for (int c = 0; c < cols; c++) {
        int lo = c * n / cols, hi = (c + 1) * n / cols;
        double sum = 0;
        int known = 0;
        enum dr_mark mark = DR_MARK_NONE;
        bool here = false;
        for (int i = lo; i < hi; i++) {
            int score;
            if (scores_get(s, i, &score)) {
                sum += dr_annotate_chances(score);
                known++;
            }
            enum dr_mark m = i > 0 ? scores_mark(s, i - 1) : DR_MARK_NONE;
            mark = m > mark ? m : mark;
            here = here || i == current;
        }
        const char *glyph = known ? level_glyph(t, sum / known) : t->unicode ? "\u00b7" : " ";
        enum ui_fg fg = mark == DR_MARK_BLUNDER ? FG_ERROR
                        : mark == DR_MARK_MISTAKE ? FG_MARK
                        : known ? FG_DEFAULT : FG_DIM;
        attr_t a = term_attr(t, fg, here ? BG_CURSOR : BG_NONE);
        term_put(y, x + c, 1, a, glyph);
    }
}
