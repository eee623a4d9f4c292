#include "draughts/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "geometry.h"

void dr_square_name(const struct dr_variant *v, int sq, char out[DR_SQUARE_NAME_LEN])
{
    if (v->notation == DR_NOTATION_NUMERIC)
        snprintf(out, DR_SQUARE_NAME_LEN, "%d", v->sq_number[sq] % 100);
    else
        snprintf(out, DR_SQUARE_NAME_LEN, "%c%d", 'a' + v->sq_file[sq] % 26,
                 (v->sq_rank[sq] + 1) % 100);
}

int dr_square_parse(const struct dr_variant *v, const char *s, int *len)
{
    int i = 0;
    if (isdigit((unsigned char)s[0])) {
        long n = 0;
        while (isdigit((unsigned char)s[i]) && i < 6)
            n = n * 10 + (s[i++] - '0');
        *len = i;
        return n >= 1 && n <= v->nsquares ? v->number_sq[n] : -1;
    }
    int c = tolower((unsigned char)s[0]);
    if (c < 'a' || c > 'z' || !isdigit((unsigned char)s[1])) {
        *len = 0;
        return -1;
    }
    int rank = 0;
    for (i = 1; isdigit((unsigned char)s[i]) && i < 4; i++)
        rank = rank * 10 + (s[i] - '0');
    *len = i;
    return geometry_square(v, c - 'a', rank - 1);
}

int dr_square_order(const struct dr_variant *v, int sq)
{
    if (v->notation == DR_NOTATION_NUMERIC)
        return v->sq_number[sq];
    return v->sq_rank[sq] * v->width + v->sq_file[sq];
}

int dr_squares_sorted(const struct dr_variant *v, uint64_t set, int out[DR_MAX_SQUARES])
{
    int n = 0;
    while (set) {
        int sq = __builtin_ctzll(set);
        set &= set - 1;
        int j = n++;
        while (j > 0 && dr_square_order(v, out[j - 1]) > dr_square_order(v, sq)) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = sq;
    }
    return n;
}

void dr_squares_text(const struct dr_variant *v, uint64_t set, const char *last, char *out,
                     size_t size)
{
    int sqs[DR_MAX_SQUARES];
    int n = dr_squares_sorted(v, set, sqs);
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && i < 8 && len < size; i++) {
        char name[DR_SQUARE_NAME_LEN];
        dr_square_name(v, sqs[i], name);
        if (i > 0 && i == n - 1)
            len += (size_t)snprintf(out + len, size - len, " %s %s", last, name);
        else
            len += (size_t)snprintf(out + len, size - len, "%s%s", i ? ", " : "", name);
    }
    if (n > 8 && len < size)
        snprintf(out + len, size - len, ", ...");
}

static size_t append_square(const struct dr_variant *v, char *out, size_t at, char sep, int sq)
{
    char name[DR_SQUARE_NAME_LEN];
    dr_square_name(v, sq, name);
    int w = snprintf(out + at, DR_MOVE_TEXT_LEN - at, "%s%s", sep ? (char[]){sep, 0} : "", name);
    if (w < 0 || (size_t)w >= DR_MOVE_TEXT_LEN - at)
        return DR_MOVE_TEXT_LEN - 1;
    return at + (size_t)w;
}

void dr_move_canonical(const struct dr_variant *v, const struct dr_move *m,
                       char out[DR_MOVE_TEXT_LEN])
{
    out[0] = 0;
    size_t at = append_square(v, out, 0, 0, m->from);
    at = append_square(v, out, at, m->captures ? 'x' : '-', m->to);
    int caps[DR_MAX_SQUARES];
    int n = dr_squares_sorted(v, m->captures, caps);
    for (int i = 0; i < n; i++)
        at = append_square(v, out, at, 'x', caps[i]);
}

/* PDN 3.0: a full capture path names the squares where the piece turns and,
 * on a straight continuation, the square right behind each captured piece,
 * so that every written leg holds exactly one capture. */
static void write_path(const struct dr_variant *v, const struct dr_path *p,
                       char out[DR_MOVE_TEXT_LEN])
{
    size_t at = append_square(v, out, 0, 0, p->from);
    for (int i = 0; i + 1 < p->n; i++) {
        int sq = p->dirs[i + 1] != p->dirs[i] ? p->land[i] : p->caps[i] + v->shift[p->dirs[i]];
        at = append_square(v, out, at, v->capture_sep, sq);
    }
    append_square(v, out, at, v->capture_sep, p->to);
}

void dr_move_pdn(const struct dr_variant *v, const struct dr_position *pos,
                 const struct dr_move *m, char out[DR_MOVE_TEXT_LEN])
{
    out[0] = 0;
    if (!m->captures) {
        size_t at = append_square(v, out, 0, 0, m->from);
        append_square(v, out, at, '-', m->to);
        return;
    }
    struct dr_movelist list;
    dr_gen_moves(v, pos, &list);
    bool ambiguous = false;
    for (int i = 0; i < list.count; i++)
        if (list.moves[i].from == m->from && list.moves[i].to == m->to &&
            list.moves[i].captures != m->captures)
            ambiguous = true;
    struct dr_path p;
    if (ambiguous && dr_move_path(v, pos, m, &p)) {
        write_path(v, &p, out);
        return;
    }
    size_t at = append_square(v, out, 0, 0, m->from);
    append_square(v, out, at, v->capture_sep, m->to);
}

