/* The PDN lexer: bytes in any of the encodings and line ends found in real
 * files become tokens with their line and column.  A move is one token (with
 * any space written inside it, "47x 9"), which settles the PDN ambiguities
 * between moves and results ("1-18" is a move, "1-1" a result) and between a
 * glued "*" (forced move) and the "*" terminator. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- encoding ---- */

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static bool valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t l = utf8_seq(s + i, n - i);
        if (!l)
            return false;
        i += l;
    }
    return true;
}

bool lexer_init(struct lexer *lx, const char *data, size_t len, const char **why)
{
    memset(lx, 0, sizeof *lx);
    lx->line = lx->col = 1;
    lx->line_start = true;
    *why = NULL;
    const unsigned char *s = (const unsigned char *)data;
    if (len >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF)))
        *why = "the file is UTF-16 text; save it as UTF-8 (or ISO 8859-1) to read it";
    else if (memchr(s, 0, len))
        *why = "not a PDN file (it holds binary data)";
    if (*why) {
        lx->buf = calloc(1, 1);
        return lx->buf != NULL;
    }
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        s += 3;
        len -= 3;
    }
    if (valid_utf8(s, len)) {
        lx->buf = malloc(len + 1);
        if (!lx->buf)
            return false;
        memcpy(lx->buf, s, len);
        lx->len = len;
    } else {
        /* ISO 8859-1, where the bytes are not UTF-8: every such byte is the
         * code point of the same value.  Valid UTF-8 sequences stay (a file
         * edited by two programs can hold both). */
        if (len > (SIZE_MAX - 1) / 2)
            return false;
        lx->buf = malloc(2 * len + 1);
        if (!lx->buf)
            return false;
        size_t o = 0;
        for (size_t i = 0; i < len;) {
            size_t l = s[i] < 0x80 ? 1 : utf8_seq(s + i, len - i);
            if (l) {
                memcpy(lx->buf + o, s + i, l);
                o += l;
                i += l;
            } else {
                lx->buf[o++] = (char)(0xC0 | s[i] >> 6);
                lx->buf[o++] = (char)(0x80 | (s[i] & 0x3F));
                i++;
            }
        }
        lx->len = o;
    }
    lx->buf[lx->len] = 0;
    return true;
}

void lexer_free(struct lexer *lx)
{
    free(lx->buf);
    lx->buf = NULL;
}

/* ---- reading characters ---- */

static int peek(const struct lexer *lx, size_t ahead)
{
    return lx->at + ahead < lx->len ? (unsigned char)lx->buf[lx->at + ahead] : -1;
}

/* Step over one character (a whole UTF-8 sequence, or a CRLF pair). */
static void advance(struct lexer *lx)
{
    if (lx->at >= lx->len)
        return;
    unsigned char c = (unsigned char)lx->buf[lx->at++];
    if (c == '\r' || c == '\n') {
        if (c == '\r' && peek(lx, 0) == '\n')
            lx->at++;
        lx->line++;
        lx->col = 1;
        lx->line_start = true;
        return;
    }
    while (c >= 0xC0 && lx->at < lx->len && ((unsigned char)lx->buf[lx->at] & 0xC0) == 0x80)
        lx->at++;
    lx->col++;
    if (c != ' ' && c != '\t')
        lx->line_start = false;
}

static bool is_newline(int c) { return c == '\r' || c == '\n'; }

/* Blank: ASCII white space or a UTF-8 no-break space (U+00A0). */
static size_t blank_len(const struct lexer *lx)
{
    int c = peek(lx, 0);
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v')
        return 1;
    if (c == 0xC2 && peek(lx, 1) == 0xA0)
        return 2;
    return 0;
}

static void skip_line(struct lexer *lx)
{
    while (lx->at < lx->len && !is_newline(peek(lx, 0)))
        advance(lx);
}

static void diag(struct lexer *lx, int line, int col, bool warning, const char *fmt,
                 const char *arg, size_t arglen);

/* Skip white space and % comments (PDN 3.0 counts "%..." to the end of the
 * line as white space).  Returns whether anything was skipped. */
