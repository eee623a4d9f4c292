/* Replaying a game's moves through the rules core into its tree: move
 * texts matched against the legal moves (a capture that two moves share is
 * settled by the moves that follow), variations, comments, NAGs and move
 * strengths; an illegal move is reported where it stands and the rest of its
 * line is skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "reader.h"

/* ---- move text ---- */

/* The move text without the spaces some files put inside moves. */
bool move_text(const struct token *t, char out[MAX_MOVE_TEXT + 1])
{
    size_t o = 0;
    for (size_t i = 0; i < t->len; i++) {
        if (t->text[i] == ' ' || t->text[i] == '\t')
            continue;
        if (o == MAX_MOVE_TEXT)
            return false;
        out[o++] = t->text[i];
    }
    out[o] = 0;
    return true;
}

/* Indices of the next moves of the line that token i is in (not those of
 * variations inside it), at most max. */
int line_moves_after(const struct reader *r, int i, int *out, int max)
{
    int n = 0, depth = 0;
    for (int k = i + 1; k < r->n_toks && n < max; k++) {
        enum tok_type ty = r->toks[k].type;
        if (ty == TOK_LPAREN) {
            depth++;
        } else if (ty == TOK_RPAREN) {
            if (depth-- == 0)
                break;
        } else if (depth == 0 && ty == TOK_MOVE) {
            out[n++] = k;
        }
    }
    return n;
}

enum { FOUND, ILLEGAL, AMBIGUOUS };

/* The most half-moves one capture is read from when a file writes each jump
 * as its own (a king's capture in international takes at most 20). */
enum { MAX_SPLIT_JUMPS = 24 };

/* How many of the moves next[0..n) replay from pos. */
static int replay_count(const struct reader *r, const struct dr_variant *v,
                        struct dr_position pos, const int *next, int n)
{
    int ok = 0;
    for (int j = 0; j < n; j++) {
        char text[MAX_MOVE_TEXT + 1];
        struct dr_movelist found;
        struct dr_error why;
        if (!move_text(&r->toks[next[j]], text) || dr_move_match(v, &pos, text, &found, &why) < 1)
            break;
        dr_make(v, &pos, &found.moves[0]);
        ok++;
    }
    return ok;
}

/* The move token i names in pos.  A capture that two moves share (same
 * start and end, different pieces taken) is settled by the moves that
 * follow when exactly one choice keeps the line legal longest. */
static int resolve_move(const struct reader *r, const struct dr_variant *v,
                        const struct dr_position *pos, int i, struct dr_move *out,
                        struct dr_error *why, int *choices)
{
    char text[MAX_MOVE_TEXT + 1];
    *choices = 1;
    if (!move_text(&r->toks[i], text)) {
        dr_error_set(why, "too long to be a move");
        return ILLEGAL;
    }
    struct dr_movelist found;
    int n = dr_move_match(v, pos, text, &found, why);
    if (n == 0)
        return ILLEGAL;
    *choices = n;
    if (n == 1) {
        *out = found.moves[0];
        return FOUND;
    }
    int next[LOOKAHEAD];
    int nn = line_moves_after(r, i, next, LOOKAHEAD);
    int best = -1, best_score = -1, runner_up = -1;
    for (int c = 0; c < n; c++) {
        struct dr_position p = *pos;
        dr_make(v, &p, &found.moves[c]);
        int score = replay_count(r, v, p, next, nn);
        if (score > best_score) {
            runner_up = best_score;
            best_score = score;
            best = c;
        } else if (score > runner_up) {
            runner_up = score;
        }
    }
    /* The best choice; when the moves that follow do not tell the choices
     * apart (the capture ends the line, or every choice keeps it legal),
     * the first one, with a warning: the file itself does not say. */
    *out = found.moves[best];
    if (best_score > runner_up)
        return FOUND;
    char path[DR_MOVE_TEXT_LEN];
    dr_move_canonical(v, out, path);
    dr_error_set(why, "%d captures go from there to there and the moves that follow do not "
                 "tell which was played; read as %s", n, path);
    return AMBIGUOUS;
}

/* Some exporters (an online server's English checkers) write every jump
 * of a multi-jump as its own half-move: "10x17 17x26".  When token i is a
 * capture that is not legal alone and the moves after it continue it from
 * its last square, the joined path names the move.  *used gets the number
 * of following move tokens it took; false when no join is legal. */
