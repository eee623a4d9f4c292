/* The position editor: the board of the variant, a cursor, keys (or
 * clicks) that put men and kings of either colour on a square or empty it,
 * the side to move, a FEN typed or pasted, the start position, a cleared
 * board and undo.  When the person is done, dr_position_check decides
 * whether a game can start from the position; then they choose to play it
 * (against the computer or hot-seat) or to study it on the replay screen.
 *
 * The editor draws with a private copy of the ui whose game holds the
 * position set up, so that board_draw shows it as it shows a game and the
 * game screen it was opened from is left exactly as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/notation.h"
#include "ui.h"

#define UNDO_MAX 200

/* What a square holds, in the order Enter steps through. */
enum ed_piece { ED_EMPTY, ED_WMAN, ED_WKING, ED_BMAN, ED_BKING, ED_PIECES };

/* The choices once the position is legal: the play modes, then study. */
#define CHOICE_ANALYSE PLAY_COUNT
#define CHOICES (PLAY_COUNT + 1)

struct editor {
    struct ui *ui;               /* the private copy drawn and edited */
    struct dr_game *board;       /* its game: the position set up, no moves */
    struct dr_position pos;
    struct dr_position undo[UNDO_MAX];
    int nundo;
    bool choosing;               /* the list of what to do with the position */
    int choice;
    enum ui_exit result;         /* NONE while editing */
};

static const char *const keys_help[][2] = {
    {"arrows h j k l", "move the cursor"},
    {"w / W", "white man / white king"},
    {"b / B", "black man / black king"},
    {"x Space Delete", "empty the square"},
    {"Enter or click", "next piece: w W b B empty"},
    {"t", "change the side to move"},
    {"f", "type or paste a FEN"},
    {"c / i", "clear / start position"},
    {"u", "undo the last change"},
    {"p", "done: play or analyse it"},
    {"?", "these keys"},
    {"q or Esc", "leave the editor"},
};
#define NKEYS ((int)(sizeof keys_help / sizeof keys_help[0]))

/* ---- the position ---- */

static enum ed_piece piece_at(const struct dr_position *pos, int sq)
{
    uint64_t b = 1ULL << sq;
    bool king = (pos->kings & b) != 0;
    if (pos->pieces[DR_WHITE] & b)
        return king ? ED_WKING : ED_WMAN;
    if (pos->pieces[DR_BLACK] & b)
        return king ? ED_BKING : ED_BMAN;
    return ED_EMPTY;
}

static void put_piece(struct dr_position *pos, int sq, enum ed_piece p)
{
    uint64_t b = 1ULL << sq;
    pos->pieces[DR_WHITE] &= ~b;
    pos->pieces[DR_BLACK] &= ~b;
    pos->kings &= ~b;
    if (p == ED_EMPTY)
        return;
    pos->pieces[p == ED_WMAN || p == ED_WKING ? DR_WHITE : DR_BLACK] |= b;
    if (p == ED_WKING || p == ED_BKING)
        pos->kings |= b;
}

/* The position becomes p; the one before can be undone. */
static void change(struct editor *ed, const struct dr_position *p)
{
    if (dr_position_equal(p, &ed->pos))
        return;
    if (ed->nundo == UNDO_MAX) {
        memmove(ed->undo, ed->undo + 1, sizeof ed->undo[0] * (UNDO_MAX - 1));
        ed->nundo--;
    }
    ed->undo[ed->nundo++] = ed->pos;
    ed->pos = *p;
    dr_game_reset(ed->board, &ed->pos);
}

static void undo(struct editor *ed)
{
    if (ed->nundo == 0) {
        ui_say(ed->ui, TONE_ERROR, "Nothing to undo.");
        return;
    }
    ed->pos = ed->undo[--ed->nundo];
    dr_game_reset(ed->board, &ed->pos);
    ui_say(ed->ui, TONE_INFO, "Undone.");
}

/* The square under the cursor, or -1 with the reason said. */
static int cursor_square(struct editor *ed)
{
    struct ui *u = ed->ui;
    int sq = ui_square(u, u->view.cur_file, u->view.cur_rank);
    if (sq < 0)
        ui_say(u, TONE_ERROR, "Pieces stand on the dark squares only.");
    return sq;
}

static void place(struct editor *ed, enum ed_piece p)
{
    int sq = cursor_square(ed);
    if (sq < 0)
        return;
    struct dr_position next = ed->pos;
    put_piece(&next, sq, p);
    change(ed, &next);
}

static void cycle(struct editor *ed)
{
    int sq = cursor_square(ed);
    if (sq >= 0)
        place(ed, (enum ed_piece)((piece_at(&ed->pos, sq) + 1) % ED_PIECES));
}

