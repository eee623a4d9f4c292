/* libFuzzer target: the PDN reader on any bytes.  Besides crashes, leaks
 * and hangs (the sanitizers and libFuzzer catch those), it checks the round
 * trip: whatever was read, written and read again, gives the same games. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/pdn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct dr_pdn_file f;
    struct dr_pdn_options opt = {.max_diags = 50};
    if (!dr_pdn_read("fuzz", (const char *)data, size, &opt, &f)) {
        dr_pdn_file_free(&f);
        return 0; /* out of memory */
    }
    /* Every message is located or about the whole file, and formats. */
    for (int i = 0; i < f.n_diags; i++) {
        char line[600];
        dr_pdn_diag_format(&f, &f.diags[i], line, sizeof line);
        if (f.diags[i].line < 0 || f.diags[i].column < 0)
            abort();
    }
    size_t len = 0, cap = 1;
    char *text = calloc(1, 1);
    for (int i = 0; i < f.n_games && text; i++) {
        char *s = dr_pdn_write_game(f.games[i]);
        if (!s)
            abort();
        size_t n = strlen(s);
        if (len + n + 1 > cap) {
            cap = 2 * (len + n + 1);
            char *t = realloc(text, cap);
            if (!t)
                abort();
            text = t;
        }
        memcpy(text + len, s, n + 1);
        len += n;
        free(s);
    }
    struct dr_pdn_file again;
    if (!dr_pdn_read("again", text, len, &opt, &again))
        abort();
    if (again.n_games != f.n_games) {
        fprintf(stderr, "round trip: %d games, then %d\n%s", f.n_games, again.n_games, text);
        abort();
    }
    for (int i = 0; i < f.n_games; i++) {
        char why[300];
        if (!dr_pdn_game_equal(f.games[i], again.games[i], why, sizeof why)) {
            fprintf(stderr, "round trip: game %d: %s\n%s", i + 1, why, text);
            abort();
        }
    }
    free(text);
    dr_pdn_file_free(&again);
    dr_pdn_file_free(&f);
    return 0;
}
