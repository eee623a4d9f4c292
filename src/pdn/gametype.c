/* GameType and Variant tags <-> our variants, and the guess of a game's
 * variant when its tags say nothing (rules.md Part A and section 10.3/10.7). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

const struct dr_variant *variants_get(struct dr_pdn_variants *vs, const char *name)
{
    for (int i = 0; i < vs->n; i++)
        if (!strcmp(vs->v[i]->name, name))
            return vs->v[i];
    if (vs->n == PDN_MAX_VARIANTS)
        return NULL;
    struct dr_variant *v = malloc(sizeof *v);
    struct dr_error err;
    if (!v || !dr_variant_builtin(name, v, &err)) {
        free(v);
        return NULL;
    }
    vs->v[vs->n++] = v;
    return v;
}

void variants_free(struct dr_pdn_variants *vs)
{
    if (!vs)
        return;
    for (int i = 0; i < vs->n; i++)
        free(vs->v[i]);
    vs->n = 0;
}

/* PDN 3.0 GameType numbers: ours by name, the others described. */
static const struct {
    int number;
    const char *variant; /* built-in name, or NULL when we do not ship it */
    const char *what;
} gametypes[] = {
    {0, NULL, "chess"},
    {1, NULL, "Chinese chess"},
    {20, "international", "International draughts"},
    {21, "english", "English draughts"},
    {22, "italian", "Italian draughts"},
    {23, "pool", "American pool checkers"},
    {24, NULL, "Spanish draughts"},
    {25, "russian", "Russian draughts"},
    {26, "brazilian", "Brazilian draughts"},
    {27, NULL, "Canadian draughts"},
    {28, NULL, "Portuguese draughts"},
    {29, NULL, "Czech draughts"},
    {30, "turkish", "Turkish draughts"},
    {31, NULL, "Thai draughts"},
    {40, NULL, "Frisian draughts"},
    {41, NULL, "Spantsiretti"},
    {50, NULL, "Othello"},
};

/* Compare ignoring case, spaces, '-' and '_' ("Killer 8x8" = "killer8x8"). */
static bool loose_equal(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '-' || *a == '_')
            a++;
        while (*b == ' ' || *b == '-' || *b == '_')
            b++;
        if (!*a || !*b)
            return !*a && !*b;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
        a++;
        b++;
    }
}

/* Variant tag values that only say "the GameType's own rules" (lidraughts). */
static bool neutral_variant_tag(const char *s)
{
    while (*s == ' ')
        s++;
    return !*s || loose_equal(s, "Standard") || loose_equal(s, "From Position") ||
           loose_equal(s, "FromPosition");
}

bool pdn_neutral_variant_tag(const char *s, size_t n)
{
    char buf[32];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    return neutral_variant_tag(buf);
}

/* Variant tag values other programs write for variants we play (online
 * servers, GUIs), compared loosely; a trailing " draughts" or " checkers"
 * is dropped first ("Russian draughts" is "Russian"). */
static const char *variant_alias(const char *tag)
{
    static const struct {
        const char *alias, *name;
    } aliases[] = {
        {"American/English", "english"}, {"English/American", "english"},
        {"American", "english"},         {"Checkers", "english"},
        {"Straight", "english"},         {"American Pool", "pool"},
        {"Pool checkers", "pool"},       {"Shashki", "russian"},
        {"Russian Shashki", "russian"},  {"Dama Italiana", "italian"},
        {"Damenspiel", "german"},        {"Dama Turca", "turkish"},
        {"Tama", "armenian"},            {"Armenian Tama", "armenian"},
        {"Brasileiro", "brazilian"},     {"Polish", "international"},
        /* the Hub protocol's name, which Scan and Hub match tools write */
        {"Normal", "international"},
    };
    char buf[64];
    snprintf(buf, sizeof buf, "%s", tag);
    size_t n = strlen(buf);
    while (n > 0 && buf[n - 1] == ' ')
        buf[--n] = 0;
    static const char *const suffixes[] = {" draughts", " checkers", " dama"};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t k = strlen(suffixes[i]);
        if (n > k && !strcasecmp(buf + n - k, suffixes[i])) {
            buf[n - k] = 0;
            break;
        }
    }
    for (const char *const *b = dr_variant_builtin_names(); *b; b++)
        if (loose_equal(buf, *b))
            return *b;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (loose_equal(buf, aliases[i].alias))
            return aliases[i].name;
    return NULL;
}

