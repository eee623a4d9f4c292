/* The board: dark and light squares (every square on Armenian and Turkish
 * boards), pieces that differ by colour and by shape, square numbers in the
 * cells of numeric variants or files and ranks on the frame of algebraic
 * ones, and the marks of play: cursor, picked-up piece, the landing squares
 * of its capture entered so far, its destinations, the pieces that must
 * capture, the last move and the hint. */
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"
#include "ui.h"

static bool has(uint64_t set, int sq) { return sq >= 0 && ((set >> sq) & 1); }

/* Squares of the move the path chooser shows (its captures and the path). */
static void choice_marks(const struct ui *ui, uint64_t *caps, uint64_t *path)
{
    *caps = *path = 0;
    if (ui->ov.kind != OV_CHOOSE || ui->ov.choice < 0 || ui->ov.choice >= ui->turn.nchoices)
        return;
    const struct dr_move *m = &ui->turn.choices[ui->ov.choice];
    *caps = m->captures;
    struct dr_path p;
    if (dr_move_path(&ui->variant, dr_game_position(ui->session.game), m, &p))
        for (int i = 0; i < p.n; i++)
            *path |= 1ULL << p.land[i];
}

/* The landing squares of the capture entered so far. */
static uint64_t path_marks(const struct ui *ui)
{
    uint64_t set = 0;
    for (int i = 0; i < ui->turn.npath; i++)
        set |= 1ULL << ui->turn.path[i];
    return set;
}

/* A piece drawn with block elements, in cells seven columns by three rows:
 * a man is a flat disc across the middle, a king a disc on a shaded one, as
 * a crowned piece stands on the board. */
static void draw_disc(struct ui *ui, int y, int cx, bool white, bool king, enum ui_bg bg)
{
    struct ui_term *t = &ui->term;
    enum ui_fg fg = white ? FG_WHITE_PIECE : FG_BLACK_PIECE;
    attr_t a = term_attr(t, fg, bg) & ~A_BOLD;
    if (!king) {
        term_put(y + 1, cx - 2, 5, a, "\u2597\u2584\u2584\u2584\u2596");
        term_put(y + 2, cx - 2, 5, a, "\u259d\u2580\u2580\u2580\u2598");
        return;
    }
    enum ui_bg shade = white ? BG_WHITE_SHADE : BG_BLACK_SHADE;
    term_put(y, cx - 2, 5, a, "\u2597\u2584\u2584\u2584\u2596");
    term_put(y + 1, cx - 2, 1, a, "\u259d");
    term_put(y + 1, cx - 1, 3, term_attr(t, fg, shade) & ~A_BOLD, "\u2580\u2580\u2580");
    term_put(y + 1, cx + 2, 1, a, "\u2598");
    term_put(y + 2, cx - 1, 3, term_attr(t, white ? FG_WHITE_SHADE : FG_BLACK_SHADE, bg),
             "\u2580\u2580\u2580");
}

/* What a cell shows besides its piece. */
struct cell_marks {
    bool cursor, dest, must, last_sq, last_cap, hint, selected, landed;
};

static struct cell_marks cell_marks(const struct ui *ui, int file, int rank, int sq,
                                    uint64_t caps, uint64_t path)
{
    const struct dr_position *pos = dr_game_position(ui->session.game);
    struct cell_marks m;
    m.cursor = file == ui->view.cur_file && rank == ui->view.cur_rank;
    m.dest = has(ui->turn.dests, sq) || has(path, sq);
    m.must = (ui->turn.sel < 0 && has(ui->turn.must_from, sq) && ui->ov.kind != OV_CHOOSE) ||
             has(caps, sq);
    m.last_sq = ui->last.have && (sq == ui->last.move.from || sq == ui->last.move.to);
    m.last_cap = ui->last.have && has(ui->last.move.captures, sq) && !has(dr_occupied(pos), sq);
    m.hint = ui->hint.shown && (sq == ui->hint.move.from || sq == ui->hint.move.to);
    m.selected = sq >= 0 && sq == ui->turn.sel;
    m.landed = has(path_marks(ui), sq);
    return m;
}

/* The cell's colour: the strongest of its marks. */
static enum ui_bg cell_bg(bool dark, const struct cell_marks *m)
{
    return m->cursor     ? BG_CURSOR
           : m->selected || m->landed ? BG_SELECTED
           : m->dest     ? BG_DEST
           : m->must     ? BG_MUST
           : m->hint     ? BG_HINT
           : m->last_sq  ? BG_LAST
           : dark        ? BG_DARK
                         : BG_LIGHT;
}

/* Marks beside the piece, so that they show without colour too. */
static void cell_side_marks(struct ui *ui, const struct cell_marks *m, int cy, int cx, int x,
                            bool glyph, bool disc, enum ui_bg bg)
{
    const char *left = NULL, *right = NULL;
    if (m->selected) {
        left = ">";
        right = "<";
    } else if (m->cursor) {
        /* the cursor keeps the cell's own marks in sight */
        left = m->hint ? "?" : "[";
        right = m->must ? "!" : "]";
    } else if (m->must) {
        right = "!";
    } else if (m->hint) {
        left = "?";
    }
    attr_t ma = term_attr(&ui->term, FG_MARK, bg);
    int gap = disc ? 3 : 1, cw = ui->lay.cw;
    if (left && cx - gap >= x && (cw >= 3 || !glyph))
        term_put(cy, cx - gap, 1, ma, left);
    if (right && cx + gap < x + cw)
        term_put(cy, cx + gap, 1, ma, right);
}

