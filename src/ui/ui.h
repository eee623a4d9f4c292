/* Internals of the ncurses front end, shared by the modules of src/ui/.
 * Each file calls only files listed above it (none calls back up), and
 * their sections below come in the same order (complete.h and keys.h apart):
 *   term.c     terminal set-up and restore, signals, colours, glyphs, keys
 *   config.c   remembered choices and XDG paths (atomic writes)
 *   complete.c Tab completion of file names, ~ in a file name, "Cannot open" (complete.h)
 *   keys.c     the key table: the key bar, the key help's rows and the game screen's
 *              bindings (keys.h; of curses only its key codes)
 *   worker.c   an engine of the screen's own and the thread searching on it
 *   hint.c     a short search on a private engine, in its own thread
 *   analysis.c the live analysis: the position shown searched without end
 *   scores.c   the score of every position of the line shown (file or pass)
 *   say.c      the status line, and the names of sides, pieces, squares, variants, lines
 *   box.c      pop-up boxes, lists in a box, text wrapped into the pane
 *   layout.c   where the board and the panes go for the terminal's size
 *   cursor.c   the board's cursor: where a turn puts it, the arrows moving it
 *   prompt.c   the prompt line: its text, recent files (Up/Down), Tab completion
 *   board.c    drawing the board
 *   gauge.c    the evaluation bar and the score graph
 *   help.c     the key help and the other pop-ups
 *   replay.c   a PDN file's games: the game list, variations, play from here
 *   study.c    analysis pane, bar, graph and marked moves: when, what, keys
 *   panes.c    title, side pane (players, counters, engine, moves), status
 *   draw.c     the game screen drawn whole, and the pop-up on top
 *   save.c     games as PDN: the save prompt, read back to continue
 *   open.c     a file opened during a game, for the session to start
 *   editor.c   the position editor: set up a position, check it, play or study it
 *   input.c    the game screen's keys: picking up and putting down, explanations,
 *              the typed move, what a prompt's text is for
 *   play.c     the person as a player of the loop and the board as its view
 *   start.c    the start screen
 *   run.c      the screens from start to quit (dr_ui_run): each game's session (session.h),
 *              what comes next
 * Only these files include curses. */
#ifndef DR_UI_INTERNAL_H
#define DR_UI_INTERNAL_H

#include <curses.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "draughts/annotate.h"
#include "draughts/clock.h"
#include "draughts/engine.h"
#include "draughts/engine_worker.h"
#include "draughts/game.h"
#include "draughts/loop.h"
#include "draughts/monotonic.h"
#include "draughts/move.h"
#include "draughts/movegen.h"
#include "draughts/session.h"
#include "draughts/turn.h"
#include "draughts/ui.h"
#include "draughts/variant.h"

/* ---- term.c ---- */

/* Colour roles; each is a (foreground, background) pair made on demand. */
enum ui_bg { BG_NONE, BG_LIGHT, BG_DARK, BG_CURSOR, BG_SELECTED, BG_DEST, BG_MUST, BG_LAST,
             BG_HINT, BG_WHITE_SHADE, BG_BLACK_SHADE, BG_COUNT };
enum ui_fg { FG_DEFAULT, FG_WHITE_PIECE, FG_BLACK_PIECE, FG_NUMBER, FG_MARK, FG_ERROR, FG_GOOD,
             FG_TITLE, FG_DIM, FG_WHITE_SHADE, FG_BLACK_SHADE, FG_COUNT };

enum ui_glyph { GL_WMAN, GL_WKING, GL_BMAN, GL_BKING, GL_EMPTY, GL_DEST, GL_ARROW, GL_DOT,
                GL_LANDED, GL_COUNT };

struct ui_term {
    bool active;   /* curses is on */
    bool color;    /* colours in use */
    bool unicode;  /* UTF-8 glyphs in use */
    bool many;     /* 256 colours */
    bool mouse;
    bool draughts_glyphs; /* the Unicode draughts symbols instead of circles */
    bool discs;           /* big cells show pieces as discs (256 colours, UTF-8) */
    bool light_pieces;    /* pieces stand on light squares too (Armenian, Turkish) */
    int rows, cols;
    short pair[FG_COUNT][BG_COUNT];
    short next_pair;
};

