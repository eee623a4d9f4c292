/* An error message for the user: it names the input and what is wrong in it. */
#ifndef DRAUGHTS_ERROR_H
#define DRAUGHTS_ERROR_H

struct dr_error {
    char msg[256];
};

void dr_error_set(struct dr_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
