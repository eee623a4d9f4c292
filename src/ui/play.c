/* The person at the keyboard as a player of the game loop (act: read keys
 * until a move or a command is complete) and the board as its view (event:
 * the game changed; poll: keys while the computer thinks). */
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"
#include "ui.h"

static const char *mover_name(const struct ui *ui, int side)
{
    if (ui->session.hotseat)
        return dr_side_name(side);
    return dr_session_is_human(&ui->session, side) ? "You" : "The computer";
}

static void game_started(struct ui *ui, struct dr_game *g)
{
    int ply = dr_game_ply(g);
    ui->last.have = ui->search.have = ui->hint.shown = false;
    dr_turn_clear(&ui->turn);
    ui->ov.kind = OV_NONE;
    ui->search.think_start = 0;
    if (ply > 0) {
        ui->last.have = true;
        ui->last.move = *dr_game_move(g, ply - 1);
        ui_say(ui, TONE_INFO, "Game continued after %d plies. %s to move.", ply,
               dr_side_name(dr_game_position(g)->side));
    } else {
        ui_say(ui, TONE_INFO, "New game. %s moves first.",
               dr_side_name(dr_game_position(g)->side));
    }
    if (ui->session.autosave.note[0]) /* where the game is kept, before anything else */
        ui_say(ui, TONE_ERROR, "%s", ui->session.autosave.note);
    if (ui->next.note[0]) {
        ui_say(ui, TONE_INFO, "%s", ui->next.note);
        ui->next.note[0] = 0;
    }
}

static void move_played(struct ui *ui, struct dr_game *g, const struct dr_move *m)
{
    const struct dr_position *before = dr_game_position_at(g, dr_game_ply(g) - 1);
    char text[DR_MOVE_TEXT_LEN];
    dr_move_pdn(&ui->variant, before, m, text);
    ui->last.move = *m;
    ui->last.have = true;
    ui->search.think_start = 0;
    ui->hint.shown = false;
    dr_turn_clear(&ui->turn);
    if (!ui->session.hotseat && !dr_session_is_human(&ui->session, before->side))
        ui_say(ui, TONE_INFO, "The computer played %s.%s", text,
               dr_game_over(g) ? "" : " Your move.");
    else
        ui_say(ui, TONE_INFO, "%s played %s.", mover_name(ui, before->side), text);
}

static void move_undone_or_redone(struct ui *ui, struct dr_game *g, bool undo)
{
    int ply = dr_game_ply(g);
    ui->last.have = ply > 0;
    if (ply > 0)
        ui->last.move = *dr_game_move(g, ply - 1);
    ui->hint.shown = false;
    ui->search.think_start = 0;
    dr_turn_put_back(&ui->turn);
    if (ui->session.replay)
        ui->status.text[0] = 0; /* the header shows the ply: "Redone" means nothing here */
    else
        ui_say(ui, TONE_INFO, "%s. %s to move (ply %d).", undo ? "Taken back" : "Redone",
               dr_side_name(dr_game_position(g)->side), ply);
}

static void game_over(struct ui *ui, struct dr_game *g)
{
    char s[200];
    dr_game_result_sentence(g, s, sizeof s);
    ui_say(ui, TONE_GOOD, "Game over. %s. Press n for a new game, u to take back, s to save.", s);
    ui->search.think_start = 0;
}

void play_autosave_news(struct ui *ui)
{
    char why[300];
    if (dr_session_autosave_news(&ui->session, why, sizeof why))
        ui_say(ui, TONE_ERROR, "Autosave failed: %s", why);
}

/* The flag of a clock that ran out, said (the session tells the loop). */
static void clock_tick(struct ui *ui)
{
    int side;
    if (dr_session_clock_tick(&ui->session, &side))
        ui_say(ui, TONE_ERROR, "%s's time is up.", dr_side_name(side));
}

static void view_event(void *ctx, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    struct ui *ui = ctx;
    struct dr_game *g = dr_loop_game(loop);
    ui->dirty = true;
    if (ev != DR_EV_INFO)
        study_changed(ui);
    switch (ev) {
    case DR_EV_START:
        game_started(ui, g);
        break;
    case DR_EV_MOVE:
        move_played(ui, g, data);
        break;
    case DR_EV_UNDO:
    case DR_EV_REDO:
        move_undone_or_redone(ui, g, ev == DR_EV_UNDO);
        break;
    case DR_EV_OVER:
        game_over(ui, g);
        break;
    case DR_EV_DRAW_DECLINED:
        if (ui->session.hotseat)
            ui_say(ui, TONE_INFO, "%s declines the draw.",
                   dr_side_name(!dr_game_position(g)->side));
        else
            ui_say(ui, TONE_INFO, "The computer declines the draw and plays on.");
        break;
    case DR_EV_INFO:
        ui->search.info = *(const struct dr_search_info *)data;
        ui->search.root = *dr_game_position(g);
        ui->search.have = true;
        ui->dirty = false;
        ui->info_dirty = true;
        break;
    case DR_EV_MESSAGE:
        ui_say(ui, TONE_ERROR, "%s", (const char *)data);
        break;
    case DR_EV_QUIT:
        break;
    }
    play_autosave_news(ui);
}

