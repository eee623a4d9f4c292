/* The terminal: curses on and off, colours or their monochrome stand-ins,
 * Unicode or ASCII glyphs, keys with a timeout, and the signals that must
 * leave the terminal as it was found. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "ui.h"

/* Set by the handler of SIGINT, SIGTERM and SIGHUP: the signal number. */
static volatile sig_atomic_t caught_signal;
/* Is curses on?  For the exit handler, which restores the terminal when a
 * path out of the program forgot to. */
static bool curses_on;
static bool exit_hook;
static SCREEN *screen;
static MEVENT last_mouse;

static void on_signal(int sig) { caught_signal = sig; }

static void restore_at_exit(void)
{
    if (curses_on) {
        endwin();
        curses_on = false;
    }
}

int term_signal(void) { return caught_signal; }


/* A crash: give the terminal back before dying of the same signal.  endwin
 * is not async-signal-safe, but the process is lost anyway and a terminal
 * left in raw mode is worse. */
static void on_fatal(int sig)
{
    if (curses_on) {
        curses_on = false;
        endwin();
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a waiting getch returns at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* crashes, unless someone (a sanitizer) already watches them */
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction old;
        if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
            struct sigaction f;
            memset(&f, 0, sizeof f);
            f.sa_handler = on_fatal;
            sigemptyset(&f.sa_mask);
            f.sa_flags = SA_RESETHAND;
            sigaction(fatal[i], &f, NULL);
        }
    }
}

bool term_start(struct ui_term *t, bool ascii, bool no_color, char *why, int why_size)
{
    memset(t, 0, sizeof *t);
    setlocale(LC_ALL, "");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        snprintf(why, (size_t)why_size,
                 "the board needs a terminal: standard input and output must be a terminal");
        return false;
    }
    const char *codeset = nl_langinfo(CODESET);
    t->unicode = !ascii && codeset && (!strcmp(codeset, "UTF-8") || !strcmp(codeset, "utf8"));
    catch_signals();
    if (!exit_hook) {
        atexit(restore_at_exit);
        exit_hook = true;
    }
    const char *term = getenv("TERM");
    if (!term || !*term) {
        snprintf(why, (size_t)why_size, "TERM is not set: cannot drive the terminal");
        return false;
    }
    screen = newterm(NULL, stdout, stdin);
    if (!screen) {
        snprintf(why, (size_t)why_size, "cannot use terminal type '%s'", term);
        return false;
    }
    set_term(screen);
    curses_on = true;
    t->active = true;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    const char *nc = getenv("NO_COLOR");
    if (!no_color && !(nc && *nc) && has_colors()) {
        start_color();
        use_default_colors();
        t->color = true;
        t->many = COLORS >= 256 && COLOR_PAIRS >= 64;
    }
    t->discs = t->many && t->unicode;
    t->next_pair = 1;
    if (mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED, NULL) != 0) {
        mouseinterval(0);
        t->mouse = true;
    }
    getmaxyx(stdscr, t->rows, t->cols);
    return true;
}

void term_end(struct ui_term *t)
{
    if (curses_on) {
        if (t->mouse)
            mousemask(0, NULL);
        endwin();
        curses_on = false;
    }
    if (screen) {
        delscreen(screen);
        screen = NULL;
    }
    t->active = false;
}

void term_board_colours(struct ui_term *t, bool light_pieces)
{
    if (t->light_pieces == light_pieces)
        return;
    t->light_pieces = light_pieces;
    /* the pairs are made again with the new colours */
    memset(t->pair, 0, sizeof t->pair);
    t->next_pair = 1;
}

static short bg_color(const struct ui_term *t, enum ui_bg bg)
{
    if (!t->many && t->light_pieces && bg == BG_LIGHT)
        return COLOR_YELLOW;
    if (!t->many && t->light_pieces && bg == BG_LAST)
        return COLOR_MAGENTA;
    static const short many[BG_COUNT] = {-1, 180, 94, 27, 166, 28, 124, 136, 30, 248, 240};
    static const short few[BG_COUNT] = {-1,          COLOR_WHITE,  COLOR_GREEN, COLOR_BLUE,
                                        COLOR_MAGENTA, COLOR_CYAN, COLOR_RED,   COLOR_YELLOW,
                                        COLOR_BLUE,  COLOR_WHITE,  COLOR_BLACK};
    return t->many ? many[bg] : few[bg];
}

static short fg_color(const struct ui_term *t, enum ui_fg fg)
{
    static const short many[FG_COUNT] = {-1, 231, 16, 250, 226, 203, 77, 75, 244, 248, 240};
    static const short few[FG_COUNT] = {-1,          COLOR_WHITE,  COLOR_BLACK, COLOR_WHITE,
                                        COLOR_YELLOW, COLOR_RED,   COLOR_GREEN, COLOR_CYAN,
                                        -1,          COLOR_WHITE,  COLOR_BLACK};
    return t->many ? many[fg] : few[fg];
}

