/* The strict PDN writer (PDN 3.0 writing grammar) and atomic saving. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "draughts/fen.h"
#include "draughts/notation.h"
#include "internal.h"

enum { WIDTH = 79 }; /* lines stay under 80 columns */

struct writer {
    struct strbuf *b;
    const struct dr_variant *v;
    int col;
    bool glue; /* no space before the next token (after '(') */
};

static int text_width(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            w++;
    return w;
}

/* One movetext token, wrapped: a token never splits across lines. */
static void emit(struct writer *w, const char *s, size_t n)
{
    int width = text_width(s, n);
    if (w->col > 0) {
        int need = w->glue ? width : width + 1;
        if (w->col + need > WIDTH) {
            sb_putc(w->b, '\n');
            w->col = 0;
        } else if (!w->glue) {
            sb_putc(w->b, ' ');
            w->col++;
        }
    }
    sb_putn(w->b, s, n);
    w->col += width;
    w->glue = false;
}

static void emit_str(struct writer *w, const char *s) { emit(w, s, strlen(s)); }

/* {text}: split at spaces so that long comments wrap; '}' cannot be written
 * inside a PDN comment and becomes ')'. */
static void emit_comment(struct writer *w, const char *text)
{
    size_t n = strlen(text);
    char *c = malloc(n + 3);
    if (!c) {
        w->b->failed = true;
        return;
    }
    c[0] = '{';
    size_t o = 1;
    for (size_t i = 0; i < n; i++)
        c[o++] = text[i] == '}' ? ')' : text[i];
    c[o++] = '}';
    c[o] = 0;
    for (size_t i = 0; i < o;) {
        size_t j = i;
        while (j < o && c[j] != ' ')
            j++;
        emit(w, c + i, j - i);
        i = j < o ? j + 1 : j;
    }
    free(c);
}

/* "12." before a move of the first player, "12..." before one of the other
 * when it does not follow its partner directly. */
static void move_unit(const struct writer *w, const struct dr_pdn_game *g,
                      const struct dr_pdn_node *n, bool force, char *out, size_t size)
{
    const struct dr_pdn_node *p = n->parent;
    int first = w->v->first_player;
    int offset = g->root.pos.side == first ? 0 : 1;
    int number = 1 + (n->ply - 1 + offset) / 2;
    char text[DR_MOVE_TEXT_LEN];
    dr_move_pdn(w->v, &p->pos, &n->move, text);
    if (p->pos.side == first)
        snprintf(out, size, "%d. %s%s", number, text, n->strength);
    else if (force)
        snprintf(out, size, "%d... %s%s", number, text, n->strength);
    else
        snprintf(out, size, "%s%s", text, n->strength);
}

void dr_pdn_node_text(const struct dr_pdn_game *g, const struct dr_pdn_node *n, bool number,
                      char *out, size_t size)
{
    if (!size)
        return;
    out[0] = 0;
    if (!n->parent || !g->variant)
        return;
    struct writer w = {NULL, g->variant, 0, false};
    move_unit(&w, g, n, number, out, size);
    if (!number) {
        /* move_unit numbers the first player's moves always: drop it. */
        char *space = n->parent->pos.side == g->variant->first_player ? strchr(out, ' ') : NULL;
        if (space)
            memmove(out, space + 1, strlen(space + 1) + 1);
    }
}

/* The move, its strength, NAGs and comment.  Returns whether the next move
 * needs its number again. */
static bool write_move(struct writer *w, const struct dr_pdn_game *g,
                       const struct dr_pdn_node *n, bool force)
{
    if (n->pre_comment) {
        emit_comment(w, n->pre_comment);
        force = true;
    }
    char unit[DR_MOVE_TEXT_LEN + 32];
    move_unit(w, g, n, force, unit, sizeof unit);
    emit_str(w, unit);
    for (int i = 0; i < n->n_nags; i++) {
        char nag[8];
        snprintf(nag, sizeof nag, "$%d", n->nags[i]);
        emit_str(w, nag);
    }
    if (n->comment) {
        emit_comment(w, n->comment);
        return true;
    }
    return n->n_nags > 0;
}

/* The line that continues after node from, with the variations of each of
 * its moves.  Iterative along the line, recursive into variations (whose
 * depth the reader bounds). */