static bool skip_blanks(struct lexer *lx)
{
    size_t start = lx->at;
    for (;;) {
        if (blank_len(lx)) {
            advance(lx);
        } else if (peek(lx, 0) == '%') {
            skip_line(lx);
        } else if (peek(lx, 0) == '\\' && (peek(lx, 1) == 'r' || peek(lx, 1) == 'n')) {
            /* some exporters write the escape sequence as two characters
             * where a line ends ([Site "x"]\r): a line end, said once a file */
            if (!lx->escaped_eol)
                diag(lx, lx->line, lx->col, true,
                     "'%s' written as text read as a line end (said once for the file)",
                     lx->buf + lx->at, 2);
            lx->escaped_eol = true;
            advance(lx);
            advance(lx);
            lx->line_start = true;
        } else {
            break;
        }
    }
    return lx->at != start;
}

static void diag(struct lexer *lx, int line, int col, bool warning, const char *fmt,
                 const char *arg, size_t arglen)
{
    if (!lx->diag)
        return;
    char what[96], msg[200];
    if (arg) {
        /* Cut the quoted text at a character boundary. */
        size_t n = arglen < 40 ? arglen : 40;
        while (n > 0 && n < arglen && ((unsigned char)arg[n] & 0xC0) == 0x80)
            n--;
        snprintf(what, sizeof what, "%.*s%s", (int)n, arg, n < arglen ? "..." : "");
        snprintf(msg, sizeof msg, fmt, what);
    } else {
        snprintf(msg, sizeof msg, "%s", fmt);
    }
    lx->diag(lx->diag_arg, line, col, warning, msg);
}

/* ---- tokens ---- */

static bool is_word_char(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_move_sep(int c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

bool result_token(const char *s)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "2-0", "1-1",
                                          "0-2", "0-0", "*",       NULL};
    for (int i = 0; results[i]; i++)
        if (!strcmp(s, results[i]))
            return true;
    return false;
}

static bool word_is_result(const char *s, size_t n)
{
    char buf[8];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    return strcmp(buf, "*") && result_token(buf);
}

/* "(!?)": a move strength in parentheses, not a variation. */
static size_t paren_strength_len(const struct lexer *lx)
{
    size_t i = 1;
    while (peek(lx, i) == '!' || peek(lx, i) == '?')
        i++;
    return i > 1 && i <= 6 && peek(lx, i) == ')' ? i + 1 : 0;
}

static void read_word(struct lexer *lx, struct token *t)
{
    size_t start = lx->at;
    /* 1/2-1/2 and ½-½ */
    if (!strncmp(lx->buf + lx->at, "1/2-1/2", 7) && !is_word_char(peek(lx, 7))) {
        for (int i = 0; i < 7; i++)
            advance(lx);
        t->type = TOK_RESULT;
        t->text = "1/2-1/2";
        t->len = 7;
        return;
    }
    size_t i = 0;
    while (peek(lx, i) >= '0' && peek(lx, i) <= '9')
        i++;
    if (i > 0 && peek(lx, i) == '.') {
        /* A move number "12." or "12..." (decoration: the side to move
         * comes from the position). */
        while (i--)
            advance(lx);
        while (peek(lx, 0) == '.')
            advance(lx);
        t->type = TOK_MOVENUM;
        t->text = lx->buf + start;
        t->len = lx->at - start;
        return;
    }
    for (;;) {
        while (is_word_char(peek(lx, 0)) || is_move_sep(peek(lx, 0)))
            advance(lx);
        /* A space inside a move after its separator: "1- 7", "47x 9".  The
         * continuation must be a square, not a move number. */
        if (lx->at > start && is_move_sep((unsigned char)lx->buf[lx->at - 1])) {
            size_t j = 0;
            while (peek(lx, j) == ' ' || peek(lx, j) == '\t')
                j++;
            size_t k = j;
            while (is_word_char(peek(lx, k)))
                k++;
            if (j > 0 && k > j && peek(lx, k) != '.') {
                while (j--)
                    advance(lx);
                continue;
            }
        }
        break;
    }
    t->text = lx->buf + start;
    t->len = lx->at - start;
    t->type = word_is_result(t->text, t->len) ? TOK_RESULT : TOK_MOVE;
}

/* Offset of the first character after spaces and tabs, from lx->at + from. */
static size_t skip_spaces_at(const struct lexer *lx, size_t from)
{
    while (peek(lx, from) == ' ' || peek(lx, from) == '\t')
        from++;
    return from;
}