/* setlocale + initscr + modes; false with a message when there is no terminal. */
bool term_start(struct ui_term *t, bool ascii, bool no_color, char *why, int why_size);
void term_end(struct ui_term *t);
/* Attributes for text of role fg on background bg (colour or monochrome). */
attr_t term_attr(struct ui_term *t, enum ui_fg fg, enum ui_bg bg);
/* Boards whose light squares hold pieces need other colours on 8-colour
 * terminals (white pieces on a white square would vanish). */
void term_board_colours(struct ui_term *t, bool light_pieces);
const char *term_glyph(const struct ui_term *t, enum ui_glyph g);
/* Next key within ms milliseconds (ERR when none).  KEY_RESIZE updates
 * rows/cols.  A caught SIGINT/SIGTERM/SIGHUP reads as UI_KEY_SIGNAL. */
#define UI_KEY_SIGNAL (KEY_MAX + 1)
int term_key(struct ui_term *t, int ms);
/* Was a terminating signal caught (and which)? */
int term_signal(void);
/* Mouse: the last event's position and whether it was a press or release. */
bool term_mouse(int *y, int *x, bool *press, bool *release);
/* Draw text clipped to width columns; returns the columns used.  UTF-8 aware. */
int term_put(int y, int x, int width, attr_t a, const char *s);
/* The length in bytes of s's first line wrapped at `width` columns (at the
 * last space that fits; a longer word is cut), *next where the rest starts. */
size_t term_wrap_line(const char *s, int width, const char **next);
/* s wrapped by word into at most max_rows rows from (y, x); the rows used. */
int term_put_wrapped(int y, int x, int width, int max_rows, attr_t a, const char *s);

/* ---- config.c ---- */

/* The game mode the start screen offers first (the config's "mode"). */
enum ui_mode { MODE_COMPUTER, MODE_HOTSEAT };

struct ui_config {
    enum ui_mode mode;
    char variant[DR_NAME_LEN];
    int side;            /* DR_WHITE / DR_BLACK */
    int level;
    char pieces[16];     /* "discs", "circles" or "draughts" (Unicode piece style) */
    bool ponder;         /* the computer thinks on your time at the levels that do */
    bool book;           /* the computer plays from its opening book */
};

void config_defaults(struct ui_config *c);
/* Read $XDG_CONFIG_HOME/draughts/config (missing file: defaults). */
void config_load(struct ui_config *c);
/* Write it atomically; false (with why) on failure. */
bool config_save(const struct ui_config *c, char *why, int why_size);
/* $XDG_DATA_HOME/draughts/NAME or $XDG_CONFIG_HOME/draughts/NAME, creating
 * the directory; false when no home is known. */
bool config_data_path(const char *name, char *out, int size);
/* Where the game is autosaved: $XDG_DATA_HOME/draughts/autosave.pdn (or
 * ~/.local/share/...); when that directory cannot be made, a fallback
 * (~/draughts-autosave.pdn, else /tmp/draughts-autosave-UID.pdn), and note
 * says why and where the game goes instead ("" when all is well).  False
 * only when no place at all is found. */
bool config_autosave_path(char *out, int size, char *note, int note_size);
bool config_config_path(const char *name, char *out, int size);
/* Write text to path atomically (temporary file beside it + rename). */
bool config_write_atomic(const char *path, const char *text, char *why, int why_size);

/* The PDN files opened or saved last, newest first, in
 * $XDG_CONFIG_HOME/draughts/recent: how many were read (at most max). */
#define RECENT_MAX 8
#define RECENT_PATH 320
int recent_load(char out[][RECENT_PATH], int max);
/* path (made absolute) goes to the front; failures are silent (a list of
 * conveniences, never worth an error). */
void recent_add(const char *path);

/* ---- the screens' state: struct ui and its parts ---- */

