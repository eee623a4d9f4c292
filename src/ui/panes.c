/* Everything around the board: the title, the side pane (players and
 * clocks, whose turn, compulsory captures, the draw counters that run, the
 * engine's search, the hint, the move list in PDN), the status line and the
 * keys that work now. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/notation.h"
#include "draughts/zobrist.h"
#include "keys.h"
#include "ui.h"

static void format_clock(int64_t ms, char *out, size_t size)
{
    if (ms < 0)
        ms = 0;
    int64_t s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(out, size, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    else if (ms < 10000)
        snprintf(out, size, "%d.%d", (int)(ms / 1000), (int)(ms / 100 % 10));
    else
        snprintf(out, size, "%d:%02d", (int)(s / 60), (int)(s % 60));
}

static void player_line(struct ui *ui, int y, int side)
{
    const struct dr_position *pos = dr_game_position(ui->session.game);
    struct ui_term *t = &ui->term;
    int x = ui->lay.px, w = ui->lay.pw;
    bool to_move = pos->side == side && !dr_game_over(ui->session.game);
    char who[128];
    if (ui->session.hotseat)
        who[0] = 0;
    else if (dr_session_is_human(&ui->session, side))
        snprintf(who, sizeof who, "You");
    else
        snprintf(who, sizeof who, "Computer (level %d)", ui->session.level);
    attr_t a = to_move ? term_attr(t, FG_TITLE, BG_NONE) : term_attr(t, FG_DEFAULT, BG_NONE);
    term_put(y, x, 2, a, to_move ? term_glyph(t, GL_ARROW) : " ");
    const char *piece = term_glyph(t, side == DR_WHITE ? GL_WMAN : GL_BMAN);
    term_put(y, x + 2, 2, term_attr(t, FG_DEFAULT, BG_NONE), piece);
    char line[200];
    snprintf(line, sizeof line, "%s%s%s", dr_side_name(side), *who ? "  " : "",
             who);
    int clock_w = ui->opt->clock_minutes > 0 ? 9 : 0;
    term_put(y, x + 4, w - 4 - clock_w, a, line);
    if (clock_w) {
        char c[16];
        format_clock(dr_clock_left(&ui->session.clock, side, dr_monotonic_ms()), c, sizeof c);
        term_put(y, x + w - (int)strlen(c), clock_w, a, c);
    }
}

static int counters_lines(struct ui *ui, int y, int maxlines)
{
    const struct dr_variant *v = &ui->variant;
    struct dr_counters c = dr_game_counters(ui->session.game);
    attr_t a = term_attr(&ui->term, FG_DEFAULT, BG_NONE);
    int x = ui->lay.px + 2, w = ui->lay.pw - 2, n = 0;
    char line[160];
    if (v->draw_kings_only_plies && c.kings_only > 0 && n < maxlines) {
        snprintf(line, sizeof line, "No capture or man move: %d of %d plies", c.kings_only,
                 v->draw_kings_only_plies);
        term_put(y + n++, x, w, a, line);
    }
    if (c.endgame_rule && n < maxlines) {
        snprintf(line, sizeof line, "Endgame rule: %d of %d plies", c.endgame, c.endgame_rule);
        term_put(y + n++, x, w, a, line);
    }
    if (v->draw_repetitions && n < maxlines) {
        int nk;
        const uint64_t *keys = dr_game_keys(ui->session.game, &nk);
        uint64_t now = dr_zobrist(dr_game_position(ui->session.game));
        int seen = 1;
        for (int i = 0; i < nk; i++)
            if (keys[i] == now)
                seen++;
        if (seen >= 2) {
            snprintf(line, sizeof line, "This position occurred %d times (draw at %d)", seen,
                     v->draw_repetitions);
            term_put(y + n++, x, w, a, line);
        }
    }
    return n;
}

static void score_text(const struct ui *ui, char *out, size_t size)
{
    int score = ui->search.info.score;
    int white = ui->search.root.side == DR_WHITE ? score : -score;
    int mag = abs(white);
    const char *who = white > 0 ? "White" : "Black";
    if (mag >= DR_SCORE_KNOWN_WIN) {
        int plies = DR_SCORE_WIN - mag;
        if (plies >= 0 && plies < DR_MAX_PLY)
            snprintf(out, size, "%s wins in %d plies", who, plies);
        else
            snprintf(out, size, "%s wins", who);
    } else if (mag < 10) {
        snprintf(out, size, "%+.2f (level)", white / 100.0);
    } else {
        snprintf(out, size, "%+.2f (%s better)", white / 100.0, who);
    }
}

static int engine_lines(struct ui *ui, int y, int maxlines)
{
    if (!ui->search.have || maxlines < 2)
        return 0;
    struct ui_term *t = &ui->term;
    const struct dr_variant *v = &ui->variant;
    int x = ui->lay.px + 2, w = ui->lay.pw - 2, n = 0;
    attr_t a = term_attr(t, FG_DEFAULT, BG_NONE), dim = term_attr(t, FG_DIM, BG_NONE);
    char score[64], line[256];
    score_text(ui, score, sizeof score);
    if (ui->search.info.depth == 0 && ui->search.info.nodes == 0) /* a move of the opening book */
        snprintf(line, sizeof line, "book move  score %s", score);
    else
        snprintf(line, sizeof line, "depth %d  score %s", ui->search.info.depth, score);
    term_put(y + n++, x, w, a, line);
    double nodes = (double)ui->search.info.nodes;
    if (nodes < 1e4)
        snprintf(line, sizeof line, "%.0f nodes  %.1f s", nodes, ui->search.info.time_ms / 1000.0);
    else
        snprintf(line, sizeof line, "%.1f%s nodes  %.1f s",
                 nodes >= 1e6 ? nodes / 1e6 : nodes / 1e3, nodes >= 1e6 ? "M" : "k",
                 ui->search.info.time_ms / 1000.0);
    term_put(y + n++, x, w, dim, line);
    /* the principal variation, replayed from the position searched */
    char pv[400] = "line: ";
    int len = ui->search.info.pv_len < 12 ? ui->search.info.pv_len : 12;
    ui_pv_text(v, &ui->search.root, -1, ui->search.info.pv, len, pv + 6, sizeof pv - 6);
    if (maxlines - n > 0)
        n += put_wrapped(y + n, x, w, maxlines - n > 2 ? 2 : maxlines - n, dim, pv);
    return n;
}

