/* The start screen: what to do (play the computer, two people at one
 * keyboard, continue the last game, replay a PDN file, set up a position
 * in the editor), the variant with its
 * one-line description, the person's side and the computer's strength.  The
 * choices are remembered in the config file when a game starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "ui.h"

enum item_kind { IT_MODE, IT_VARIANT, IT_VARIANT_ROW, IT_SIDE, IT_LEVEL, IT_START };
/* The rows of the mode block (an IT_MODE item's value); the first two are
 * the game modes of the config (enum ui_mode). */
enum mode_row { ROW_COMPUTER, ROW_HOTSEAT, ROW_CONTINUE, ROW_REPLAY, ROW_SETUP, MODE_ROWS };

struct item {
    enum item_kind kind;
    int value; /* the mode row (enum mode_row) or the variant index */
    int y;     /* screen row when drawn */
};

struct start {
    const char *const *names;
    int nvariants, variant;
    struct dr_variant variants[32];
    struct item items[48];
    int nitems, at;
    bool compact;
    struct saved_game *last;  /* the autosaved game, when it can be continued */
    bool replay_prompt;
    char input[300];
};

void start_message(struct ui *ui, const char *text)
{
    snprintf(ui->start_line.text, sizeof ui->start_line.text, "%.500s", text);
    ui->start_line.tone = TONE_ERROR;
}

static void load_variants(struct ui *ui, struct start *st)
{
    st->names = dr_variant_builtin_names();
    st->nvariants = 0;
    st->variant = 0;
    for (int i = 0; st->names[i] && st->nvariants < 32; i++) {
        struct dr_error err;
        if (!dr_variant_builtin(st->names[i], &st->variants[st->nvariants], &err))
            continue;
        if (!strcmp(st->names[i], ui->cfg.variant))
            st->variant = st->nvariants;
        st->nvariants++;
    }
}

/* path renamed to path.unreadable (or .unreadable-2, -3...: never over an
 * earlier one); the new name in out. */
static bool keep_aside(const char *path, char *out, size_t size)
{
    for (int i = 1; i < 1000; i++) {
        if (i == 1)
            snprintf(out, size, "%s.unreadable", path);
        else
            snprintf(out, size, "%s.unreadable-%d", path, i);
        FILE *f = fopen(out, "r");
        if (f) {
            fclose(f);
            continue;
        }
        return rename(path, out) == 0;
    }
    return false;
}

/* The autosaved game, when there is one to continue.  One that cannot be
 * read whole is kept aside under another name (the next autosave would
 * replace it) and said so; what could be read of it is still offered. */
static void look_for_last_game(struct ui *ui, struct start *st)
{
    char path[512], why[300], note[600];
    st->last = NULL;
    if (!config_autosave_path(path, sizeof path, note, sizeof note))
        return;
    if (note[0])
        start_message(ui, note);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    fclose(f);
    struct saved_game *s = calloc(1, sizeof *s);
    if (!s)
        return;
    bool ok = load_game(path, 1, s, why, sizeof why);
    if (!ok || s->errors) {
        char aside[600], msg[1400];
        bool kept = keep_aside(path, aside, sizeof aside);
        snprintf(msg, sizeof msg, "Autosave %s: kept as %.500s (%.250s)%s",
                 ok ? "damaged" : "unreadable", kept ? aside : path, ok ? s->first_error : why,
                 ok && s->nmoves > 0 && !s->finished ? "; Continue has what could be read"
                                                    : "");
        start_message(ui, msg);
    }
    if (ok && !s->finished && s->nmoves > 0) {
        st->last = s;
        return;
    }
    saved_game_free(s);
}