/* GAMES: back to the replayed file's game list; PLAY: play on from the
 * replayed position (ui->next.start); ANALYSE: study ui->next.start on the
 * replay screen. */
enum ui_exit { UI_EXIT_NONE, UI_EXIT_QUIT, UI_EXIT_MENU, UI_EXIT_SIGNAL, UI_EXIT_LOAD,
               UI_EXIT_GAMES, UI_EXIT_PLAY, UI_EXIT_ANALYSE };
enum ui_overlay { OV_NONE, OV_HELP, OV_TEXT, OV_CONFIRM, OV_CHOOSE, OV_PROMPT, OV_DRAW_OFFER,
                  OV_LIST };
/* What an OV_LIST offers: the moves at a branch point, or how to play on. */
enum ui_list { LIST_VARIATIONS, LIST_PLAY };
/* Play from here: who plays whom (the index in the LIST_PLAY list). */
enum ui_play_mode { PLAY_WHITE, PLAY_BLACK, PLAY_HOTSEAT, PLAY_COUNT };
enum ui_prompt { PR_MOVE, PR_SAVE, PR_LOAD, PR_GOTO, PR_FEN };
enum ui_confirm { CF_RESIGN, CF_DRAW, CF_NEW, CF_QUIT };
enum ui_tone { TONE_INFO, TONE_ERROR, TONE_GOOD };

struct ui_layout {
    bool too_small;
    int need_rows, need_cols;
    int cw, ch;            /* cell size */
    int by, bx;            /* top-left of the first cell */
    int px, pw, py, ph;    /* side pane */
    int status_y, keys_y;
    int barx;              /* the evaluation bar's column, 0: none */
    bool below;            /* the pane is below the board (narrow terminals) */
};

struct ui_hint;
struct ui_replay;
struct ui_study;

/* A game read back from a PDN file to continue it (the autosave or any
 * other); replays keep the whole file (replay.c). */
struct saved_game {
    struct dr_variant variant;
    struct dr_position start;
    struct dr_move *moves;   /* the main line */
    int nmoves;
    bool finished;           /* a result other than "*" */
    bool hotseat;            /* who played, from our own tags (autosave) */
    int human_side, level;
    char description[256];   /* "Italian draughts (FID) after 12 plies, ..." */
    int games_in_file;
    int errors;              /* what the reader could not read of it */
    char first_error[200];
};

/* What a game starts from: the session's setup (run_game adds the
 * computer's settings and the clock) and a replay's title. */
struct game_setup {
    struct dr_session_setup play;
    char title[200];             /* replay: who played whom */
};

/* The board on the screen (layout.c maps it) and the cursor on it
 * (cursor.c, input.c); where panes.c drew the moves, for a click. */
struct ui_board_view {
    int8_t sq_at[10][10];              /* [rank][file] -> square or -1 */
    bool flipped;
    int cur_file, cur_rank;
    int aim_file, aim_at;              /* the file Up/Down keep to, and the cell
                                          (rank * 16 + file) it was kept at */
    int mouse_down_sq;
    struct ui_move_cell {              /* where the move list drew each move, */
        int y, x, w, ply;              /* for a click on it: the ply after it */
    } move_cells[128];
    int nmove_cells;
};

/* The prompt line's (prompt.c; input.c and editor.c say what it is for). */
struct ui_prompt_line {
    enum ui_prompt kind;
    char input[320];
    int input_len;
    char hint[256];                    /* a file prompt's Tab: the names that match */
    char recent[RECENT_MAX][RECENT_PATH]; /* a file prompt's Up/Down: recent files */
    int nrecent, recent_at;            /* recent_at -1: the text typed */
    char recent_typed[RECENT_PATH];    /* what was typed before Up/Down */
};

/* The pop-ups': which one is up (input.c opens and closes them, help.c
 * and replay.c draw them) and what each shows. */
