/* Studying a game on the board: the live analysis of the position shown,
 * the evaluation bar, the graph of the line's scores and its marked moves,
 * and the keys for them (a: analysis on/off, ] and [: the next and the
 * previous marked move).  On by default in replays, off in two-player
 * games, never against the computer: its engine needs the processor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/annotate.h"
#include "draughts/notation.h"
#include "ui.h"

struct ui_study {
    struct ui_analysis *live;
    struct ui_scores *scores;
    struct analysis_snapshot snap; /* the last one polled */
    struct ui_line line;           /* the line shown, built when it changes */
    bool replay_on, hotseat_on;    /* is the analysis wanted (a toggles) */
    bool stale;                    /* the game changed: the line may have */
};

struct ui_study *study_new(void)
{
    struct ui_study *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->live = analysis_new();
    s->scores = scores_new();
    if (!s->live || !s->scores) {
        study_free(s);
        return NULL;
    }
    s->replay_on = true;
    s->stale = true;
    return s;
}

void study_free(struct ui_study *s)
{
    if (!s)
        return;
    analysis_free(s->live);
    scores_free(s->scores);
    line_free(&s->line);
    free(s);
}

static bool available(const struct ui *ui)
{
    return ui->study && ui->session.game && !ui->session.engine;
}

static bool *wanted(struct ui *ui)
{
    return ui->session.replay ? &ui->study->replay_on : &ui->study->hotseat_on;
}

bool study_bar_wanted(struct ui *ui) { return available(ui) && (ui->rp || *wanted(ui)); }

/* ---- keeping the engines on what is shown ---- */

void study_changed(struct ui *ui)
{
    if (ui->study)
        ui->study->stale = true;
}

void study_stop(struct ui *ui)
{
    if (!ui->study)
        return;
    analysis_stop(ui->study->live);
    scores_run(ui->study->scores, false);
    ui->study->stale = true;
}

/* The game's own moves as the line (a game of two players, or a replay that
 * left the file's line). */
static bool game_line(const struct dr_game *g, struct ui_line *l)
{
    int n = dr_game_ply(g);
    if (!line_reserve(l, n))
        return false;
    l->start = *dr_game_start(g);
    for (int i = 0; i < n; i++) {
        l->moves[i] = *dr_game_move(g, i);
        l->file_mark[i] = DR_MARK_NONE;
    }
    for (int i = 0; i <= n; i++)
        l->file_score[i] = SCORE_NONE;
    return true;
}

void study_tick(struct ui *ui)
{
    struct ui_study *s = ui->study;
    if (!available(ui)) {
        study_stop(ui);
        return;
    }
    bool on = *wanted(ui);
    if (s->stale) {
        s->stale = false;
        if ((ui->rp && replay_study_line(ui, &s->line)) || game_line(ui->session.game, &s->line))
            scores_set_line(s->scores, &ui->variant, &s->line);
    }
    if (on)
        analysis_start(s->live, &ui->variant, ui->session.game);
    else
        analysis_stop(s->live);
    scores_run(s->scores, on);
    bool fresh = analysis_poll(s->live, &s->snap);
    if (scores_poll(s->scores) || fresh)
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
    if (!a->running || !dr_position_equal(&a->root, dr_game_position(ui->session.game)))
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
    if (!*wanted(ui) || dr_game_over(ui->session.game) || !a || !a->have) {
        const char *what = !*wanted(ui)         ? "Analysis off (a: on)"
                           : dr_game_over(ui->session.game) ? "Analysis: the game is over"
                                                    : "Analysis: thinking...";
        term_put(y, x, w, title, what);
        return 1;
    }
    score_text(white_score(a), score, sizeof score);
    snprintf(line, sizeof line, "Analysis  depth %d  %s%s", a->info.depth, score,
             a->resting ? "  (rested)" : "");
    term_put(y, x, w, title, line);
    if (maxlines < 2)
        return 1;
    count_text(a->info.nodes, nodes, sizeof nodes);
    count_text(a->info.nps, nps, sizeof nps);
    snprintf(line, sizeof line, "%s nodes  %s nps  %.1f s  %s", nodes, nps,
             (double)a->info.time_ms / 1000.0, a->resting ? "(a: go on)" : "(a: off)");
    term_put(y + 1, x + 2, w - 2, dim, line);
    const struct dr_game *g = ui->session.game;
    int ply = dr_game_ply(g) + (dr_game_start(g)->side != ui->variant.first_player);
    snprintf(line, sizeof line, "line: ");
    ui_pv_text(&ui->variant, &a->root, ply, a->info.pv, a->info.pv_len, line + 6,
               sizeof line - 6);
    return 2 + put_wrapped(y + 2, x + 2, w - 2, maxlines - 2 < 2 ? maxlines - 2 : 2,
                           term_attr(t, FG_DEFAULT, BG_NONE), line);
}

