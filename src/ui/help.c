/* Pop-ups of the game screen: the key help, texts such as the FEN, yes/no
 * questions, the capture-path chooser and the prompt line. */
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"
#include "keys.h"
#include "ui.h"

/* An example move in this variant's notation: the first legal move now. */
static void example_move(struct ui *ui, char *out)
{
    struct dr_movelist list;
    const struct dr_variant *v = &ui->variant;
    strcpy(out, v->notation == DR_NOTATION_NUMERIC ? "32-28" : "c3-d4");
    if (dr_game_legal(ui->session.game, &list) > 0)
        dr_move_pdn(v, dr_game_position(ui->session.game), &list.moves[0], out);
}

void help_draw(struct ui *ui)
{
    struct ui_term *t = &ui->term;
    char ex[DR_MOVE_TEXT_LEN], pieces[200];
    example_move(ui, ex);
    if (t->discs && ui->lay.ch == 3 && ui->lay.cw >= 7)
        snprintf(pieces, sizeof pieces, "Pieces: a man is a disc, a king a disc on a shaded disc");
    else
        snprintf(pieces, sizeof pieces,
                 "%s white man   %s white king   %s black man   %s black king",
                 term_glyph(t, GL_WMAN), term_glyph(t, GL_WKING), term_glyph(t, GL_BMAN),
                 term_glyph(t, GL_BKING));
    struct key_facts facts = {ui->session.hotseat, ui->from_menu, ex, pieces, false};
    const char *lines[64][2];
    char texts[4096];
    int n = keys_help_rows(&facts, lines, 64, texts, sizeof texts);
    help_table(ui, lines, n);
}

/* Columns a UTF-8 text takes (one a character: the help has no wide ones). */
static int text_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

enum { HELP_KEY_COL = 18, HELP_MAX_ROWS = 200 };

struct help_row {
    const char *key; /* "" on a heading, NULL on a wrapped line's continuation */
    const char *text;
    int len;
};

/* The table's rows at a box of width w: descriptions wrapped by word. */
static int help_rows(const char *const lines[][2], int n, int w, struct help_row *rows)
{
    int count = 0;
    for (int i = 0; i < n && count < HELP_MAX_ROWS; i++) {
        bool heading = !lines[i][0][0];
        int width = heading ? w - 4 : w - 4 - HELP_KEY_COL;
        const char *text = lines[i][1];
        const char *key = lines[i][0];
        do {
            const char *next;
            size_t len = term_wrap_line(text, width < 1 ? 1 : width, &next);
            rows[count++] = (struct help_row){key, text, (int)len};
            key = heading ? "" : NULL;
            text = next;
        } while (*text && count < HELP_MAX_ROWS);
    }
    return count;
}

/* The box is as wide as its longest line needs, up to the terminal's width;
 * lines longer than that wrap at a word, and a table longer than the
 * terminal is shown a page at a time. */
void help_table(struct ui *ui, const char *const lines[][2], int n)
{
    struct ui_term *t = &ui->term;
    int need = 0;
    for (int i = 0; i < n; i++) {
        int wi = text_width(lines[i][1]) + (lines[i][0][0] ? HELP_KEY_COL : 0);
        need = wi > need ? wi : need;
    }
    int w = need + 4 < t->cols ? need + 4 : t->cols;
    if (w < HELP_KEY_COL + 12)
        w = HELP_KEY_COL + 12;
    struct help_row rows[HELP_MAX_ROWS];
    int nrows = help_rows(lines, n, w, rows);
    ui->ov.help_lines = nrows;
    /* pages when the terminal is short */
    int per = t->rows - 2 < nrows ? t->rows - 2 : nrows;
    if (per < 1)
        per = 1;
    int pages = (nrows + per - 1) / per;
    if (ui->ov.help_page >= pages)
        ui->ov.help_page = pages - 1;
    int first = ui->ov.help_page * per, count = nrows - first < per ? nrows - first : per;
    char title[80];
    if (pages > 1)
        snprintf(title, sizeof title, "Keys, page %d of %d (any key: %s)", ui->ov.help_page + 1,
                 pages, ui->ov.help_page + 1 < pages ? "next page" : "close");
    else
        snprintf(title, sizeof title, "Keys (any key closes)");
    int h = count + 2, iy, ix;
    box_draw(ui, h, w, title, &iy, &ix);
    for (int k = 0; k < count; k++) {
        const struct help_row *r = &rows[first + k];
        char text[400];
        snprintf(text, sizeof text, "%.*s", r->len, r->text);
        if (r->key && !r->key[0]) {
            term_put(iy + k, ix, w - 4, term_attr(t, FG_TITLE, BG_NONE), text);
            continue;
        }
        if (r->key)
            term_put(iy + k, ix + 1, HELP_KEY_COL - 2, term_attr(t, FG_MARK, BG_NONE), r->key);
        term_put(iy + k, ix + HELP_KEY_COL, w - 4 - HELP_KEY_COL,
                 term_attr(t, FG_DEFAULT, BG_NONE), text);
    }
}

/* Does the help have a page after the one shown? */
bool help_more(const struct ui *ui)
{
    int per = ui->term.rows - 2;
    if (per < 1)
        per = 1;
    return (ui->ov.help_page + 1) * per < ui->ov.help_lines;
}

