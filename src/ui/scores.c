/* The score of every position of the line shown, for the graph and the
 * marks: the file's own [%eval] where it has one, otherwise a quick search
 * of each position in a background pass (dr_annotate_line on an engine of
 * its own), published position by position as it goes.  When the line
 * changes, the scores of the positions it shares with the old one stay. */
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "ui.h"

#define PASS_HASH_MIB 8
#define PASS_DEPTH 8
#define PASS_MS 50

struct ui_scores {
    struct ui_worker w;
    struct ui_line line;          /* the worker reads it while a pass runs */
    int *score;                   /* n + 1: what the screen shows (UI thread) */
    int cap;

    /* the pass: positions from..n of the line */
    int from;
    struct dr_position from_pos;
    struct dr_annotation *out;    /* the worker's own results */
    int out_cap;

    pthread_mutex_t lock;         /* guards found, complete, fresh */
    int *found;                   /* n + 1: the pass's scores, SCORE_NONE for none yet */
    bool *found_best;             /* n + 1: the pass's best move was the move played */
    bool *best;                   /* n + 1: the same for the screen (UI thread) */
    bool complete;                /* the pass reached the end of the line */
    bool fresh;                   /* found changed since the last poll */
};

bool line_reserve(struct ui_line *l, int n)
{
    if (n + 1 > l->cap) {
        int cap = n + 64;
        struct dr_move *m = realloc(l->moves, sizeof *m * (size_t)cap);
        if (m)
            l->moves = m;
        int *s = realloc(l->file_score, sizeof *s * (size_t)cap);
        if (s)
            l->file_score = s;
        enum dr_mark *k = realloc(l->file_mark, sizeof *k * (size_t)cap);
        if (k)
            l->file_mark = k;
        if (!m || !s || !k)
            return false;
        l->cap = cap;
    }
    l->n = n;
    return true;
}

void line_free(struct ui_line *l)
{
    free(l->moves);
    free(l->file_score);
    free(l->file_mark);
    memset(l, 0, sizeof *l);
}

