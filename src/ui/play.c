/* The person at the keyboard as a player of the game loop (act: read keys
 * until a move or a command is complete) and the board as its view (event:
 * the game changed; poll: keys while the computer thinks). */
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"
#include "ui.h"

static const char *mover_name(const struct ui *ui, int side)
{
    if (ui->hotseat)
        return dr_side_name(side);
    return ui_is_human(ui, side) ? "You" : "The computer";
}

static void game_started(struct ui *ui, struct dr_game *g)
{
    int ply = dr_game_ply(g);
    ui->paste.moves[0] = 0; /* a typed list of moves was for the game before */
    if (ui->engine)
        dr_engine_player_stop_ponder(ui->engine);
    ui->last.have = ui->search.have = ui->hint.shown = false;
    dr_turn_clear(&ui->turn);
    ui->ov.kind = OV_NONE;
    ui->search.think_start = 0;
    ui->player.flag_pending = false;
    dr_clock_start(&ui->clock, (int64_t)ui->opt->clock_minutes * 60000,
                   (int64_t)ui->opt->clock_increment * 1000, dr_game_position(g)->side,
                   dr_monotonic_ms());
    if (ply > 0) {
        ui->last.have = true;
        ui->last.move = *dr_game_move(g, ply - 1);
        ui_say(ui, TONE_INFO, "Game continued after %d plies. %s to move.", ply,
               dr_side_name(dr_game_position(g)->side));
    } else {
        ui_say(ui, TONE_INFO, "New game. %s moves first.",
               dr_side_name(dr_game_position(g)->side));
    }
    if (ui->autosave.note[0]) /* where the game is kept, before anything else */
        ui_say(ui, TONE_ERROR, "%s", ui->autosave.note);
    if (ui->next.note[0]) {
        ui_say(ui, TONE_INFO, "%s", ui->next.note);
        ui->next.note[0] = 0;
    }
    limits_update(ui);
    save_autosave(ui);
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
    dr_clock_moved(&ui->clock, before->side, dr_monotonic_ms());
    if (!ui->hotseat && !ui_is_human(ui, before->side))
        ui_say(ui, TONE_INFO, "The computer played %s.%s", text,
               dr_game_over(g) ? "" : " Your move.");
    else
        ui_say(ui, TONE_INFO, "%s played %s.", mover_name(ui, before->side), text);
    limits_update(ui);
    save_autosave(ui);
}

static void move_undone_or_redone(struct ui *ui, struct dr_game *g, bool undo)
{
    int ply = dr_game_ply(g);
    ui->paste.moves[0] = 0; /* the list's moves were for the position left */
    if (ui->engine) /* its expected reply was for another position */
        dr_engine_player_stop_ponder(ui->engine);
    ui->last.have = ply > 0;
    if (ply > 0)
        ui->last.move = *dr_game_move(g, ply - 1);
    ui->hint.shown = false;
    ui->search.think_start = 0;
    dr_turn_put_back(&ui->turn);
    dr_clock_turn(&ui->clock, dr_game_position(g)->side, dr_monotonic_ms());
    if (ui->replay)
        ui->status.text[0] = 0; /* the header shows the ply: "Redone" means nothing here */
    else
        ui_say(ui, TONE_INFO, "%s. %s to move (ply %d).", undo ? "Taken back" : "Redone",
               dr_side_name(dr_game_position(g)->side), ply);
    limits_update(ui);
    save_autosave(ui);
}

static void game_over(struct ui *ui, struct dr_game *g)
{
    ui->paste.moves[0] = 0;
    if (ui->engine)
        dr_engine_player_stop_ponder(ui->engine);
    char s[200];
    dr_game_result_sentence(g, s, sizeof s);
    ui_say(ui, TONE_GOOD, "Game over. %s. Press n for a new game, u to take back, s to save.", s);
    ui->search.think_start = 0;
    dr_clock_stop(&ui->clock, dr_monotonic_ms());
    save_autosave(ui);
}

static void view_event(void *ctx, struct dr_loop *loop, enum dr_event ev, const void *data)
{
    struct ui *ui = ctx;
    struct dr_game *g = dr_loop_game(loop);
    ui->loop = loop;
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
        if (ui->hotseat)
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
}

/* Keys while the computer thinks. */
static void view_poll(void *ctx, struct dr_loop *loop, int timeout_ms)
{
    struct ui *ui = ctx;
    ui->loop = loop;
    int64_t now = dr_monotonic_ms();
    if (!ui->search.think_start && ui_engine_thinking(ui))
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
    limits_clock_tick(ui);
}

static struct dr_action human_act(void *ctx, struct dr_loop *loop)
{
    struct ui *ui = ctx;
    ui->loop = loop;
    ui->player.in_act = true;
    ui->player.have_action = false;
    cursor_begin_turn(ui);
    /* Home and End: one undo or redo after another, drawn as they go; # (go
     * to move) the same as far as ply repeat.to, then says where it is */
    int ply = dr_game_ply(ui->game);
    if (ui->repeat.kind == DR_ACT_UNDO && ply > 0 && ply > ui->repeat.to) {
        ui->player.action.kind = DR_ACT_UNDO;
        ui->player.have_action = true;
    } else if (ui->repeat.kind == DR_ACT_REDO && dr_game_redo_count(ui->game) > 0 &&
               (ui->repeat.to < 0 || ply < ui->repeat.to)) {
        ui->player.action.kind = DR_ACT_REDO;
        ui->player.have_action = true;
    } else if (ui->repeat.kind != DR_ACT_NONE) {
        ui->repeat.kind = DR_ACT_NONE;
        if (ui->repeat.say[0])
            ui_say(ui, TONE_INFO, "%s", ui->repeat.say);
        ui->repeat.say[0] = 0;
    }
    if (!ui->player.have_action && ui->paste.moves[0])
        input_play_pasted(ui); /* the next move of a typed list */
    while (!ui->player.have_action) {
        study_tick(ui); /* the analysis follows the position shown */
        int64_t now = dr_monotonic_ms();
        if (ui->dirty || (ui->opt->clock_minutes > 0 && now - ui->last_draw >= 100))
            ui_draw(ui);
        int key = term_key(&ui->term, 50);
        if (key == UI_KEY_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            ui->player.action.kind = DR_ACT_QUIT;
            ui->player.have_action = true;
            break;
        }
        input_key(ui, key);
        bool running;
        struct dr_move m;
        if (hint_poll(ui->hint.hinter, &running, &m)) {
            ui->hint.move = m;
            ui->hint.shown = true;
            char text[DR_MOVE_TEXT_LEN];
            dr_move_pdn(&ui->variant, dr_game_position(ui->game), &m, text);
            ui_say(ui, TONE_GOOD, "Hint: %s (marked ? on the board).", text);
        }
        limits_clock_tick(ui);
        if (ui->player.flag_pending && !ui->player.have_action) {
            ui->player.flag_pending = false;
            ui->player.action.kind = DR_ACT_FLAG;
            ui->player.have_action = true;
        }
    }
    hint_cancel(ui->hint.hinter);
    ui->player.in_act = false;
    dr_turn_clear(&ui->turn);
    ui->ov.kind = ui->ov.kind == OV_HELP ? OV_HELP : OV_NONE;
    return ui->player.action;
}

/* Hot-seat: the other person answers a draw offer at the same keyboard. */
static bool human_accept(void *ctx, struct dr_loop *loop)
{
    struct ui *ui = ctx;
    ui->loop = loop;
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
