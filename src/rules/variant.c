/* Rules files: "key = value" lines, '#' comments, an optional first line
 * "base = NAME" that starts from a built-in variant.  Every key has its
 * default in variant_defaults() and nowhere else. */
#include "draughts/variant.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "builtin_rules.h"
#include "geometry.h"
#include "movegen_instance.h"
#include "draughts/movegen.h"
#include "draughts/position.h"

/* Directions relative to the mover, in the order of enum dr_dir for White. */
enum { REL_F = 1 << 0, REL_FR = 1 << 1, REL_R = 1 << 2, REL_BR = 1 << 3,
       REL_B = 1 << 4, REL_BL = 1 << 5, REL_L = 1 << 6, REL_FL = 1 << 7 };

static const struct {
    const char *word;
    uint8_t dirs;
} dir_words[] = {
    {"forward", REL_F},
    {"backward", REL_B},
    {"left", REL_L},
    {"right", REL_R},
    {"forward_left", REL_FL},
    {"forward_right", REL_FR},
    {"backward_left", REL_BL},
    {"backward_right", REL_BR},
    {"sideways", REL_L | REL_R},
    {"diagonal_forward", REL_FL | REL_FR},
    {"diagonal_backward", REL_BL | REL_BR},
    {"diagonal", REL_FL | REL_FR | REL_BL | REL_BR},
    {"orthogonal", REL_F | REL_B | REL_L | REL_R},
    {"all", 0xff},
};

#define DIAGONALS (REL_FL | REL_FR | REL_BL | REL_BR)

static void variant_defaults(struct dr_variant *v)
{
    memset(v, 0, sizeof *v);
    v->width = 8;
    v->height = 8;
    v->all_squares = false;
    v->a1_dark = true;
    v->start_row_lo = 1;
    v->start_row_hi = 3;
    v->first_player = DR_WHITE;
    /* Black's directions are White's turned half a circle (as parse_dirs
     * sets them); defaults that gave only White's left Black without a move */
    uint8_t *dirs[] = {v->man_move_dirs, v->man_capture_dirs, v->king_move_dirs,
                       v->king_capture_dirs};
    uint8_t white[] = {REL_FL | REL_FR, DIAGONALS, DIAGONALS, DIAGONALS};
    for (int i = 0; i < 4; i++) {
        dirs[i][DR_WHITE] = white[i];
        dirs[i][DR_BLACK] = (uint8_t)((white[i] << 4) | (white[i] >> 4));
    }
    v->king_flying = true;
    v->men_capture_kings = true;
    v->precedence = DR_PREC_MAJORITY;
    v->removal = DR_REMOVAL_DEFERRED;
    v->no_reverse_jump = false;
    v->promotion = DR_PROMO_END_OF_MOVE;
    v->king_halt = false;
    v->king_must_land_to_continue = false;
    v->notation = DR_NOTATION_ALGEBRAIC;
    v->capture_sep = 'x';
    v->draw_repetitions = 3;
    v->draw_kings_only_plies = 0;
}

#define MAX_KEYS 64

struct parser {
    const char *source;
    int line;
    const char *key;
    struct dr_error *err;
    /* where each key was set, for the checks made once all are known */
    char keys[MAX_KEYS][40];
    int key_lines[MAX_KEYS], nkeys;
};

static void note_key(struct parser *p, const char *key)
{
    for (int i = 0; i < p->nkeys; i++)
        if (!strcmp(p->keys[i], key)) {
            p->key_lines[i] = p->line;
            return;
        }
    if (p->nkeys < MAX_KEYS) {
        snprintf(p->keys[p->nkeys], sizeof p->keys[0], "%s", key);
        p->key_lines[p->nkeys++] = p->line;
    }
}

static bool fail(struct parser *p, const char *what, const char *value)
{
    if (p->key)
        dr_error_set(p->err, "%s:%d: key '%s': %s '%s'", p->source, p->line, p->key, what,
                     value);
    else
        dr_error_set(p->err, "%s:%d: %s '%s'", p->source, p->line, what, value);
    return false;
}