struct ui_overlays {
    enum ui_overlay kind;
    enum ui_confirm confirm;
    char text_title[64];
    char text_body[512];
    int choice;                        /* the chooser's line (turn.choices) */
    enum ui_list list;                 /* OV_LIST: what it offers, how many, which one */
    int list_n, list_sel;
    int help_page, help_lines;
};

/* A line said to the person, in a tone (say.c; the start screen's own). */
struct ui_status {
    char text[512];
    enum ui_tone tone;
};

/* The computer's search as the panes show it (play.c takes the loop's news). */
struct ui_search_shown {
    bool have;
    struct dr_search_info info;
    struct dr_position root;           /* the position searched */
    int64_t think_start;               /* when it began thinking, 0: not */
};

/* The hint (t): the search for it (hint.c) and the move shown (board.c). */
struct ui_hinting {
    bool shown;
    struct dr_move move;
    struct ui_hint *hinter;
};

/* What the session starts when this game ends (ui->exit says which): a
 * file opened (open.c) or the position to play on or study (replay.c,
 * editor.c). */
struct ui_next {
    char note[200];                    /* said when the game opened with o starts */
    struct saved_game *game;           /* a game to continue */
    struct ui_replay *rp;              /* a file to replay */
    struct dr_position start;          /* UI_EXIT_PLAY, ANALYSE: the position */
    enum ui_play_mode play_mode;
};

struct ui {
    struct ui_term term;
    struct ui_config cfg;
    const struct dr_ui_options *opt;

    /* the game being played: its session (game, loop, players, clock,
     * autosave: session.h) and what the screens need of it */
    struct dr_session session;
    struct dr_variant variant;
    char replay_title[200];
    bool from_menu;                    /* q goes back to the start screen */
    enum ui_exit exit;
    struct ui_replay *rp;              /* replay of a whole file: its tree */
    struct dr_turn turn;               /* the person's turn: legal moves, the piece
                                          held, captures to choose from */
    struct ui_next next;

    /* what the person sees */
    struct ui_layout lay;              /* the whole screen's (layout.c) */
    struct ui_board_view view;
    struct ui_overlays ov;
    struct ui_prompt_line pr;
    struct ui_status status;           /* the board screen's status line */
    struct ui_status start_line;       /* the start screen's own line */
    struct {                           /* the last move, marked on the board */
        bool have;
        struct dr_move move;
    } last;
    struct ui_search_shown search;
    struct ui_hinting hint;
    struct ui_study *study;            /* analysis, bar, graph (study.c) */

    /* redrawing (draw.c) */
    bool dirty;                        /* redraw at once */
    bool info_dirty;                   /* redraw soon (engine progress) */
    int64_t last_draw;
};

/* ---- worker.c ---- */
/* An engine of the screen's own, the copy of the position it searches and
 * its thread (a dr_engine_worker: engine_worker.h says how it starts and
 * stops); fn runs once per worker_start.  The hint, the live analysis and
 * the score graph's pass each have one. */
struct ui_worker {
    struct dr_engine *engine;
    struct dr_variant variant;         /* the engine's */
    struct dr_engine_worker thread;
    /* the position to search and the game's past, copied (worker_position):
     * the game may change while the thread reads them */
    struct dr_position root;
    struct dr_game_context ctx;
    uint64_t *keys;
    int keys_cap;
};
/* Copy g's position and past into w->root and w->ctx (not while fn runs);
 * false when out of memory. */
bool worker_position(struct ui_worker *w, const struct dr_game *g);
/* An engine for v (kept while v stays the same); false when out of memory. */
bool worker_engine(struct ui_worker *w, const struct dr_variant *v, size_t hash_mib);
bool worker_start(struct ui_worker *w, void (*fn)(void *arg), void *arg);
/* Stop the search and join the thread: returns within milliseconds. */
void worker_stop(struct ui_worker *w);
void worker_free(struct ui_worker *w);
bool worker_quitting(struct ui_worker *w); /* for fn: stop was asked */
bool worker_running(struct ui_worker *w);

