/* The ncurses front end: the start screen, the board as a view of the game
 * loop and the person at the keyboard as a player of it.  Nothing here
 * exposes curses; src/cli calls dr_ui_run() and gets an exit status. */
#ifndef DRAUGHTS_UI_H
#define DRAUGHTS_UI_H

#include <stdbool.h>
#include <stdio.h>

enum dr_ui_mode {
    DR_UI_START,   /* the start screen first */
    DR_UI_PLAY,    /* straight into a game against the computer */
    DR_UI_HOTSEAT, /* straight into a game between two people */
    DR_UI_REPLAY,  /* step through a game of a PDN file */
};

struct dr_ui_options {
    enum dr_ui_mode mode;
    const char *variant;   /* NULL: the remembered choice (or international) */
    const char *rules;     /* a rules file instead of a built-in variant */
    const char *fen;       /* start position; NULL: the variant's */
    int side;              /* the person's colour against the computer; -1: remembered */
    int level;             /* 1..DR_LEVELS; 0: remembered */
    int clock_minutes;     /* time control per side; 0: no clocks */
    int clock_increment;   /* seconds added after each move */
    bool ascii;            /* ASCII pieces even in a UTF-8 locale */
    bool no_color;         /* monochrome even on a colour terminal */
    const char *replay_file; /* DR_UI_REPLAY: the PDN file and the game in it (1-based) */
    int replay_game;         /* 0: the only game, or a list to choose from */
};

void dr_ui_options_init(struct dr_ui_options *o);

/* Runs the terminal UI until the person quits.  Returns the exit status
 * (0, or 2 with a message on stderr when the terminal cannot be used or an
 * option is bad). */
int dr_ui_run(const struct dr_ui_options *o);

/* The board's keys as a Markdown table (the README's list): the rows the
 * help (?) shows, from the same table. */
void dr_ui_print_keys(FILE *out);

#endif
