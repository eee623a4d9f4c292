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
}

/* A line from the buffer, if a whole one is there (an over-long line is cut). */
static bool take_line(struct hub_reader *r, char *out, size_t size)
{
    char *nl = memchr(r->buf, '\n', r->len);
    if (!nl && r->len < sizeof r->buf && !r->eof)
        return false;
    if (!nl && r->len == 0)
        return false;
    size_t n = nl ? (size_t)(nl - r->buf) : r->len;
    size_t copy = n < size - 1 ? n : size - 1;
    memcpy(out, r->buf, copy);
    out[copy] = 0;
    size_t used = nl ? n + 1 : n;
    memmove(r->buf, r->buf + used, r->len - used);
    r->len -= used;
    return true;
}

int hub_read_line(struct hub_reader *r, char *out, size_t size, int timeout_ms)
{
    for (;;) {
        if (take_line(r, out, size))
            return 1;
        if (r->eof)
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
