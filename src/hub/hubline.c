#include "hubline.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char *skip_space(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

static bool is_word_char(char c)
{
    return c && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '=' && c != '"';
}

bool hub_parse(const char *text, struct hub_line *line, char *why, size_t why_size)
{
    snprintf(line->buf, sizeof line->buf, "%s", text);
    line->command = NULL;
    line->nargs = 0;
    char *s = skip_space(line->buf);
    if (!*s) {
        snprintf(why, why_size, "empty line");
        return false;
    }
    line->command = s;
    while (is_word_char(*s))
        s++;
    if (*s == '=' || *s == '"') {
        snprintf(why, why_size, "a line starts with a command word");
        return false;
    }
    if (*s)
        *s++ = 0;
    for (;;) {
        s = skip_space(s);
        if (!*s)
            return true;
        if (line->nargs == HUB_MAX_ARGS) {
            snprintf(why, why_size, "too many arguments");
            return false;
        }
        char *name = s;
        while (is_word_char(*s))
            s++;
        if (s == name) {
            snprintf(why, why_size, "expected an argument name at '%.20s'", s);
            return false;
        }
        char *value = "";
        if (*s == '=') {
            *s++ = 0;
            if (*s == '"') {
                value = ++s;
                while (*s && *s != '"')
                    s++;
                if (*s != '"') {
                    snprintf(why, why_size, "unterminated quote in argument '%s'", name);
                    return false;
                }
                *s++ = 0;
            } else {
                value = s;
                while (is_word_char(*s))
                    s++;
                if (*s == '=' || *s == '"') {
                    snprintf(why, why_size, "bad value for argument '%s'", name);
                    return false;
                }
                if (*s)
                    *s++ = 0;
            }
        } else if (*s == '"') {
            snprintf(why, why_size, "unexpected quote after '%.20s'", name);
            return false;
        } else if (*s) {
            *s++ = 0;
        }
        line->name[line->nargs] = name;
        line->value[line->nargs++] = value;
    }
}

const char *hub_arg(const struct hub_line *line, const char *name)
{
    for (int i = 0; i < line->nargs; i++)
        if (!strcmp(line->name[i], name))
            return line->value[i];
    return NULL;
}

void hub_reader_init(struct hub_reader *r, int fd)
{
    r->fd = fd;
    r->len = 0;
    r->eof = false;
    r->discarding = false;
}

/* A line from the buffer, if a whole one is there: 1 with the line in out,
 * 2 when the line was longer than out (it is dropped whole, up to its
 * newline, however long: no tail of it may pass for a command), 0 when
 * more input is needed. */
static int take_line(struct hub_reader *r, char *out, size_t size)
{
    char *nl = memchr(r->buf, '\n', r->len);
    if (r->discarding) {
        if (!nl) {
            r->len = 0;
            if (!r->eof)
                return 0;
            r->discarding = false;
            return 2;
        }
        r->discarding = false;
        size_t used = (size_t)(nl - r->buf) + 1;
        memmove(r->buf, r->buf + used, r->len - used);
        r->len -= used;
        return 2;
    }
    if (!nl && r->len == sizeof r->buf) {
        r->discarding = true; /* no newline in a full buffer: read on to it */
        r->len = 0;
        return 0;
    }
    if (!nl && (!r->eof || r->len == 0))
        return 0;
    size_t n = nl ? (size_t)(nl - r->buf) : r->len;
    size_t used = nl ? n + 1 : n;
    int got = 2;
    if (n < size) {
        memcpy(out, r->buf, n);
        out[n] = 0;
        got = 1;
    }
    memmove(r->buf, r->buf + used, r->len - used);
    r->len -= used;
    return got;
}

int hub_read_line(struct hub_reader *r, char *out, size_t size, int timeout_ms)
{
    for (;;) {
        int got_line = take_line(r, out, size);
        if (got_line)
            return got_line;
        if (r->eof && !r->discarding)
            return -1;
        struct pollfd p = {r->fd, POLLIN, 0};
        int ready = poll(&p, 1, timeout_ms);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return 0;
        ssize_t got = read(r->fd, r->buf + r->len, sizeof r->buf - r->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            r->eof = true;
        else
            r->len += (size_t)got;
        timeout_ms = 0;
    }
}