static void prompt_draw(struct ui *ui)
{
    struct ui_term *t = &ui->term;
    char line[400], ex[DR_MOVE_TEXT_LEN];
    const char *label;
    if (ui->pr.kind == PR_MOVE) {
        example_move(ui, ex);
        snprintf(line, sizeof line, "Your move (e.g. %s): ", ex);
        label = line;
    } else if (ui->pr.kind == PR_GOTO) {
        label = "Go to move: ";
    } else if (ui->pr.kind == PR_FEN) {
        label = "Position (FEN): ";
    } else if (ui->pr.kind == PR_SAVE) {
        label = "Save the game (PDN) to: ";
    } else {
        label = "Open the PDN file: ";
    }
    int y = ui->lay.status_y;
    mvhline(y, 0, ' ' | term_attr(t, FG_DEFAULT, BG_NONE), t->cols);
    int w = term_put(y, 1, t->cols - 2, term_attr(t, FG_TITLE, BG_NONE), label);
    char input[sizeof ui->pr.input + 2];
    snprintf(input, sizeof input, "%s_", ui->pr.input);
    /* keep the end of a long input in view */
    int room = t->cols - 2 - w;
    const char *s = input;
    if (room > 0 && (int)strlen(s) > room)
        s += strlen(s) - (size_t)room;
    term_put(y, 1 + w, room, term_attr(t, FG_DEFAULT, BG_NONE) | A_BOLD, s);
    if (ui->pr.hint[0] && y > 0) {
        mvhline(y - 1, 0, ' ' | term_attr(t, FG_DEFAULT, BG_NONE), t->cols);
        term_put(y - 1, 1, t->cols - 2, term_attr(t, FG_DIM, BG_NONE), ui->pr.hint);
    }
}

static void chooser_draw(struct ui *ui)
{
    struct ui_term *t = &ui->term;
    const struct dr_variant *v = &ui->variant;
    const struct dr_position *pos = dr_game_position(ui->session.game);
    int w = ui->lay.pw, h = ui->turn.nchoices + 4;
    int y = ui->lay.py + 3, x = ui->lay.px;
    attr_t a = term_attr(t, FG_DEFAULT, BG_NONE);
    for (int r = 0; r < h; r++)
        mvhline(y + r, x, ' ' | a, w);
    term_put(y, x, w, term_attr(t, FG_TITLE, BG_NONE), "Which capture? (pieces taken marked !)");
    for (int i = 0; i < ui->turn.nchoices; i++) {
        char text[DR_MOVE_TEXT_LEN], caps[200] = "", line[400];
        dr_move_pdn(v, pos, &ui->turn.choices[i], text);
        int sqs[DR_MAX_SQUARES];
        int n = dr_squares_sorted(v, ui->turn.choices[i].captures, sqs);
        for (int k = 0; k < n; k++) {
            char name[DR_SQUARE_NAME_LEN];
            dr_square_name(v, sqs[k], name);
            size_t len = strlen(caps);
            snprintf(caps + len, sizeof caps - len, "%s%s", k ? " " : "", name);
        }
        snprintf(line, sizeof line, "%s %d  %s  takes %s", i == ui->ov.choice ? ">" : " ", i + 1,
                 text, caps);
        attr_t la = i == ui->ov.choice ? term_attr(t, FG_DEFAULT, BG_CURSOR) | A_BOLD : a;
        term_put(y + 2 + i, x, w, la, line);
    }
}

static void question_draw(struct ui *ui, const char *q)
{
    int iy, ix;
    int w = (int)strlen(q) + 8;
    if (w < 40)
        w = 40;
    box_draw(ui, 5, w, "Question", &iy, &ix);
    term_put(iy + 1, ix, w - 4, term_attr(&ui->term, FG_DEFAULT, BG_NONE) | A_BOLD, q);
}

void help_overlay_draw(struct ui *ui)
{
    switch (ui->ov.kind) {
    case OV_NONE:
        break;
    case OV_HELP:
        help_draw(ui);
        break;
    case OV_TEXT: {
        /* long texts (a 10x10 FEN) wrap inside the box */
        int len = (int)strlen(ui->ov.text_body), iy, ix;
        int w = len + 6, cols = ui->term.cols;
        if (w < 44)
            w = 44;
        if (w > cols - 2)
            w = cols - 2;
        int inner = w - 4 > 1 ? w - 4 : 1, lines = (len + inner - 1) / inner;
        box_draw(ui, lines + 5, w, ui->ov.text_title, &iy, &ix);
        for (int i = 0; i < lines; i++) {
            char part[sizeof ui->ov.text_body];
            snprintf(part, sizeof part, "%.*s", inner, ui->ov.text_body + i * inner);
            term_put(iy + 1 + i, ix, inner, term_attr(&ui->term, FG_DEFAULT, BG_NONE) | A_BOLD,
                     part);
        }
        term_put(iy + 2 + lines, ix, inner, term_attr(&ui->term, FG_DIM, BG_NONE),
                 "(any key closes)");
        break;
    }
    case OV_CONFIRM:
        question_draw(ui, ui->ov.confirm == CF_RESIGN ? "Resign this game? (y/n)"
                          : ui->ov.confirm == CF_DRAW ? "Offer a draw? (y/n)"
                          : ui->ov.confirm == CF_NEW
                              ? "Abandon this game and start a new one? (y/n)"
                              : "Quit? This game is not saved. (y/n)");
        break;
    case OV_DRAW_OFFER: {
        char q[120];
        int side = dr_game_position(ui->session.game)->side;
        snprintf(q, sizeof q, "%s offers a draw. %s, do you accept? (y/n)", dr_side_name(side),
                 dr_side_name(!side));
        question_draw(ui, q);
        break;
    }
    case OV_CHOOSE:
        chooser_draw(ui);
        break;
    case OV_PROMPT:
        prompt_draw(ui);
        break;
    case OV_LIST: /* the replay's (draw.c) */
        break;
    }
}
