#include "draughts/fen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "draughts/notation.h"

struct fen_reader {
    const struct dr_variant *v;
    const char *text, *s;
    struct dr_position *pos;
    struct dr_error *err;
};

/* Control characters would break the one-line message: show them escaped. */
static void printable(char *out, size_t size, const char *in, size_t max)
{
    size_t o = 0;
    for (size_t i = 0; in[i] && i < max && o + 5 < size; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c < 32 || c == 127)
            o += (size_t)snprintf(out + o, size - o, "\\x%02x", c);
        else
            out[o++] = (char)c;
    }
    out[o] = 0;
}

static bool fen_fail(struct fen_reader *r, const char *what)
{
    char shown[200], here[8];
    printable(shown, sizeof shown, r->text, 40);
    if (strlen(r->text) > 40)
        strcat(shown, "...");
    printable(here, sizeof here, r->s, 1);
    if (*r->s)
        dr_error_set(r->err, "FEN '%s': at character %d ('%s'): %s", shown,
                     (int)(r->s - r->text) + 1, here, what);
    else
        dr_error_set(r->err, "FEN '%s': at the end: %s", shown, what);
    return false;
}

static int fen_side(char c)
{
    c = (char)toupper((unsigned char)c);
    return c == 'W' ? DR_WHITE : c == 'B' ? DR_BLACK : -1;
}

/* numeric: the text named the square by number (so the message does too) */
static bool place(struct fen_reader *r, int colour, bool king, int sq, bool numeric)
{
    uint64_t b = 1ULL << sq;
    if (dr_occupied(r->pos) & b) {
        char what[64];
        if (numeric)
            snprintf(what, sizeof what, "square '%d' is given twice", r->v->sq_number[sq]);
        else
            snprintf(what, sizeof what, "square '%c%d' is given twice", 'a' + r->v->sq_file[sq] % 26,
                     (r->v->sq_rank[sq] + 1) % 100);
        return fen_fail(r, what);
    }
    r->pos->pieces[colour] |= b;
    if (king)
        r->pos->kings |= b;
    return true;
}

static bool read_square(struct fen_reader *r, int *sq, int *len)
{
    *sq = dr_square_parse(r->v, r->s, len);
    if (*len == 0)
        return fen_fail(r, "expected a square");
    if (*sq < 0) {
        char what[80];
        snprintf(what, sizeof what, "'%.*s' is not a playing square of %s", *len, r->s,
                 r->v->name);
        return fen_fail(r, what);
    }
    return true;
}

/* One colour's list: [K]sq or [K]n-m ranges, comma separated, maybe empty. */
static bool read_list(struct fen_reader *r, int colour)
{
    while (*r->s && *r->s != ':') {
        if (*r->s == '.' && !r->s[1])
            return true;
        bool king = false;
        /* lower-case k marks a king only where no file is called k */
        if (*r->s == 'K' || (*r->s == 'k' && r->v->width <= 10)) {
            king = true;
            r->s++;
        }
        int sq, len;
        const char *at = r->s;
        if (!read_square(r, &sq, &len))
            return false;
        r->s += len;
        if (*r->s == '-' && isdigit((unsigned char)at[0])) {
            r->s++;
            int last, len2;
            if (!isdigit((unsigned char)*r->s))
                return fen_fail(r, "a range needs a square number after '-'");
            if (!read_square(r, &last, &len2))
                return false;
            int a = r->v->sq_number[sq], b = r->v->sq_number[last];
            if (b < a) {
                r->s = at;
                return fen_fail(r, "a range must go upwards");
            }
            for (int n = a; n <= b; n++)
                if (!place(r, colour, king, r->v->number_sq[n], true))
                    return false;
            r->s += len2;
        } else if (!place(r, colour, king, sq, isdigit((unsigned char)at[0]))) {
            return false;
        }
        if (*r->s == ',') {
            r->s++;
            if (!*r->s || *r->s == ':')
                return fen_fail(r, "expected a square after ','");
        } else if (*r->s && *r->s != ':' && !(*r->s == '.' && !r->s[1])) {
            return fen_fail(r, "expected ',' or ':' after a square");
        }
    }
    return true;
}

bool dr_fen_parse(const struct dr_variant *v, const char *fen, struct dr_position *pos,
                  struct dr_error *err)
{
    while (isspace((unsigned char)*fen))
        fen++;
    char buf[1024];
    size_t n = strlen(fen);
    while (n > 0 && isspace((unsigned char)fen[n - 1]))
        n--;
    if (n >= sizeof buf) {
        dr_error_set(err, "FEN too long (%zu characters)", n);
        return false;
    }
    memcpy(buf, fen, n);
    buf[n] = 0;
    struct dr_position p = {{0, 0}, 0, 0};
    struct fen_reader r = {v, buf, buf, &p, err};
    if (!*r.s)
        return fen_fail(&r, "empty FEN");
    p.side = fen_side(*r.s);
    if (p.side < 0)
        return fen_fail(&r, "the side to move must be W or B");
    r.s++;
    bool seen[2] = {false, false};
    while (*r.s) {
        if (*r.s == '.' && !r.s[1])
            break;
        if (*r.s != ':')
            return fen_fail(&r, "expected ':' before a field");
        r.s++;
        char c = (char)toupper((unsigned char)*r.s);
        if (c == 'H' || c == 'F') { /* lidraughts' move counters: ignored */
            r.s++;
            if (!isdigit((unsigned char)*r.s))
                return fen_fail(&r, "expected a number");
            while (isdigit((unsigned char)*r.s))
                r.s++;
            continue;
        }
        int colour = fen_side(c);
        if (colour < 0)
            return fen_fail(&r, "expected a field W (white pieces) or B (black pieces)");
        if (seen[colour])
            return fen_fail(&r, "this colour's pieces are given twice");
        seen[colour] = true;
        r.s++;
        if (!read_list(&r, colour))
            return false;
    }
    if (!seen[0] && !seen[1])
        return fen_fail(&r, "no piece lists (expected e.g. W:W31-50:B1-20)");
    *pos = p;
    return true;
}

static size_t put(char *buf, size_t size, size_t at, const char *s)
{
    size_t n = strlen(s);
    if (size && at < size) {
        size_t room = size - at - 1;
        memcpy(buf + at, s, n < room ? n : room);
        buf[at + (n < room ? n : room)] = 0;
    }
    return at + n;
}

size_t dr_fen_write(const struct dr_variant *v, const struct dr_position *pos, char *buf,
                    size_t size)
{
    size_t at = put(buf, size, 0, pos->side == DR_WHITE ? "W" : "B");
    for (int colour = 0; colour < 2; colour++) {
        at = put(buf, size, at, colour == DR_WHITE ? ":W" : ":B");
        int order[DR_MAX_SQUARES];
        int n = dr_squares_sorted(v, pos->pieces[colour], order);
        for (int i = 0; i < n; i++) {
            char name[DR_SQUARE_NAME_LEN];
            dr_square_name(v, order[i], name);
            if (i)
                at = put(buf, size, at, ",");
            if ((pos->kings >> order[i]) & 1)
                at = put(buf, size, at, "K");
            at = put(buf, size, at, name);
        }
    }
    return at;
}
