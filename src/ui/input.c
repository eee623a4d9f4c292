/* What keys and clicks do on the game screen: the cursor, picking a piece up
 * and putting it down, the capture-path chooser, the typed-move prompt, and
 * an explanation for every attempt the rules refuse.  Legality always comes
 * from the rules core (dr_game_legal, dr_move_parse, dr_capture_paths); this
 * file only explains it.  Everything that changes the game becomes an
 * action for the loop. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "draughts/clipboard.h"
#include "draughts/fen.h"
#include "draughts/notation.h"
#include "keys.h"
#include "ui.h"

/* The action chosen: straight back to the loop from a player's turn, or
 * queued for it while the computer thinks. */
static void act_by(struct ui *ui, enum dr_action_kind kind, const struct dr_move *m, int who)
{
    dr_session_act(&ui->session, kind, m, who);
    ui->dirty = true;
}

static void act(struct ui *ui, enum dr_action_kind kind, const struct dr_move *m)
{
    act_by(ui, kind, m, 0);
}

static void play_move(struct ui *ui, const struct dr_move *m)
{
    dr_turn_put_back(&ui->turn);
    ui->ov.kind = OV_NONE;
    act(ui, DR_ACT_MOVE, m);
}

/* ---- explanations: the turn model's, with the keys that go on ---- */

bool input_explain(struct ui *ui, int from, int to, char *out, int size)
{
    if (!dr_turn_explain(&ui->turn, from, to, out, (size_t)size))
        return false;
    if (dr_game_over(ui->session.game)) {
        size_t len = strlen(out);
        snprintf(out + len, (size_t)size - len, " n starts a new game, u takes back.");
    }
    return true;
}

/* ---- picking up and putting down ---- */

static void open_chooser(struct ui *ui, const char *say)
{
    ui->ov.choice = 0;
    ui->ov.kind = OV_CHOOSE;
    ui_say(ui, TONE_INFO, "%s", say);
}

/* What the turn model made of an attempt, on the screen. */
static void show_step(struct ui *ui, enum dr_turn_step step, const struct dr_move *m,
                      const char *say)
{
    switch (step) {
    case DR_TURN_MOVE:
        play_move(ui, m);
        break;
    case DR_TURN_CHOOSE:
        open_chooser(ui, say);
        break;
    case DR_TURN_PICKED:
        ui_say(ui, TONE_INFO, "%s Enter puts it down, Esc puts it back.", say);
        break;
    case DR_TURN_LANDED:
        ui_say(ui, TONE_INFO, "%s Esc puts it back.", say);
        break;
    case DR_TURN_PUT_BACK:
        ui_say(ui, TONE_INFO, "%s", say);
        break;
    case DR_TURN_REFUSED:
        ui_say(ui, TONE_ERROR, "%s", say);
        break;
    }
}

static void touch(struct ui *ui, int sq)
{
    char say[300];
    struct dr_move m;
    if (dr_game_over(ui->session.game)) {
        input_explain(ui, sq, -1, say, sizeof say);
        ui_say(ui, TONE_ERROR, "%s", say);
        return;
    }
    enum dr_turn_step step = dr_turn_touch(&ui->turn, sq, &m, say, sizeof say);
    show_step(ui, step, &m, say);
}

static void act_at(struct ui *ui, int sq)
{
    touch(ui, sq);
}

/* Tab: the next piece that can move, or the next target of the piece held. */
static void tab(struct ui *ui, int dir)
{
    uint64_t set = ui->turn.sel >= 0 ? ui->turn.dests : dr_turn_movable(&ui->turn);
    int sqs[DR_MAX_SQUARES];
    int n = dr_squares_sorted(&ui->variant, set, sqs);
    if (!n)
        return;
    int cur = ui_square(ui, ui->view.cur_file, ui->view.cur_rank), at = -1;
    for (int i = 0; i < n; i++)
        if (sqs[i] == cur)
            at = i;
    int next = at < 0 ? (dir > 0 ? 0 : n - 1) : (at + dir + n) % n;
    cursor_to(ui, sqs[next]);
    ui->dirty = true;
}

/* ---- the typed move ---- */

