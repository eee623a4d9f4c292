/* The remembered choices of the start screen, in
 * $XDG_CONFIG_HOME/draughts/config (default ~/.config/draughts/config), and
 * the XDG paths for the autosave.  Files are replaced atomically. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ui.h"

void config_defaults(struct ui_config *c)
{
    memset(c, 0, sizeof *c);
    c->mode = MODE_COMPUTER;
    /* the first of the variants this program is for, until one is chosen */
    snprintf(c->variant, sizeof c->variant, "killer");
    c->side = DR_WHITE;
    c->level = 3;
    snprintf(c->pieces, sizeof c->pieces, "discs");
    c->ponder = true;
    c->book = true;
}

/* mkdir -p for the directories of path (not its last component). */
static bool make_parents(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        int r = mkdir(path, 0700);
        *p = '/';
        if (r != 0 && errno != EEXIST)
            return false;
    }
    return true;
}

static bool xdg_path(const char *var, const char *fallback, const char *name, char *out,
                     int size)
{
    const char *base = getenv(var);
    int n;
    if (base && base[0] == '/') {
        n = snprintf(out, (size_t)size, "%s/draughts/%s", base, name);
    } else {
        const char *home = getenv("HOME");
        if (!home || !*home)
            return false;
        n = snprintf(out, (size_t)size, "%s/%s/draughts/%s", home, fallback, name);
    }
    if (n < 0 || n >= size)
        return false;
    return make_parents(out);
}

bool config_data_path(const char *name, char *out, int size)
{
    return xdg_path("XDG_DATA_HOME", ".local/share", name, out, size);
}

bool config_autosave_path(char *out, int size, char *note, int note_size)
{
    note[0] = 0;
    errno = 0;
    if (config_data_path("autosave.pdn", out, size))
        return true;
    int why = errno;
    const char *base = getenv("XDG_DATA_HOME");
    char dir[300];
    if (base && base[0] == '/')
        snprintf(dir, sizeof dir, "%s/draughts", base);
    else
        snprintf(dir, sizeof dir, "~/.local/share/draughts");
    const char *home = getenv("HOME");
    struct stat st;
    int n;
    if (home && home[0] == '/' && stat(home, &st) == 0 && S_ISDIR(st.st_mode))
        n = snprintf(out, (size_t)size, "%s/draughts-autosave.pdn", home);
    else
        n = snprintf(out, (size_t)size, "/tmp/draughts-autosave-%ld.pdn", (long)getuid());
    if (n < 0 || n >= size) {
        out[0] = 0;
        return false;
    }
    snprintf(note, (size_t)note_size, "Autosave in %.250s (cannot use %.200s: %s)", out, dir,
             why ? strerror(why) : "no home directory");
    return true;
}

bool config_config_path(const char *name, char *out, int size)
{
    return xdg_path("XDG_CONFIG_HOME", ".config", name, out, size);
}

bool config_write_atomic(const char *path, const char *text, char *why, int why_size)
{
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(why, (size_t)why_size, "cannot write %s: %s", tmp, strerror(errno));
        return false;
    }
    size_t len = strlen(text);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fflush(f) == 0 && ok;
    ok = fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(why, (size_t)why_size, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

void config_load(struct ui_config *c)
{
    config_defaults(c);
    char path[512];
    if (!config_config_path("config", path, sizeof path))
        return;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *s = trim(line);
        char *eq = strchr(s, '=');
        if (*s == '#' || !eq)
            continue;
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        if (!strcmp(key, "mode")) {
            c->mode = !strcmp(val, "hotseat") ? MODE_HOTSEAT : MODE_COMPUTER;
        } else if (!strcmp(key, "variant")) {
            struct dr_variant v;
            struct dr_error err;
            if (dr_variant_builtin(val, &v, &err))
                snprintf(c->variant, sizeof c->variant, "%s", val);
        } else if (!strcmp(key, "side")) {
            c->side = !strcmp(val, "black") ? DR_BLACK : DR_WHITE;
        } else if (!strcmp(key, "level")) {
            int l = atoi(val);
            if (l >= 1 && l <= DR_LEVELS)
                c->level = l;
        } else if (!strcmp(key, "ponder")) {
            c->ponder = strcmp(val, "off") != 0;
        } else if (!strcmp(key, "book")) {
            c->book = strcmp(val, "off") != 0;
        } else if (!strcmp(key, "pieces")) {
            if (!strcmp(val, "discs") || !strcmp(val, "circles") || !strcmp(val, "draughts"))
                snprintf(c->pieces, sizeof c->pieces, "%s", val);
        }
    }
    fclose(f);
}

bool config_save(const struct ui_config *c, char *why, int why_size)
{
    char path[512];
    if (!config_config_path("config", path, sizeof path)) {
        snprintf(why, (size_t)why_size, "no configuration directory (HOME is not set)");
        return false;
    }
    char text[1024];
    snprintf(text, sizeof text,
             "# draughts: the choices of the start screen, rewritten when a game starts\n"
             "mode = %s\nvariant = %s\nside = %s\nlevel = %d\n"
             "# pieces = discs (drawn with blocks in big cells), circles, or draughts\n"
             "# (the Unicode draughts symbols, where the font has them)\npieces = %s\n"
             "# ponder = on: at the levels of 2 s a move and more the computer thinks on\n"
             "# the reply it expects while you think (off: it waits)\nponder = %s\n"
             "# book = on: the computer plays its first moves from its opening book,\n"
             "# varied among the near-best (off: it searches every move)\nbook = %s\n",
             c->mode == MODE_HOTSEAT ? "hotseat" : "computer", c->variant,
             c->side == DR_BLACK ? "black" : "white", c->level, c->pieces,
             c->ponder ? "on" : "off", c->book ? "on" : "off");
    return config_write_atomic(path, text, why, why_size);
}

int recent_load(char out[][RECENT_PATH], int max)
{
    char path[512];
    if (!config_config_path("recent", path, sizeof path))
        return 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int n = 0;
    char line[RECENT_PATH + 2];
    while (n < max && fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (*s == '/' && strlen(s) < RECENT_PATH)
            snprintf(out[n++], RECENT_PATH, "%s", s);
    }
    fclose(f);
    return n;
}

void recent_add(const char *path)
{
    char abs[PATH_MAX];
    if (!realpath(path, abs) || strlen(abs) >= RECENT_PATH || strchr(abs, '\n'))
        return;
    char old[RECENT_MAX][RECENT_PATH];
    int n = recent_load(old, RECENT_MAX);
    char text[RECENT_MAX * (RECENT_PATH + 1) + 1];
    size_t len = (size_t)snprintf(text, sizeof text, "%s\n", abs);
    for (int i = 0, kept = 1; i < n && kept < RECENT_MAX; i++)
        if (strcmp(old[i], abs)) {
            len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", old[i]);
            kept++;
        }
    char file[512], why[300];
    if (config_config_path("recent", file, sizeof file))
        config_write_atomic(file, text, why, sizeof why);
}