/* "12." or "12..." for move i of the line. */
static void move_number(const struct ui *ui, int i, char *out, size_t size)
{
    int k = i + (ui->study->line.start.side != ui->variant.first_player);
    snprintf(out, size, "%d.%s", k / 2 + 1, k % 2 ? ".." : "");
}

/* "12... 19-24??": move i of the line with its mark. */
static void marked_move(const struct ui *ui, int i, char *out, size_t size)
{
    const struct ui_line *l = &ui->study->line;
    struct dr_position pos = l->start;
    for (int k = 0; k < i; k++)
        dr_make(&ui->variant, &pos, &l->moves[k]);
    char num[16], m[DR_MOVE_TEXT_LEN];
    move_number(ui, i, num, sizeof num);
    dr_move_pdn(&ui->variant, &pos, &l->moves[i], m);
    snprintf(out, size, "%s %s%s", num, m, dr_mark_text(scores_mark(ui->study->scores, i)));
}

static int marks_lines(struct ui *ui, int y, int maxlines)
{
    const struct ui_scores *sc = ui->study->scores;
    char text[600] = "Marked ([ ]: go): ", m[200];
    bool any = false;
    for (int i = 0; i + 1 < scores_positions(sc); i++) {
        if (scores_mark(sc, i) == DR_MARK_NONE)
            continue;
        marked_move(ui, i, m, sizeof m);
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, "%s%s", any ? ", " : "", m);
        any = true;
    }
    if (!any)
        snprintf(text, sizeof text, "%s", scores_busy(ui->study->scores)
                                              ? "Scoring the line..."
                                              : "No marked moves in this line.");
    return put_wrapped(y, ui->lay.px, ui->lay.pw, maxlines, term_attr(&ui->term, FG_MARK, BG_NONE),
                       text);
}

int study_pane(struct ui *ui, int y, int maxlines)
{
    if (!available(ui) || maxlines < 3)
        return 0;
    int used = live_lines(ui, y, maxlines - 2);
    if (scores_positions(ui->study->scores) > 1) {
        gauge_graph(ui, y + used++, ui->lay.px, ui->lay.pw, ui->study->scores,
                    dr_game_ply(ui->session.game));
        used += marks_lines(ui, y + used, maxlines - used < 2 ? maxlines - used : 2);
    }
    return used + 1;
}

/* ---- the bar ---- */

void study_bar_draw(struct ui *ui)
{
    if (!ui->lay.barx || !available(ui))
        return;
    const struct analysis_snapshot *a = live_here(ui);
    int score = 0;
    bool known = a && a->have;
    if (known)
        score = white_score(a);
    else
        known = scores_get(ui->study->scores, dr_game_ply(ui->session.game), &score);
    gauge_bar(ui, ui->lay.by, ui->lay.barx, ui->variant.height * ui->lay.ch, known,
              dr_annotate_chances(score));
}

/* ---- keys ---- */

/* The next (dir 1) or previous (-1) marked move from the position shown,
 * round the end of the line: the board goes to the position after it. */
static void go_to_mark(struct ui *ui, int dir)
{
    const struct ui_scores *sc = ui->study->scores;
    int n = scores_positions(sc) - 1, ply = dr_game_ply(ui->session.game);
    for (int k = 1; k <= n; k++) {
        int i = ((ply - 1 + dir * k) % n + n) % n;
        if (scores_mark(sc, i) == DR_MARK_NONE)
            continue;
        char m[200], say[300];
        marked_move(ui, i, m, sizeof m);
        snprintf(say, sizeof say, "Marked move %s: ply %d of %d.", m, i + 1, n);
        replay_go_to_ply(ui, i + 1, say);
        return;
    }
    ui_say(ui, TONE_ERROR, "%s", scores_busy(ui->study->scores)
                                     ? "No marked move yet: the line is being scored."
                                     : "No marked move in this line.");
}

bool study_key(struct ui *ui, int key)
{
    if (key != 'a' && key != ']' && key != '[')
        return false;
    if (!available(ui)) {
        if (key == 'a')
            ui_say(ui, TONE_ERROR, "No analysis against the computer: it needs the processor.");
        return key == 'a';
    }
    if (key == 'a' && *wanted(ui) && analysis_resting(ui->study->live)) {
        analysis_stop(ui->study->live); /* the next tick starts it again */
        ui_say(ui, TONE_INFO, "Analysis goes on.");
    } else if (key == 'a') {
        bool *on = wanted(ui);
        *on = !*on;
        ui_say(ui, TONE_INFO, "Analysis %s.", *on ? "on" : "off");
    } else if (ui->session.person.in_act) {
        go_to_mark(ui, key == ']' ? 1 : -1);
    }
    return true;
}