static bool parse_bool(struct parser *p, const char *s, bool *out)
{
    if (!strcmp(s, "yes") || !strcmp(s, "true") || !strcmp(s, "1"))
        *out = true;
    else if (!strcmp(s, "no") || !strcmp(s, "false") || !strcmp(s, "0"))
        *out = false;
    else
        return fail(p, "expected yes or no, not", s);
    return true;
}

static bool parse_int(struct parser *p, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (!*s || *end || errno || n < lo || n > hi) {
        char what[64];
        snprintf(what, sizeof what, "expected a number from %d to %d, not", lo, hi);
        return fail(p, what, s);
    }
    *out = (int)n;
    return true;
}

static bool parse_enum(struct parser *p, const char *s, const char *const *names, int *out)
{
    char what[160] = "expected one of";
    for (int i = 0; names[i]; i++) {
        if (!strcmp(s, names[i])) {
            *out = i;
            return true;
        }
        strncat(what, i ? ", " : " ", sizeof what - strlen(what) - 1);
        strncat(what, names[i], sizeof what - strlen(what) - 1);
    }
    strncat(what, "; not", sizeof what - strlen(what) - 1);
    return fail(p, what, s);
}

static bool parse_dirs(struct parser *p, const char *s, uint8_t out[2])
{
    uint8_t rel = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, " ,\t"); tok; tok = strtok(NULL, " ,\t")) {
        size_t i;
        for (i = 0; i < sizeof dir_words / sizeof dir_words[0]; i++)
            if (!strcmp(tok, dir_words[i].word))
                break;
        if (i == sizeof dir_words / sizeof dir_words[0])
            return fail(p, "unknown direction (forward, backward, left, right, forward_left, "
                           "..., diagonal, orthogonal, all)",
                        tok);
        rel |= dir_words[i].dirs;
    }
    if (!rel)
        return fail(p, "needs at least one direction, got", s);
    out[DR_WHITE] = rel;
    out[DR_BLACK] = (uint8_t)((rel << 4) | (rel >> 4)); /* turned half a circle */
    return true;
}

static bool parse_text(struct parser *p, const char *s, char *out, size_t size)
{
    if (strlen(s) >= size)
        return fail(p, "value too long", s);
    snprintf(out, size, "%s", s);
    return true;
}

static bool parse_board(struct parser *p, const char *s, struct dr_variant *v)
{
    int w, h, n;
    if (sscanf(s, "%dx%d%n", &w, &h, &n) != 2 || s[n] || w < 4 || h < 4 || w > 16 || h > 16)
        return fail(p, "expected WIDTHxHEIGHT such as 10x10, not", s);
    v->width = w;
    v->height = h;
    return true;
}

static bool parse_rows(struct parser *p, const char *s, struct dr_variant *v)
{
    int lo, hi, n;
    if (sscanf(s, "%d-%d%n", &lo, &hi, &n) == 2 && !s[n]) {
    } else if (sscanf(s, "%d%n", &hi, &n) == 1 && !s[n]) {
        lo = 1;
    } else {
        return fail(p, "expected rows such as 1-4, not", s);
    }
    if (lo < 1 || hi < lo || hi > 16)
        return fail(p, "expected rows from 1 to at most 16, such as 1-4, not", s);
    v->start_row_lo = lo;
    v->start_row_hi = hi;
    return true;
}

static const char *const squares_names[] = {"dark", "all", NULL};
static const char *const a1_names[] = {"light", "dark", NULL};
static const char *const side_names[] = {"white", "black", NULL};
static const char *const range_names[] = {"short", "flying", NULL};
static const char *const prec_names[] = {"free", "majority", "italian", NULL};
static const char *const removal_names[] = {"deferred", "immediate", NULL};
static const char *const promo_names[] = {"end_of_move", "immediate_ends_move",
                                          "immediate_continues", NULL};
static const char *const notation_names[] = {"numeric", "algebraic", NULL};

