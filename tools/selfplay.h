/* One training position as selfplay writes it and train reads it: 32
 * bytes, host byte order (the files stay on the machine that made them). */
#ifndef DR_SELFPLAY_H
#define DR_SELFPLAY_H

#include <stdio.h>
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

/* The bytes of f past its last whole record: 0 for a file of whole records,
 * more for one cut short (or not selfplay's), -1 when its size cannot be
 * read (a pipe, where nothing is checked). f is left at its start. */
static inline long selfplay_records_remainder(FILE *f)
{
    if (fseek(f, 0, SEEK_END) != 0)
        return -1;
    long size = ftell(f);
    rewind(f);
    return size < 0 ? -1 : size % (long)sizeof(struct selfplay_record);
}

#endif
