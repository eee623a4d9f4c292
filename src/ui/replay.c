/* Replaying a PDN file: the list of its games, the tree of the game shown
 * (comments, move strengths, NAGs and variations), entering and leaving a
 * variation, and playing on from a replayed position.
 *
 * The loop's game holds the moves of the line being replayed, root first:
 * stepping stays plain undo and redo.  Entering or leaving a variation
 * changes the line, so the game is rebuilt from the line's moves (between
 * two actions of the person, while the loop waits for one) and the views
 * hear DR_EV_START as after a new game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/annotate.h"
#include "draughts/notation.h"
#include "draughts/pdn.h"
#include "ui.h"

struct ui_replay {
    struct dr_pdn_file file;
    int game;                        /* 1-based index of the game shown */
    const struct dr_pdn_node **line; /* root .. end of the line replayed */
    int nline, cap;
    struct dr_move *moves;           /* the main line, for the game set-up */
    struct dr_variant variant;       /* a game made in memory borrows this one */
};

struct ui_replay *replay_open(const char *path, char *why, int size)
{
    struct ui_replay *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(why, (size_t)size, "out of memory");
        return NULL;
    }
    if (!dr_pdn_read_file(path, NULL, &r->file)) {
        snprintf(why, (size_t)size, "out of memory");
        replay_free(r);
        return NULL;
    }
    if (r->file.n_games == 0) {
        if (r->file.n_diags)
            dr_pdn_diag_format(&r->file, &r->file.diags[0], why, (size_t)size);
        else
            snprintf(why, (size_t)size, "no game in the file");
        replay_free(r);
        return NULL;
    }
    return r;
}

struct ui_replay *replay_of_position(const struct dr_variant *v, const struct dr_position *start,
                                     char *why, int size)
{
    struct ui_replay *r = calloc(1, sizeof *r);
    struct dr_pdn_game **games = r ? calloc(1, sizeof *games) : NULL;
    if (games) {
        r->variant = *v;
        r->file.games = games;
        games[0] = dr_pdn_game_new(&r->variant, start);
        r->file.n_games = games[0] != NULL;
    }
    if (!r || !r->file.n_games || !dr_pdn_set_tag(games[0], "Event", "Set-up position") ||
        !dr_pdn_set_tag(games[0], "White", "White") ||
        !dr_pdn_set_tag(games[0], "Black", "Black")) {
        snprintf(why, (size_t)size, "out of memory");
        replay_free(r);
        return NULL;
    }
    return r;
}

void replay_free(struct ui_replay *r)
{
    if (!r)
        return;
    dr_pdn_file_free(&r->file);
    free(r->line);
    free(r->moves);
    free(r);
}

int replay_count(const struct ui_replay *r) { return r->file.n_games; }

/* The line: the path from the root to node, then node's main continuation. */
static bool line_through(struct ui_replay *r, const struct dr_pdn_node *node)
{
    int n = node->ply + 1;
    for (const struct dr_pdn_node *c = node->child; c; c = c->child)
        n++;
    if (n > r->cap) {
        const struct dr_pdn_node **l = realloc(r->line, sizeof *l * (size_t)n);
        if (!l)
            return false;
        r->line = l;
        r->cap = n;
    }
    for (const struct dr_pdn_node *p = node; p; p = p->parent)
        r->line[p->ply] = p;
    r->nline = node->ply + 1;
    for (const struct dr_pdn_node *c = node->child; c; c = c->child)
        r->line[r->nline++] = c;
    return true;
}

static void tag_or(const struct dr_pdn_game *g, const char *name, char *out, size_t size)
{
    const char *t = dr_pdn_tag(g, name);
    snprintf(out, size, "%s", t && strcmp(t, "?") ? t : "?");
}