static void set_side(struct editor *ed, int side)
{
    struct dr_position next = ed->pos;
    next.side = side;
    change(ed, &next);
}

static void clear_board(struct editor *ed)
{
    struct dr_position next = {{0, 0}, 0, ed->pos.side};
    change(ed, &next);
    ui_say(ed->ui, TONE_INFO, "The board is cleared (u undoes it).");
}

static void start_position(struct editor *ed)
{
    struct dr_position next;
    dr_position_start(&ed->ui->variant, &next);
    change(ed, &next);
    ui_say(ed->ui, TONE_INFO, "The start position of the variant.");
}

static void read_fen(struct editor *ed, const char *text)
{
    struct dr_position next;
    struct dr_error err;
    while (*text == ' ')
        text++;
    if (!*text) {
        ui_say(ed->ui, TONE_INFO, "Cancelled.");
        return;
    }
    if (!dr_fen_parse(&ed->ui->variant, text, &next, &err)) {
        ui_say(ed->ui, TONE_ERROR, "%s", err.msg);
        return;
    }
    change(ed, &next);
    ui_say(ed->ui, TONE_GOOD, "Position read from the FEN.");
}

/* p: a legal position opens the list of what to do with it. */
static void done(struct editor *ed)
{
    struct dr_error err;
    if (!dr_position_check(&ed->ui->variant, &ed->pos, &err)) {
        ui_say(ed->ui, TONE_ERROR, "Not a legal position: %s.", err.msg);
        return;
    }
    ed->choosing = true;
    ed->choice = ed->ui->cfg.mode == MODE_HOTSEAT ? PLAY_HOTSEAT : PLAY_WHITE; /* as p on a replay */
    ui_say(ed->ui, TONE_INFO, "A legal position. Play it or analyse it?");
}

/* ---- drawing ---- */

static void choice_item(const struct ui *ui, int i, char *out, size_t size)
{
    static const char *const text[CHOICES] = {
        "Play White against the computer", "Play Black against the computer",
        "Two players at this keyboard (hot-seat)", "Analyse it on the replay screen"};
    (void)ui;
    snprintf(out, size, "%s", text[i]);
}

/* "White: 3 men, 1 king (at most 20 pieces)" */
static void count_line(struct editor *ed, int side, int y)
{
    struct ui *u = ed->ui;
    struct dr_position start;
    dr_position_start(&u->variant, &start);
    uint64_t own = ed->pos.pieces[side];
    int kings = __builtin_popcountll(own & ed->pos.kings);
    int men = __builtin_popcountll(own) - kings;
    char line[200];
    snprintf(line, sizeof line, "%s %s: %d %s, %d %s (at most %d pieces)",
             term_glyph(&u->term, side == DR_WHITE ? GL_WMAN : GL_BMAN), dr_side_name(side), men,
             men == 1 ? "man" : "men", kings, kings == 1 ? "king" : "kings",
             __builtin_popcountll(start.pieces[side]));
    term_put(y, u->lay.px, u->lay.pw, term_attr(&u->term, FG_DEFAULT, BG_NONE), line);
}

/* Side to move, pieces, whether it can be played, the FEN, the keys. */
static void pane_draw(struct editor *ed)
{
    struct ui *u = ed->ui;
    struct ui_term *t = &u->term;
    int x = u->lay.px, w = u->lay.pw, y = u->lay.py, bottom = u->lay.py + u->lay.ph;
    attr_t title = term_attr(t, FG_TITLE, BG_NONE), norm = term_attr(t, FG_DEFAULT, BG_NONE);
    attr_t dim = term_attr(t, FG_DIM, BG_NONE);
    char line[600];
    snprintf(line, sizeof line, "%s to move (t changes it)", dr_side_name(ed->pos.side));
    term_put(y++, x, w, title, line);
    count_line(ed, DR_WHITE, y++);
    count_line(ed, DR_BLACK, y++);
    struct dr_error err;
    bool ok = dr_position_check(&u->variant, &ed->pos, &err);
    snprintf(line, sizeof line, "%s%s", ok ? "Legal: p to play or analyse it" : "Not legal yet: ",
             ok ? "" : err.msg);
    y++;
    y += put_wrapped(y, x, w, 3, term_attr(t, ok ? FG_GOOD : FG_ERROR, BG_NONE), line);
    y++;
    term_put(y++, x, w, title, "FEN");
    dr_fen_write(&u->variant, &ed->pos, line, sizeof line);
    y += put_wrapped(y, x, w, 4, norm, line);
    y++;
    for (int i = 0; i < NKEYS && y < bottom; i++, y++) {
        term_put(y, x, 15, term_attr(t, FG_MARK, BG_NONE), keys_help[i][0]);
        term_put(y, x + 16, w - 16, dim, keys_help[i][1]);
    }
}