static bool join_split_capture(const struct reader *r, const struct dr_variant *v,
                               const struct dr_position *pos, int i, struct dr_move *out,
                               int *used_tokens, int *used)
{
    char joined[MAX_MOVE_TEXT + 1];
    if (!move_text(&r->toks[i], joined) || !strpbrk(joined, "xX:"))
        return false;
    int next[MAX_SPLIT_JUMPS];
    int n = line_moves_after(r, i, next, MAX_SPLIT_JUMPS);
    for (int j = 0; j < n; j++) {
        char part[MAX_MOVE_TEXT + 1];
        if (!move_text(&r->toks[next[j]], part))
            return false;
        /* "17x26" continues "...x17": the same square, then the rest */
        const char *last = joined + strlen(joined);
        while (last > joined && !strchr("xX:", last[-1]))
            last--;
        size_t sq = strlen(last), plen = strlen(part);
        if (sq == 0 || plen <= sq || strncmp(part, last, sq) || !strchr("xX:", part[sq]) ||
            strlen(joined) + plen - sq >= sizeof joined)
            return false;
        strcat(joined, part + sq);
        struct dr_movelist found;
        struct dr_error why;
        if (dr_move_match(v, pos, joined, &found, &why) >= 1) {
            *out = found.moves[0];
            *used = j + 1;
            for (int k = 0; k <= j; k++)
                used_tokens[k] = next[k];
            return true;
        }
    }
    return false;
}

/* ---- the start position, and a trial replay of the main line ---- */

/* Drop the empty fields some files write ("W::." for an empty board, a
 * trailing ":"), which the FEN grammar has no room for; a FEN with no piece
 * list left is an empty board.  out has room for strlen(fen) + 8. */
void fen_tidy(const char *fen, char *out)
{
    size_t o = 0;
    bool lists = false;
    const char *f = fen;
    for (int field = 0;; field++) {
        const char *end = strchr(f, ':');
        size_t n = end ? (size_t)(end - f) : strlen(f);
        const char *a = f, *b = f + n;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '.'))
            b--;
        /* Blanks carry nothing in a FEN ("W:W31, 32"): dropped. */
        size_t start = o;
        if (field > 0)
            out[o++] = ':';
        for (const char *c = a; c < b; c++)
            if (*c != ' ' && *c != '\t')
                out[o++] = *c;
        if (field > 0 && o == start + 1)
            o = start; /* an empty field */
        else
            lists |= field > 0 && strchr("WBwb", out[start + 1]);
        if (!end)
            break;
        f = end + 1;
    }
    if (!lists) {
        memcpy(out + o, ":W:B", 4);
        o += 4;
    }
    out[o] = 0;
}

bool start_position(const struct dr_variant *v, const struct setup *s, int side,
                    struct dr_position *pos, struct dr_error *err)
{
    if (!s->fen) {
        dr_position_start(v, pos);
        return true;
    }
    if (!dr_fen_parse(v, s->fen, pos, err))
        return false;
    if (s->side_q)
        pos->side = side;
    return true;
}

/* Replay the main line (indices mainline[0..n)) under v: how many moves are
 * legal, or -1 when the setup does not fit v.  With a "?" side, the side
 * that plays the first move. */
int trial(const struct reader *r, const struct dr_variant *v, const struct setup *s,
          const int *mainline, int n, int *side)
{
    int best = -1;
    for (int sd = DR_WHITE; sd <= (s->side_q ? DR_BLACK : DR_WHITE); sd++) {
        struct dr_position pos;
        struct dr_error err;
        if (!start_position(v, s, sd, &pos, &err))
            return -1;
        int ok = 0;
        for (; ok < n; ok++) {
            struct dr_move m;
            int choices;
            if (resolve_move(r, v, &pos, mainline[ok], &m, &err, &choices) == ILLEGAL)
                break;
            dr_make(v, &pos, &m);
        }
        if (ok > best) {
            best = ok;
            *side = sd;
        }
        if (ok == n)
            break;
    }
    return best;
}

/* ---- the tree ---- */

struct frame {
    struct dr_pdn_node *cur; /* the last move of this line (or where it starts) */
    struct dr_pdn_node *tail; /* the last sibling of cur: variations go after it */
    bool has_move;
    bool dead;       /* a move failed: skip the rest of this line */
    int skip_depth;  /* variations opened inside a dead line */
    char *pending;   /* comment before the line's first move */
    int line, col;   /* of the '(' */
};

static bool is_score(const char *s)
{
    size_t a = strspn(s, "0123456789");
    return a > 0 && s[a] == '-' && s[a + 1] && strspn(s + a + 1, "0123456789") == strlen(s + a + 1);
}