attr_t term_attr(struct ui_term *t, enum ui_fg fg, enum ui_bg bg)
{
    if (!t->color) {
        attr_t a = A_NORMAL;
        switch (bg) {
        case BG_CURSOR:
            a |= A_REVERSE;
            break;
        case BG_SELECTED:
        case BG_DEST:
        case BG_HINT:
            a |= A_BOLD;
            break;
        case BG_MUST:
        case BG_LAST:
            a |= A_UNDERLINE;
            break;
        default:
            break;
        }
        if (fg == FG_NUMBER || fg == FG_DIM)
            a |= A_DIM;
        if (fg == FG_ERROR || fg == FG_TITLE || fg == FG_MARK || fg == FG_GOOD)
            a |= A_BOLD;
        return a;
    }
    short *p = &t->pair[fg][bg];
    if (!*p) {
        if (t->next_pair >= COLOR_PAIRS)
            return A_NORMAL;
        *p = t->next_pair++;
        init_pair(*p, fg_color(t, fg), bg_color(t, bg));
    }
    attr_t a = COLOR_PAIR(*p);
    if (fg == FG_WHITE_PIECE || fg == FG_MARK || fg == FG_TITLE || fg == FG_ERROR)
        a |= A_BOLD;
    if (fg == FG_DIM && !t->many)
        a |= A_DIM;
    return a;
}

const char *term_glyph(const struct ui_term *t, enum ui_glyph g)
{
    static const char *const uni[GL_COUNT] = {"\u25cb", "\u25ce", "\u25cf", "\u25c9", "\u00b7",
                                              "+",      "\u25b6", "\u00b7", "*"};
    static const char *const ascii[GL_COUNT] = {"w", "W", "b", "B", ".", "+", ">", "-", "*"};
    static const char *const pieces[4] = {"\u26c0", "\u26c1", "\u26c2", "\u26c3"};
    if (!t->unicode)
        return ascii[g];
    if (t->draughts_glyphs && g <= GL_BKING)
        return pieces[g];
    if (g == GL_DEST && t->color)
        return "\u2022";
    return uni[g];
}

int term_key(struct ui_term *t, int ms)
{
    if (caught_signal)
        return UI_KEY_SIGNAL;
    timeout(ms < 0 ? 0 : ms);
    int ch = getch();
    if (caught_signal)
        return UI_KEY_SIGNAL;
    if (ch == KEY_RESIZE) {
        getmaxyx(stdscr, t->rows, t->cols);
    } else if (ch == KEY_MOUSE) {
        if (getmouse(&last_mouse) != OK)
            return ERR;
    } else if (ch == 3) {
        /* Ctrl-C read as a key (a terminal in raw mode): same as SIGINT */
        caught_signal = SIGINT;
        return UI_KEY_SIGNAL;
    }
    return ch;
}

bool term_mouse(int *y, int *x, bool *press, bool *release)
{
    *y = last_mouse.y;
    *x = last_mouse.x;
    *press = (last_mouse.bstate & BUTTON1_PRESSED) != 0;
    *release = (last_mouse.bstate & BUTTON1_RELEASED) != 0;
    return *press || *release;
}

/* The bytes of s's first line when wrapped at `width` columns: up to the
 * last space that fits (a word longer than the line is cut); *next is
 * where the following line starts. */
size_t term_wrap_line(const char *s, int width, const char **next)
{
    size_t cut = 0, last_space = 0;
    int cols = 0;
    for (size_t i = 0; s[i]; i++) {
        if (((unsigned char)s[i] & 0xC0) == 0x80)
            continue;
        if (cols == width) {
            cut = last_space ? last_space : i;
            for (*next = s + cut; **next == ' ';)
                (*next)++;
            return cut;
        }
        if (s[i] == ' ')
            last_space = i;
        cols++;
    }
    *next = s + strlen(s);
    return strlen(s);
}

int term_put_wrapped(int y, int x, int width, int max_rows, attr_t a, const char *s)
{
    int rows = 0;
    while (*s && rows < max_rows) {
        const char *next;
        size_t len = term_wrap_line(s, width, &next);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, s);
        term_put(y + rows++, x, width, a, line);
        s = next;
    }
    return rows;
}

int term_put(int y, int x, int width, attr_t a, const char *s)
{
    if (width <= 0 || y < 0 || x < 0)
        return 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t buf[512];
    int n = 0, used = 0;
    while (*s && n < 511) {
        wchar_t wc;
        size_t len = mbrtowc(&wc, s, MB_CUR_MAX, &st);
        if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
            memset(&st, 0, sizeof st);
            wc = L'?';
            len = 1;
        }
        int cw = wcwidth(wc);
        if (cw < 0)
            cw = 1, wc = L'?';
        if (used + cw > width)
            break;
        buf[n++] = wc;
        used += cw;
        s += len;
    }
    buf[n] = 0;
    attr_t old;
    short pair;
    attr_get(&old, &pair, NULL);
    attrset(a);
    mvaddnwstr(y, x, buf, n);
    attr_set(old, pair, NULL);
    return used;
}