/* Offset just past the line end at lx->at + from (CRLF counts as one). */
static size_t past_newline(const struct lexer *lx, size_t from)
{
    if (peek(lx, from) == '\r' && peek(lx, from + 1) == '\n')
        return from + 2;
    return from + 1;
}

/* A '[' alone on its line, the tag on the next ("[" / "Event \"x\"]"): some
 * exporters break the line there.  True when the next line starts with a
 * tag name and its quoted value. */
static bool tag_continues_on_next_line(const struct lexer *lx)
{
    if (!is_newline(peek(lx, 0)))
        return false;
    size_t i = skip_spaces_at(lx, past_newline(lx, 0)), name = i;
    while (is_word_char(peek(lx, i)) || peek(lx, i) == '_')
        i++;
    return i > name && peek(lx, skip_spaces_at(lx, i)) == '"';
}

/* After a tag's ']': what else is on the line is junk to skip (with a
 * warning) unless it can start the movetext or another tag.  A word is
 * movetext ("c3-d4") unless more tags follow on the next line. */
static void skip_junk_after_tag(struct lexer *lx)
{
    size_t i = skip_spaces_at(lx, 0);
    int c = peek(lx, i);
    if (c < 0 || is_newline(c) || isdigit(c) || strchr("[{;%(*", c) ||
        (c == '\\' && (peek(lx, i + 1) == 'r' || peek(lx, i + 1) == 'n')))
        return;
    if (isalpha(c)) {
        /* a word that may be a move in algebraic squares ("c3-d4"): a
         * digit and a separator on the line, or no more tags after it */
        size_t end = i;
        bool digit = false, sep = false;
        for (; peek(lx, end) >= 0 && !is_newline(peek(lx, end)); end++) {
            digit |= isdigit(peek(lx, end)) != 0;
            sep |= peek(lx, end) == '-' || peek(lx, end) == ':' || peek(lx, end) == 'x';
        }
        if ((digit && sep) || peek(lx, end) < 0 ||
            peek(lx, skip_spaces_at(lx, past_newline(lx, end))) != '[')
            return;
    }
    diag(lx, lx->line, lx->col + (int)i, true, "text after the ']' of a tag skipped: '%s'",
         lx->buf + lx->at + i, strcspn(lx->buf + lx->at + i, "\r\n"));
    skip_line(lx);
}