/* The rows of the screen, given the room there is. */
static void build_items(struct start *st, int rows)
{
    /* the full list needs the mode block, every variant and the settings */
    int full = MODE_ROWS + 5 + st->nvariants + 2 + 3 + 6;
    st->compact = rows < full;
    int n = 0;
    for (int m = 0; m < MODE_ROWS; m++)
        st->items[n++] = (struct item){IT_MODE, m, 0};
    if (st->compact)
        st->items[n++] = (struct item){IT_VARIANT_ROW, 0, 0};
    else
        for (int i = 0; i < st->nvariants; i++)
            st->items[n++] = (struct item){IT_VARIANT, i, 0};
    st->items[n++] = (struct item){IT_SIDE, 0, 0};
    st->items[n++] = (struct item){IT_LEVEL, 0, 0};
    st->items[n++] = (struct item){IT_START, 0, 0};
    st->nitems = n;
    if (st->at >= n)
        st->at = n - 1;
}

static bool item_disabled(const struct ui *ui, const struct start *st, const struct item *it)
{
    if (it->kind == IT_MODE && it->value == ROW_CONTINUE)
        return !st->last;
    if ((it->kind == IT_SIDE || it->kind == IT_LEVEL) && ui->cfg.mode == MODE_HOTSEAT)
        return true;
    return false;
}

static bool draw_too_small(struct ui_term *t)
{
    if (t->cols >= 60 && t->rows >= 20)
        return false;
    int y = t->rows / 2 - 1 < 0 ? 0 : t->rows / 2 - 1;
    y += term_put_wrapped(y, 1, t->cols - 2, t->rows - y, term_attr(t, FG_ERROR, BG_NONE),
                          "The terminal is too small for the start screen.");
    char line[120];
    snprintf(line, sizeof line, "Need 60 x 20, have %d x %d. q quits.", t->cols, t->rows);
    term_put_wrapped(y, 1, t->cols - 2, t->rows - y, term_attr(t, FG_DEFAULT, BG_NONE), line);
    return true;
}

/* The text of a mode row. */
static void mode_text(const struct ui *ui, const struct start *st, int row, char *line, size_t size)
{
    if (row == ROW_COMPUTER)
        snprintf(line, size, "(%s) Play against the computer",
                 ui->cfg.mode == MODE_COMPUTER ? "*" : " ");
    else if (row == ROW_HOTSEAT)
        snprintf(line, size, "(%s) Two players at this keyboard (hot-seat)",
                 ui->cfg.mode == MODE_HOTSEAT ? "*" : " ");
    else if (row == ROW_CONTINUE)
        snprintf(line, size, "    Continue the last game%s", st->last ? "" : " (none to continue)");
    else if (row == ROW_REPLAY)
        snprintf(line, size, "    Replay a PDN file");
    else
        snprintf(line, size, "    Set up a position: place the pieces, then play or analyse it");
}

/* The text of a one-line item (the variant row has two lines: not here);
 * *gap: an empty line (or a heading) goes before it. */
static void item_text(const struct ui *ui, const struct start *st, const struct item *it,
                      char *line, size_t size, bool *gap)
{
    *gap = false;
    switch (it->kind) {
    case IT_MODE:
        mode_text(ui, st, it->value, line, size);
        break;
    case IT_VARIANT:
        snprintf(line, size, "(%s) %-14s %s", it->value == st->variant ? "*" : " ",
                 st->variants[it->value].name, st->variants[it->value].description);
        break;
    case IT_VARIANT_ROW:
        snprintf(line, size, "Variant    < %s >", st->variants[st->variant].name);
        *gap = true;
        break;
    case IT_SIDE:
        snprintf(line, size, "You play   < %s >%s", dr_side_name(ui->cfg.side),
                 ui->cfg.mode == MODE_HOTSEAT ? "   (against the computer only)" : "");
        *gap = true;
        break;
    case IT_LEVEL:
        snprintf(line, size, "Strength   < %d %s >", ui->cfg.level, dr_level_name(ui->cfg.level));
        break;
    case IT_START:
        snprintf(line, size, "[ Start: %s ]",
                 ui->cfg.mode == MODE_HOTSEAT ? "two players" : "against the computer");
        *gap = true;
        break;
    }
}