bool input_play_pasted(struct ui *ui)
{
    char say[300];
    enum dr_paste_step step = dr_session_paste_next(&ui->session, say, sizeof say);
    if (step == DR_PASTE_MOVE) {
        dr_turn_put_back(&ui->turn);
        ui->ov.kind = OV_NONE;
        ui->dirty = true;
    }
    if (say[0])
        ui_say(ui, step == DR_PASTE_REFUSED ? TONE_ERROR : TONE_GOOD, "%s", say);
    return step == DR_PASTE_MOVE;
}

/* A FEN typed or pasted at the move prompt: a new game from it, between
 * the same players (against the computer each keeps their side).  False
 * when text is no attempt at a FEN (it has no ':'), so a move or a list of
 * moves it may be; an attempt that fails says why. */
static bool paste_fen(struct ui *ui, const char *text)
{
    if (!strchr(text, ':'))
        return false;
    struct dr_position pos;
    struct dr_error err;
    if (!dr_fen_parse(&ui->variant, text, &pos, &err)) {
        ui_say(ui, TONE_ERROR, "Neither a move list nor a FEN of %s: %s.", ui->variant.name,
               err.msg);
        return true;
    }
    if (!dr_position_check(&ui->variant, &pos, &err)) {
        ui_say(ui, TONE_ERROR, "That FEN is no legal position of %s: %s.", ui->variant.name,
               err.msg);
        return true;
    }
    char fen[300];
    dr_fen_write(&ui->variant, &pos, fen, sizeof fen);
    snprintf(ui->next.note, sizeof ui->next.note, "New game from the FEN %.120s, %s to move.",
             fen, dr_side_name(pos.side));
    ui->next.start = pos;
    ui->next.play_mode = ui->session.hotseat             ? PLAY_HOTSEAT
                         : ui->session.human_side == DR_BLACK ? PLAY_BLACK
                                                      : PLAY_WHITE;
    ui->exit = UI_EXIT_PLAY;
    dr_turn_put_back(&ui->turn);
    act(ui, DR_ACT_QUIT, NULL);
    return true;
}

static void submit_move(struct ui *ui, const char *text)
{
    const struct dr_variant *v = &ui->variant;
    const struct dr_position *pos = dr_game_position(ui->session.game);
    struct dr_move m;
    struct dr_error err;
    while (isspace((unsigned char)*text))
        text++;
    if (!*text || paste_fen(ui, text))
        return;
    char first[64];
    const char *rest = dr_session_list_word(text, first, sizeof first);
    char second[64];
    if (rest && dr_session_list_word(rest, second, sizeof second)) {
        /* a list of moves: between two people (or in a replay's own
         * line) each turn plays the next; not against the computer */
        if (!dr_session_paste(&ui->session, text))
            ui_say(ui, TONE_ERROR, "A list of moves is for a game between two players or a "
                                   "replay; against the computer type one move.");
        else
            input_play_pasted(ui);
        return;
    }
    if (rest)
        text = first; /* "12. 32-28" or "32-28 *": the move alone */
    if (dr_move_parse(v, pos, text, &m, &err)) {
        play_move(ui, &m);
        return;
    }
    /* which squares were meant?  Then say why that move is not possible */
    int sqs[32], n = 0;
    for (const char *s = text; *s && n < 32;) {
        int len = 0, sq = isalnum((unsigned char)*s) ? dr_square_parse(v, s, &len) : -1;
        if (sq >= 0) {
            sqs[n++] = sq;
            s += len;
        } else if (len > 0 && (v->notation == DR_NOTATION_NUMERIC
                                   ? isdigit((unsigned char)*s)
                                   : tolower((unsigned char)*s) != 'x')) {
            /* a number or name that is no square of this board: say so,
             * never read its last digits as another square ("x30": the x
             * is a separator) */
            if (v->notation == DR_NOTATION_NUMERIC)
                ui_say(ui, TONE_ERROR, "'%.*s' is not a square of %s (1-%d).", len, s, v->name,
                       v->nsquares);
            else
                ui_say(ui, TONE_ERROR, "'%.*s' is not a playing square of %s (a1-%c%d).", len, s,
                       v->name, 'a' + v->width - 1, v->height);
            return;
        } else {
            s++; /* "x30": the x is a separator, not a file */
        }
    }
    if (n >= 2) {
        struct dr_move only;
        char why[300];
        enum dr_turn_step step =
            dr_turn_go(&ui->turn, sqs[0], sqs[n - 1], &only, why, sizeof why);
        if (step == DR_TURN_CHOOSE) {
            open_chooser(ui, why);
            return;
        }
        if (step == DR_TURN_REFUSED && input_explain(ui, sqs[0], sqs[n - 1], why, sizeof why)) {
            ui_say(ui, TONE_ERROR, "%s: %s", text, why);
            return;
        }
    }
    if (n == 0) /* not one square: neither a move nor a FEN */
        ui_say(ui, TONE_ERROR, "Neither a move nor a FEN of %s: %s.", v->name, err.msg);
    else
        ui_say(ui, TONE_ERROR, "%s", err.msg);
}

