/* Study a game's line with the engine and write what it found into PDN. */
#include "draughts/annotate.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/game.h"
#include "draughts/loop.h"
#include "draughts/movegen.h"

/* ---- searching a line ---- */

static int white_view(const struct dr_position *pos, int score)
{
    return pos->side == DR_WHITE ? score : -score;
}

/* A position the game's rules have already decided: no search, the result. */
static void annotate_decided(const struct dr_game *g, struct dr_annotation *a)
{
    enum dr_result r = dr_game_result(g);
    a->score = r == DR_WHITE_WINS ? DR_SCORE_WIN : r == DR_BLACK_WINS ? -DR_SCORE_WIN : 0;
}

static void annotate_search(struct dr_engine *e, const struct dr_game *g,
                            const struct dr_limits *limits, struct dr_annotation *a)
{
    memset(a, 0, sizeof *a);
    a->searched = true;
    if (dr_game_over(g)) {
        annotate_decided(g, a);
        return;
    }
    struct dr_game_context ctx;
    dr_game_engine_context(g, &ctx);
    struct dr_position pos = *dr_game_position(g);
    struct dr_search_info info;
    a->has_move = dr_engine_search(e, &pos, &ctx, limits, NULL, NULL, &a->best, &info);
    if (!a->has_move) {
        a->score = white_view(&pos, -DR_SCORE_WIN);
        return;
    }
    a->score = white_view(&pos, info.score);
    a->depth = info.depth;
    a->pv_len = 0;
    /* the line starts with the move the search returned (a forced move is
     * played at once, with no iteration behind it) */
    a->pv[a->pv_len++] = a->best;
    if (info.pv_len > 0 && dr_move_same(&info.pv[0], &a->best))
        for (int i = 1; i < info.pv_len && a->pv_len < DR_ANNOTATE_PV; i++)
            a->pv[a->pv_len++] = info.pv[i];
}

/* The game goes on after a position its rules call over (a file that
 * played past a repetition, say): go on from the position alone. */
static void annotate_advance(struct dr_game *g, const struct dr_move *m)
{
    if (dr_game_play(g, m, NULL))
        return;
    struct dr_position next = *dr_game_position(g);
    dr_make(dr_game_variant(g), &next, m);
    dr_game_reset(g, &next);
}

int dr_annotate_line(struct dr_engine *e, const struct dr_variant *v,
                     const struct dr_position *start, const struct dr_move *moves, int n,
                     const struct dr_limits *limits, struct dr_annotation *out,
                     dr_annotate_progress_fn progress, void *arg)
{
    struct dr_game *g = dr_game_new(v, start);
    if (!g)
        return 0;
    int done = 0;
    for (int i = 0; i <= n; i++) {
        annotate_search(e, g, limits, &out[i]);
        done = i + 1;
        if (progress && !progress(arg, done, n + 1, i))
            break;
        if (i < n)
            annotate_advance(g, &moves[i]);
    }
    dr_game_free(g);
    return done;
}

/* ---- judging moves ---- */

/* The scale: a man up in a level game is worth about 0.46 of a win. */
#define CHANCES_PER_CENTIMAN 0.01

double dr_annotate_chances(int score)
{
    if (score >= DR_SCORE_KNOWN_WIN)
        return 1.0;
    if (score <= -DR_SCORE_KNOWN_WIN)
        return -1.0;
    return 2.0 / (1.0 + exp(-CHANCES_PER_CENTIMAN * score)) - 1.0;
}

/* Chances thrown away for each mark: from a level game about 0.3, 0.55 and
 * 0.8 of a man (a man given away for nothing is a blunder, an engine's
 * noise of a tenth is not an inaccuracy); more when the game was decided
 * anyway, so that a won game won more slowly is not a string of marks. */
static const double mark_threshold[] = {0.0, 0.15, 0.27, 0.38};

enum dr_mark dr_annotate_mark(int mover, int before, int after)
{
    double lost = dr_annotate_chances(before) - dr_annotate_chances(after);
    if (mover != DR_WHITE)
        lost = -lost;
    enum dr_mark m = DR_MARK_NONE;
    for (int k = DR_MARK_INACCURACY; k <= DR_MARK_BLUNDER; k++)
        if (lost >= mark_threshold[k])
            m = (enum dr_mark)k;
    return m;
}

const char *dr_mark_text(enum dr_mark m)
{
    static const char *const text[] = {"", "?!", "?", "??"};
    return m >= DR_MARK_NONE && m <= DR_MARK_BLUNDER ? text[m] : "";
}

/* ---- scores as text ---- */

