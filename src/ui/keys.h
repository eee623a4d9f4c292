/* The game screen's keys, described once: the help (?) and the key bar at
 * the bottom are both made from one table. */
#ifndef UI_KEYS_H
#define UI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

/* Where the key bar stands (what the person can do now). */
enum key_context {
    KC_MOVE = 1 << 0,     /* a turn at the board, nothing held */
    KC_HOLD = 1 << 1,     /* a piece held */
    KC_THINK = 1 << 2,    /* the computer thinks */
    KC_OVER = 1 << 3,     /* the game is over */
    KC_REPLAY = 1 << 4,   /* a replay, nothing held */
};

/* What the descriptions depend on. */
struct key_facts {
    bool hotseat;         /* two players, not against the computer */
    bool from_menu;       /* q goes back to the start screen */
    const char *example;  /* a legal move in this variant's notation */
    const char *pieces;   /* the pieces' look, for the help's last line */
    bool every;           /* for the manual: the keys of both kinds of game, each
                             kind's own keys said so */
};

/* The help's rows: {keys, description}, headings with "" keys; returns how
 * many (at most max).  Texts are built in buf. */
int keys_help_rows(const struct key_facts *f, const char *rows[][2], int max, char *buf,
                   size_t size);
/* The key bar for context. */
void keys_bar(const struct key_facts *f, enum key_context context, char *out, size_t size);

#endif
