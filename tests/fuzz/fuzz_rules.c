/* libFuzzer target: rules files.  A text is refused with a reason, or gives
 * a variant whose start position both sides can play from (the checks of
 * variant.c) and whose move tree the generator walks two plies deep. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/movegen.h"
#include "draughts/position.h"
#include "draughts/variant.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    struct dr_variant v;
    struct dr_error err;
    memset(&err, 0, sizeof err);
    if (!dr_variant_parse(text, "fuzz.rules", &v, &err)) {
        if (!err.msg[0])
            abort(); /* a refusal always says why */
        free(text);
        return 0;
    }
    struct dr_position pos;
    dr_position_start(&v, &pos);
    struct dr_movelist *l = malloc(sizeof *l);
    if (l && dr_gen_moves(&v, &pos, l) == 0) {
        fprintf(stderr, "accepted rules with no first move:\n%s\n", text);
        abort();
    }
    dr_perft(&v, &pos, 2);
    free(l);
    free(text);
    return 0;
}