static void status_draw(struct editor *ed)
{
    struct ui *u = ed->ui;
    struct ui_term *t = &u->term;
    char line[600];
    if (u->status.text[0]) {
        enum ui_fg fg = u->status.tone == TONE_ERROR  ? FG_ERROR
                        : u->status.tone == TONE_GOOD ? FG_GOOD
                                               : FG_DEFAULT;
        term_put(u->lay.status_y, 1, t->cols - 2, term_attr(t, fg, BG_NONE), u->status.text);
    } else {
        char fen[400];
        dr_fen_write(&u->variant, &ed->pos, fen, sizeof fen);
        snprintf(line, sizeof line, "%s to move   FEN %s", dr_side_name(ed->pos.side), fen);
        term_put(u->lay.status_y, 1, t->cols - 2, term_attr(t, FG_DEFAULT, BG_NONE), line);
    }
    const char *keys = ed->choosing ? "up/down: choose   Enter: take it   Esc: back to the editor"
                       : u->ov.kind == OV_PROMPT ? "Enter: read it   Esc: cancel   Ctrl-U: clear"
                       : u->ov.kind == OV_HELP   ? "any key: close"
                                                 : "w b W B place   x empty   Enter next piece   "
                                                   "t side   f FEN   c clear   i start   u undo   "
                                                   "p done   ? keys   q leave";
    term_put(u->lay.keys_y, 0, t->cols, term_attr(t, FG_DIM, BG_NONE), keys);
}

static void draw(struct editor *ed)
{
    struct ui *u = ed->ui;
    struct ui_term *t = &u->term;
    layout_compute(u, false); /* no evaluation bar: the editor has no analysis */
    erase();
    if (u->lay.too_small) {
        panes_too_small(u);
        refresh();
        return;
    }
    char title[200], vt[120];
    ui_variant_title(&u->variant, vt, sizeof vt);
    snprintf(title, sizeof title, " %s - set up a position", vt);
    mvhline(0, 0, ' ' | term_attr(t, FG_TITLE, BG_NONE), t->cols);
    term_put(0, 0, t->cols, term_attr(t, FG_TITLE, BG_NONE), title);
    board_draw(u);
    pane_draw(ed);
    status_draw(ed);
    if (ed->choosing)
        list_box(u, "What now?", NULL, "up/down: choose   Enter: take it   Esc: back", CHOICES,
                 ed->choice, choice_item);
    else if (u->ov.kind == OV_HELP)
        help_table(u, keys_help, NKEYS);
    else if (u->ov.kind == OV_PROMPT)
        overlay_draw(u);
    refresh();
}

/* ---- keys ---- */

static void choice_key(struct editor *ed, int key)
{
    if (list_move(key, CHOICES, &ed->choice))
        return;
    if (key == 27 || key == 'q') {
        ed->choosing = false;
        ui_say(ed->ui, TONE_INFO, "Back to the editor.");
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
        ed->choosing = false;
        if (ed->choice == CHOICE_ANALYSE) {
            ed->result = UI_EXIT_ANALYSE;
        } else {
            ed->ui->next.play_mode = (enum ui_play_mode)ed->choice;
            ed->result = UI_EXIT_PLAY;
        }
    }
}

static void prompt_key(struct editor *ed, int key)
{
    struct ui *u = ed->ui;
    if (key == 27) {
        u->ov.kind = OV_NONE;
        ui_say(u, TONE_INFO, "Cancelled.");
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        u->ov.kind = OV_NONE;
        read_fen(ed, u->pr.input);
    } else {
        prompt_edit(u, key);
    }
}

static void mouse(struct editor *ed)
{
    struct ui *u = ed->ui;
    int y, x, file, rank;
    bool press, release;
    if (!term_mouse(&y, &x, &press, &release) || !press || !layout_cell_at(u, y, x, &file, &rank))
        return;
    u->status.text[0] = 0;
    u->view.cur_file = file;
    u->view.cur_rank = rank;
    cycle(ed);
}

/* Keys that change the position. */
static bool edit_key(struct editor *ed, int key)
{
    switch (key) {
    case 'w':
        place(ed, ED_WMAN);
        return true;
    case 'W':
        place(ed, ED_WKING);
        return true;
    case 'b':
        place(ed, ED_BMAN);
        return true;
    case 'B':
        place(ed, ED_BKING);
        return true;
    case 'x':
    case ' ':
    case KEY_DC:
        place(ed, ED_EMPTY);
        return true;
    case '\n':
    case '\r':
    case KEY_ENTER:
        cycle(ed);
        return true;
    case KEY_MOUSE:
        mouse(ed);
        return true;
    case 't':
        set_side(ed, !ed->pos.side);
        return true;
    case 'c':
        clear_board(ed);
        return true;
    case 'i':
        start_position(ed);
        return true;
    case 'u':
        undo(ed);
        return true;
    default:
        return false;
    }
}