bool replay_setup(struct ui_replay *r, int index, struct game_setup *s, char *why, int size)
{
    memset(s, 0, sizeof *s);
    if (index < 1 || index > r->file.n_games) {
        snprintf(why, (size_t)size, "no game %d in the file (it has %d)", index,
                 r->file.n_games);
        return false;
    }
    const struct dr_pdn_game *g = r->file.games[index - 1];
    if (!g->variant) {
        snprintf(why, (size_t)size, "game %d: its variant is not supported", index);
        for (int i = 0; i < r->file.n_diags; i++) /* the reader knows why */
            if (r->file.diags[i].game == index && !r->file.diags[i].warning) {
                dr_pdn_diag_format(&r->file, &r->file.diags[i], why, (size_t)size);
                break;
            }
        return false;
    }
    r->game = index;
    int n = dr_pdn_mainline_length(g);
    struct dr_move *moves = realloc(r->moves, sizeof *moves * (size_t)(n + 1));
    if (!moves || !line_through(r, &g->root)) {
        snprintf(why, (size_t)size, "out of memory");
        return false;
    }
    r->moves = moves;
    for (int i = 1; i < r->nline; i++)
        moves[i - 1] = r->line[i]->move;
    s->play.variant = *g->variant;
    s->play.start = g->root.pos;
    s->play.moves = moves;
    s->play.nmoves = r->nline - 1;
    s->play.hotseat = s->play.replay = true;
    s->play.human_side = DR_WHITE;
    char w[64], b[64], e[64];
    tag_or(g, "White", w, sizeof w);
    tag_or(g, "Black", b, sizeof b);
    tag_or(g, "Event", e, sizeof e);
    snprintf(s->title, sizeof s->title, "%s - %s%s%s", w, b, strcmp(e, "?") ? ", " : "",
             strcmp(e, "?") ? e : "");
    return true;
}

/* ---- lists ---- */

static void game_item(const struct ui *ui, int i, char *out, size_t size)
{
    const struct dr_pdn_game *g = ui->rp->file.games[i];
    char w[64], b[64], e[64], res[16];
    tag_or(g, "White", w, sizeof w);
    tag_or(g, "Black", b, sizeof b);
    tag_or(g, "Event", e, sizeof e);
    tag_or(g, "Result", res, sizeof res);
    snprintf(out, size, "%4d  %-20.20s %-20.20s %-24.24s %s", i + 1, w, b, e, res);
}

int replay_choose_game(struct ui *ui, struct ui_replay *r, int current)
{
    struct ui_replay *was = ui->rp;
    ui->rp = r; /* game_item reads the file through ui */
    int n = r->file.n_games, sel = current > 0 && current <= n ? current - 1 : 0, chosen = 0;
    char title[120];
    snprintf(title, sizeof title, "Games in the file (%d)", n);
    for (bool done = false; !done;) {
        erase();
        term_put(0, 0, ui->term.cols, term_attr(&ui->term, FG_TITLE, BG_NONE),
                 " Replay: choose a game");
        term_put(ui->term.rows - 1, 1, ui->term.cols - 2,
                 term_attr(&ui->term, ui->status.tone == TONE_ERROR ? FG_ERROR : FG_DEFAULT,
                           BG_NONE),
                 ui->status.text);
        list_box(ui, title,
                 "     #  White                Black                Event                    Result",
                 ui->from_menu ? "up/down: choose   Enter: replay it   q: back to the menu"
                                : "up/down: choose   Enter: replay it   q: quit", n, sel, game_item);
        refresh();
        int key = term_key(&ui->term, 200);
        if (key == UI_KEY_SIGNAL) {
            ui->exit = UI_EXIT_SIGNAL;
            done = true;
        } else if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
            chosen = sel + 1;
            done = true;
        } else if (key == 'q' || key == 'Q' || key == 27) {
            ui->exit = ui->from_menu ? UI_EXIT_MENU : UI_EXIT_QUIT;
            done = true;
        } else {
            list_move(key, n, &sel);
        }
    }
    ui->rp = was;
    return chosen;
}

/* ---- where the game is in the tree ---- */

/* The node shown: line[ply] while the game's moves are the line's. */
static const struct dr_pdn_node *current(const struct ui *ui)
{
    const struct ui_replay *r = ui->rp;
    if (!r || !ui->session.game)
        return NULL;
    int ply = dr_game_ply(ui->session.game);
    if (ply >= r->nline)
        return NULL;
    for (int i = 0; i < ply; i++)
        if (!dr_move_same(dr_game_move(ui->session.game, i), &r->line[i + 1]->move))
            return NULL;
    return r->line[ply];
}

