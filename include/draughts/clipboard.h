/* Copying text to the terminal's clipboard with the OSC 52 escape
 * (ESC ] 52 ; c ; BASE64 BEL), which most terminals and tmux understand.
 * No curses and no output here: the caller writes the sequence (only to a
 * terminal). */
#ifndef DRAUGHTS_CLIPBOARD_H
#define DRAUGHTS_CLIPBOARD_H

#include <stddef.h>

/* The standard base64 (RFC 4648, '=' padded) of the n bytes at in, written
 * to out with its terminating 0; returns its length, or 0 (and out empty
 * when size > 0) when it does not fit in size bytes. */
size_t dr_base64(const void *in, size_t n, char *out, size_t size);

/* The OSC 52 sequence that puts text on the clipboard; returns its length,
 * 0 when it does not fit in size bytes. */
size_t dr_osc52(const char *text, char *out, size_t size);

#endif