void dr_annotate_format_score(int score, char *out, size_t size)
{
    if (score >= DR_SCORE_KNOWN_WIN || score <= -DR_SCORE_KNOWN_WIN) {
        int plies = DR_SCORE_WIN - abs(score);
        snprintf(out, size, "#%s%d", score < 0 ? "-" : "", (plies + 1) / 2);
        return;
    }
    snprintf(out, size, "%s%d.%02d", score < 0 ? "-" : "", abs(score) / 100, abs(score) % 100);
}

static bool parse_win(const char *s, int *score)
{
    bool minus = *s == '-';
    s += minus || *s == '+';
    if (!isdigit((unsigned char)*s))
        return false;
    long moves = strtol(s, NULL, 10);
    if (moves > (DR_SCORE_WIN - DR_SCORE_KNOWN_WIN) / 2)
        moves = (DR_SCORE_WIN - DR_SCORE_KNOWN_WIN) / 2;
    int plies = moves > 0 ? (int)moves * 2 - 1 : 0;
    *score = minus ? -(DR_SCORE_WIN - plies) : DR_SCORE_WIN - plies;
    return true;
}

static bool parse_men(const char *s, int *score)
{
    char *end;
    double men = strtod(s, &end);
    if (end == s || !(men > -250 && men < 250))
        return false;
    *score = (int)lround(men * 100);
    return true;
}

bool dr_annotate_parse_score(const char *comment, int *score)
{
    const char *at = comment ? strstr(comment, "[%eval") : NULL;
    if (!at)
        return false;
    at += 6;
    if (*at != ' ' && *at != '\t')
        return false;
    while (*at == ' ' || *at == '\t')
        at++;
    return *at == '#' ? parse_win(at + 1, score) : parse_men(at, score);
}

/* ---- writing into PDN ---- */

/* text with any "[%eval ...]" taken out, after "[%eval X]". */
static bool set_eval_comment(struct dr_pdn_game *g, struct dr_pdn_node *node, int score)
{
    char eval[32];
    dr_annotate_format_score(score, eval, sizeof eval);
    const char *old = node->comment ? node->comment : "";
    /* as long as the user's text needs: no comment is ever cut */
    size_t size = strlen(old) * 2 + 64;
    char *buf = malloc(size);
    if (!buf)
        return false;
    size_t len = (size_t)snprintf(buf, size, "[%%eval %s]", eval);
    while (*old) {
        const char *cmd = strstr(old, "[%eval");
        const char *close = cmd ? strchr(cmd, ']') : NULL;
        size_t keep = close ? (size_t)(cmd - old) : strlen(old);
        buf[len++] = ' ';
        memcpy(buf + len, old, keep);
        len += keep;
        old = close ? close + 1 : old + keep;
    }
    buf[len] = 0;
    bool ok = dr_pdn_set_comment(g, node, buf);
    free(buf);
    return ok;
}

/* The engine's line from parent, as a variation beside the move played. */
static bool add_better_line(struct dr_pdn_game *g, struct dr_pdn_node *parent,
                            const struct dr_annotation *a)
{
    struct dr_pdn_node *at = parent;
    for (int i = 0; i < a->pv_len; i++) {
        struct dr_movelist legal;
        dr_gen_moves(g->variant, &at->pos, &legal);
        bool ok = false;
        for (int k = 0; k < legal.count && !ok; k++)
            ok = dr_move_same(&legal.moves[k], &a->pv[i]);
        if (!ok)
            break; /* a line cut short by the search's own draws */
        struct dr_pdn_node *next = dr_pdn_add_move(g, at, &a->pv[i]);
        if (!next)
            return false;
        if (i == 0 && !set_eval_comment(g, next, a->score))
            return false;
        at = next;
    }
    return true;
}

static bool annotate_move(struct dr_pdn_game *g, struct dr_pdn_node *node,
                          const struct dr_annotation *before, const struct dr_annotation *after)
{
    if (after->searched && !set_eval_comment(g, node, after->score))
        return false;
    if (!before->searched || !after->searched || !before->has_move ||
        dr_move_same(&before->best, &node->move))
        return true;
    enum dr_mark m = dr_annotate_mark(node->parent->pos.side, before->score, after->score);
    if (m == DR_MARK_NONE)
        return true;
    if (!node->strength[0])
        snprintf(node->strength, sizeof node->strength, "%s", dr_mark_text(m));
    return add_better_line(g, node->parent, before);
}

bool dr_annotate_game(struct dr_pdn_game *g, const struct dr_annotation *a, int n)
{
    if (!g->variant)
        return true;
    struct dr_pdn_node *node = g->root.child;
    for (int i = 1; i <= n && node; i++, node = node->child)
        if (!annotate_move(g, node, &a[i - 1], &a[i]))
            return false;
    return true;
}
