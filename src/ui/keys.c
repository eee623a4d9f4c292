/* The game screen's keys (keys.h): each described once, here; the help,
 * the key bar and the bindings read this table. */
#include "keys.h"

#include "draughts/ui.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

enum key_only { KO_ANY, KO_HOTSEAT, KO_COMPUTER };

struct key_doc {
    const char *section;  /* a heading before this row, or NULL */
    const char *keys;     /* as the help writes them */
    const char *help;     /* "$M": an example move, "$Q": where q goes */
    enum key_only only;
    const char *bar;      /* the key bar's words, NULL: not in the bar */
    unsigned bar_when;    /* enum key_context bits */
    const char *bar2;     /* other words in other contexts */
    unsigned bar2_when;
    struct {
        int key;
        enum key_action action;
        const char *name; /* as keys names it, or as also does (an alias) */
    } bind[6];            /* the keys input.c dispatches to these actions (keys handled
                             elsewhere, like the cursor's and the replay's, bind none) */
    const char *also;     /* the aliases, said after the help ("Q too"), NULL: none */
};

static const struct key_doc key_docs[] = {
    {"Moving", "arrows h j k l", "move the cursor", KO_ANY, "arrows/hjkl move", KC_MOVE | KC_HOLD,
     NULL, 0,
     {{0}}, NULL},
    {NULL, "Enter or Space", "pick up the piece under the cursor / put it down (a capture: square "
                             "by square too)", KO_ANY,
     "Enter pick up", KC_MOVE, "Enter put down", KC_HOLD,
     {{'\n', KA_ENTER, "Enter"}, {'\r', KA_ENTER, "Enter"}, {KEY_ENTER, KA_ENTER, "Enter"},
      {' ', KA_ENTER, "Space"}}, NULL},
    {NULL, "Tab, Shift-Tab", "jump to the next piece that can move (or target)", KO_ANY,
     "Tab next target", KC_HOLD, NULL, 0,
     {{'\t', KA_TAB, "Tab"}, {KEY_BTAB, KA_TAB, "Shift-Tab"}}, NULL},
    {NULL, "mouse", "click a piece, then where it goes (or drag it); a click on a move of the "
                    "list goes to it as # does", KO_ANY, NULL, 0, NULL, 0,
     {{KEY_MOUSE, KA_MOUSE, "mouse"}}, NULL},
    {NULL, "m or :", "type or paste a move, e.g. $M (a capture with x); between two players a "
                     "list of moves, played one a turn; a FEN starts a new game from it", KO_ANY, "m type move", KC_MOVE, NULL, 0,
     {{'m', KA_TYPE_MOVE, "m"}, {':', KA_TYPE_MOVE, ":"}}, NULL},
    {NULL, "0-9", "numeric boards: a digit starts typing a move", KO_ANY, NULL, 0, NULL, 0,
     {{0}}, NULL},
    {NULL, "Esc", "put the piece back, cancel", KO_ANY, "Esc put back", KC_HOLD, NULL, 0,
     {{27, KA_ESCAPE, "Esc"}}, NULL},
    {"Game", "u", "take back a move", KO_HOTSEAT, "u take back", KC_MOVE | KC_THINK | KC_OVER,
     NULL, 0,
     {{'u', KA_UNDO, "u"}}, NULL},
    {NULL, "u", "take back your last move and the reply", KO_COMPUTER, "u take back",
     KC_MOVE | KC_THINK | KC_OVER, NULL, 0,
     {{0}}, NULL}, /* (bound on the row before: the key is one, its help two) */
    {NULL, "r", "redo a move taken back", KO_ANY, NULL, 0, NULL, 0,
     {{'r', KA_REDO, "r"}, {18, KA_REDO, "Ctrl-R"}}, "Ctrl-R too"},
    {NULL, ". , PgDn PgUp", "replay: next / back (same as r and u)", KO_ANY, ". next   , back",
     KC_REPLAY, NULL, 0,
     {{'.', KA_REDO, "."}, {',', KA_UNDO, ","}, {KEY_NPAGE, KA_REDO, "PgDn"},
      {KEY_PPAGE, KA_UNDO, "PgUp"}, {'>', KA_REDO, ">"}, {'<', KA_UNDO, "<"}}, "> and < too"},
    {NULL, "Home / End", "back to the start / on to the end", KO_ANY, "Home/End", KC_REPLAY, NULL,
     0,
     {{KEY_HOME, KA_HOME_END, "Home"}, {KEY_END, KA_HOME_END, "End"}}, NULL},
    {NULL, "#", "replay, two players: go to a move (12, or 12... / 12b for the second player's)",
     KO_ANY, "# go to move", KC_REPLAY, NULL, 0,
     {{'#', KA_GO_TO, "#"}}, NULL},
    {NULL, "v", "replay: the moves here; choose a variation to follow", KO_ANY, "v variations",
     KC_REPLAY, NULL, 0,
     {{0}}, NULL},
    {NULL, "Backspace", "replay: leave the variation, back where it branched off", KO_ANY,
     "Backspace leave", KC_REPLAY, NULL, 0,
     {{0}}, NULL},
    {NULL, "p", "replay: play on from this position (computer or friend)", KO_ANY, "p play on",
     KC_REPLAY, NULL, 0,
     {{0}}, NULL},
    {NULL, "G", "replay: the list of the file's games", KO_ANY, "G games", KC_REPLAY, NULL, 0,
     {{0}}, NULL},
    {NULL, "a / ] [", "analysis on/off / the next, previous marked move", KO_ANY, NULL, 0, NULL,
     0,
     {{0}}, NULL},
    {NULL, "t", "hint: the computer suggests a move", KO_ANY, "t hint", KC_MOVE, NULL, 0,
     {{'t', KA_HINT, "t"}, {'H', KA_HINT, "H"}}, "H too"},
    {NULL, "g", "make the computer move now", KO_COMPUTER, "g move now", KC_THINK, NULL, 0,
     {{'g', KA_MOVE_NOW, "g"}}, NULL},
    {NULL, "+ / -", "a stronger / weaker computer, from its next move", KO_COMPUTER, NULL, 0,
     NULL, 0,
     {{'+', KA_LEVEL, "+"}, {'-', KA_LEVEL, "-"}, {'=', KA_LEVEL, "="}}, "= as +"},
    {NULL, "d", "offer a draw", KO_ANY, NULL, 0, NULL, 0,
     {{'d', KA_DRAW, "d"}}, NULL},
    {NULL, "R", "resign", KO_ANY, NULL, 0, NULL, 0,
     {{'R', KA_RESIGN, "R"}}, NULL},
    {NULL, "n", "new game", KO_ANY, "n new game", KC_OVER, NULL, 0,
     {{'n', KA_NEW, "n"}}, NULL},
    {NULL, "s / o", "save the game as PDN / open a PDN file", KO_ANY, "s save", KC_OVER, NULL, 0,
     {{'s', KA_SAVE, "s"}, {'o', KA_OPEN, "o"}}, NULL},
    {NULL, "E", "set up a position (editor), then play or analyse it", KO_ANY, "E set up",
     KC_MOVE | KC_OVER, NULL, 0,
     {{'E', KA_EDITOR, "E"}}, NULL},
    {"Screen", "f", "flip the board", KO_ANY, "f flip", KC_THINK, NULL, 0,
     {{'f', KA_FLIP, "f"}}, NULL},
    {NULL, "F", "show the position as FEN and copy it to the clipboard", KO_ANY, "F position (FEN)", KC_OVER, NULL, 0,
     {{'F', KA_FEN, "F"}}, NULL},
    {NULL, "? / Ctrl-L", "this help / redraw the screen", KO_ANY, "? all keys",
     KC_MOVE | KC_THINK | KC_OVER | KC_REPLAY, NULL, 0,
     {{'?', KA_HELP, "?"}}, NULL},
    {NULL, "q", "$Q (the game is kept)", KO_ANY, "q $q", KC_MOVE | KC_HOLD | KC_THINK | KC_OVER |
     KC_REPLAY, NULL, 0,
     {{'q', KA_QUIT, "q"}, {'Q', KA_QUIT, "Q"}}, "Q too"},
};