/* ---- hint.c ---- */
struct ui_hint *hint_new(void);
void hint_free(struct ui_hint *h);
void hint_start(struct ui_hint *h, const struct dr_variant *v, const struct dr_game *g);
/* Done?  Then *m is the suggestion (false: none). */
bool hint_poll(struct ui_hint *h, bool *running, struct dr_move *m);
void hint_cancel(struct ui_hint *h);

/* ---- analysis.c ---- */
struct analysis_snapshot {
    bool running;                      /* a search of root was started */
    bool resting;                      /* and stopped after a few minutes */
    bool have;                         /* and finished an iteration: info */
    struct dr_position root;
    struct dr_search_info info;
};
struct ui_analysis;
struct ui_analysis *analysis_new(void);
void analysis_free(struct ui_analysis *a);
/* Search g's position (with its past) until stopped; nothing when already on it. */
void analysis_start(struct ui_analysis *a, const struct dr_variant *v, const struct dr_game *g);
void analysis_stop(struct ui_analysis *a);
/* Did it stop on its own after a few minutes on one position? */
bool analysis_resting(const struct ui_analysis *a);
/* The latest snapshot into *out when it changed since the last poll. */
bool analysis_poll(struct ui_analysis *a, struct analysis_snapshot *out);

/* ---- scores.c ---- */
#define SCORE_NONE INT_MIN
/* A line of play and what a file says of it. */
struct ui_line {
    struct dr_position start;
    int n, cap;                        /* moves, room */
    struct dr_move *moves;             /* n */
    int *file_score;                   /* n + 1: [%eval] of each position, or SCORE_NONE */
    enum dr_mark *file_mark;           /* n: the file's ?!, ?, ?? of each move */
};
bool line_reserve(struct ui_line *l, int n); /* room for n moves; sets n */
void line_free(struct ui_line *l);
struct ui_scores;
struct ui_scores *scores_new(void);
void scores_free(struct ui_scores *s);
/* The line shown (copied); scores of positions shared with the last stay. */
bool scores_set_line(struct ui_scores *s, const struct dr_variant *v, const struct ui_line *line);
/* on: score the positions the file does not, in the background; off: stop. */
void scores_run(struct ui_scores *s, bool on);
/* Take the pass's new scores; true when there were some. */
bool scores_poll(struct ui_scores *s);
bool scores_busy(struct ui_scores *s);
int scores_positions(const struct ui_scores *s); /* n + 1, 0 without a line */
/* Position i's score from White's side; false when unknown. */
bool scores_get(const struct ui_scores *s, int i, int *score);
/* The mark of move i: the file's, else by the scores around it. */
enum dr_mark scores_mark(const struct ui_scores *s, int i);