static void draw_cell(struct ui *ui, int file, int rank, uint64_t caps, uint64_t path)
{
    const struct dr_variant *v = &ui->variant;
    const struct dr_position *pos = dr_game_position(ui->session.game);
    struct ui_term *t = &ui->term;
    int sq = ui_square(ui, file, rank);
    int y, x;
    layout_cell_origin(ui, file, rank, &y, &x);
    int cw = ui->lay.cw, ch = ui->lay.ch;
    bool playable = sq >= 0;
    struct cell_marks m = cell_marks(ui, file, rank, sq, caps, path);
    enum ui_bg bg = cell_bg(v->all_squares ? (file + rank) % 2 == 0 : playable, &m);
    attr_t base = term_attr(t, FG_DEFAULT, bg);
    for (int r = 0; r < ch; r++)
        mvhline(y + r, x, ' ' | base, cw);

    int cy = y + ch / 2, cx = x + cw / 2;
    bool piece = has(dr_occupied(pos), sq);
    bool numeric = v->notation == DR_NOTATION_NUMERIC && playable;
    char name[DR_SQUARE_NAME_LEN] = "";
    if (numeric)
        dr_square_name(v, sq, name);
    bool disc = piece && t->discs && ch == 3 && cw >= 7;
    if (numeric && ch >= 2 && !(disc && has(pos->kings, sq))) /* a king's disc covers it */
        term_put(y, x, cw, term_attr(t, FG_NUMBER, bg), name);

    const char *glyph = NULL;
    enum ui_fg fg = FG_DEFAULT;
    if (piece) {
        bool white = has(pos->pieces[DR_WHITE], sq), king = has(pos->kings, sq);
        glyph = term_glyph(t, white ? (king ? GL_WKING : GL_WMAN) : (king ? GL_BKING : GL_BMAN));
        fg = white ? FG_WHITE_PIECE : FG_BLACK_PIECE;
    } else if (m.landed) {
        glyph = term_glyph(t, GL_LANDED);
        fg = FG_MARK;
    } else if (m.dest) {
        glyph = term_glyph(t, GL_DEST);
        fg = FG_MARK;
    } else if (m.last_cap) {
        glyph = t->unicode ? "\u00d7" : "x";
        fg = FG_DIM;
    } else if (numeric && ch < 2) {
        /* no room above the piece: the number takes the centre of an empty
         * cell, and the colour (or reverse video) marks it */
        int w = (int)strlen(name);
        term_put(cy, x + (cw - w + 1) / 2, cw, term_attr(t, FG_NUMBER, bg), name);
        return;
    } else if (playable && !t->color) {
        glyph = term_glyph(t, GL_EMPTY);
        fg = FG_DIM;
    }
    if (disc)
        draw_disc(ui, y, cx, has(pos->pieces[DR_WHITE], sq), has(pos->kings, sq), bg);
    else if (glyph)
        term_put(cy, cx, 1, term_attr(t, fg, bg), glyph);
    cell_side_marks(ui, &m, cy, cx, x, glyph != NULL, disc, bg);
}

void board_draw(struct ui *ui)
{
    const struct dr_variant *v = &ui->variant;
    uint64_t caps, path;
    choice_marks(ui, &caps, &path);
    for (int rank = 0; rank < v->height; rank++)
        for (int file = 0; file < v->width; file++)
            draw_cell(ui, file, rank, caps, path);

    /* without colours a line around the board shows where it ends */
    if (!ui->term.color) {
        struct ui_term *t = &ui->term;
        attr_t a = term_attr(t, FG_DIM, BG_NONE);
        int top = ui->lay.by - 1, bottom = ui->lay.by + v->height * ui->lay.ch;
        int left = ui->lay.bx - 1, right = ui->lay.bx + v->width * ui->lay.cw;
        bool has_top = top >= 1, has_bottom = v->notation != DR_NOTATION_ALGEBRAIC;
        const char *hl = t->unicode ? "\u2500" : "-", *vl = t->unicode ? "\u2502" : "|";
        for (int x = left + 1; x < right; x++) {
            if (has_top)
                term_put(top, x, 1, a, hl);
            if (has_bottom)
                term_put(bottom, x, 1, a, hl);
        }
        for (int y = top + 1; y < bottom; y++) {
            term_put(y, left, 1, a, vl);
            term_put(y, right, 1, a, vl);
        }
        const char *c[4] = {"+", "+", "+", "+"};
        if (t->unicode) {
            c[0] = "\u250c";
            c[1] = "\u2510";
            c[2] = "\u2514";
            c[3] = "\u2518";
        }
        if (has_top) {
            term_put(top, left, 1, a, c[0]);
            term_put(top, right, 1, a, c[1]);
        }
        if (has_bottom) {
            term_put(bottom, left, 1, a, c[2]);
            term_put(bottom, right, 1, a, c[3]);
        }
    }

    /* the frame: files and ranks on algebraic boards */
    if (v->notation != DR_NOTATION_ALGEBRAIC)
        return;
    attr_t a = term_attr(&ui->term, FG_DIM, BG_NONE);
    for (int file = 0; file < v->width; file++) {
        int y, x;
        layout_cell_origin(ui, file, 0, &y, &x);
        char s[2] = {(char)('a' + file), 0};
        int by = ui->lay.by + v->height * ui->lay.ch;
        term_put(by, x + ui->lay.cw / 2, 1, a, s);
    }
    for (int rank = 0; rank < v->height; rank++) {
        int y, x;
        layout_cell_origin(ui, 0, rank, &y, &x);
        char s[12];
        snprintf(s, sizeof s, "%2d", rank + 1);
        term_put(y + ui->lay.ch / 2, ui->lay.bx - 3, 2, a, s);
    }
}