/* The items from row y on; each remembers its row for the mouse. */
static void draw_items(struct ui *ui, struct start *st, int y)
{
    struct ui_term *t = &ui->term;
    attr_t title = term_attr(t, FG_TITLE, BG_NONE), norm = term_attr(t, FG_DEFAULT, BG_NONE);
    attr_t dim = term_attr(t, FG_DIM, BG_NONE);
    attr_t hi = term_attr(t, FG_DEFAULT, BG_CURSOR) | A_BOLD;
    int w = t->cols - 4, x = 2;
    char line[400];
    for (int i = 0; i < st->nitems; i++) {
        struct item *it = &st->items[i];
        bool cur = i == st->at, off = item_disabled(ui, st, it), gap;
        attr_t a = cur ? hi : off ? dim : norm;
        if (it->kind == IT_VARIANT && it->value == 0) {
            y++;
            term_put(y++, x, w, title, "Variant");
        }
        item_text(ui, st, it, line, sizeof line, &gap);
        y += gap;
        it->y = y;
        term_put(y, x, 2, a, cur ? term_glyph(t, GL_ARROW) : " ");
        term_put(y, x + 2, w - 2, a, line);
        y++;
        if (it->kind == IT_VARIANT_ROW) /* the variant's description under it */
            term_put(y++, x + 15, w - 15, dim, st->variants[st->variant].description);
        if (it->kind == IT_MODE && it->value == ROW_CONTINUE && st->last)
            term_put(y++, x + 8, w - 8, dim, st->last->description);
    }
}

/* The replay prompt or the note, and the key line. */
static void draw_bottom(struct ui *ui, const struct start *st)
{
    struct ui_term *t = &ui->term;
    attr_t title = term_attr(t, FG_TITLE, BG_NONE), norm = term_attr(t, FG_DEFAULT, BG_NONE);
    attr_t dim = term_attr(t, FG_DIM, BG_NONE);
    char line[400];
    if (st->replay_prompt) {
        int py = t->rows - 2;
        int used = term_put(py, 1, t->cols - 2, title, "Replay the PDN file: ");
        snprintf(line, sizeof line, "%s_", st->input);
        term_put(py, 1 + used, t->cols - 2 - used, norm | A_BOLD, line);
        if (ui->start_line.text[0]) /* what Tab found */
            term_put(py - 1, 1, t->cols - 2, dim, ui->start_line.text);
    } else if (ui->start_line.text[0]) {
        term_put(t->rows - 2, 1, t->cols - 2,
                 term_attr(t, ui->start_line.tone == TONE_ERROR ? FG_ERROR : FG_DEFAULT, BG_NONE),
                 ui->start_line.text);
    }
    term_put(t->rows - 1, 0, t->cols, dim,
             st->replay_prompt ? "Enter: open   Esc: cancel"
                               : "up/down move   Space choose   left/right change   Enter start   "
                                 "? help   q quit");
}

static void draw(struct ui *ui, struct start *st)
{
    struct ui_term *t = &ui->term;
    erase();
    build_items(st, t->rows);
    if (draw_too_small(t)) {
        refresh();
        return;
    }
    attr_t title = term_attr(t, FG_TITLE, BG_NONE);
    int y = 0;
    char line[400];
    snprintf(line, sizeof line, " draughts   %s %s %s %s  ", term_glyph(t, GL_WMAN),
             term_glyph(t, GL_BMAN), term_glyph(t, GL_WKING), term_glyph(t, GL_BKING));
    term_put(y++, 0, t->cols, title, line);
    if (!st->compact)
        y++;
    term_put(y++, 2, t->cols - 4, title, "Game");
    draw_items(ui, st, y);
    draw_bottom(ui, st);
    refresh();
}

