/* libFuzzer target: Hub protocol lines as the engine and the match runner
 * read them: each line is split (hub_parse) and its pos=, moves= and move=
 * values read against International's rules, as the server does. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "draughts/variant.h"
#include "hub.h"
#include "hubline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dr_variant intl;
static bool loaded;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!loaded) {
        struct dr_error err;
        if (!dr_variant_builtin("international", &intl, &err))
            abort();
        loaded = true;
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    static struct hub_line line; /* 8 KiB: not on the stack */
    char why[160];
    for (char *s = text, *next; s; s = next) {
        next = strchr(s, '\n');
        if (next)
            *next++ = 0;
        if (!hub_parse(s, &line, why, sizeof why)) {
            if (!why[0])
                abort(); /* a refusal always says why */
            continue;
        }
        struct dr_position pos;
        struct dr_error err;
        const char *p = hub_arg(&line, "pos");
        if (!p || !hub_parse_position(&intl, p, &pos, &err))
            dr_position_start(&intl, &pos);
        const char *m = hub_arg(&line, "move");
        struct dr_move mv;
        if (m && hub_parse_move(&intl, &pos, m, &mv, &err))
            dr_make(&intl, &pos, &mv);
    }
    free(text);
    return 0;
}