/* Esc and Enter end the prompt line; the other keys edit it. */
static void prompt_overlay_key(struct ui *ui, int key)
{
    if (key == 27) {
        ui->ov.kind = OV_NONE;
        ui_say(ui, TONE_INFO, "Cancelled.");
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        char text[sizeof ui->pr.input];
        snprintf(text, sizeof text, "%s", ui->pr.input);
        ui->ov.kind = OV_NONE;
        if (ui->pr.kind == PR_MOVE)
            submit_move(ui, text);
        else if (ui->pr.kind == PR_SAVE)
            save_as(ui, text);
        else if (ui->pr.kind == PR_GOTO)
            replay_goto(ui, text);
        else if (ui->pr.kind == PR_LOAD)
            open_file(ui, text);
    } else {
        prompt_edit_key(ui, key);
        return;
    }
    ui->pr.hint[0] = 0;
    ui->dirty = true;
}

static void chooser_key(struct ui *ui, int key)
{
    if (key == 27) {
        ui->ov.kind = OV_NONE;
        ui_say(ui, TONE_INFO, "Choose where to put the piece.");
    } else if (key == KEY_UP || key == 'k' || key == KEY_BTAB) {
        ui->ov.choice = (ui->ov.choice + ui->turn.nchoices - 1) % ui->turn.nchoices;
    } else if (key == KEY_DOWN || key == 'j' || key == '\t') {
        ui->ov.choice = (ui->ov.choice + 1) % ui->turn.nchoices;
    } else if (key >= '1' && key <= '9' && key - '1' < ui->turn.nchoices) {
        ui->ov.choice = key - '1';
        play_move(ui, &ui->turn.choices[ui->ov.choice]);
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
        play_move(ui, &ui->turn.choices[ui->ov.choice]);
    }
    ui->dirty = true;
}

static void confirm_key(struct ui *ui, int key)
{
    if (key == 'y' || key == 'Y') {
        ui->ov.kind = OV_NONE;
        switch (ui->ov.confirm) {
        case CF_RESIGN:
            act_by(ui, DR_ACT_RESIGN, NULL, dr_session_person(&ui->session));
            break;
        case CF_DRAW:
            ui_say(ui, TONE_INFO, "You offer a draw...");
            ui_draw(ui); /* the answer may take a moment */
            act_by(ui, DR_ACT_OFFER_DRAW, NULL, dr_session_person(&ui->session));
            break;
        case CF_NEW:
            act(ui, DR_ACT_NEW_GAME, NULL);
            break;
        case CF_QUIT:
            ui->exit = ui->from_menu ? UI_EXIT_MENU : UI_EXIT_QUIT;
            act(ui, DR_ACT_QUIT, NULL);
            break;
        }
    } else if (key == 'n' || key == 'N' || key == 27) {
        ui->ov.kind = OV_NONE;
        ui_say(ui, TONE_INFO, "Cancelled.");
    }
    ui->dirty = true;
}

static void ask(struct ui *ui, enum ui_confirm what)
{
    ui->ov.kind = OV_CONFIRM;
    ui->ov.confirm = what;
    ui->dirty = true;
}

/* + and -: the computer plays stronger or weaker from its next move on. */
static void change_level(struct ui *ui, int dir)
{
    enum dr_level_change change = dr_session_change_level(&ui->session, dir);
    int level = ui->session.level;
    if (change == DR_LEVEL_NO_COMPUTER)
        ui_say(ui, TONE_ERROR, "The level is for games against the computer.");
    else if (change == DR_LEVEL_AT_END)
        ui_say(ui, TONE_ERROR, "The level is already the %s (%d of %d).",
               dir > 0 ? "strongest" : "weakest", level, DR_LEVELS);
    else
        ui_say(ui, TONE_INFO, "Level %d (%s) from the computer's next move.", level,
               dr_level_name(level));
}