int pdn_variant_from_tags_cached(struct dr_pdn_variants *vs, const char *gametype,
                                 const char *vtag, const struct dr_variant **out,
                                 bool *vtag_used, struct dr_error *err)
{
    *out = NULL;
    *vtag_used = false;
    if (vtag) {
        while (*vtag == ' ')
            vtag++;
        if (!neutral_variant_tag(vtag)) {
            for (const char *const *n = dr_variant_builtin_names(); *n; n++) {
                const struct dr_variant *v = variants_get(vs, *n);
                if (v && (loose_equal(vtag, v->name) ||
                          (v->pdn_variant_tag[0] && loose_equal(vtag, v->pdn_variant_tag)))) {
                    *out = v;
                    *vtag_used = true;
                    return 1;
                }
            }
            const char *alias = variant_alias(vtag);
            const struct dr_variant *v = alias ? variants_get(vs, alias) : NULL;
            if (v) {
                *out = v;
                *vtag_used = true;
                return 1;
            }
            /* Our own tag is authoritative: a value we do not know is a
             * variant we cannot replay, whatever the GameType says. */
            dr_error_set(err, "unsupported variant '%.60s' (Variant tag); "
                         "'draughts variants' lists the ones we play", vtag);
            return -1;
        }
    }
    if (!gametype)
        return 0;
    const char *s = gametype;
    while (*s == ' ')
        s++;
    if (!isdigit((unsigned char)*s))
        return 0;
    long number = 0;
    while (isdigit((unsigned char)*s) && number < 1000)
        number = number * 10 + (*s++ - '0');
    for (size_t i = 0; i < sizeof gametypes / sizeof gametypes[0]; i++) {
        if (gametypes[i].number != number)
            continue;
        if (gametypes[i].variant) {
            *out = variants_get(vs, gametypes[i].variant);
            return *out ? 1 : 0;
        }
        dr_error_set(err, "unsupported variant: GameType %ld is %s, which we do not play",
                     number, gametypes[i].what);
        return -1;
    }
    if (number >= 2 && number <= 19)
        dr_error_set(err, "unsupported variant: GameType %ld is a chess variant", number);
    else
        dr_error_set(err, "unsupported variant: GameType %ld is not an official PDN draughts "
                     "type (our own variants carry a Variant tag)", number);
    return -1;
}

int dr_pdn_variant_from_tags(const char *gametype, const char *variant_tag, char *name,
                             struct dr_error *err)
{
    struct dr_pdn_variants vs = {0};
    const struct dr_variant *v;
    bool used;
    int r = pdn_variant_from_tags_cached(&vs, gametype, variant_tag, &v, &used, err);
    if (r == 1)
        snprintf(name, DR_NAME_LEN, "%s", v->name);
    variants_free(&vs);
    return r;
}

/* ---- guessing ---- */

/* Scan move or FEN text for algebraic squares and the highest square number. */
static void scan_squares(const char *s, bool fen, bool *algebraic, long *maxsq)
{
    for (const char *p = s; *p; p++) {
        if (isdigit((unsigned char)*p)) {
            long n = 0;
            while (isdigit((unsigned char)*p)) {
                if (n < 1000)
                    n = n * 10 + (*p - '0');
                p++;
            }
            if (n > *maxsq)
                *maxsq = n;
            p--;
            continue;
        }
        /* A file letter and its rank.  In a FEN the upper-case W, B and K
         * are colours and kings, so only lower-case files count there. */
        int c = *p;
        bool file = (c >= 'a' && c <= 'j') || (!fen && c >= 'A' && c <= 'J' && c != 'B');
        if (file && isdigit((unsigned char)p[1])) {
            *algebraic = true;
            p++;
            while (isdigit((unsigned char)p[1]))
                p++;
        }
    }
}

int pdn_guess_order(const char *fen, const char *const *first_moves, int n_moves,
                    const char *hint, bool italian_tags, const char **out, int max)
{
    bool algebraic = false;
    long maxsq = 0;
    if (fen) {
        /* Skip the side to move: "W:", "B:", "?:". */
        const char *f = strchr(fen, ':');
        scan_squares(f ? f : fen, true, &algebraic, &maxsq);
    }
    for (int i = 0; i < n_moves; i++)
        scan_squares(first_moves[i], false, &algebraic, &maxsq);
    static const char *const alg[] = {"russian", "brazilian", "german", "killer8",
                                      "turkish", "armenian", NULL};
    static const char *const big[] = {"international", "killer", "turkish", "armenian", NULL};
    static const char *const small[] = {"english", "pool", "italian", "international",
                                        "killer", NULL};
    static const char *const none[] = {"international", NULL};
    const char *const *first = algebraic ? alg
                               : maxsq > 32 ? big
                               : (fen || n_moves) ? small
                                                  : none;
    int n = 0;
    const char *order[64];
    if (hint)
        order[n++] = hint;
    if (italian_tags)
        order[n++] = "italian";
    for (int i = 0; first[i] && n < 48; i++)
        order[n++] = first[i];
    for (const char *const *b = dr_variant_builtin_names(); *b && n < 63; b++)
        order[n++] = *b;
    int m = 0;
    for (int i = 0; i < n && m < max; i++) {
        bool seen = false;
        for (int j = 0; j < m; j++)
            if (!strcmp(out[j], order[i]))
                seen = true;
        if (!seen)
            out[m++] = order[i];
    }
    return m;
}

const char *pdn_tag_alias(const char *name)
{
    static const struct {
        const char *alias, *name;
    } aliases[] = {
        /* Italian (FID files) */
        {"Evento", "Event"}, {"Luogo", "Site"}, {"Data", "Date"}, {"Turno", "Round"},
        {"Bianco", "White"}, {"Nero", "Black"}, {"Risultato", "Result"},
        /* French */
        {"Evenement", "Event"}, {"Événement", "Event"}, {"Lieu", "Site"}, {"Ronde", "Round"},
        {"Blancs", "White"}, {"Blanc", "White"}, {"Noirs", "Black"}, {"Noir", "Black"},
        {"Resultat", "Result"}, {"Résultat", "Result"},
        /* Dutch */
        {"Wit", "White"}, {"Zwart", "Black"}, {"Uitslag", "Result"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcasecmp(name, aliases[i].alias))
            return aliases[i].name;
    return NULL;
}