int replay_line_plies(const struct ui *ui)
{
    return current(ui) ? ui->rp->nline - 1 : -1;
}

/* A variation starts at a node that is not its parent's main continuation. */
static bool starts_variation(const struct dr_pdn_node *n)
{
    return n->parent && n->parent->child != n;
}

/* Variations entered on the way to the position shown. */
static int depth(const struct ui *ui, int ply)
{
    int d = 0;
    for (int i = 1; i <= ply; i++)
        d += starts_variation(ui->rp->line[i]);
    return d;
}

static const char *nag_text(int nag)
{
    static const char *const t[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    return nag > 0 && nag < 7 ? t[nag] : NULL;
}

/* "32-28!": the move, its strength and NAGs ($1..$6 as ! ? !! ?? !? ?!). */
static void node_text(const struct ui *ui, const struct dr_pdn_node *n, char *out, size_t size)
{
    char m[DR_MOVE_TEXT_LEN];
    dr_move_pdn(&ui->variant, &n->parent->pos, &n->move, m);
    snprintf(out, size, "%s%s", m, n->strength);
    for (int i = 0; i < n->n_nags; i++) {
        size_t len = strlen(out);
        const char *s = nag_text(n->nags[i]);
        if (s)
            snprintf(out + len, size - len, "%s", s);
        else
            snprintf(out + len, size - len, " $%d", n->nags[i]);
    }
}

bool replay_move_text(const struct ui *ui, int i, char *out, size_t size)
{
    if (!current(ui) || i + 1 >= ui->rp->nline)
        return false;
    node_text(ui, ui->rp->line[i + 1], out, size);
    return true;
}

void replay_where(const struct ui *ui, char *out, size_t size)
{
    out[0] = 0;
    if (!ui->rp)
        return;
    int ply = dr_game_ply(ui->session.game);
    const struct dr_pdn_node *n = current(ui);
    int d = n ? depth(ui, ply) : 0;
    char game[40] = "";
    if (ui->rp->file.n_games > 1)
        snprintf(game, sizeof game, "game %d of %d", ui->rp->game, ui->rp->file.n_games);
    const char *line = !n ? "your own line" : d ? "in a variation" : "";
    snprintf(out, size, "%s%s%s", game, game[0] && line[0] ? ", " : "", line);
}

/* ---- what the file says of the line, for the score graph ---- */

/* The mark the file gives a move: its strength or NAG ?!, ? or ??. */
static enum dr_mark file_mark(const struct dr_pdn_node *n)
{
    static const char *const text[] = {"", "?!", "?", "??"};
    static const int nag[] = {0, 6, 2, 4};
    enum dr_mark m = DR_MARK_NONE;
    for (int k = DR_MARK_INACCURACY; k <= DR_MARK_BLUNDER; k++) {
        bool has = !strcmp(n->strength, text[k]);
        for (int i = 0; i < n->n_nags; i++)
            has = has || n->nags[i] == nag[k];
        if (has)
            m = (enum dr_mark)k;
    }
    return m;
}

bool replay_study_line(const struct ui *ui, struct ui_line *out)
{
    const struct ui_replay *r = ui->rp;
    if (!current(ui) || !line_reserve(out, r->nline - 1))
        return false;
    out->start = r->line[0]->pos;
    for (int i = 0; i < r->nline; i++) {
        const struct dr_pdn_node *n = r->line[i];
        if (!dr_annotate_parse_score(n->comment, &out->file_score[i]))
            out->file_score[i] = SCORE_NONE;
        if (i > 0) {
            out->moves[i - 1] = n->move;
            out->file_mark[i - 1] = file_mark(n);
        }
    }
    return true;
}

/* ---- the side pane ---- */

static int put_text(struct ui *ui, int y, int maxlines, enum ui_fg fg, const char *text)
{
    return put_wrapped(y, ui->lay.px, ui->lay.pw, maxlines, term_attr(&ui->term, fg, BG_NONE),
                       text);
}

/* "Next: 19-23; other moves here: 18-23, 17-22 (v: choose)" */
static void branches(const struct ui *ui, const struct dr_pdn_node *n, char *out, size_t size)
{
    int ply = dr_game_ply(ui->session.game);
    const struct dr_pdn_node *next = ply + 1 < ui->rp->nline ? ui->rp->line[ply + 1] : n->child;
    char m[80];
    node_text(ui, next, m, sizeof m);
    snprintf(out, size, "Next: %s; other moves here:", m);
    bool first = true;
    for (const struct dr_pdn_node *c = n->child; c; c = c->next) {
        if (c == next)
            continue;
        size_t len = strlen(out);
        node_text(ui, c, m, sizeof m);
        snprintf(out + len, size - len, "%s %s", first ? "" : ",", m);
        first = false;
    }
    size_t len = strlen(out);
    snprintf(out + len, size - len, " (v: choose)");
}

/* A comment as people read it: without the [%command ...] of programs
 * (the score, which the pane shows anyway, clock times, search figures).
 * False when nothing is left. */
static bool readable_comment(const char *c, char *out, size_t size)
{
    size_t len = 0;
    while (c && *c && len + 1 < size) {
        const char *close = c[0] == '[' && c[1] == '%' ? strchr(c, ']') : NULL;
        if (close) {
            c = close + 1;
            continue;
        }
        if (*c != ' ' || (len && out[len - 1] != ' '))
            out[len++] = *c;
        c++;
    }
    while (len && out[len - 1] == ' ')
        len--;
    out[len] = 0;
    return len > 0;
}

int replay_pane(struct ui *ui, int y, int maxlines)
{
    const struct dr_pdn_node *n = current(ui);
    int used = 0;
    char text[600];
    if (!ui->rp || maxlines < 1)
        return 0;
    if (!n) {
        used += put_text(ui, y, maxlines, FG_DIM,
                         "Your own line: not in the file. Backspace: back to the file's line.");
        return used + 1;
    }
    int ply = dr_game_ply(ui->session.game), d = depth(ui, ply);
    if (d) {
        snprintf(text, sizeof text, "In a variation (depth %d): Backspace leaves it.", d);
        used += put_text(ui, y + used, maxlines - used, FG_TITLE, text);
    }
    if (readable_comment(n->pre_comment, text, sizeof text) && used < maxlines)
        used += put_text(ui, y + used, maxlines - used > 2 ? 2 : maxlines - used, FG_GOOD, text);
    if (readable_comment(n->comment, text, sizeof text) && used < maxlines)
        used += put_text(ui, y + used, maxlines - used > 3 ? 3 : maxlines - used, FG_GOOD, text);
    if (n->child && n->child->next && used < maxlines) {
        branches(ui, n, text, sizeof text);
        used += put_text(ui, y + used, maxlines - used > 2 ? 2 : maxlines - used, FG_MARK, text);
    }
    return used ? used + 1 : 0;
}

/* ---- changing the line ---- */

/* Play the line's moves again from the start and stand at ply. */
static void rebuild(struct ui *ui, int ply)
{
    struct ui_replay *r = ui->rp;
    struct dr_game *g = ui->session.game;
    struct dr_position start = *dr_game_start(g);
    dr_game_reset(g, &start);
    for (int i = 1; i < r->nline; i++) {
        struct dr_error err;
        if (!dr_game_play(g, &r->line[i]->move, &err)) {
            r->nline = i; /* the reader replayed it: this cannot happen */
            break;
        }
    }
    while (dr_game_ply(g) > ply && dr_game_undo(g))
        ;
    dr_loop_notify(ui->session.loop, DR_EV_START, NULL);
    cursor_begin_turn(ui);
}

/* Follow node: the line through it, standing on it. */
static void go_to(struct ui *ui, const struct dr_pdn_node *node)
{
    if (!line_through(ui->rp, node)) {
        ui_say(ui, TONE_ERROR, "Out of memory.");
        return;
    }
    rebuild(ui, node->ply);
}

static void enter(struct ui *ui, const struct dr_pdn_node *node)
{
    char m[80];
    go_to(ui, node);
    node_text(ui, node, m, sizeof m);
    ui_say(ui, TONE_INFO, "%s%s. Backspace goes back to where it branched.",
           starts_variation(node) ? "Variation: " : "Main move: ", m);
}

/* Back to where the innermost variation entered so far branched off, on
 * the line it branched from; off the file's line, back to that line. */
static void leave(struct ui *ui)
{
    struct ui_replay *r = ui->rp;
    const struct dr_pdn_node *n = current(ui);
    if (!n) {
        /* stand where the person's own moves left the line */
        int ply = dr_game_ply(ui->session.game), k = 0;
        while (k < ply && k + 1 < r->nline &&
               dr_move_same(dr_game_move(ui->session.game, k), &r->line[k + 1]->move))
            k++;
        rebuild(ui, k);
        ui_say(ui, TONE_INFO, "Back on the file's line.");
        return;
    }
    for (int i = n->ply; i >= 1; i--)
        if (starts_variation(r->line[i])) {
            const struct dr_pdn_node *branch = r->line[i]->parent;
            if (!line_through(r, branch->child))
                return;
            rebuild(ui, branch->ply);
            ui_say(ui, TONE_INFO, "Left the variation: back where it branched off.");
            return;
        }
    ui_say(ui, TONE_ERROR, "Not in a variation.");
}

/* ---- the OV_LIST overlay: a variation, or who plays on ---- */

/* The moves at the position shown: the main continuation first. */
static const struct dr_pdn_node *branch_move(const struct ui *ui, int i)
{
    const struct dr_pdn_node *c = current(ui)->child;
    while (c && i-- > 0)
        c = c->next;
    return c;
}

static void list_item(const struct ui *ui, int i, char *out, size_t size)
{
    static const char *const play[PLAY_COUNT] = {
        "Play White against the computer", "Play Black against the computer",
        "Two players at this keyboard (hot-seat)"};
    if (ui->ov.list == LIST_PLAY) {
        snprintf(out, size, "%s", play[i]);
        return;
    }
    const struct dr_pdn_node *c = branch_move(ui, i);
    char m[80];
    node_text(ui, c, m, sizeof m);
    snprintf(out, size, "%s%s%s", m, i == 0 ? "  (main line)" : "",
             c->pre_comment ? "  - " : "");
    if (c->pre_comment) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s", c->pre_comment);
    }
}