static bool apply_key(struct parser *p, const char *key, const char *val, struct dr_variant *v)
{
    int e;
    bool b;
#define ENUM(names, field)                                                                     \
    do {                                                                                       \
        if (!parse_enum(p, val, names, &e))                                                    \
            return false;                                                                      \
        field;                                                                                 \
        return true;                                                                           \
    } while (0)
#define BOOL(field)                                                                            \
    do {                                                                                       \
        if (!parse_bool(p, val, &b))                                                           \
            return false;                                                                      \
        field = b;                                                                             \
        return true;                                                                           \
    } while (0)

    if (!strcmp(key, "name")) {
        for (const char *c = val; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
                return fail(p, "a name is letters, digits, '_' and '-', not", val);
        if (!*val)
            return fail(p, "empty name", val);
        return parse_text(p, val, v->name, sizeof v->name);
    }
    if (!strcmp(key, "description"))
        return parse_text(p, val, v->description, sizeof v->description);
    if (!strcmp(key, "pdn_gametype"))
        return parse_text(p, val, v->pdn_gametype, sizeof v->pdn_gametype);
    if (!strcmp(key, "pdn_variant_tag"))
        return parse_text(p, val, v->pdn_variant_tag, sizeof v->pdn_variant_tag);
    if (!strcmp(key, "board"))
        return parse_board(p, val, v);
    if (!strcmp(key, "squares"))
        ENUM(squares_names, v->all_squares = e == 1);
    if (!strcmp(key, "a1"))
        ENUM(a1_names, v->a1_dark = e == 1);
    if (!strcmp(key, "start_rows"))
        return parse_rows(p, val, v);
    if (!strcmp(key, "first_player"))
        ENUM(side_names, v->first_player = e);
    if (!strcmp(key, "man_move_dirs"))
        return parse_dirs(p, val, v->man_move_dirs);
    if (!strcmp(key, "man_capture_dirs"))
        return parse_dirs(p, val, v->man_capture_dirs);
    if (!strcmp(key, "king_move_dirs"))
        return parse_dirs(p, val, v->king_move_dirs);
    if (!strcmp(key, "king_capture_dirs"))
        return parse_dirs(p, val, v->king_capture_dirs);
    if (!strcmp(key, "king_range"))
        ENUM(range_names, v->king_flying = e == 1);
    if (!strcmp(key, "men_capture_kings"))
        BOOL(v->men_capture_kings);
    if (!strcmp(key, "precedence"))
        ENUM(prec_names, v->precedence = (enum dr_precedence)e);
    if (!strcmp(key, "removal"))
        ENUM(removal_names, v->removal = (enum dr_removal)e);
    if (!strcmp(key, "no_reverse_jump"))
        BOOL(v->no_reverse_jump);
    if (!strcmp(key, "promotion"))
        ENUM(promo_names, v->promotion = (enum dr_promotion)e);
    if (!strcmp(key, "king_halt_behind_captured_king"))
        BOOL(v->king_halt);
    if (!strcmp(key, "king_must_land_to_continue"))
        BOOL(v->king_must_land_to_continue);
    if (!strcmp(key, "notation"))
        ENUM(notation_names, v->notation = (enum dr_notation)e);
    if (!strcmp(key, "capture_separator")) {
        if (strcmp(val, "x") && strcmp(val, ":"))
            return fail(p, "expected x or :, not", val);
        v->capture_sep = val[0];
        return true;
    }
    if (!strcmp(key, "draw_repetitions"))
        return parse_int(p, val, 0, 100, &v->draw_repetitions);
    if (!strcmp(key, "draw_kings_only_plies"))
        return parse_int(p, val, 0, 10000, &v->draw_kings_only_plies);
    if (!strcmp(key, "draw_1k_vs_3_plies"))
        return parse_int(p, val, 0, 10000, &v->draw_1k_vs_3_plies);
    if (!strcmp(key, "draw_1k_vs_2_plies"))
        return parse_int(p, val, 0, 10000, &v->draw_1k_vs_2_plies);
    if (!strcmp(key, "draw_3k_vs_1k_plies"))
        return parse_int(p, val, 0, 10000, &v->draw_3k_vs_1k_plies);
#undef ENUM
#undef BOOL
    p->key = NULL;
    return fail(p, "unknown key", key);
}

/* Impossible combinations, found after every key is known. */
static bool start_position_playable(struct dr_variant *v, const char **why);

static bool validate(const struct parser *p, struct dr_variant *v, struct dr_error *err)
{
    const char *why = NULL, *key = NULL;
    uint8_t dirs_used = v->man_move_dirs[0] | v->man_capture_dirs[0] | v->king_move_dirs[0] |
                        v->king_capture_dirs[0];
    if (!v->name[0])
        key = "name", why = "every rules file needs a name";
    else if (!v->all_squares && (dirs_used & ~DIAGONALS))
        key = "squares", why = "orthogonal directions need the all-squares board (squares = all)";
    else if (!v->all_squares && v->width % 2)
        key = "board", why = "a dark-square board needs an even width";
    else if (v->all_squares && !v->a1_dark)
        key = "a1", why = "a1 = light only applies to dark-square boards";
    else if (2 * v->start_row_hi >= v->height)
        key = "start_rows", why = "the two armies' start rows must leave an empty row between "
                                  "them on the board";
    else if (v->king_halt && !v->king_flying)
        key = "king_halt_behind_captured_king", why = "the killer halt needs flying kings";
    else if (v->king_must_land_to_continue && !v->king_flying)
        key = "king_must_land_to_continue", why = "only flying kings choose a landing square";
    else if (geometry_bits(v) > 64)
        key = "board", why = "the board's bit layout needs more than 64 bits";
    if (!why) {
        geometry_build(v);
        v->movegen = movegen_instance_of(v);
        if (!start_position_playable(v, &why))
            key = "start_rows";
    }
    if (why) {
        int line = 0;
        for (int i = 0; i < p->nkeys; i++)
            if (!strcmp(p->keys[i], key))
                line = p->key_lines[i];
        if (line)
            dr_error_set(err, "%s:%d: key '%s': %s", p->source, line, key, why);
        else
            dr_error_set(err, "%s: key '%s' (as inherited or by default): %s", p->source, key,
                         why);
        return false;
    }
    return true;
}

/* Both sides have a legal move in the start position (whoever moves first),
 * and so does the other side after each first move. */
static bool start_position_playable(struct dr_variant *v, const char **why)
{
    struct dr_position pos, next;
    dr_position_start(v, &pos);
    struct dr_movelist *l = malloc(sizeof *l);
    if (!l)
        return true; /* nothing to check with: the game will tell */
    bool ok = true;
    if (!pos.pieces[DR_WHITE] || !pos.pieces[DR_BLACK]) {
        *why = "the start rows leave a side without pieces";
        ok = false;
    } else if (dr_gen_moves(v, &pos, l) == 0) {
        *why = "the side to move first has no legal move in the start position";
        ok = false;
    } else {
        for (int i = 0; ok && i < l->count; i++) {
            next = pos;
            dr_make(v, &next, &l->moves[i]);
            if (dr_count_moves(v, &next) == 0) {
                *why = "a first move leaves the other side without a legal move";
                ok = false;
            }
        }
    }
    free(l);
    return ok;
}

/* Variant names are read without regard to case ("Killer" is killer). */
static const char *builtin_text(const char *name)
{
    for (int i = 0; i < dr_builtin_rules_count; i++)
        if (!strcasecmp(dr_builtin_rules[i].name, name))
            return dr_builtin_rules[i].text;
    return NULL;
}

/* Edits (insertions, deletions, substitutions, case aside) from a to b, up
 * to 9. */
static int edits(const char *a, const char *b)
{
    size_t n = strlen(b);
    if (strlen(a) > 30 || n > 30)
        return 9;
    int row[32];
    for (size_t j = 0; j <= n; j++)
        row[j] = (int)j;
    for (size_t i = 1; a[i - 1]; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= n; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[n] < 9 ? row[n] : 9;
}

static bool parse_depth(const char *text, const char *source, struct dr_variant *v,
                        struct dr_error *err, int depth);

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

static bool parse_line(struct parser *p, char *line, bool first, struct dr_variant *v,
                       int depth)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    char *s = trim(line);
    if (!*s)
        return true;
    char *eq = strchr(s, '=');
    if (!eq)
        return fail(p, "expected 'key = value', got", s);
    *eq = 0;
    char *key = trim(s), *val = trim(eq + 1);
    p->key = key;
    note_key(p, key);
    if (!strcmp(key, "base")) {
        if (!first)
            return fail(p, "base must be the first setting, not after others; value", val);
        const char *text = builtin_text(val);
        if (!text)
            return fail(p, "unknown built-in variant", val);
        if (depth > 8)
            return fail(p, "base chain too deep at", val);
        char src[64];
        snprintf(src, sizeof src, "rules/%s.rules", val);
        return parse_depth(text, src, v, p->err, depth + 1);
    }
    return apply_key(p, key, val, v);
}

static bool parse_depth(const char *text, const char *source, struct dr_variant *v,
                        struct dr_error *err, int depth)
{
    struct parser p = {.source = source, .err = err};
    bool first = true;
    variant_defaults(v);
    const char *c = text;
    while (*c) {
        const char *nl = strchr(c, '\n');
        size_t len = nl ? (size_t)(nl - c) : strlen(c);
        char line[512];
        p.line++;
        p.key = NULL;
        if (len >= sizeof line) {
            dr_error_set(err, "%s:%d: line too long", source, p.line);
            return false;
        }
        memcpy(line, c, len);
        line[len] = 0;
        char *probe = trim(line);
        bool content = *probe && *probe != '#';
        if (!parse_line(&p, line, first, v, depth))
            return false;
        if (content)
            first = false;
        c += len + (nl ? 1 : 0);
    }
    return validate(&p, v, err);
}

bool dr_variant_parse(const char *text, const char *source, struct dr_variant *v,
                      struct dr_error *err)
{
    if (!strncmp(text, "\xEF\xBB\xBF", 3))
        text += 3; /* a UTF-8 byte-order mark */
    return parse_depth(text, source, v, err, 0);
}

bool dr_variant_builtin(const char *name, struct dr_variant *v, struct dr_error *err)
{
    const char *text = builtin_text(name);
    if (!text) {
        char list[256] = "";
        const char *close = NULL;
        /* a near miss: one edit away, two for a longer name */
        int closest = strlen(name) >= 6 ? 3 : 2;
        for (int i = 0; i < dr_builtin_rules_count; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, dr_builtin_rules[i].name, sizeof list - strlen(list) - 1);
            int d = edits(name, dr_builtin_rules[i].name);
            if (d < closest) {
                closest = d;
                close = dr_builtin_rules[i].name;
            }
        }
        if (close)
            dr_error_set(err, "unknown variant '%s': did you mean %s? (known: %s)", name, close,
                         list);
        else
            dr_error_set(err, "unknown variant '%s' (known: %s)", name, list);
        return false;
    }
    char src[64];
    snprintf(src, sizeof src, "rules/%s.rules", name);
    return dr_variant_parse(text, src, v, err);
}

bool dr_variant_load_file(const char *path, struct dr_variant *v, struct dr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        dr_error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    char *text = malloc(65537);
    if (!text) {
        fclose(f);
        dr_error_set(err, "%s: out of memory", path);
        return false;
    }
    size_t n = fread(text, 1, 65536, f);
    bool too_big = n == 65536 && fgetc(f) != EOF;
    int read_error = ferror(f) ? errno : 0;
    fclose(f);
    text[n] = 0;
    bool ok;
    if (read_error) {
        dr_error_set(err, "%s: cannot read: %s", path, strerror(read_error));
        ok = false;
    } else if (too_big) {
        dr_error_set(err, "%s: file too large for a rules file", path);
        ok = false;
    } else if (strlen(text) != n) {
        dr_error_set(err, "%s: not a text file (contains a NUL byte)", path);
        ok = false;
    } else {
        ok = dr_variant_parse(text, path, v, err);
    }
    free(text);
    return ok;
}

const char *const *dr_variant_builtin_names(void)
{
    return dr_builtin_rule_names;
}