struct ui_scores *scores_new(void)
{
    struct ui_scores *s = calloc(1, sizeof *s);
    if (s && pthread_mutex_init(&s->lock, NULL) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

void scores_free(struct ui_scores *s)
{
    if (!s)
        return;
    worker_free(&s->w);
    pthread_mutex_destroy(&s->lock);
    line_free(&s->line);
    free(s->score);
    free(s->found);
    free(s->found_best);
    free(s->best);
    free(s->out);
    free(s);
}

/* ---- the pass (the worker's thread) ---- */

static bool on_progress(void *arg, int done, int total, int index)
{
    (void)done;
    (void)total;
    struct ui_scores *s = arg;
    if (worker_quitting(&s->w))
        return false; /* the search was cut short: its score means nothing */
    if (s->out[index].searched) {
        int i = s->from + index;
        bool best = i < s->line.n && s->out[index].has_move &&
                    dr_move_same(&s->out[index].best, &s->line.moves[i]);
        pthread_mutex_lock(&s->lock);
        s->found[i] = s->out[index].score;
        s->found_best[i] = best;
        s->fresh = true;
        pthread_mutex_unlock(&s->lock);
    }
    return true;
}

static void pass(void *arg)
{
    struct ui_scores *s = arg;
    struct dr_limits l;
    memset(&l, 0, sizeof l);
    l.depth = PASS_DEPTH;
    l.movetime_ms = PASS_MS;
    int n = s->line.n - s->from;
    int done = dr_annotate_line(s->w.engine, &s->w.variant, &s->from_pos, s->line.moves + s->from,
                                n, &l, s->out, on_progress, s);
    pthread_mutex_lock(&s->lock);
    s->complete = done == n + 1;
    pthread_mutex_unlock(&s->lock);
}

/* ---- the line (the UI thread) ---- */

/* Moves the old and new lines share from the same start in the same variant. */
static int shared_moves(const struct ui_scores *s, const struct dr_variant *v,
                        const struct ui_line *line)
{
    if (!s->w.engine || memcmp(&s->w.variant, v, sizeof *v) != 0 || !s->score ||
        !dr_position_equal(&s->line.start, &line->start))
        return -1;
    int k = 0;
    while (k < s->line.n && k < line->n && dr_move_same(&s->line.moves[k], &line->moves[k]))
        k++;
    return k;
}

static bool grow(struct ui_scores *s, int n)
{
    if (n + 1 <= s->cap)
        return true;
    int cap = n + 64;
    int *a = realloc(s->score, sizeof *a * (size_t)cap);
    if (a)
        s->score = a;
    int *b = realloc(s->found, sizeof *b * (size_t)cap);
    if (b)
        s->found = b;
    bool *c = realloc(s->found_best, sizeof *c * (size_t)cap);
    if (c)
        s->found_best = c;
    bool *d = realloc(s->best, sizeof *d * (size_t)cap);
    if (d)
        s->best = d;
    if (!a || !b || !c || !d)
        return false;
    s->cap = cap;
    return true;
}

/* The screen's scores: the file's where it has one, else the pass's. */
static void merge(struct ui_scores *s)
{
    for (int i = 0; i <= s->line.n; i++) {
        s->score[i] = s->line.file_score[i] != SCORE_NONE ? s->line.file_score[i] : s->found[i];
        s->best[i] = s->found_best[i];
    }
}

/* What the file says of the line (the worker never reads it). */
static void copy_file_notes(struct ui_scores *s, const struct ui_line *line)
{
    memcpy(s->line.file_score, line->file_score, sizeof(int) * (size_t)(line->n + 1));
    memcpy(s->line.file_mark, line->file_mark, sizeof(enum dr_mark) * (size_t)line->n);
}

bool scores_set_line(struct ui_scores *s, const struct dr_variant *v, const struct ui_line *line)
{
    int keep = shared_moves(s, v, line);
    if (keep == line->n && keep == s->line.n) { /* the same moves: the pass goes on */
        copy_file_notes(s, line);
        pthread_mutex_lock(&s->lock);
        merge(s);
        pthread_mutex_unlock(&s->lock);
        return true;
    }
    worker_stop(&s->w); /* it reads the line */
    if (!line_reserve(&s->line, line->n) || !grow(s, line->n) ||
        !worker_engine(&s->w, v, PASS_HASH_MIB)) {
        s->line.n = 0;
        free(s->score); /* no line: nothing to show */
        s->score = NULL;
        s->cap = 0;
        return false;
    }
    s->line.start = line->start;
    memcpy(s->line.moves, line->moves, sizeof *line->moves * (size_t)line->n);
    copy_file_notes(s, line);
    for (int i = keep < 0 ? 0 : keep + 1; i <= line->n; i++) {
        s->found[i] = SCORE_NONE;
        s->found_best[i] = false;
    }
    if (keep >= 0 && keep < line->n)
        s->found_best[keep] = false; /* the move after the shared part changed */
    s->complete = false;
    s->fresh = false;
    merge(s);
    return true;
}

/* Does the file leave any position of the line without a score?  (The
 * start alone does not count: annotated files score the moves.) */
static bool file_has_gaps(const struct ui_line *l)
{
    for (int i = 1; i <= l->n; i++)
        if (l->file_score[i] == SCORE_NONE)
            return true;
    return l->n == 0 && l->file_score[0] == SCORE_NONE;
}

/* The first position with no score from the file or a pass; n + 1: none. */
static int first_unscored(struct ui_scores *s)
{
    int i = 0;
    pthread_mutex_lock(&s->lock);
    while (i <= s->line.n && (s->line.file_score[i] != SCORE_NONE || s->found[i] != SCORE_NONE))
        i++;
    pthread_mutex_unlock(&s->lock);
    return i;
}

static bool start_pass(struct ui_scores *s, int from)
{
    int n = s->line.n - from;
    if (n + 1 > s->out_cap) {
        struct dr_annotation *o = realloc(s->out, sizeof *o * (size_t)(n + 1));
        if (!o)
            return false;
        s->out = o;
        s->out_cap = n + 1;
    }
    s->from = from;
    s->from_pos = s->line.start;
    for (int i = 0; i < from; i++)
        dr_make(&s->w.variant, &s->from_pos, &s->line.moves[i]);
    return worker_start(&s->w, pass, s);
}

void scores_run(struct ui_scores *s, bool on)
{
    if (!on) {
        worker_stop(&s->w);
        return;
    }
    if (worker_running(&s->w) || !s->score || !file_has_gaps(&s->line))
        return;
    pthread_mutex_lock(&s->lock);
    bool complete = s->complete;
    pthread_mutex_unlock(&s->lock);
    int from = first_unscored(s);
    if (!complete && from <= s->line.n)
        start_pass(s, from);
}

bool scores_poll(struct ui_scores *s)
{
    if (!s->score)
        return false;
    pthread_mutex_lock(&s->lock);
    bool fresh = s->fresh;
    if (fresh)
        merge(s);
    s->fresh = false;
    pthread_mutex_unlock(&s->lock);
    return fresh;
}

int scores_positions(const struct ui_scores *s) { return s->score ? s->line.n + 1 : 0; }

bool scores_get(const struct ui_scores *s, int i, int *score)
{
    if (i < 0 || i >= scores_positions(s) || s->score[i] == SCORE_NONE)
        return false;
    *score = s->score[i];
    return true;
}

enum dr_mark scores_mark(const struct ui_scores *s, int i)
{
    if (i < 0 || i + 1 >= scores_positions(s))
        return DR_MARK_NONE;
    if (s->line.file_mark[i] != DR_MARK_NONE)
        return s->line.file_mark[i];
    if (s->best[i])
        return DR_MARK_NONE; /* the engine's own choice: a swing is its noise */
    int before, after;
    if (!scores_get(s, i, &before) || !scores_get(s, i + 1, &after))
        return DR_MARK_NONE;
    int mover = i % 2 ? !s->line.start.side : s->line.start.side;
    return dr_annotate_mark(mover, before, after);
}

bool scores_busy(struct ui_scores *s) { return worker_running(&s->w); }
