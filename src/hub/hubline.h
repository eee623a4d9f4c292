/* Hub protocol lines: "<command> <arg>=<val> <arg>="quoted val" <flag> ..."
 * (Hub protocol version 2, as Scan 3.x speaks it). */
#ifndef DR_HUBLINE_H
#define DR_HUBLINE_H

#include <stdbool.h>
#include <stddef.h>

#define HUB_MAX_ARGS 32
#define HUB_LINE_MAX 8192
#define HUB_LINE_MAX_TEXT "8191"

struct hub_line {
    char buf[HUB_LINE_MAX];
    const char *command;
    int nargs;
    const char *name[HUB_MAX_ARGS], *value[HUB_MAX_ARGS];
};

/* Split text into a command and arguments; false with a message when the
 * line is malformed (an unterminated quote, a missing value...). */
bool hub_parse(const char *text, struct hub_line *line, char *why, size_t why_size);

/* Value of argument name, or NULL; a flag without value gives "". */
const char *hub_arg(const struct hub_line *line, const char *name);

/* Reads lines from a file descriptor with a timeout, so that a search can
 * keep answering "ping" and "stop" while it runs. */
struct hub_reader {
    int fd;
    char buf[HUB_LINE_MAX * 2];
    size_t len;
    bool eof;
    bool discarding; /* in a line too long for the buffer: dropped up to its newline */
};

void hub_reader_init(struct hub_reader *r, int fd);
/* 1: a line in out; HUB_LINE_TOO_LONG: a line longer than size was read
 * and dropped whole; 0: none within timeout_ms (-1 waits); -1: end of input */
#define HUB_LINE_TOO_LONG 2
int hub_read_line(struct hub_reader *r, char *out, size_t size, int timeout_ms);

#endif