/* The turn line and what the person must know about it. */
static int turn_lines(struct ui *ui, int y, int maxlines)
{
    struct ui_term *t = &ui->term;
    struct dr_game *g = ui->session.game;
    const struct dr_position *pos = dr_game_position(g);
    int x = ui->lay.px, w = ui->lay.pw, n = 0;
    char line[300];
    if (dr_game_over(g)) {
        char s[200];
        dr_game_result_sentence(g, s, sizeof s);
        snprintf(line, sizeof line, "GAME OVER. %s.", s);
        n += put_wrapped(y, x, w, maxlines, term_attr(t, FG_GOOD, BG_NONE) | A_BOLD, line);
        return n;
    }
    const char *side = dr_side_name(pos->side);
    if (dr_session_engine_thinking(&ui->session)) {
        int64_t start = ui->search.think_start;
        double secs = start ? (double)(dr_monotonic_ms() - start) / 1000.0 : 0;
        snprintf(line, sizeof line, "The computer (%s) is thinking... %.1f s", side, secs);
    } else if (ui->session.hotseat) {
        snprintf(line, sizeof line, "%s to move", side);
    } else {
        snprintf(line, sizeof line, "Your move (%s)", side);
    }
    n += put_wrapped(y + n, x, w, maxlines - n, term_attr(t, FG_TITLE, BG_NONE), line);
    if (ui->turn.must_from && !dr_session_engine_thinking(&ui->session) && n < maxlines) {
        dr_turn_must_capture(&ui->turn, line, sizeof line);
        n += put_wrapped(y + n, x, w, maxlines - n, term_attr(t, FG_ERROR, BG_NONE), line);
    }
    return n;
}