/* F: the FEN shown, and put on the terminal's clipboard (OSC 52) when
 * the screen is a terminal. */
static void show_fen(struct ui *ui)
{
    char fen[300], osc[450];
    dr_fen_write(&ui->variant, dr_game_position(ui->session.game), fen, sizeof fen);
    snprintf(ui->ov.text_title, sizeof ui->ov.text_title, "Position (FEN)");
    snprintf(ui->ov.text_body, sizeof ui->ov.text_body, "%s", fen);
    ui->ov.kind = OV_TEXT;
    ui->dirty = true;
    if (isatty(STDOUT_FILENO) && dr_osc52(fen, osc, sizeof osc)) {
        fputs(osc, stdout);
        fflush(stdout);
        ui_say(ui, TONE_GOOD, "FEN copied: %s", fen);
    } else {
        ui_say(ui, TONE_INFO, "FEN: %s", fen);
    }
}

/* A click on a move of the list: back (or on) to the position after it,
 * where '#' goes (a replay, a game between two players). */
static void click_move_list(struct ui *ui, int y, int x)
{
    for (int i = 0; i < ui->view.nmove_cells; i++) {
        const struct ui_move_cell *c = &ui->view.move_cells[i];
        if (y != c->y || x < c->x || x >= c->x + c->w)
            continue;
        if (!(ui->session.replay || ui->session.hotseat) || !ui->session.person.in_act) {
            ui_say(ui, TONE_ERROR, ui->session.person.in_act
                                       ? "Clicking a move goes to it in a replay or a game "
                                         "between two players; here u takes back."
                                       : "Wait for your turn.");
            return;
        }
        /* the move's number and column, as the list and '#' count them */
        int offset = dr_game_start(ui->session.game)->side != ui->variant.first_player ? 1 : 0;
        int n = (c->ply + offset + 1) / 2;
        bool second = (c->ply + offset) % 2 == 0;
        char say[120];
        snprintf(say, sizeof say, "Move %d%s (%s): ply %d of %d.", n, second ? "..." : "",
                 dr_side_name(second ? !ui->variant.first_player : ui->variant.first_player),
                 c->ply, dr_game_ply(ui->session.game) + dr_game_redo_count(ui->session.game));
        replay_go_to_ply(ui, c->ply, say);
        return;
    }
}

static void mouse(struct ui *ui, bool my_turn)
{
    int y, x, file, rank;
    bool press, release;
    if (!term_mouse(&y, &x, &press, &release))
        return;
    if (!layout_cell_at(ui, y, x, &file, &rank)) {
        if (press)
            click_move_list(ui, y, x);
        return;
    }
    int sq = ui_square(ui, file, rank);
    if (press) {
        ui->view.cur_file = file;
        ui->view.cur_rank = rank;
        ui->view.mouse_down_sq = sq;
        ui->dirty = true;
        if (my_turn)
            act_at(ui, sq);
        else if (dr_session_engine_thinking(&ui->session))
            ui_say(ui, TONE_ERROR, "The computer is thinking. Press g to make it move now.");
    } else if (release && my_turn && ui->turn.sel >= 0 && sq != ui->view.mouse_down_sq && sq >= 0 &&
               sq != ui->turn.sel) {
        ui->view.cur_file = file;
        ui->view.cur_rank = rank;
        touch(ui, sq); /* a drag from the piece to its target */
    }
}

/* ---- the game screen's keys: one small handler each ---- */

/* What a key may do now. */
struct moment {
    bool over;     /* the game is over */
    bool thinking; /* the computer thinks */
    bool my_turn;  /* a person's turn at the board */
};

static void key_tab(struct ui *ui, const struct moment *now, int key)
{
    (void)now;
    tab(ui, key == KEY_BTAB ? -1 : 1);
}

static void key_enter(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (now->my_turn)
        act_at(ui, ui_square(ui, ui->view.cur_file, ui->view.cur_rank));
    else if (now->thinking)
        ui_say(ui, TONE_ERROR, "The computer is thinking. Press g to make it move now.");
    else if (now->over && input_explain(ui, -1, -1, ui->status.text, sizeof ui->status.text))
        ui->status.tone = TONE_ERROR;
}