static void change(struct ui *ui, struct start *st, int dir)
{
    struct item *it = &st->items[st->at];
    switch (it->kind) {
    case IT_MODE:
        if (it->value == ROW_COMPUTER || it->value == ROW_HOTSEAT)
            ui->cfg.mode = ui->cfg.mode == MODE_HOTSEAT ? MODE_COMPUTER : MODE_HOTSEAT;
        break;
    case IT_VARIANT:
    case IT_VARIANT_ROW:
        st->variant = (st->variant + dir + st->nvariants) % st->nvariants;
        if (it->kind == IT_VARIANT)
            for (int i = 0; i < st->nitems; i++)
                if (st->items[i].kind == IT_VARIANT && st->items[i].value == st->variant)
                    st->at = i;
        break;
    case IT_SIDE:
        ui->cfg.side = !ui->cfg.side;
        break;
    case IT_LEVEL:
        ui->cfg.level = (ui->cfg.level - 1 + dir + DR_LEVELS) % DR_LEVELS + 1;
        break;
    case IT_START:
        break;
    }
}

/* Up and down move the highlight only (passing over a choice does not
 * choose it) and stop at the ends of the list. */
static void move_to(struct ui *ui, struct start *st, int dir)
{
    for (int at = st->at + dir; at >= 0 && at < st->nitems; at += dir) {
        if (!item_disabled(ui, st, &st->items[at])) {
            st->at = at;
            return;
        }
    }
}

/* Space: the highlighted choice of a list becomes the chosen one; on a
 * < value > row the value changes. */
static void pick(struct ui *ui, struct start *st)
{
    const struct item *it = &st->items[st->at];
    if (it->kind == IT_VARIANT)
        st->variant = it->value;
    else if (it->kind == IT_MODE && (it->value == ROW_COMPUTER || it->value == ROW_HOTSEAT))
        ui->cfg.mode = it->value == ROW_HOTSEAT ? MODE_HOTSEAT : MODE_COMPUTER;
    else
        change(ui, st, 1);
}

/* Enter (or a click) on the current row: a choice to return, or none yet. */
static bool choose(struct ui *ui, struct start *st, struct start_choice *c)
{
    struct item *it = &st->items[st->at];
    if (item_disabled(ui, st, it))
        return false;
    if (it->kind == IT_MODE && it->value == ROW_CONTINUE) {
        c->what = START_CONTINUE;
        c->saved = st->last;
        st->last = NULL;
        return true;
    }
    if (it->kind == IT_MODE && it->value == ROW_REPLAY) {
        st->replay_prompt = true;
        st->input[0] = 0;
        return false;
    }
    if (it->kind == IT_MODE && (it->value == ROW_COMPUTER || it->value == ROW_HOTSEAT))
        ui->cfg.mode = it->value == ROW_HOTSEAT ? MODE_HOTSEAT : MODE_COMPUTER;
    if (it->kind == IT_VARIANT)
        st->variant = it->value;
    snprintf(ui->cfg.variant, sizeof ui->cfg.variant, "%s", st->variants[st->variant].name);
    if (it->kind == IT_MODE && it->value == ROW_SETUP)
        c->what = START_EDIT; /* of the variant chosen */
    else
        c->what = ui->cfg.mode == MODE_HOTSEAT ? START_HOTSEAT : START_PLAY;
    return true;
}

static bool replay_key(struct ui *ui, struct start *st, int key, struct start_choice *c)
{
    size_t n = strlen(st->input);
    if (key != '\t')
        ui->start_line.text[0] = 0;
    if (key == 27) {
        st->replay_prompt = false;
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        st->replay_prompt = false;
        char why[300], path[600];
        expand_home(st->input, path, sizeof path);
        /* the whole file: its list of games, variations and comments */
        struct ui_replay *r = replay_open(path, why, sizeof why);
        if (!r) {
            cannot_open_text(path, why, ui->start_line.text, sizeof ui->start_line.text);
            ui->start_line.tone = TONE_ERROR;
            return false;
        }
        c->what = START_REPLAY;
        c->replay = r;
        return true;
    } else if (key == '\t') {
        char names[400];
        int found = complete_path(st->input, sizeof st->input, names, sizeof names);
        snprintf(ui->start_line.text, sizeof ui->start_line.text, "%s",
                 found == 0 ? "(no file name begins so)" : names);
        ui->start_line.tone = TONE_INFO;
    } else if ((key == KEY_BACKSPACE || key == 127 || key == 8) && n > 0) {
        st->input[n - 1] = 0;
    } else if (key >= 32 && key < 127 && n + 1 < sizeof st->input) {
        st->input[n] = (char)key;
        st->input[n + 1] = 0;
    }
    return false;
}

