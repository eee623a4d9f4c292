/* The game screen's keys, described once: the help (?), the key bar at
 * the bottom and the bindings themselves are all made from one table. */
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

/* What a key bound on the game screen does: src/ui/input.c has a handler
 * for each.  The bindings are part of the help's rows, so that no key is
 * bound without being described. */
enum key_action {
    KA_NONE,
    KA_TAB,
    KA_ENTER,
    KA_MOUSE,
    KA_ESCAPE,
    KA_TYPE_MOVE,
    KA_HOME_END,
    KA_UNDO,
    KA_REDO,
    KA_HINT,
    KA_MOVE_NOW,
    KA_LEVEL,
    KA_DRAW,
    KA_RESIGN,
    KA_NEW,
    KA_SAVE,
    KA_OPEN,
    KA_FEN,
    KA_GO_TO,
    KA_EDITOR,
    KA_FLIP,
    KA_HELP,
    KA_QUIT,
    KA_COUNT
};

/* The action of a key (a curses key code), KA_NONE when none is bound. */
enum key_action keys_action(int key);

/* A binding and the help row that describes it. */
struct key_binding {
    int key;
    enum key_action action;
    const char *name;     /* as the row's keys name it, or as its aliases say (Q as q,
                             = as +, Ctrl-R as r) */
    const char *row_keys; /* the row's keys */
    const char *row_also; /* the row's aliases in words ("Q too"; "" for none), said
                             after its help */
};

/* Every binding, in the table's order; returns how many (at most max). */
int keys_bindings(struct key_binding *out, int max);

/* The help's rows: {keys, description}, headings with "" keys; returns how
 * many (at most max).  Texts are built in buf. */
int keys_help_rows(const struct key_facts *f, const char *rows[][2], int max, char *buf,
                   size_t size);
/* The key bar for context. */
void keys_bar(const struct key_facts *f, enum key_context context, char *out, size_t size);

#endif