enum { NDOCS = sizeof key_docs / sizeof key_docs[0], NBIND = sizeof key_docs[0].bind /
                                                                 sizeof key_docs[0].bind[0] };

enum key_action keys_action(int key)
{
    for (int i = 0; i < NDOCS; i++)
        for (int j = 0; j < NBIND && key_docs[i].bind[j].action; j++)
            if (key_docs[i].bind[j].key == key)
                return key_docs[i].bind[j].action;
    return KA_NONE;
}

int keys_bindings(struct key_binding *out, int max)
{
    int n = 0;
    for (int i = 0; i < NDOCS; i++)
        for (int j = 0; j < NBIND && key_docs[i].bind[j].action && n < max; j++)
            out[n++] = (struct key_binding){key_docs[i].bind[j].key, key_docs[i].bind[j].action,
                                            key_docs[i].bind[j].name, key_docs[i].keys,
                                            key_docs[i].also ? key_docs[i].also : ""};
    return n;
}

static bool applies(const struct key_doc *d, const struct key_facts *f)
{
    return d->only == KO_ANY || f->every || (d->only == KO_HOTSEAT) == f->hotseat;
}

/* text with $M, $Q and $q put in, appended to buf at *used; returns it. */
static const char *expand(const struct key_facts *f, const char *text, char *buf, size_t size,
                          size_t *used)
{
    if (*used + 1 >= size) /* full: an empty text that takes no room */
        return "";
    char *out = buf + *used;
    size_t room = size - *used, n = 0;
    for (const char *s = text; *s && n + 1 < room; s++) {
        const char *put = NULL;
        if (s[0] == '$' && s[1] == 'M')
            put = f->example;
        else if (s[0] == '$' && s[1] == 'Q')
            put = f->from_menu ? "back to the start screen" : "quit";
        else if (s[0] == '$' && s[1] == 'q')
            put = f->from_menu ? "menu" : "quit";
        if (put) {
            int w = snprintf(out + n, room - n, "%s", put);
            n += w > 0 && (size_t)w < room - n ? (size_t)w : 0;
            s++;
        } else {
            out[n++] = *s;
        }
    }
    out[n] = 0;
    *used += n + 1;
    return out;
}

