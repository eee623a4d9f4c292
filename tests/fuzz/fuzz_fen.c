/* libFuzzer target: FEN parsing for every built-in variant.  A FEN that
 * parses must give a sane position whose written FEN parses back to it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/fen.h"
#include "draughts/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The variants, loaded once per process (a harness, not the program). */
static struct dr_variant variants[16];
static int n_variants;

static void load(void)
{
    const char *const *names = dr_variant_builtin_names();
    for (; names[n_variants] && n_variants < 16; n_variants++) {
        struct dr_error err;
        if (!dr_variant_builtin(names[n_variants], &variants[n_variants], &err))
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!n_variants)
        load();
    char *fen = malloc(size + 1);
    if (!fen)
        return 0;
    memcpy(fen, data, size);
    fen[size] = 0;
    for (int i = 0; i < n_variants; i++) {
        const struct dr_variant *v = &variants[i];
        struct dr_position pos, back;
        struct dr_error err;
        if (!dr_fen_parse(v, fen, &pos, &err)) {
            if (!err.msg[0])
                abort(); /* a failure always says why */
            continue;
        }
        if ((pos.pieces[0] & pos.pieces[1]) || (dr_occupied(&pos) & ~v->board) ||
            (pos.kings & ~dr_occupied(&pos)) || (pos.side != DR_WHITE && pos.side != DR_BLACK))
            abort();
        char out[1024];
        size_t n = dr_fen_write(v, &pos, out, sizeof out);
        if (n >= sizeof out || !dr_fen_parse(v, out, &back, &err) ||
            !dr_position_equal(&pos, &back)) {
            fprintf(stderr, "%s: '%s' -> '%s' does not read back\n", v->name, fen, out);
            abort();
        }
        /* The position is usable by the generator. */
        struct dr_movelist list;
        dr_gen_moves(v, &pos, &list);
    }
    free(fen);
    return 0;
}