void replay_list_draw(struct ui *ui)
{
    list_box(ui, ui->ov.list == LIST_PLAY ? "Play on from this position" : "Moves here", NULL,
             "up/down: choose   Enter: take it   Esc: cancel", ui->ov.list_n, ui->ov.list_sel,
             list_item);
}

static void open_list(struct ui *ui, enum ui_list what, int n, int sel)
{
    ui->ov.kind = OV_LIST;
    ui->ov.list = what;
    ui->ov.list_n = n;
    ui->ov.list_sel = sel;
    ui->dirty = true;
}

static void quit_to(struct ui *ui, enum ui_exit why)
{
    ui->exit = why;
    dr_session_act(&ui->session, DR_ACT_QUIT, NULL, 0);
}

static void list_take(struct ui *ui)
{
    if (ui->ov.list == LIST_PLAY) {
        ui->next.start = *dr_game_position(ui->session.game);
        ui->next.play_mode = (enum ui_play_mode)ui->ov.list_sel;
        quit_to(ui, UI_EXIT_PLAY);
    } else if (current(ui)) {
        enter(ui, branch_move(ui, ui->ov.list_sel));
    }
}

void replay_list_key(struct ui *ui, int key)
{
    ui->dirty = true;
    if (list_move(key, ui->ov.list_n, &ui->ov.list_sel))
        return;
    if (key == 27 || key == 'q') {
        ui->ov.kind = OV_NONE;
        ui_say(ui, TONE_INFO, "Cancelled.");
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
        ui->ov.kind = OV_NONE;
        list_take(ui);
    }
}