/* Keys while the computer thinks. */
static void view_poll(void *ctx, struct dr_loop *loop, int timeout_ms)
{
    struct ui *ui = ctx;
    int64_t now = dr_monotonic_ms();
    if (!ui->search.think_start && dr_session_engine_thinking(&ui->session))
        ui->search.think_start = now;
    if (ui->dirty || ((ui->info_dirty || ui->search.think_start) && now - ui->last_draw >= 100))
        ui_draw(ui);
    int key = term_key(&ui->term, timeout_ms);
    if (key == UI_KEY_SIGNAL) {
        if (ui->exit != UI_EXIT_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            struct dr_action a = {DR_ACT_QUIT, {0, 0, 0, 0}, 0};
            dr_loop_post(loop, a);
        }
        return;
    }
    input_key(ui, key);
    clock_tick(ui);
}

/* A turn begins: Home and End make one undo or redo after another, drawn
 * as they go (# the same as far as its ply, then says where it is); or the
 * next move of a typed list is played. */
static void turn_begins(struct ui *ui)
{
    char say[300];
    if (dr_session_repeat_next(&ui->session, say, sizeof say))
        return;
    if (say[0])
        ui_say(ui, TONE_INFO, "%s", say);
    input_play_pasted(ui);
}

/* The hint, when its search has found one. */
static void hint_tick(struct ui *ui)
{
    bool running;
    struct dr_move m;
    if (!hint_poll(ui->hint.hinter, &running, &m))
        return;
    ui->hint.move = m;
    ui->hint.shown = true;
    char text[DR_MOVE_TEXT_LEN];
    dr_move_pdn(&ui->variant, dr_game_position(ui->session.game), &m, text);
    ui_say(ui, TONE_GOOD, "Hint: %s (marked ? on the board).", text);
}

static struct dr_action human_act(void *ctx, struct dr_loop *loop)
{
    struct ui *ui = ctx;
    (void)loop;
    dr_session_turn_begin(&ui->session);
    cursor_begin_turn(ui);
    turn_begins(ui);
    while (!dr_session_decided(&ui->session)) {
        study_tick(ui); /* the analysis follows the position shown */
        int64_t now = dr_monotonic_ms();
        if (ui->dirty || (ui->opt->clock_minutes > 0 && now - ui->last_draw >= 100))
            ui_draw(ui);
        int key = term_key(&ui->term, 50);
        if (key == UI_KEY_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            dr_session_act(&ui->session, DR_ACT_QUIT, NULL, 0);
            break;
        }
        input_key(ui, key);
        hint_tick(ui);
        clock_tick(ui); /* a flag fallen on this turn is its action */
    }
    hint_cancel(ui->hint.hinter);
    dr_turn_clear(&ui->turn);
    ui->ov.kind = ui->ov.kind == OV_HELP ? OV_HELP : OV_NONE;
    return dr_session_turn_end(&ui->session);
}

/* Hot-seat: the other person answers a draw offer at the same keyboard. */
static bool human_accept(void *ctx, struct dr_loop *loop)
{
    struct ui *ui = ctx;
    ui->ov.kind = OV_DRAW_OFFER;
    ui->dirty = true;
    for (;;) {
        if (ui->dirty)
            ui_draw(ui);
        int key = term_key(&ui->term, 50);
        if (key == UI_KEY_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            struct dr_action a = {DR_ACT_QUIT, {0, 0, 0, 0}, 0};
            dr_loop_post(loop, a);
            ui->ov.kind = OV_NONE;
            return false;
        }
        if (key == 'y' || key == 'Y' || key == 'n' || key == 'N' || key == 27) {
            ui->ov.kind = OV_NONE;
            ui->dirty = true;
            return key == 'y' || key == 'Y';
        }
        if (key == KEY_RESIZE)
            ui->dirty = true;
    }
}

struct dr_player play_human_player(struct ui *ui)
{
    struct dr_player p = {"You", false, true, ui, human_act, human_accept};
    return p;
}

struct dr_view play_board_view(struct ui *ui)
{
    struct dr_view v = {ui, view_event, view_poll};
    return v;
}