static void write_line(struct writer *w, const struct dr_pdn_game *g,
                       const struct dr_pdn_node *from, bool force)
{
    for (const struct dr_pdn_node *p = from; p->child; p = p->child) {
        const struct dr_pdn_node *next = p->child;
        force = write_move(w, g, next, force);
        for (const struct dr_pdn_node *alt = next->next; alt; alt = alt->next) {
            emit_str(w, "(");
            w->glue = true;
            bool f = write_move(w, g, alt, true);
            write_line(w, g, alt, f);
            w->glue = true;
            emit_str(w, ")");
            force = true;
        }
    }
}

static void put_tag(struct strbuf *b, const char *name, const char *value)
{
    sb_putc(b, '[');
    sb_puts(b, name);
    sb_puts(b, " \"");
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb_putc(b, '\\');
        sb_putc(b, *s == '\n' || *s == '\r' ? ' ' : *s);
    }
    sb_puts(b, "\"]\n");
}

/* PDN 3.0 FEN ranges for numeric boards: "W:W31-50:B1-20" rather than
 * twenty numbers each, so that the FEN tag of a 10x10 position stays short.
 * A run of three or more consecutive squares of the same kind becomes a
 * range ("K" applies to the whole range). */
static void fen_ranges(const char *in, char *out, size_t size)
{
    size_t o = 0;
    const char *s = in;
    while (*s && o + 24 < size) {
        bool king = s[0] == 'K' && isdigit((unsigned char)s[1]);
        if (!king && !isdigit((unsigned char)*s)) {
            out[o++] = *s++;
            continue;
        }
        /* An item [K]n, and the ",[K]n+1" items of the same kind after it. */
        char *after_first;
        long first = strtol(s + king, &after_first, 10), last = first;
        const char *p = after_first;
        while (*p == ',') {
            const char *q = p + 1;
            bool k = *q == 'K';
            q += k;
            if (k != king || !isdigit((unsigned char)*q))
                break;
            char *e;
            long n = strtol(q, &e, 10);
            if (n != last + 1)
                break;
            last = n;
            p = e;
        }
        if (last - first >= 2) {
            o += (size_t)snprintf(out + o, size - o, "%s%ld-%ld", king ? "K" : "", first, last);
            s = p;
        } else { /* too short for a range: this item only */
            o += (size_t)snprintf(out + o, size - o, "%s%ld", king ? "K" : "", first);
            s = after_first;
        }
    }
    out[o] = 0;
}

static bool is_roster(const char *name)
{
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    for (int i = 0; i < 7; i++)
        if (!strcmp(name, roster[i]))
            return true;
    return false;
}

static void write_game(struct strbuf *b, const struct dr_pdn_game *g)
{
    const struct dr_variant *v = g->variant;
    /* The roster (the game keeps it first), then what we derive. */
    int i = 0;
    for (; i < g->n_tags && i < 7 && is_roster(g->tags[i].name); i++)
        put_tag(b, g->tags[i].name, g->tags[i].value);
    if (v) {
        if (v->pdn_gametype[0])
            put_tag(b, "GameType", v->pdn_gametype);
        if (v->pdn_variant_tag[0] || !v->pdn_gametype[0])
            put_tag(b, "Variant", v->pdn_variant_tag[0] ? v->pdn_variant_tag : v->name);
        struct dr_position start;
        dr_position_start(v, &start);
        if (g->side_unknown || !dr_position_equal(&start, &g->root.pos)) {
            char fen[1024], ranged[1024];
            dr_fen_write(v, &g->root.pos, fen, sizeof fen);
            if (g->side_unknown)
                fen[0] = '?';
            if (v->notation == DR_NOTATION_NUMERIC) {
                fen_ranges(fen, ranged, sizeof ranged);
                put_tag(b, "FEN", ranged);
            } else {
                put_tag(b, "FEN", fen);
            }
        }
        char plies[16];
        snprintf(plies, sizeof plies, "%d", dr_pdn_mainline_length(g));
        put_tag(b, "PlyCount", plies);
    }
    for (; i < g->n_tags; i++)
        put_tag(b, g->tags[i].name, g->tags[i].value);
    sb_putc(b, '\n');

    const char *result = dr_pdn_tag(g, "Result");
    struct writer w = {b, v, 0, false};
    if (g->root.comment)
        emit_comment(&w, g->root.comment);
    if (v)
        write_line(&w, g, &g->root, true);
    emit_str(&w, result && result_token(result) ? result : "*");
    sb_puts(b, "\n\n");
}