/* Replay the tokens into g's tree.  suffix is added to the message of a
 * main-line error (why the variant may be wrong). */
/* Comments are gathered while they go to the same place and stored in one
 * piece: appending each to the last would be quadratic in a file of many
 * comments in a row. */
struct pending_text {
    struct strbuf text;
    char **slot;
};

static void flush_comment(struct reader *r, struct dr_pdn_game *g, struct pending_text *p)
{
    if (p->slot && p->text.len && !game_append_text(g, p->slot, p->text.s, p->text.len))
        r->oom = true;
    if (p->text.failed)
        r->oom = true;
    p->text.len = 0;
    p->slot = NULL;
}

static void add_comment(struct reader *r, struct dr_pdn_game *g, struct pending_text *p,
                        char **slot, const struct token *t)
{
    if (slot != p->slot)
        flush_comment(r, g, p);
    p->slot = slot;
    if (p->text.len)
        sb_putc(&p->text, ' ');
    sb_putn(&p->text, t->text, t->len);
}

static bool is_joined(const int *joined, int n, int k)
{
    for (int i = 0; i < n; i++)
        if (joined[i] == k)
            return true;
    return false;
}

void replay(struct reader *r, struct dr_pdn_game *g, int game, bool has_setup_token,
            const char *suffix)
{
    struct pending_text pend = {{0}, NULL};
    const struct dr_variant *v = g->variant;
    struct frame st[MAX_NESTING + 2];
    int top = 0;
    memset(&st[0], 0, sizeof st[0]);
    st[0].cur = &g->root;
    int last_main = -1;
    for (int k = r->n_toks - 1; k >= 0 && last_main < 0; k--)
        if (r->toks[k].type == TOK_MOVE)
            last_main = k;
    const char *result_tag = dr_pdn_tag(g, "Result");
    bool first_setup = has_setup_token;
    int joined[MAX_SPLIT_JUMPS], n_joined = 0; /* move tokens a joined capture took */
    bool told_joined = false;
    char msg[300];

    for (int k = 0; k < r->n_toks && !r->oom; k++) {
        const struct token *t = &r->toks[k];
        struct frame *fr = &st[top];
        if (fr->dead) {
            if (t->type == TOK_LPAREN) {
                fr->skip_depth++;
            } else if (t->type == TOK_RPAREN && top > 0) {
                if (fr->skip_depth > 0)
                    fr->skip_depth--;
                else
                    top--;
            }
            continue;
        }
        if (t->type == TOK_MOVE || t->type == TOK_LPAREN || t->type == TOK_RPAREN)
            flush_comment(r, g, &pend);
        switch (t->type) {
        case TOK_MOVE: {
            struct dr_move m;
            struct dr_error why;
            int choices;
            if (is_joined(joined, n_joined, k))
                break; /* the rest of a multi-jump written in parts, taken */
            int res = resolve_move(r, v, &fr->cur->pos, k, &m, &why, &choices);
            int parts = 0;
            if (res == ILLEGAL &&
                join_split_capture(r, v, &fr->cur->pos, k, &m, joined, &parts)) {
                n_joined = parts;
                res = FOUND;
                char path[DR_MOVE_TEXT_LEN];
                dr_move_pdn(v, &fr->cur->pos, &m, path);
                say(msg, sizeof msg,
                    "one capture written as %d half-moves, a jump each; read as %s "
                    "(said once for the game)",
                    parts + 1, path);
                if (!told_joined)
                    add_diag(r, t->line, t->col, game, true, t->text, t->len, msg);
                told_joined = true;
            }
            if (res != ILLEGAL) {
                /* A variation's first move goes after the last alternative
                 * so far (known, not searched: a node may have thousands). */
                bool opens = !fr->has_move && top > 0;
                struct dr_pdn_node *node =
                    game_add_node_after(g, fr->cur, opens ? st[top - 1].tail : NULL, &m);
                if (!node) {
                    r->oom = true;
                    break;
                }
                if (opens)
                    st[top - 1].tail = node;
                fr->tail = node;
                node->pre_comment = fr->pending;
                fr->pending = NULL;
                fr->cur = node;
                fr->has_move = true;
                r->f->moves++;
                r->seen_pdn = true;
                if (res == AMBIGUOUS) {
                    add_diag(r, t->line, t->col, game, true, t->text, t->len, why.msg);
                } else if (!m.captures && (memchr(t->text, 'x', t->len) ||
                                            memchr(t->text, 'X', t->len))) {
                    /* "32x28": the x claims a capture the move does not make */
                    char plain[DR_MOVE_TEXT_LEN];
                    dr_move_pdn(v, &fr->cur->parent->pos, &m, plain);
                    say(msg, sizeof msg, "written as a capture but takes nothing; read as %s",
                        plain);
                    add_diag(r, t->line, t->col, game, true, t->text, t->len, msg);
                } else if (choices > 1) {
                    say(msg, sizeof msg,
                        "%d captures go from there to there; the moves that follow "
                        "show which one was played",
                        choices);
                    add_diag(r, t->line, t->col, game, true, t->text, t->len, msg);
                }
                break;
            }
            char text[MAX_MOVE_TEXT + 1] = "";
            move_text(t, text);
            /* "4-6" at the end of a Delfts-scored game: the result, written
             * where a terminator goes. */
            if (top == 0 && k == last_main && result_tag && is_score(text) &&
                !strcmp(text, result_tag)) {
                add_diag(r, t->line, t->col, game, true, t->text, t->len,
                         "not a move: read as the game's result (as its Result tag says)");
                break;
            }
            const char *side = dr_side_name(fr->cur->pos.side);
            if (res == ILLEGAL && !strncmp(why.msg, "not a legal move here", 21))
                say(msg, sizeof msg, "not a legal move for %s in %s%s%s", side, v->name,
                         why.msg + 21, top == 0 ? suffix : "");
            else
                say(msg, sizeof msg, "%s (%s, %s to move)%s", why.msg, v->name, side,
                         top == 0 ? suffix : "");
            add_diag(r, t->line, t->col, game, false, t->text, t->len, msg);
            fr->dead = true;
            break;
        }
        case TOK_LPAREN:
            if (top >= MAX_NESTING || !fr->has_move) {
                add_diag(r, t->line, t->col, game, false, NULL, 0,
                         top >= MAX_NESTING
                             ? "variations nested more than 64 deep; this one is skipped"
                             : "a variation '(' must follow the move it replaces; skipped");
                /* A dead frame swallows the variation up to its ')'.  Dead
                 * frames push nothing, so the stack holds MAX_NESTING + 2. */
                st[++top] = (struct frame){.cur = fr->cur, .dead = true};
                break;
            }
            st[++top] = (struct frame){.cur = fr->cur->parent, .line = t->line, .col = t->col};
            break;
        case TOK_RPAREN:
            if (top == 0)
                break; /* reported while gathering */
            if (!fr->has_move)
                add_diag(r, fr->line, fr->col, game, true, NULL, 0,
                         "a variation without moves; ignored");
            top--;
            break;
        case TOK_COMMENT:
            add_comment(r, g, &pend,
                        fr->has_move ? &fr->cur->comment
                        : top == 0   ? &g->root.comment
                                     : &fr->pending,
                        t);
            break;
        case TOK_NAG:
        case TOK_STRENGTH:
            if (!fr->has_move) {
                add_diag(r, t->line, t->col, game, true, NULL, 0,
                         t->type == TOK_NAG ? "a NAG before any move; ignored"
                                            : "a move strength before any move; ignored");
            } else if (t->type == TOK_NAG || (t->len == 1 && t->text[0] == '*')) {
                /* A glued '*' marks a forced move: PDN 3.0 writes it $7. */
                if (!dr_pdn_add_nag(fr->cur, t->type == TOK_NAG ? t->num : 7))
                    add_diag(r, t->line, t->col, game, true, NULL, 0,
                             "more than 6 NAGs on one move; the others are ignored");
            } else if (fr->cur->strength[0] || t->len >= DR_PDN_STRENGTH_LEN) {
                add_diag(r, t->line, t->col, game, true, NULL, 0,
                         "a second or overlong move strength; ignored");
            } else {
                memcpy(fr->cur->strength, t->text, t->len);
                fr->cur->strength[t->len] = 0;
            }
            break;
        case TOK_SETUP:
            if (first_setup && top == 0 && !fr->has_move) {
                first_setup = false; /* it gave the start position */
                break;
            }
            add_diag(r, t->line, t->col, game, false, NULL, 0,
                     "a setup /.../ after the first move is not supported; ignored");
            break;
        default: /* tags, move numbers, results: read elsewhere or decoration */
            break;
        }
    }
    flush_comment(r, g, &pend);
    sb_free(&pend.text);
    if (top > 0)
        add_diag(r, st[1].line, st[1].col, game, false, NULL, 0,
                 "this variation '(' is not closed before the game ends");
}