/* [Name "value"]: the value is unescaped in place (\" and \\). */
static void read_tag(struct lexer *lx, struct token *t)
{
    int line = lx->line, col = lx->col;
    advance(lx); /* [ */
    while (peek(lx, 0) == ' ' || peek(lx, 0) == '\t')
        advance(lx);
    if (tag_continues_on_next_line(lx)) {
        diag(lx, line, col, true, "a tag broken over two lines ('[' alone) read as one", NULL, 0);
        advance(lx);
        while (peek(lx, 0) == ' ' || peek(lx, 0) == '\t')
            advance(lx);
    }
    size_t name = lx->at;
    while (is_word_char(peek(lx, 0)) || peek(lx, 0) == '_' || peek(lx, 0) >= 0x80)
        advance(lx);
    size_t nlen = lx->at - name;
    while (peek(lx, 0) == ' ' || peek(lx, 0) == '\t')
        advance(lx);
    if (nlen == 0 || peek(lx, 0) != '"') {
        /* What to quote: up to ']' or the line end, 40 characters at most
         * (a bounded look, so that a line of '[' stays linear). */
        const char *rest = lx->buf + name;
        size_t rlen = 0;
        while (rlen < 48 && rest[rlen] && !strchr("]\r\n", rest[rlen]))
            rlen++;
        /* nothing the games need is lost: a warning (issue 16) */
        diag(lx, line, col, true,
             nlen ? "tag '%s' has no value in double quotes; ignored"
                  : "'[' does not start a tag [Name \"value\"]: '%s' ignored",
             rest, rlen);
        while (lx->at < lx->len && !is_newline(peek(lx, 0)) && peek(lx, 0) != ']')
            advance(lx);
        if (peek(lx, 0) == ']')
            advance(lx);
        t->type = TOK_EOF; /* nothing: the caller reads on */
        return;
    }
    advance(lx); /* " */
    char *out = lx->buf + lx->at, *value = out;
    bool closed = false;
    while (lx->at < lx->len && !is_newline(peek(lx, 0))) {
        int c = peek(lx, 0);
        if (c == '"') {
            advance(lx);
            closed = true;
            break;
        }
        if (c == '\\' && (peek(lx, 1) == '"' || peek(lx, 1) == '\\')) {
            advance(lx);
            c = peek(lx, 0);
        }
        /* Copy one whole character (the write never overtakes the read). */
        size_t from = lx->at;
        advance(lx);
        memmove(out, lx->buf + from, lx->at - from);
        out += lx->at - from;
    }
    size_t vlen = (size_t)(out - value);
    while (peek(lx, 0) == ' ' || peek(lx, 0) == '\t')
        advance(lx);
    if (!closed) {
        /* The value ran to the end of the line: drop a final ']'. */
        while (vlen > 0 && (value[vlen - 1] == ']' || value[vlen - 1] == ' '))
            vlen--;
        diag(lx, line, col, true, "tag '%s': the value has no closing '\"'", lx->buf + name,
             nlen);
    } else if (peek(lx, 0) == ']') {
        advance(lx);
        skip_junk_after_tag(lx);
    } else {
        diag(lx, line, col, true, "tag '%s' has no closing ']'", lx->buf + name, nlen);
        /* Skip anything else up to the end of the tag line. */
        while (lx->at < lx->len && !is_newline(peek(lx, 0)) && peek(lx, 0) != ']' &&
               peek(lx, 0) != '[')
            advance(lx);
        if (peek(lx, 0) == ']')
            advance(lx);
    }
    t->type = TOK_TAG;
    t->text = lx->buf + name;
    t->len = nlen;
    t->value = value;
    t->vlen = vlen;
}

static void read_comment(struct lexer *lx, struct token *t, bool line_comment)
{
    int line = lx->line, col = lx->col;
    advance(lx); /* { or ; */
    size_t start = lx->at;
    if (line_comment) {
        skip_line(lx);
    } else {
        while (lx->at < lx->len && peek(lx, 0) != '}')
            advance(lx);
        if (lx->at >= lx->len)
            diag(lx, line, col, false,
                 "comment '{' is never closed: it runs to the end of the file", NULL, 0);
    }
    size_t end = lx->at;
    if (!line_comment && peek(lx, 0) == '}')
        advance(lx);
    t->type = TOK_COMMENT;
    t->text = lx->buf + start;
    t->len = text_collapse(lx->buf + start, end - start, lx->buf + start);
}

/* /FEN "..."/ or /W:W...:B.../ : a setup command in the movetext. */
static void read_setup(struct lexer *lx, struct token *t)
{
    int line = lx->line, col = lx->col;
    /* The closing '/' on the same line (one scan: a line of many '/' stays
     * linear). */
    const char *start = lx->buf + lx->at + 1;
    const char *close = start + strcspn(start, "/\r\n");
    if (*close != '/') {
        diag(lx, line, col, false, "'/' does not start a setup /FEN \"...\"/; ignored", NULL, 0);
        advance(lx);
        t->type = TOK_EOF;
        return;
    }
    const char *s = lx->buf + lx->at + 1;
    while (s < close && (*s == ' ' || *s == '\t'))
        s++;
    if (close - s >= 3 && !strncmp(s, "FEN", 3))
        s += 3;
    while (s < close && (*s == ' ' || *s == '\t' || *s == '"'))
        s++;
    const char *e = close;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '"'))
        e--;
    t->type = TOK_SETUP;
    t->text = lx->buf + lx->at;
    t->value = s;
    t->vlen = (size_t)(e - s);
    while (lx->buf + lx->at <= close)
        advance(lx);
    t->len = (size_t)(lx->buf + lx->at - t->text);
}

