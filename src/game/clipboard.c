/* OSC 52 and its base64 (clipboard.h). */
#include "draughts/clipboard.h"

#include <string.h>

size_t dr_base64(const void *in, size_t n, char *out, size_t size)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *b = in;
    size_t len = (n + 2) / 3 * 4;
    if (len >= size) {
        if (size)
            out[0] = 0;
        return 0;
    }
    char *o = out;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)b[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)b[i + 1] << 8;
        if (i + 2 < n)
            v |= b[i + 2];
        *o++ = digits[v >> 18 & 63];
        *o++ = digits[v >> 12 & 63];
        *o++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *o++ = i + 2 < n ? digits[v & 63] : '=';
    }
    *o = 0;
    return len;
}

size_t dr_osc52(const char *text, char *out, size_t size)
{
    static const char head[] = "\033]52;c;";
    size_t h = sizeof head - 1;
    if (size < h + 2)
        return 0;
    memcpy(out, head, h);
    size_t n = strlen(text);
    size_t b = dr_base64(text, n, out + h, size - h - 1); /* room for the BEL */
    if (!b && n) {
        out[0] = 0;
        return 0;
    }
    out[h + b] = '\a';
    out[h + b + 1] = 0;
    return h + b + 1;
}
