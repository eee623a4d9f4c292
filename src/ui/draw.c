/* The game screen drawn whole: board, evaluation bar, panes and the pop-up
 * on top, each frame erase + draw + one refresh.  Above every module that
 * draws a part of it, so that none of them needs another. */
#include "ui.h"

void ui_draw(struct ui *ui)
{
    layout_compute(ui, study_bar_wanted(ui));
    erase();
    if (ui->lay.too_small) {
        panes_too_small(ui);
    } else {
        board_draw(ui);
        study_bar_draw(ui);
        panes_draw(ui);
        overlay_draw(ui);
    }
    refresh();
    ui->dirty = ui->info_dirty = false;
    ui->last_draw = dr_monotonic_ms();
}

/* The pop-up on top: the replay's lists are its own, the others help.c's. */
void overlay_draw(struct ui *ui)
{
    if (ui->ov.kind == OV_LIST)
        replay_list_draw(ui);
    else
        help_overlay_draw(ui);
}
