/* Studying a game on the board: the live analysis of the position shown,
 * and the evaluation bar, and the key for them (a: analysis on/off).  On
 * by default in replays, off in two-player games, never against the
 * computer: its engine needs the processor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/annotate.h"
#include "draughts/notation.h"
#include "ui.h"

struct ui_study {
    struct ui_analysis *live;
    struct analysis_snapshot snap; /* the last one polled */
    bool replay_on, hotseat_on;    /* is the analysis wanted (a toggles) */
};

struct ui_study *study_new(void)
{
    struct ui_study *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->live = analysis_new();
    if (!s->live) {
        free(s);
        return NULL;
    }
    s->replay_on = true;
    return s;
}

void study_free(struct ui_study *s)
{
    if (!s)
        return;
    analysis_free(s->live);
    free(s);
}

static bool available(const struct ui *ui) { return ui->study && ui->game && !ui->engine; }

static bool *wanted(struct ui *ui)
{
    return ui->replay ? &ui->study->replay_on : &ui->study->hotseat_on;
}

bool study_bar_wanted(struct ui *ui) { return available(ui) && *wanted(ui); }

/* ---- keeping the engines on what is shown ---- */

void study_stop(struct ui *ui)
{
    if (!ui->study)
        return;
    analysis_stop(ui->study->live);
}

void study_tick(struct ui *ui)
{
    struct ui_study *s = ui->study;
    if (!available(ui)) {
        study_stop(ui);
        return;
    }
    if (*wanted(ui))
        analysis_start(s->live, &ui->variant, ui->game);
    else
        analysis_stop(s->live);
    if (analysis_poll(s->live, &s->snap))
        ui->dirty = true;
}

/* ---- text ---- */

/* "+0.35", "-1.20", "#7", "#-7": from White's side. */
static void score_text(int white, char *out, size_t size)
{
    char s[24];
    dr_annotate_format_score(white, s, sizeof s);
    snprintf(out, size, "%s%s", white > 0 && s[0] != '#' ? "+" : "", s);
}

/* "950", "85k", "1.2M" */
static void count_text(uint64_t n, char *out, size_t size)
{
    if (n < 10000)
        snprintf(out, size, "%llu", (unsigned long long)n);
    else if (n < 1000000)
        snprintf(out, size, "%lluk", (unsigned long long)(n / 1000));
    else
        snprintf(out, size, "%.1fM", (double)n / 1e6);
}

/* The live analysis of the position shown, when there is one. */
static const struct analysis_snapshot *live_here(const struct ui *ui)
{
    const struct analysis_snapshot *a = &ui->study->snap;
    if (!a->running || !dr_position_equal(&a->root, dr_game_position(ui->game)))
        return NULL;
    return a;
}

static int white_score(const struct analysis_snapshot *a)
{
    return a->root.side == DR_WHITE ? a->info.score : -a->info.score;
}

/* ---- the pane ---- */

static int live_lines(struct ui *ui, int y, int maxlines)
{
    struct ui_term *t = &ui->term;
    const struct analysis_snapshot *a = live_here(ui);
    int x = ui->lay.px, w = ui->lay.pw;
    attr_t title = term_attr(t, FG_TITLE, BG_NONE), dim = term_attr(t, FG_DIM, BG_NONE);
    char line[300], score[32], nodes[32], nps[32];
    if (!*wanted(ui) || dr_game_over(ui->game) || !a || !a->have) {
        const char *what = !*wanted(ui)         ? "Analysis off (a: on)"
                           : dr_game_over(ui->game) ? "Analysis: the game is over"
                                                    : "Analysis: thinking...";
        term_put(y, x, w, title, what);
        return 1;
    }
    score_text(white_score(a), score, sizeof score);
    snprintf(line, sizeof line, "Analysis  depth %d  %s", a->info.depth, score);
    term_put(y, x, w, title, line);
    if (maxlines < 2)
        return 1;
    count_text(a->info.nodes, nodes, sizeof nodes);
    count_text(a->info.nps, nps, sizeof nps);
    snprintf(line, sizeof line, "%s nodes  %s nps  %.1f s  (a: off)", nodes, nps,
             (double)a->info.time_ms / 1000.0);
    term_put(y + 1, x + 2, w - 2, dim, line);
    int ply = dr_game_ply(ui->game) + (dr_game_start(ui->game)->side != ui->variant.first_player);
    snprintf(line, sizeof line, "line: ");
    ui_pv_text(&ui->variant, &a->root, ply, a->info.pv, a->info.pv_len, line + 6,
               sizeof line - 6);
    return 2 + put_wrapped(y + 2, x + 2, w - 2, maxlines - 2 < 2 ? maxlines - 2 : 2,
                           term_attr(t, FG_DEFAULT, BG_NONE), line);
}

int study_pane(struct ui *ui, int y, int maxlines)
{
    if (!available(ui) || maxlines < 3)
        return 0;
    return live_lines(ui, y, maxlines - 1) + 1;
}

/* ---- the bar ---- */

void study_bar_draw(struct ui *ui)
{
    if (!ui->lay.barx || !available(ui))
        return;
    const struct analysis_snapshot *a = live_here(ui);
    bool known = a && a->have;
    int score = known ? white_score(a) : 0;
    gauge_bar(ui, ui->lay.by, ui->lay.barx, ui->variant.height * ui->lay.ch, known,
              dr_annotate_chances(score));
}

/* ---- keys ---- */

bool study_key(struct ui *ui, int key)
{
    if (key != 'a')
        return false;
    if (!available(ui)) {
        ui_say(ui, TONE_ERROR, "No analysis against the computer: it needs the processor.");
        return true;
    }
    bool *on = wanted(ui);
    *on = !*on;
    ui_say(ui, TONE_INFO, "Analysis %s.", *on ? "on" : "off");
    return true;
}