static void board_key(struct editor *ed, int key)
{
    struct ui *u = ed->ui;
    if (u->lay.too_small && key != 'q' && key != 27)
        return;
    if (edit_key(ed, key) || cursor_key(u, key))
        return;
    switch (key) {
    case 'f':
        prompt_open(u, PR_FEN, NULL);
        break;
    case 'p':
        done(ed);
        break;
    case '?':
        u->ov.kind = OV_HELP;
        u->ov.help_page = 0;
        break;
    case 'q':
    case 'Q':
    case 27:
        ed->result = UI_EXIT_MENU;
        break;
    default:
        break;
    }
}

static void on_key(struct editor *ed, int k)
{
    struct ui *u = ed->ui;
    if (k == 12) /* Ctrl-L */
        clearok(curscr, TRUE);
    if (k == 12 || k == KEY_RESIZE)
        return;
    if (k != KEY_MOUSE) /* a click clears it only when it presses */
        u->status.text[0] = 0;
    if (ed->choosing) {
        choice_key(ed, k);
    } else if (u->ov.kind == OV_PROMPT) {
        prompt_key(ed, k);
    } else if (u->ov.kind == OV_HELP) {
        if (help_more(u) && k != 27 && k != 'q')
            u->ov.help_page++;
        else
            u->ov.kind = OV_NONE;
    } else {
        board_key(ed, k);
    }
}

/* ---- the editor's screen ---- */

/* The copy of ui the editor draws: no marks of a game on its board. */
static struct ui *private_ui(const struct ui *ui, struct dr_game *board)
{
    struct ui *u = malloc(sizeof *u);
    if (!u)
        return NULL;
    *u = *ui;
    u->session.game = board;
    /* nothing of the game screen's: its loop, engine, replayed file, analysis */
    u->session.loop = NULL;
    u->session.engine = NULL;
    u->rp = NULL;
    u->study = NULL;
    u->view.mouse_down_sq = -1;
    dr_turn_clear(&u->turn);
    u->last.have = u->hint.shown = false;
    u->ov.kind = OV_NONE;
    u->status.text[0] = 0;
    layout_map_squares(u);
    term_board_colours(&u->term, u->variant.all_squares);
    if (ui_square(u, u->view.cur_file, u->view.cur_rank) < 0) {
        u->view.cur_file = u->variant.width / 2 - 1;
        u->view.cur_rank = u->variant.height / 2 - 1;
    }
    return u;
}

enum ui_exit editor_run(struct ui *ui, const struct dr_position *from)
{
    struct editor *ed = calloc(1, sizeof *ed);
    struct dr_game *board = ed ? dr_game_new(&ui->variant, from) : NULL;
    struct ui *u = board ? private_ui(ui, board) : NULL;
    if (!u) {
        dr_game_free(board);
        free(ed);
        ui_say(ui, TONE_ERROR, "Out of memory: the editor cannot open.");
        return UI_EXIT_NONE;
    }
    ed->ui = u;
    ed->board = board;
    ed->pos = *from;
    ed->result = UI_EXIT_NONE;
    ui_say(u, TONE_INFO, "Set up the position: w b W B place pieces, p when done, ? for keys.");
    bool dirty = true;
    while (ed->result == UI_EXIT_NONE) {
        if (dirty)
            draw(ed);
        int k = term_key(&u->term, 100);
        dirty = k != ERR;
        if (k == UI_KEY_SIGNAL)
            ed->result = UI_EXIT_SIGNAL;
        else if (k != ERR)
            on_key(ed, k);
    }
    enum ui_exit result = ed->result == UI_EXIT_MENU ? UI_EXIT_NONE : ed->result;
    if (result == UI_EXIT_PLAY || result == UI_EXIT_ANALYSE) {
        ui->next.start = ed->pos;
        ui->next.play_mode = u->next.play_mode;
    }
    ui->term = u->term; /* its size and the colour pairs made meanwhile */
    free(u);
    dr_game_free(board);
    free(ed);
    return result;
}

void editor_from_game(struct ui *ui)
{
    if (!ui->session.person.in_act) {
        ui_say(ui, TONE_ERROR, "Wait for your turn to set up a position.");
        return;
    }
    hint_cancel(ui->hint.hinter);
    ui->hint.shown = false;
    enum ui_exit e = editor_run(ui, dr_game_position(ui->session.game));
    if (e == UI_EXIT_NONE) {
        ui_say(ui, TONE_INFO, "Back to the game.");
        return;
    }
    ui->exit = e;
    dr_session_act(&ui->session, DR_ACT_QUIT, NULL, 0);
}