static void choose_variation(struct ui *ui)
{
    const struct dr_pdn_node *n = current(ui);
    if (!n) {
        ui_say(ui, TONE_ERROR, "Your own line has no variations. Backspace: back to the file.");
        return;
    }
    int count = 0, sel = 0;
    const struct dr_pdn_node *next =
        n->ply + 1 < ui->rp->nline ? ui->rp->line[n->ply + 1] : NULL;
    for (const struct dr_pdn_node *c = n->child; c; c = c->next, count++)
        if (c == next)
            sel = count;
    if (count < 2)
        ui_say(ui, TONE_ERROR, count ? "No variation here: one move only." : "No more moves.");
    else
        open_list(ui, LIST_VARIATIONS, count, sel);
}

/* ---- going to a move: # ---- */

/* "12" is the position after the first player's 12th move as the move list
 * numbers it, "12..." or "12b" after the second player's; "0" the start.
 * The game steps there by undo or redo, one at a time, like Home and End. */
void replay_goto(struct ui *ui, const char *text)
{
    struct dr_game *g = ui->session.game;
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (!*s) {
        ui_say(ui, TONE_INFO, "Cancelled.");
        return;
    }
    long n = 0;
    int digits = 0;
    while (isdigit((unsigned char)*s) && digits < 6) {
        n = n * 10 + (*s++ - '0');
        digits++;
    }
    int dots = 0;
    bool second = false;
    for (; *s == '.' || *s == ' '; s++)
        dots += *s == '.';
    if (*s == 'b' || *s == 'B') {
        second = true;
        s++;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (!digits || *s || dots == 2 || (second && dots >= 3)) {
        ui_say(ui, TONE_ERROR,
               "Go to move: \"%s\" is not a move number. Type e.g. 12, or 12... (or 12b) "
               "for the second player's move.", text);
        return;
    }
    second = second || dots >= 3;
    int first = ui->variant.first_player;
    int offset = dr_game_start(g)->side != first ? 1 : 0;
    int ply = dr_game_ply(g), total = ply + dr_game_redo_count(g);
    long target = n == 0 ? 0 : 2 * n - 1 - offset + (second ? 1 : 0);
    char say[200];
    if (n > 0 && target < 1) {
        ui_say(ui, TONE_ERROR, "Go to move: this game starts with %s's move 1; %s has none.",
               dr_side_name(!first), dr_side_name(first));
        return;
    }
    if (target > total) {
        snprintf(say, sizeof say, "Move %ld%s is beyond the end of the line: at its end, ply %d.",
                 n, second ? "..." : "", total);
        target = total;
    } else if (n == 0) {
        snprintf(say, sizeof say, "At the start of the line.");
    } else {
        snprintf(say, sizeof say, "Move %ld%s (%s): ply %ld of %d.", n, second ? "..." : "",
                 dr_side_name(second ? !first : first), target, total);
    }
    replay_go_to_ply(ui, (int)target, say);
}

void replay_go_to_ply(struct ui *ui, int target, const char *say)
{
    int ply = dr_game_ply(ui->session.game);
    dr_turn_put_back(&ui->turn);
    if (target == ply) {
        ui_say(ui, TONE_INFO, "%s", say);
        return;
    }
    enum dr_action_kind kind = target < ply ? DR_ACT_UNDO : DR_ACT_REDO;
    dr_session_repeat(&ui->session, kind, target, say);
    dr_session_act(&ui->session, kind, NULL, 0);
    ui->dirty = true;
}

bool replay_board_key(struct ui *ui, int key)
{
    if (!ui->rp || !ui->session.replay || !ui->session.person.in_act)
        return false;
    switch (key) {
    case 'v':
        choose_variation(ui);
        return true;
    case KEY_BACKSPACE:
    case 127:
    case 8:
        leave(ui);
        return true;
    case 'p':
        open_list(ui, LIST_PLAY, PLAY_COUNT, ui->cfg.mode == MODE_HOTSEAT ? PLAY_HOTSEAT : PLAY_WHITE);
        return true;
    case 'G':
        quit_to(ui, UI_EXIT_GAMES);
        return true;
    case '#':
        prompt_open(ui, PR_GOTO, NULL);
        return true;
    default:
        return false;
    }
}
