/* One training position as selfplay writes it and train reads it: 32
 * bytes, host byte order (the files stay on the machine that made them). */
#ifndef DR_SELFPLAY_H
#define DR_SELFPLAY_H

#include <stdint.h>

struct selfplay_record {
    uint64_t white, black, kings; /* bit boards of the variant's layout */
    uint8_t side;                 /* DR_WHITE or DR_BLACK to move */
    int8_t result;                /* the game's result for White: 1, 0, -1 */
    int16_t score;                /* the search's score for White, centi-men */
    uint16_t ply;                 /* plies played before the position */
    uint16_t unused;
};

_Static_assert(sizeof(struct selfplay_record) == 32, "a record is 32 bytes");

#endif