static void key_mouse(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    mouse(ui, now->my_turn);
}

static void key_escape(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    if (ui->turn.sel >= 0) {
        dr_turn_put_back(&ui->turn);
        ui_say(ui, TONE_INFO, "Put back.");
    } else if (ui->hint.shown) {
        ui->hint.shown = false;
    } else {
        ui->status.text[0] = 0;
    }
}

static void key_type_move(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (now->my_turn)
        prompt_open(ui, PR_MOVE, NULL);
    else
        ui_say(ui, TONE_ERROR, now->over ? "The game is over." : "Wait for your turn to move.");
}

/* Home and End: undo or redo again and again, drawn as they go. */
static void key_home_end(struct ui *ui, const struct moment *now, int key)
{
    struct dr_game *g = ui->session.game;
    if (!now->my_turn && !now->over) {
        ui_say(ui, TONE_ERROR, "Wait for your turn.");
    } else if (key == KEY_HOME ? dr_game_ply(g) > 0 : dr_game_redo_count(g) > 0) {
        enum dr_action_kind kind = key == KEY_HOME ? DR_ACT_UNDO : DR_ACT_REDO;
        dr_session_repeat(&ui->session, kind, -1, NULL);
        act(ui, kind, NULL);
    }
}

static void key_undo(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    struct dr_game *g = ui->session.game;
    if (dr_game_ply(g) == 0) {
        ui_say(ui, TONE_ERROR, "Nothing to take back.");
    } else if (!ui->session.hotseat && ui->session.engine && !now->thinking &&
               dr_game_ply(g) == 1 && !dr_session_is_human(&ui->session, dr_game_start(g)->side)) {
        ui_say(ui, TONE_ERROR, "Nothing to take back: the computer's first move stays.");
    } else {
        dr_turn_put_back(&ui->turn);
        act(ui, DR_ACT_UNDO, NULL);
    }
}

static void key_redo(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (dr_game_redo_count(ui->session.game) == 0)
        ui_say(ui, TONE_ERROR, "Nothing to redo.");
    else if (now->thinking)
        ui_say(ui, TONE_ERROR, "Wait for your turn to redo.");
    else
        act(ui, DR_ACT_REDO, NULL);
}

static void key_hint(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (!now->my_turn) {
        ui_say(ui, TONE_ERROR, now->over ? "The game is over." : "Hints are for your own turn.");
    } else if (!ui->hint.shown) {
        hint_start(ui->hint.hinter, &ui->variant, ui->session.game);
        ui_say(ui, TONE_INFO, "Looking for a good move...");
    }
}

static void key_move_now(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (now->thinking) {
        act(ui, DR_ACT_MOVE_NOW, NULL);
        ui_say(ui, TONE_INFO, "The computer will move now.");
    } else if (now->my_turn) {
        ui_say(ui, TONE_INFO, "It is your move.");
    }
}

static void key_level(struct ui *ui, const struct moment *now, int key)
{
    (void)now;
    change_level(ui, key == '-' ? -1 : 1);
}

static void key_draw(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (!now->my_turn && !now->thinking)
        ui_say(ui, TONE_ERROR, now->over ? "The game is over." : "Offer a draw on your own turn.");
    else
        ask(ui, CF_DRAW);
}

static void key_resign(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (!now->my_turn && !now->thinking)
        ui_say(ui, TONE_ERROR, now->over ? "The game is over." : "Resign on your own turn.");
    else
        ask(ui, CF_RESIGN);
}

static void key_new(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    if (dr_game_ply(ui->session.game) > 0 && !now->over)
        ask(ui, CF_NEW);
    else
        act(ui, DR_ACT_NEW_GAME, NULL);
}

static void key_save(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    char name[300];
    save_default_name(ui, name, sizeof name);
    prompt_open(ui, PR_SAVE, name);
}

static void key_open(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    prompt_open(ui, PR_LOAD, NULL);
}

static void key_fen(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    show_fen(ui);
}

/* #: between two players, back (or on) to any move of the list; a move
 * played there starts a new line, End returns. */
static void key_go_to(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    if (ui->session.hotseat && ui->session.person.in_act)
        prompt_open(ui, PR_GOTO, NULL);
    else
        ui_say(ui, TONE_ERROR, "# goes to a move in a replay or a game between two players.");
}