/* A click on an item: choose it, change it, or (a second click, Start, a
 * mode row) act on it.  True when the screen is done. */
static bool click(struct ui *ui, struct start *st, struct start_choice *c)
{
    int y, x;
    bool press, release;
    if (!term_mouse(&y, &x, &press, &release) || !press)
        return false;
    for (int i = 0; i < st->nitems; i++) {
        struct item *it = &st->items[i];
        if (it->y != y || item_disabled(ui, st, it))
            continue;
        bool again = st->at == i;
        st->at = i;
        if (it->kind == IT_VARIANT)
            st->variant = it->value;
        else if (it->kind == IT_MODE && (it->value == ROW_COMPUTER || it->value == ROW_HOTSEAT))
            ui->cfg.mode = it->value == ROW_HOTSEAT ? MODE_HOTSEAT : MODE_COMPUTER;
        else if (it->kind == IT_SIDE || it->kind == IT_LEVEL || it->kind == IT_VARIANT_ROW)
            change(ui, st, 1);
        else if (again || it->kind == IT_START || it->kind == IT_MODE)
            return choose(ui, st, c);
    }
    return false;
}

/* One key on the start screen; true when the screen is done. */
static bool start_key(struct ui *ui, struct start *st, int key, struct start_choice *c)
{
    switch (key) {
    case KEY_UP:
    case 'k':
    case KEY_BTAB:
        move_to(ui, st, -1);
        return false;
    case KEY_DOWN:
    case 'j':
    case '\t':
        move_to(ui, st, 1);
        return false;
    case KEY_LEFT:
    case 'h':
        change(ui, st, -1);
        return false;
    case KEY_RIGHT:
    case 'l':
        change(ui, st, 1);
        return false;
    case ' ':
        pick(ui, st);
        return false;
    case '\n':
    case '\r':
    case KEY_ENTER:
        return choose(ui, st, c);
    case KEY_MOUSE:
        return click(ui, st, c);
    case '?':
        snprintf(ui->start_line.text, sizeof ui->start_line.text,
                 "Move with up/down (or j/k), choose with Space, change a value with "
                 "left/right, and press Enter to start. In the game, ? lists every key.");
        ui->start_line.tone = TONE_INFO;
        return false;
    case 'q':
    case 'Q':
    case 27:
        return true;
    default:
        return false;
    }
}

struct start_choice start_screen(struct ui *ui)
{
    struct start *st = calloc(1, sizeof *st);
    struct start_choice c = {START_QUIT, NULL, NULL};
    if (!st)
        return c;
    load_variants(ui, st);
    look_for_last_game(ui, st);
    build_items(st, ui->term.rows);
    /* Enter goes on with the last game when there is one */
    st->at = st->last ? ROW_CONTINUE : ui->cfg.mode == MODE_HOTSEAT ? ROW_HOTSEAT : ROW_COMPUTER;
    bool done = false, dirty = true;
    while (!done) {
        if (dirty)
            draw(ui, st);
        dirty = true;
        int key = term_key(&ui->term, 50);
        if (key == ERR) {
            dirty = false;
            continue;
        }
        if (key == UI_KEY_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            break;
        }
        if (key != KEY_RESIZE && !st->replay_prompt)
            ui->start_line.text[0] = 0;
        done = st->replay_prompt ? replay_key(ui, st, key, &c) : start_key(ui, st, key, &c);
    }
    if (c.what == START_PLAY || c.what == START_HOTSEAT || c.what == START_EDIT) {
        char why[300];
        if (!config_save(&ui->cfg, why, sizeof why))
            start_message(ui, why);
    }
    saved_game_free(st->last);
    free(st);
    return c;
}