static void moves_list(struct ui *ui, int y, int maxlines)
{
    ui->view.nmove_cells = 0;
    if (maxlines < 2)
        return;
    struct ui_term *t = &ui->term;
    struct dr_game *g = ui->session.game;
    const struct dr_variant *v = &ui->variant;
    int x = ui->lay.px, w = ui->lay.pw;
    int plies = dr_game_ply(g);
    int first = v->first_player;
    int offset = dr_game_start(g)->side != first ? 1 : 0;
    int colw = (w - 6) / 2;
    if (colw > 22)
        colw = 22;
    char head[96];
    snprintf(head, sizeof head, "Moves %-*s %s", colw, dr_side_name(first),
             first == DR_WHITE ? "Black" : "White");
    term_put(y, x, w, term_attr(t, FG_TITLE, BG_NONE), head);
    maxlines--;
    y++;
    /* replay: the whole line of the file, the moves still to come dimmed */
    int total = replay_line_plies(ui) > plies ? replay_line_plies(ui) : plies;
    int nlines = (total + offset + 1) / 2;
    int top = nlines > maxlines ? nlines - maxlines : 0;
    int now = (plies + offset + 1) / 2; /* keep the current move in view */
    if (now - 1 < top)
        top = now - 1 > maxlines / 2 ? now - 1 - maxlines / 2 : 0;
    if (total == 0) {
        term_put(y, x + 2, w - 2, term_attr(t, FG_DIM, BG_NONE), "(no moves yet)");
        return;
    }
    for (int line = top; line < nlines; line++) {
        int row = y + line - top;
        char num[16];
        snprintf(num, sizeof num, "%4d.", line + 1);
        term_put(row, x, 5, term_attr(t, FG_DIM, BG_NONE), num);
        for (int col = 0; col < 2; col++) {
            int i = line * 2 + col - offset;
            int cx = x + 6 + col * (colw + 1);
            if (i < 0) {
                term_put(row, cx, colw, term_attr(t, FG_DIM, BG_NONE), "...");
                continue;
            }
            if (i >= total)
                break;
            char m[DR_MOVE_TEXT_LEN + 40];
            if (!replay_move_text(ui, i, m, sizeof m))
                dr_move_pdn(v, dr_game_position_at(g, i), dr_game_move(g, i), m);
            attr_t a = i == plies - 1 ? term_attr(t, FG_DEFAULT, BG_LAST) | A_BOLD
                       : i >= plies   ? term_attr(t, FG_DIM, BG_NONE)
                                      : term_attr(t, FG_DEFAULT, BG_NONE);
            term_put(row, cx, colw, a, m);
            struct ui_board_view *bv = &ui->view;
            if (bv->nmove_cells < (int)(sizeof bv->move_cells / sizeof bv->move_cells[0]))
                bv->move_cells[bv->nmove_cells++] = (struct ui_move_cell){row, cx, colw, i + 1};
        }
    }
}

static void keys_line(struct ui *ui)
{
    const char *k;
    bool over = dr_game_over(ui->session.game);
    char buf[300];
    switch (ui->ov.kind) {
    case OV_HELP:
    case OV_TEXT:
        k = "any key: close";
        break;
    case OV_CONFIRM:
    case OV_DRAW_OFFER:
        k = "y yes   n no";
        break;
    case OV_CHOOSE:
        k = "up/down or 1-9: choose the capture   Enter: play it   Esc: cancel";
        break;
    case OV_LIST:
        k = "up/down: choose   Enter: take it   Esc: cancel";
        break;
    case OV_PROMPT:
        k = "Enter: done   Esc: cancel   Backspace: delete";
        break;
    default: {
        struct key_facts facts = {ui->session.hotseat, ui->from_menu, "", "", false};
        enum key_context context = over                     ? KC_OVER
                                   : dr_session_engine_thinking(&ui->session) ? KC_THINK
                                   : ui->turn.sel >= 0      ? KC_HOLD
                                   : ui->session.replay             ? KC_REPLAY
                                                            : KC_MOVE;
        keys_bar(&facts, context, buf, sizeof buf);
        k = buf;
        break;
    }
    }
    term_put(ui->lay.keys_y, 0, ui->term.cols, term_attr(&ui->term, FG_DIM, BG_NONE), k);
}