static void key_editor(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    editor_from_game(ui);
}

static void key_flip(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    ui->view.flipped = !ui->view.flipped;
}

static void key_help(struct ui *ui, const struct moment *now, int key)
{
    (void)now, (void)key;
    ui->ov.kind = OV_HELP;
    ui->ov.help_page = 0;
}

static void key_quit(struct ui *ui, const struct moment *now, int key)
{
    (void)key;
    const struct dr_session *s = &ui->session;
    if (!dr_session_autosaves(s) && !s->replay && dr_game_ply(s->game) > 0 && !now->over) {
        ask(ui, CF_QUIT);
    } else {
        ui->exit = ui->from_menu ? UI_EXIT_MENU : UI_EXIT_QUIT;
        act(ui, DR_ACT_QUIT, NULL);
    }
}

/* Numeric variants: a digit starts typing a move. */
static void key_digit(struct ui *ui, const struct moment *now, int key)
{
    if (now->my_turn && ui->variant.notation == DR_NOTATION_NUMERIC) {
        char first[2] = {(char)key, 0};
        prompt_open(ui, PR_MOVE, first);
    }
}

typedef void (*key_fn)(struct ui *ui, const struct moment *now, int key);

/* The handler of each action; which keys do what is the key table's
 * (src/ui/keys.c), beside their help. */
static const key_fn handlers[KA_COUNT] = {
    [KA_TAB] = key_tab,           [KA_ENTER] = key_enter,
    [KA_MOUSE] = key_mouse,       [KA_ESCAPE] = key_escape,
    [KA_TYPE_MOVE] = key_type_move, [KA_HOME_END] = key_home_end,
    [KA_UNDO] = key_undo,         [KA_REDO] = key_redo,
    [KA_HINT] = key_hint,         [KA_MOVE_NOW] = key_move_now,
    [KA_LEVEL] = key_level,       [KA_DRAW] = key_draw,
    [KA_RESIGN] = key_resign,     [KA_NEW] = key_new,
    [KA_SAVE] = key_save,         [KA_OPEN] = key_open,
    [KA_FEN] = key_fen,           [KA_GO_TO] = key_go_to,
    [KA_EDITOR] = key_editor,     [KA_FLIP] = key_flip,
    [KA_HELP] = key_help,         [KA_QUIT] = key_quit,
};

/* An overlay takes the key: true when one is up. */
static bool overlay_key(struct ui *ui, int key)
{
    switch (ui->ov.kind) {
    case OV_HELP:
        if (help_more(ui) && key != 27 && key != 'q') {
            ui->ov.help_page++;
        } else {
            ui->ov.kind = OV_NONE;
            ui->ov.help_page = 0;
        }
        ui->dirty = true;
        return true;
    case OV_TEXT:
        ui->ov.kind = OV_NONE;
        ui->dirty = true;
        return true;
    case OV_CONFIRM:
        confirm_key(ui, key);
        return true;
    case OV_CHOOSE:
        chooser_key(ui, key);
        return true;
    case OV_PROMPT:
        prompt_overlay_key(ui, key);
        return true;
    case OV_LIST:
        replay_list_key(ui, key);
        return true;
    case OV_DRAW_OFFER:
    case OV_NONE:
        break;
    }
    return false;
}

void input_key(struct ui *ui, int key)
{
    if (key == ERR)
        return;
    if (key == KEY_RESIZE || key == 12) { /* Ctrl-L: redraw */
        if (key == KEY_RESIZE)
            layout_compute(ui, study_bar_wanted(ui));
        else
            clearok(curscr, TRUE);
        ui->dirty = true;
        return;
    }
    if (overlay_key(ui, key))
        return;
    if (ui->lay.too_small && key != 'q' && key != 'Q' && key != KEY_MOUSE)
        return;
    ui->dirty = true;
    if (replay_board_key(ui, key) || study_key(ui, key) || cursor_key(ui, key))
        return;
    bool over = dr_game_over(ui->session.game);
    struct moment now = {over, dr_session_engine_thinking(&ui->session),
                         ui->session.person.in_act && !over};
    key_fn fn = handlers[keys_action(key)];
    if (fn)
        fn(ui, &now, key);
    else if (key >= '0' && key <= '9')
        key_digit(ui, &now, key);
}
