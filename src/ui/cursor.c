/* The board's cursor: where it goes when a turn begins (a piece that can
 * move, one that must take), and the arrows moving it between the playing
 * squares only. */
#include "draughts/notation.h"
#include "ui.h"

void cursor_to(struct ui *ui, int sq)
{
    ui->view.cur_file = ui->variant.sq_file[sq];
    ui->view.cur_rank = ui->variant.sq_rank[sq];
}

void cursor_begin_turn(struct ui *ui)
{
    dr_turn_begin(&ui->turn, ui->session.game);
    if (ui->view.cur_file < 0 && ui->turn.legal.count)
        cursor_to(ui, ui->turn.legal.moves[0].from);
    /* a compulsory capture: the cursor goes to a piece that must take */
    int cur = ui_square(ui, ui->view.cur_file, ui->view.cur_rank);
    if (ui->turn.must_from && (cur < 0 || !((ui->turn.must_from >> cur) & 1))) {
        int sqs[DR_MAX_SQUARES];
        if (dr_squares_sorted(&ui->variant, ui->turn.must_from, sqs) > 0)
            cursor_to(ui, sqs[0]);
    }
    ui->dirty = true;
}

/* The playing square of rank r nearest to file aim (a tie goes to the
 * screen's right, step df), or -1 when the rank has none. */
static int nearest_file(const struct ui *ui, int r, int aim, int df)
{
    for (int d = 0; d < ui->variant.width; d++) {
        if (ui_square(ui, aim + d * df, r) >= 0)
            return aim + d * df;
        if (ui_square(ui, aim - d * df, r) >= 0)
            return aim - d * df;
    }
    return -1;
}

/* The cursor steps between playing squares only: sideways to the next one
 * on the rank, up or down to the one nearest the file it started from (so
 * that Up, Up zig-zags up one column of a dark-square board). */
void cursor_move(struct ui *ui, int dx, int dy)
{
    /* dx, dy are screen directions: right and up */
    int df = ui->view.flipped ? -1 : 1, f = ui->view.cur_file, r = ui->view.cur_rank;
    if (ui->view.aim_at != r * 16 + f)
        ui->view.aim_file = f;
    if (dx) {
        for (int g = f + dx * df; g >= 0 && g < ui->variant.width; g += dx * df) {
            if (ui_square(ui, g, r) >= 0) {
                ui->view.cur_file = ui->view.aim_file = g;
                break;
            }
        }
    } else if (dy) {
        int nr = r + dy * df, nf = nearest_file(ui, nr, ui->view.aim_file, df);
        if (nr >= 0 && nr < ui->variant.height && nf >= 0) {
            ui->view.cur_rank = nr;
            ui->view.cur_file = nf;
        }
    }
    ui->view.aim_at = ui->view.cur_rank * 16 + ui->view.cur_file;
    ui->dirty = true;
}

bool cursor_key(struct ui *ui, int key)
{
    if (key == KEY_LEFT || key == 'h')
        cursor_move(ui, -1, 0);
    else if (key == KEY_RIGHT || key == 'l')
        cursor_move(ui, 1, 0);
    else if (key == KEY_UP || key == 'k')
        cursor_move(ui, 0, 1);
    else if (key == KEY_DOWN || key == 'j')
        cursor_move(ui, 0, -1);
    else
        return false;
    return true;
}