char *dr_pdn_write_game(const struct dr_pdn_game *g)
{
    struct strbuf b = {0};
    write_game(&b, g);
    if (b.failed) {
        sb_free(&b);
        return NULL;
    }
    return b.s;
}

bool dr_pdn_write(FILE *out, struct dr_pdn_game *const *games, int n)
{
    for (int i = 0; i < n; i++) {
        char *s = dr_pdn_write_game(games[i]);
        if (!s)
            return false;
        bool ok = fputs(s, out) >= 0;
        free(s);
        if (!ok)
            return false;
    }
    return true;
}

/* ---- atomic save ---- */

static bool read_all(const char *path, struct strbuf *b, mode_t *mode, bool *exists,
                     struct dr_error *err)
{
    *exists = false;
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        if (errno == ENOENT)
            return true;
        dr_error_set(err, "%s: cannot read: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) == 0)
        *mode = st.st_mode & 07777;
    *exists = true;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        sb_putn(b, chunk, n);
    bool ok = !ferror(fp);
    fclose(fp);
    if (!ok)
        dr_error_set(err, "%s: cannot read: %s", path, strerror(errno));
    return ok;
}

static bool write_in_place(const char *path, const struct strbuf *b, struct dr_error *err)
{
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(b->s, 1, b->len, f) == b->len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        dr_error_set(err, "%s: cannot write it: %s", path, strerror(errno));
    return ok;
}

bool dr_pdn_save(const char *path, struct dr_pdn_game *const *games, int n, bool append,
                 struct dr_error *err)
{
    struct strbuf b = {0};
    mode_t mode = 0644;
    bool exists = false;
    if (append) {
        if (!read_all(path, &b, &mode, &exists, err)) {
            sb_free(&b);
            return false;
        }
        /* One blank line between the old games and the new. */
        if (b.len > 0 && b.s[b.len - 1] != '\n')
            sb_putc(&b, '\n');
        if (b.len > 1 && b.s[b.len - 2] != '\n')
            sb_putc(&b, '\n');
    } else {
        struct stat st;
        if (stat(path, &st) == 0)
            mode = st.st_mode & 07777;
    }
    for (int i = 0; i < n; i++)
        write_game(&b, games[i]);
    if (b.failed) {
        sb_free(&b);
        dr_error_set(err, "%s: out of memory", path);
        return false;
    }

    /* A device or pipe (-o /dev/stdout) is written in place: renaming a
     * temporary file over it would replace the device itself. */
    struct stat target;
    if (stat(path, &target) == 0 && !S_ISREG(target.st_mode) && !S_ISDIR(target.st_mode)) {
        bool ok = write_in_place(path, &b, err);
        sb_free(&b);
        return ok;
    }

    /* The temporary file goes in the same directory, so rename() is atomic. */
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    char *tmp = malloc(dir_len + strlen(path) + 16);
    if (!tmp) {
        sb_free(&b);
        dr_error_set(err, "%s: out of memory", path);
        return false;
    }
    sprintf(tmp, "%.*s.%s.XXXXXX", (int)dir_len, path, path + dir_len);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        dr_error_set(err, "%s: cannot create a temporary file beside it: %s", path,
                     strerror(errno));
        free(tmp);
        sb_free(&b);
        return false;
    }
    const char *why = NULL;
    for (size_t done = 0; done < b.len && !why;) {
        ssize_t w = write(fd, b.s + done, b.len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            why = "cannot write";
        else
            done += (size_t)w;
    }
    if (!why && fchmod(fd, mode) != 0)
        why = "cannot set the permissions of";
    if (!why && fsync(fd) != 0)
        why = "cannot flush";
    if (close(fd) != 0 && !why)
        why = "cannot close";
    if (!why && rename(tmp, path) != 0)
        why = "cannot rename the temporary file over";
    if (why) {
        dr_error_set(err, "%s: %s it: %s", path, why, strerror(errno));
        unlink(tmp);
    }
    (void)exists;
    free(tmp);
    sb_free(&b);
    return why == NULL;
}
