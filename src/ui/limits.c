/* The computer's limits for its next move, and the flag when a clock runs
 * out: below both the keys (+ and - change the level) and the player loop,
 * which call them. */
#include "ui.h"

/* The computer's effort for its next move: the level's, shortened by the
 * clock when there is one.  Called between searches only (the loop's
 * events come while the computer is not thinking). */
void limits_update(struct ui *ui)
{
    if (!ui->engine)
        return;
    /* called after every move, the computer's too: a ponder search that
     * has just begun is left alone unless the level no longer ponders */
    int threads = dr_level_threads(ui->level);
    if (dr_engine_threads(dr_engine_player_engine(ui->engine)) != threads)
        dr_engine_player_set_threads(ui->engine, threads);
    dr_engine_player_set_ponder(ui->engine, ui->cfg.ponder && dr_level_ponders(ui->level));
    struct dr_limits l;
    dr_level_limits(ui->level, &l);
    dr_clock_limits(&ui->clock, !ui->human_side, dr_monotonic_ms(), &l);
    dr_engine_player_set_limits(ui->engine, &l);
}

void limits_clock_tick(struct ui *ui)
{
    int side;
    if (dr_game_over(ui->game) || !dr_clock_flag_fell(&ui->clock, dr_monotonic_ms(), &side))
        return;
    ui_say(ui, TONE_ERROR, "%s's time is up.", dr_side_name(side));
    if (ui_is_human(ui, side)) {
        ui->player.flag_pending = true;
    } else if (ui->loop) {
        struct dr_action a = {DR_ACT_FLAG, {0, 0, 0, 0}, 0};
        dr_loop_post(ui->loop, a); /* the thinking engine hands it to the loop */
    }
}
