/* Boxes and wrapped text: a centred pop-up box, a scrolling list in one and
 * the keys that move through it, and text wrapped into the side pane.  The
 * drawing that several screens share, below all of them. */
#include <stdio.h>
#include <string.h>

#include "ui.h"

typedef void (*item_fn)(const struct ui *ui, int i, char *out, size_t size);

int put_wrapped(int y, int x, int width, int maxlines, attr_t a, const char *text)
{
    int used = 0;
    const char *s = text;
    while (*s && used < maxlines) {
        int n = (int)strlen(s);
        if (n > width) {
            n = width;
            while (n > 0 && s[n] != ' ')
                n--;
            if (n == 0)
                n = width;
        }
        char line[512];
        snprintf(line, sizeof line, "%.*s", n, s);
        term_put(y + used, x, width, a, line);
        used++;
        s += n;
        while (*s == ' ')
            s++;
    }
    return used;
}

void box_draw(struct ui *ui, int h, int w, const char *title, int *iy, int *ix)
{
    int rows = ui->term.rows, cols = ui->term.cols;
    if (w > cols)
        w = cols;
    if (h > rows)
        h = rows;
    int y = (rows - h) / 2, x = (cols - w) / 2;
    attr_t a = term_attr(&ui->term, FG_DEFAULT, BG_NONE);
    for (int r = 0; r < h; r++)
        mvhline(y + r, x, ' ' | a, w);
    attr_t b = term_attr(&ui->term, FG_TITLE, BG_NONE);
    /* box lines as characters: the alternate character set is not safe
     * under every multiplexer */
    bool u = ui->term.unicode;
    const char *hl = u ? "\u2500" : "-", *vl = u ? "\u2502" : "|";
    for (int i = 1; i < w - 1; i++) {
        term_put(y, x + i, 1, b, hl);
        term_put(y + h - 1, x + i, 1, b, hl);
    }
    for (int r = 1; r < h - 1; r++) {
        term_put(y + r, x, 1, b, vl);
        term_put(y + r, x + w - 1, 1, b, vl);
    }
    term_put(y, x, 1, b, u ? "\u250c" : "+");
    term_put(y, x + w - 1, 1, b, u ? "\u2510" : "+");
    term_put(y + h - 1, x, 1, b, u ? "\u2514" : "+");
    term_put(y + h - 1, x + w - 1, 1, b, u ? "\u2518" : "+");
    if (title && *title) {
        char t[120];
        snprintf(t, sizeof t, " %s ", title);
        term_put(y, x + 2, w - 4, b, t);
    }
    *iy = y + 1;
    *ix = x + 2;
}

/* A boxed list with the selected item highlighted, scrolled to keep it in view. */
void list_box(struct ui *ui, const char *title, const char *head, const char *foot, int n,
              int sel, item_fn item)
{
    struct ui_term *t = &ui->term;
    int room = t->rows - 6 > 1 ? t->rows - 6 : 1;
    int shown_n = n < room ? n : room;
    int w = t->cols - 4 < 96 ? t->cols - 4 : 96, iy, ix;
    box_draw(ui, shown_n + 4 + (head != NULL), w, title, &iy, &ix);
    if (head)
        term_put(iy++, ix, w - 4, term_attr(t, FG_DIM, BG_NONE), head);
    int top = sel - shown_n / 2;
    if (top > n - shown_n)
        top = n - shown_n;
    if (top < 0)
        top = 0;
    for (int k = 0; k < shown_n; k++) {
        char text[300], line[320];
        item(ui, top + k, text, sizeof text);
        bool on = top + k == sel;
        snprintf(line, sizeof line, "%s %s", on ? ">" : " ", text);
        attr_t a = on ? term_attr(t, FG_DEFAULT, BG_CURSOR) | A_BOLD
                      : term_attr(t, FG_DEFAULT, BG_NONE);
        term_put(iy + k, ix, w - 4, a, line);
    }
    term_put(iy + shown_n + 1, ix, w - 4, term_attr(t, FG_DIM, BG_NONE), foot);
}

/* Up, Down, PgUp, PgDn, Home, End move sel; true when the key was one. */
bool list_move(int key, int n, int *sel)
{
    int s = *sel;
    if (key == KEY_UP || key == 'k')
        s--;
    else if (key == KEY_DOWN || key == 'j')
        s++;
    else if (key == KEY_PPAGE)
        s -= 10;
    else if (key == KEY_NPAGE)
        s += 10;
    else if (key == KEY_HOME)
        s = 0;
    else if (key == KEY_END)
        s = n - 1;
    else
        return false;
    *sel = s < 0 ? 0 : s >= n ? n - 1 : s;
    return true;
}
