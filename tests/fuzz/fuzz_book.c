/* libFuzzer target: opening book files.  A text is refused with a reason
 * naming the line, or read into a book whose every position's moves come
 * back best first, legal, with a pick among them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts/book.h"
#include "draughts/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dr_book_move moves[DR_MAX_MOVES];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct dr_variant v;
    static bool loaded;
    struct dr_error err;
    if (!loaded && !dr_variant_builtin("english", &v, &err))
        abort();
    loaded = true;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    memset(&err, 0, sizeof err);
    struct dr_book *b = dr_book_parse(&v, text, "fuzz.book", &err);
    if (!b) {
        if (!strstr(err.msg, "fuzz.book"))
            abort(); /* a refusal always names the file */
        free(text);
        return 0;
    }
    struct dr_position pos;
    dr_position_start(&v, &pos);
    int n = dr_book_moves(b, &pos, moves, DR_MAX_MOVES);
    for (int k = 1; k < n; k++)
        if (moves[k].score > moves[k - 1].score)
            abort(); /* best first */
    uint64_t rng = 1;
    struct dr_book_move pick;
    if (n && !dr_book_pick(b, &pos, &rng, &pick))
        abort();
    dr_book_free(b);
    free(text);
    return 0;
}