void panes_draw(struct ui *ui)
{
    struct ui_term *t = &ui->term;
    const struct dr_variant *v = &ui->variant;
    char title[600], vt[120];
    ui_variant_title(v, vt, sizeof vt);
    char where[120];
    replay_where(ui, where, sizeof where);
    if (ui->session.replay)
        snprintf(title, sizeof title, " %s - replay: %s (ply %d of %d)%s%s", vt,
                 ui->replay_title, dr_game_ply(ui->session.game),
                 dr_game_ply(ui->session.game) + dr_game_redo_count(ui->session.game),
                 where[0] ? " - " : "",
                 where);
    else if (ui->session.hotseat)
        snprintf(title, sizeof title, " %s - two players", vt);
    else
        snprintf(title, sizeof title, " %s - you play %s against level %d, %s", vt,
                 dr_side_name(ui->session.human_side), ui->session.level,
                 dr_level_name(ui->session.level));
    mvhline(0, 0, ' ' | term_attr(t, FG_TITLE, BG_NONE), t->cols);
    term_put(0, 0, t->cols, term_attr(t, FG_TITLE, BG_NONE), title);
    if (ui->view.flipped) {
        const char *f = "(board flipped) ";
        term_put(0, t->cols - (int)strlen(f), (int)strlen(f), term_attr(t, FG_DIM, BG_NONE), f);
    }

    int y = ui->lay.py, bottom = ui->lay.py + ui->lay.ph;
    int first = ui->view.flipped ? DR_WHITE : DR_BLACK; /* the side at the top first */
    player_line(ui, y++, first);
    player_line(ui, y++, !first);
    y++;
    y += turn_lines(ui, y, 3);
    int c = counters_lines(ui, y, 3);
    y += c;
    y++;
    if (ui->search.have && (dr_session_engine_thinking(&ui->session) || !ui->session.hotseat)) {
        term_put(y++, ui->lay.px, ui->lay.pw, term_attr(t, FG_TITLE, BG_NONE),
                 dr_session_engine_thinking(&ui->session) ? "Computer's search"
                                                          : "Computer's last search");
        y += engine_lines(ui, y, 4);
        y++;
    }
    /* analysis of the position shown, the score graph, marked moves */
    if (bottom - y > 10)
        y += study_pane(ui, y, bottom - y - 8 < 7 ? bottom - y - 8 : 7);
    /* replay: comments, variations, where the line is */
    if (ui->rp && bottom - y > 6)
        y += replay_pane(ui, y, bottom - y - 5 < 8 ? bottom - y - 5 : 8);
    if (ui->hint.shown) {
        char m[DR_MOVE_TEXT_LEN], line[200];
        dr_move_pdn(v, dr_game_position(ui->session.game), &ui->hint.move, m);
        snprintf(line, sizeof line, "Hint: %s (marked ?)", m);
        term_put(y++, ui->lay.px, ui->lay.pw, term_attr(t, FG_GOOD, BG_NONE), line);
        y++;
    }
    if (bottom - y >= 3)
        moves_list(ui, y, bottom - y);

    /* status line */
    enum ui_tone tone = ui->status.tone;
    enum ui_fg fg = tone == TONE_ERROR ? FG_ERROR : tone == TONE_GOOD ? FG_GOOD : FG_DEFAULT;
    term_put(ui->lay.status_y, 1, t->cols - 2, term_attr(t, fg, BG_NONE), ui->status.text);
    keys_line(ui);
}

void panes_too_small(struct ui *ui)
{
    struct ui_term *t = &ui->term;
    char line[200];
    int y = t->rows / 2 - 2;
    if (y < 0)
        y = 0;
    int w = t->cols - 2, rows = t->rows;
    attr_t a = term_attr(t, FG_ERROR, BG_NONE), d = term_attr(t, FG_DEFAULT, BG_NONE);
    y += term_put_wrapped(y, 1, w, rows - y, a, "The terminal is too small for the board.");
    snprintf(line, sizeof line, "Need %d x %d, have %d x %d.", ui->lay.need_cols,
             ui->lay.need_rows, t->cols, t->rows);
    y += term_put_wrapped(y, 1, w, rows - y, d, line);
    y += term_put_wrapped(y, 1, w, rows - y, d, "Enlarge the window or use a smaller font.");
    term_put_wrapped(y, 1, w, rows - y, term_attr(t, FG_DIM, BG_NONE),
                     "q quits; the game is kept.");
}