/* ---- say.c ---- */
/* The status line: what the game screen says now, in a tone. */
void ui_say(struct ui *ui, enum ui_tone tone, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ui_square_name(const struct ui *ui, int sq, char *out);
/* "International draughts (FMJD)": the description up to its colon. */
void ui_variant_title(const struct dr_variant *v, char *out, int size);
/* A line of moves from root in the variant's notation, numbered ("12... 19-23
 * 13. 32-28") from ply (ply 0: the first player's first move), or without
 * numbers when ply < 0; it stops at a move that is not legal. */
void ui_pv_text(const struct dr_variant *v, const struct dr_position *root, int ply,
                const struct dr_move *pv, int n, char *out, size_t size);

/* ---- box.c ---- */
/* Word-wrap text into at most maxlines lines of width; returns lines used. */
int put_wrapped(int y, int x, int width, int maxlines, attr_t a, const char *text);
/* The body of a pop-up box, centred; returns its inner origin. */
void box_draw(struct ui *ui, int h, int w, const char *title, int *iy, int *ix);
/* A boxed list, item(i) its lines, sel highlighted and kept in view; and
 * Up, Down, PgUp, PgDn, Home, End moving sel (false for other keys). */
void list_box(struct ui *ui, const char *title, const char *head, const char *foot, int n,
              int sel, void (*item)(const struct ui *ui, int i, char *out, size_t size));
bool list_move(int key, int n, int *sel);

/* ---- layout.c ---- */
/* The layout for the terminal's size, with room for the evaluation bar
 * when bar (and the terminal is wide enough). */
void layout_compute(struct ui *ui, bool bar);
void layout_map_squares(struct ui *ui);
/* Screen position of a board cell; false when off the board. */
bool layout_cell_at(const struct ui *ui, int y, int x, int *file, int *rank);
void layout_cell_origin(const struct ui *ui, int file, int rank, int *y, int *x);
int ui_square(const struct ui *ui, int file, int rank);

/* ---- cursor.c ---- */
/* The turn model on the game's position, the cursor on a piece that can
 * move (one that must take when there is a compulsory capture). */
void cursor_begin_turn(struct ui *ui);
void cursor_to(struct ui *ui, int sq);
/* dx, dy: screen directions, right and up. */
void cursor_move(struct ui *ui, int dx, int dy);
/* Arrows and h j k l move the cursor; false for other keys. */
bool cursor_key(struct ui *ui, int key);

/* ---- prompt.c ---- */
/* Open the prompt line (OV_PROMPT) of this kind with initial text (or NULL). */
void prompt_open(struct ui *ui, enum ui_prompt kind, const char *initial);
/* Backspace, Ctrl-U or a printable key edits the prompt's text. */
void prompt_edit(struct ui *ui, int key);
/* Up/Down (the recent files) and Tab (completion) in a file prompt, else
 * the text's editing: every key of the prompt line but Esc and Enter. */
void prompt_edit_key(struct ui *ui, int key);

/* ---- board.c ---- */
void board_draw(struct ui *ui);

/* ---- gauge.c ---- */
void gauge_bar(struct ui *ui, int y, int x, int h, bool known, double chances);
void gauge_graph(struct ui *ui, int y, int x, int w, const struct ui_scores *s, int current);

/* ---- help.c ---- */
void help_draw(struct ui *ui);
/* A table of keys and what they do ("" as a key: a heading) in a box,
 * paged when the terminal is short (help_more, ui->ov.help_page). */
void help_table(struct ui *ui, const char *const lines[][2], int n);
bool help_more(const struct ui *ui);
/* The pop-up of ui->ov.kind but OV_LIST (the replay's). */
void help_overlay_draw(struct ui *ui);

/* ---- replay.c ---- */
/* A PDN file kept whole while it is replayed.  The game of the
 * loop holds the moves of one line of the tree (the main line or a
 * variation) from the root: those played lead to the position shown, the
 * rest wait in the redo list. */
struct ui_replay *replay_open(const char *path, char *why, int size);
/* One game in memory that starts from start and has no moves yet (a
 * position to study); NULL with why when out of memory. */
struct ui_replay *replay_of_position(const struct dr_variant *v, const struct dr_position *start,
                                     char *why, int size);
void replay_free(struct ui_replay *r);
int replay_count(const struct ui_replay *r);
/* Set up game index (1-based) from its main line; false with why. */
bool replay_setup(struct ui_replay *r, int index, struct game_setup *s, char *why, int size);
/* The full-screen list of the file's games: the index chosen, 0 for none
 * (q, Esc or a signal, then ui->exit says which: QUIT, or MENU when the
 * start screen opened the file). */
int replay_choose_game(struct ui *ui, struct ui_replay *r, int current);
/* The line shown with the file's scores and marks; false off the file's line. */
bool replay_study_line(const struct ui *ui, struct ui_line *out);
/* Step to ply target of the line (as Home/End do), then say say. */
void replay_go_to_ply(struct ui *ui, int target, const char *say);
/* Replay keys on the board (v, Backspace, p, G, #); false when not one. */
bool replay_board_key(struct ui *ui, int key);
/* The go-to-move prompt's text ("12", "12...", "12b"): undo or redo to
 * that ply of the line, or say why not. */
void replay_goto(struct ui *ui, const char *text);
/* OV_LIST: draw it, and a key while it is open. */
void replay_list_draw(struct ui *ui);
void replay_list_key(struct ui *ui, int key);
/* Side pane: comments, where the line is and its variations; lines used. */
int replay_pane(struct ui *ui, int y, int maxlines);
/* The move of ply i (0-based) of the line replayed, with its strength and
 * NAGs ("32-28!"); false when the game has left the file's line. */
bool replay_move_text(const struct ui *ui, int i, char *out, size_t size);
/* Plies in the line replayed, or -1 when the game has left it. */
int replay_line_plies(const struct ui *ui);
/* "game 2 of 3, in a variation" for the title ("" for the main line of a
 * file with one game). */
void replay_where(const struct ui *ui, char *out, size_t size);

/* ---- study.c ---- */
struct ui_study *study_new(void);
void study_free(struct ui_study *s);
void study_changed(struct ui *ui);   /* the game changed (a view event) */
/* Keep the engines on the position and line shown; take their news. */
void study_tick(struct ui *ui);
void study_stop(struct ui *ui);      /* the game ends */
bool study_key(struct ui *ui, int key);
bool study_bar_wanted(struct ui *ui);
void study_bar_draw(struct ui *ui);
/* The analysis pane (lines used, 0 when there is none). */
int study_pane(struct ui *ui, int y, int maxlines);

/* ---- panes.c ---- */
void panes_draw(struct ui *ui);
void panes_too_small(struct ui *ui);

/* ---- draw.c ---- */
/* The game screen, whole: a frame. */
void ui_draw(struct ui *ui);
/* The pop-up of ui->ov.kind over the screen. */
void overlay_draw(struct ui *ui);

/* ---- save.c ---- */
/* Read game number index (1-based) of a PDN file. */
bool load_game(const char *path, int index, struct saved_game *out, char *why, int size);
void saved_game_free(struct saved_game *s);
/* "english-20250101-1200.pdn": the save prompt's first offer. */
void save_default_name(const struct ui *ui, char *out, int size);
/* The save prompt's text: the game saved there (~ expanded), said how. */
void save_as(struct ui *ui, const char *path);

/* ---- open.c ---- */
/* The open prompt's text: the file read, and this game ended for it (a
 * finished game or any file while replaying one is replayed). */
void open_file(struct ui *ui, const char *path);

/* ---- editor.c ---- */
/* The position editor for ui->variant, from the position given, on a
 * screen of its own.  PLAY (with ui->next.play_mode) or ANALYSE with the legal
 * position set up in ui->next.start; NONE when the person leaves it;
 * SIGNAL. */
enum ui_exit editor_run(struct ui *ui, const struct dr_position *from);
/* E on the game screen: the editor from the position shown; a position
 * chosen there ends this game (ui->exit says what comes next). */
void editor_from_game(struct ui *ui);

/* ---- input.c ---- */
/* The next move of a move list typed or pasted with m, played when it is
 * legal (true); an illegal one ends the list with a message. */
bool input_play_pasted(struct ui *ui);
/* A key on the board while it is the person's turn; may decide the action (dr_session_act). */
void input_key(struct ui *ui, int key);
/* Explain why from -> to is not legal (to -1: why the piece cannot be
 * picked up).  Returns false when there is nothing to say. */
bool input_explain(struct ui *ui, int from, int to, char *out, int size);

/* ---- play.c ---- */
struct dr_player play_human_player(struct ui *ui);
struct dr_view play_board_view(struct ui *ui);
/* An autosave that failed (the session tried it first) is said after the
 * event's own words, once until one succeeds. */
void play_autosave_news(struct ui *ui);

/* ---- start.c ---- */
enum start_what { START_QUIT, START_PLAY, START_HOTSEAT, START_CONTINUE, START_REPLAY,
                  START_EDIT };
struct start_choice {
    enum start_what what;
    struct saved_game *saved;  /* START_CONTINUE: the game to go on with */
    struct ui_replay *replay;  /* START_REPLAY: the file to replay */
};
struct start_choice start_screen(struct ui *ui);
/* Show a problem on the start screen next time it is drawn. */
void start_message(struct ui *ui, const char *text);

#endif