/* Squares named in move text, in order. */
struct move_text {
    int sq[DR_MAX_JUMPS + 2];
    int n;
};

static bool is_sep(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

static bool split_squares(const struct dr_variant *v, const char *text, struct move_text *t,
                          struct dr_error *err)
{
    t->n = 0;
    const char *s = text;
    while (*s) {
        if (is_sep(*s) && t->n > 0 && s[1] && !is_sep(s[1])) {
            s++;
            continue;
        }
        int len;
        int sq = dr_square_parse(v, s, &len);
        if (len == 0) {
            dr_error_set(err, "unexpected '%c' at column %d", *s, (int)(s - text) + 1);
            return false;
        }
        if (sq < 0) {
            dr_error_set(err, "'%.*s' is not a playing square of %s", len, s, v->name);
            return false;
        }
        if (t->n == DR_MAX_JUMPS + 2) {
            dr_error_set(err, "too many squares");
            return false;
        }
        t->sq[t->n++] = sq;
        s += len;
    }
    if (t->n < 2) {
        dr_error_set(err, "a move names at least two squares");
        return false;
    }
    return true;
}

/* Do the written intermediate squares fit the path?  Each must lie where a
 * jump could have landed: beyond its captured piece, up to the square the
 * piece did land on (a turning square, the square right behind the piece
 * or, in old files, every landing square), one jump each, in order. */
static bool path_visits(const struct dr_variant *v, const struct dr_path *p,
                        const struct move_text *t)
{
    int want = 1;
    for (int i = 0; i < p->n && want < t->n - 1; i++) {
        int d = p->dirs[i];
        for (int sq = p->caps[i]; sq != p->land[i];) {
            sq += v->shift[d];
            if (sq == t->sq[want]) {
                want++;
                break;
            }
        }
    }
    return want == t->n - 1;
}

struct match {
    const struct dr_variant *v;
    const struct move_text *t;
    const struct dr_movelist *legal;
    uint64_t ok[DR_MAX_MOVES / 64 + 1];
};

static void match_path(void *arg, const struct dr_path *p)
{
    struct match *m = arg;
    if (p->to != m->t->sq[m->t->n - 1] || !path_visits(m->v, p, m->t))
        return;
    for (int i = 0; i < m->legal->count; i++)
        if (m->legal->moves[i].to == p->to && m->legal->moves[i].captures == p->captures &&
            m->legal->moves[i].from == p->from)
            m->ok[i / 64] |= 1ULL << (i % 64);
}

/* Text with no separator and only digits ("3228"): try every split. */
static void split_digits(const struct dr_variant *v, const char *text,
                         const struct dr_movelist *legal, struct dr_movelist *out)
{
    size_t len = strlen(text);
    for (size_t cut = 1; cut < len && cut < 4; cut++) {
        char a[8], b[8];
        if (len - cut > 3)
            continue;
        snprintf(a, sizeof a, "%.*s", (int)cut, text);
        snprintf(b, sizeof b, "%s", text + cut);
        int la, lb, fa = dr_square_parse(v, a, &la), fb = dr_square_parse(v, b, &lb);
        if (fa < 0 || fb < 0)
            continue;
        for (int i = 0; i < legal->count; i++)
            if (legal->moves[i].from == fa && legal->moves[i].to == fb)
                out->moves[out->count++] = legal->moves[i];
    }
}

int dr_move_match(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                  struct dr_movelist *out, struct dr_error *err)
{
    struct dr_movelist legal;
    dr_gen_moves(v, pos, &legal);
    out->count = 0;
    size_t len = strlen(text);
    if (len > 0 && len <= 6 && strspn(text, "0123456789") == len &&
        v->notation == DR_NOTATION_NUMERIC) {
        split_digits(v, text, &legal, out);
        if (out->count)
            return out->count;
    }
    struct move_text t;
    if (!split_squares(v, text, &t, err))
        return 0;
    int from = t.sq[0], to = t.sq[t.n - 1];
    struct match m = {v, &t, &legal, {0}};
    if (t.n > 2)
        dr_capture_paths(v, pos, from, match_path, &m);
    for (int i = 0; i < legal.count; i++) {
        const struct dr_move *c = &legal.moves[i];
        if (c->from != from || c->to != to)
            continue;
        if (t.n > 2 && !((m.ok[i / 64] >> (i % 64)) & 1))
            continue;
        out->moves[out->count++] = *c;
    }
    if (!out->count)
        dr_error_set(err, "not a legal move here%s",
                     dr_has_capture(v, pos) ? " (a capture is compulsory)" : "");
    return out->count;
}

bool dr_move_parse(const struct dr_variant *v, const struct dr_position *pos, const char *text,
                   struct dr_move *out, struct dr_error *err)
{
    struct dr_movelist found;
    struct dr_error why;
    int n = dr_move_match(v, pos, text, &found, &why);
    if (n == 1) {
        *out = found.moves[0];
        return true;
    }
    if (n == 0)
        dr_error_set(err, "move '%s': %s", text, why.msg);
    else
        dr_error_set(err, "move '%s' is ambiguous: %d captures go from there to there; "
                     "write the path", text, n);
    return false;
}