/* The aliases after the text just expanded into buf: "text (also)", or
 * "text (note; also)" when the text ends in brackets of its own. */
static void append_also(const char *also, char *buf, size_t size, size_t *used)
{
    if (*used < 2 || *used + strlen(also) + 4 > size)
        return;
    char *end = buf + *used - 1; /* the text's NUL */
    bool bracket = end[-1] == ')';
    snprintf(end - bracket, size - (size_t)(end - bracket - buf), "%s%s)", bracket ? "; " : " (",
             also);
    *used += strlen(also) + 3 - (size_t)bracket;
}

int keys_help_rows(const struct key_facts *f, const char *rows[][2], int max, char *buf,
                   size_t size)
{
    int n = 0;
    size_t used = 0;
    for (int i = 0; i < NDOCS; i++) {
        const struct key_doc *d = &key_docs[i];
        if (d->section && n < max) {
            rows[n][0] = "";
            rows[n++][1] = d->section;
        }
        if (!applies(d, f) || n >= max || used + 1 >= size)
            continue;
        const char *text = buf + used;
        if (f->every && d->only != KO_ANY) { /* the manual: whose key it is */
            expand(f, d->only == KO_HOTSEAT ? "between two players: " : "against the computer: ",
                   buf, size, &used);
            used--; /* the description goes on over the prefix's end */
        }
        expand(f, d->help, buf, size, &used);
        if (d->also)
            append_also(d->also, buf, size, &used);
        rows[n][0] = d->keys;
        rows[n++][1] = text;
    }
    static const char *const marks[][2] = {
        {"", "Marks"},
        {"[ ]", "cursor      > <  piece picked up      *: where its capture has landed"},
        {"!", "must capture      + or dot: it can go there"},
        {"?", "hint          x: a piece just captured"},
    };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0] && n < max; i++) {
        rows[n][0] = marks[i][0];
        rows[n++][1] = marks[i][1];
    }
    if (n < max) {
        rows[n][0] = "";
        rows[n++][1] = f->pieces;
    }
    return n;
}

void keys_bar(const struct key_facts *f, enum key_context context, char *out, size_t size)
{
    size_t len = 0, used = 0;
    char words[128];
    out[0] = 0;
    for (int i = 0; i < NDOCS; i++) {
        const struct key_doc *d = &key_docs[i];
        const char *bar = d->bar_when & context ? d->bar : d->bar2_when & context ? d->bar2 : NULL;
        if (!bar || !applies(d, f))
            continue;
        used = 0;
        expand(f, bar, words, sizeof words, &used);
        int w = snprintf(out + len, size - len, "%s%s", len ? "   " : "", words);
        if (w < 0 || (size_t)w >= size - len) {
            out[len] = 0; /* whole words only */
            break;
        }
        len += (size_t)w;
    }
}

void dr_ui_print_keys(FILE *out)
{
    struct key_facts facts = {false, false, "32-28", "", true};
    const char *rows[80][2];
    char buf[8192];
    int n = keys_help_rows(&facts, rows, 80, buf, sizeof buf);
    fprintf(out, "| key | on the board |\n|---|---|\n");
    for (int i = 0; i < n; i++) {
        if (!rows[i][1][0])
            continue;
        if (!rows[i][0][0])
            fprintf(out, "| **%s** | |\n", rows[i][1]);
        else
            fprintf(out, "| `%s` | %s |\n", rows[i][0], rows[i][1]);
    }
}