static void read_unexpected(struct lexer *lx, struct token *t)
{
    int line = lx->line, col = lx->col;
    size_t start = lx->at;
    do
        advance(lx);
    while (lx->at < lx->len && !blank_len(lx) && !strchr("[](){};$%", peek(lx, 0)) &&
           !is_word_char(peek(lx, 0)));
    size_t n = lx->at - start;
    const char *s = lx->buf + start;
    /* A lone separator ("-", "x") is a typing slip with nothing lost. */
    bool slip = n <= 2 && strspn(s, "-:") == n;
    diag(lx, line, col, slip, slip ? "stray '%s' ignored" : "unexpected '%s' ignored", s, n);
    t->type = TOK_EOF;
}

void lexer_next(struct lexer *lx, struct token *t)
{
    for (;;) {
        memset(t, 0, sizeof *t);
        bool spaced = skip_blanks(lx);
        t->glued = !spaced && lx->after_token;
        t->line = lx->line;
        t->col = lx->col;
        lx->after_token = false;
        if (lx->at >= lx->len) {
            t->type = TOK_EOF;
            return;
        }
        int c = peek(lx, 0);
        t->text = lx->buf + lx->at;
        t->len = 1;
        if (is_word_char(c)) {
            read_word(lx, t);
            lx->after_token = t->type == TOK_MOVE;
            return;
        }
        if (c == 0xC2 && peek(lx, 1) == 0xBD && peek(lx, 2) == '-' && peek(lx, 3) == 0xC2 &&
            peek(lx, 4) == 0xBD) { /* ½-½ */
            for (int i = 0; i < 3; i++)
                advance(lx);
            t->type = TOK_RESULT;
            t->text = "1/2-1/2";
            t->len = 7;
            return;
        }
        switch (c) {
        case '[':
            read_tag(lx, t);
            if (t->type == TOK_EOF)
                continue;
            return;
        case '{':
        case ';':
            read_comment(lx, t, c == ';');
            return;
        case '(': {
            size_t n = paren_strength_len(lx);
            if (n) {
                for (size_t i = 0; i < n; i++)
                    advance(lx);
                t->type = TOK_STRENGTH;
                t->len = n;
                return;
            }
            advance(lx);
            t->type = TOK_LPAREN;
            return;
        }
        case ')':
            advance(lx);
            t->type = TOK_RPAREN;
            return;
        case '!':
        case '?': {
            size_t start = lx->at;
            while (peek(lx, 0) == '!' || peek(lx, 0) == '?')
                advance(lx);
            t->type = TOK_STRENGTH;
            t->len = lx->at - start;
            return;
        }
        case '*':
            advance(lx);
            /* Glued to a move it marks a forced move; alone it ends the game. */
            t->type = t->glued ? TOK_STRENGTH : TOK_STAR;
            return;
        case '$': {
            advance(lx);
            long n = 0;
            size_t digits = 0;
            while (peek(lx, 0) >= '0' && peek(lx, 0) <= '9') {
                if (n < 100000)
                    n = n * 10 + (peek(lx, 0) - '0');
                digits++;
                advance(lx);
            }
            if (!digits || n > 255) {
                /* a program's own symbol ($902) or a stray $: skipped, no
                 * move lost, so a warning (issue 16) */
                diag(lx, t->line, t->col, true,
                     digits ? "NAG '$%s' is out of range (0-255); ignored"
                            : "'$%s' is not a NAG ($ and a number); ignored",
                     t->text + 1, (size_t)(lx->buf + lx->at - t->text) - 1);
                continue;
            }
            t->type = TOK_NAG;
            t->num = (int)n;
            t->len = lx->at - (size_t)(t->text - lx->buf);
            return;
        }
        case '.': {
            size_t start = lx->at;
            while (peek(lx, 0) == '.')
                advance(lx);
            t->len = lx->at - start;
            if (t->len < 3) {
                diag(lx, t->line, t->col, true, "stray '%s' ignored", t->text, t->len);
                continue;
            }
            t->type = TOK_MOVENUM; /* "..." : a second player's move follows */
            return;
        }
        case '/':
            read_setup(lx, t);
            if (t->type == TOK_EOF)
                continue;
            return;
        default:
            read_unexpected(lx, t);
            continue;
        }
    }
}

size_t text_collapse(const char *s, size_t len, char *out)
{
    size_t o = 0;
    bool space = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            space = o > 0;
            continue;
        }
        if (space)
            out[o++] = ' ';
        space = false;
        out[o++] = (char)c;
    }
    return o;
}
