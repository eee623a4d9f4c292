/* The tolerant PDN reader.  The lexer's tokens are gathered game by game; each
 * game's variant is settled (--variant, then the Variant and GameType tags,
 * then a trial replay of the main line under the likely variants), then every
 * move is replayed through the rules core into the game tree (replay.c).  What cannot be
 * read is reported with its line and column and skipped: the games and moves
 * before it are kept. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "draughts/fen.h"
#include "draughts/movegen.h"
#include "draughts/notation.h"
#include "reader.h"

enum {
    GIVE_UP_ERRORS = 20, /* errors before anything PDN-like: not a PDN file */
    DEFAULT_MAX_DIAGS = 1000,
};
#define MAX_FILE_BYTES (512L * 1024 * 1024)

/* ---- diagnostics ---- */

void say(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
}

void add_diag(struct reader *r, int line, int col, int game, bool warning, const char *move,
              size_t move_len, const char *msg)
{
    struct dr_pdn_file *f = r->f;
    if (warning)
        f->warnings++;
    else
        f->errors++;
    if (f->n_diags < f->max_diags) {
        if (f->n_diags == f->cap_diags) {
            int cap = f->cap_diags ? 2 * f->cap_diags : 16;
            struct dr_pdn_diag *d = realloc(f->diags, (size_t)cap * sizeof *d);
            if (!d) {
                r->oom = true;
                return;
            }
            f->diags = d;
            f->cap_diags = cap;
        }
        struct dr_pdn_diag *d = &f->diags[f->n_diags++];
        memset(d, 0, sizeof *d);
        d->line = line;
        d->column = col;
        d->game = game;
        d->warning = warning;
        if (move) {
            size_t n = move_len < sizeof d->move - 1 ? move_len : sizeof d->move - 1;
            memcpy(d->move, move, n);
            d->move[n] = 0;
        }
        snprintf(d->message, sizeof d->message, "%s", msg);
    }
    if (!warning && !r->seen_pdn && !r->gave_up && f->errors >= GIVE_UP_ERRORS) {
        r->gave_up = true;
        f->errors++;
        if (f->n_diags < f->max_diags + 1) {
            /* Always room for this last word (max_diags + 1 at most). */
            struct dr_pdn_diag *d = realloc(f->diags, (size_t)(f->n_diags + 1) * sizeof *d);
            if (!d) {
                r->oom = true;
                return;
            }
            f->diags = d;
            f->cap_diags = f->n_diags + 1;
            d = &f->diags[f->n_diags++];
            memset(d, 0, sizeof *d);
            snprintf(d->message, sizeof d->message,
                     "not a PDN file: %d errors and no tag or legal move; stopped reading",
                     GIVE_UP_ERRORS);
        }
    }
}

static void lex_diag(void *arg, int line, int col, bool warning, const char *msg)
{
    struct reader *r = arg;
    add_diag(r, line, col, r->game_no + 1, warning, NULL, 0, msg);
}

/* ---- building a game ---- */

/* What finish_game learns from a game's tokens. */
struct game_notes {
    const struct token *gametype, *variant, *fen; /* tags */
    const struct token *result;                   /* the terminator, or NULL */
    const struct token *setup;                    /* /FEN/ before the first move */
    bool italian;                                 /* Italian tag names */
    bool has_tag;
};

/* Copy the tags into g (foreign roster names in PDN form) and note the
 * special ones. */
static void collect_tags(struct reader *r, struct dr_pdn_game *g, struct game_notes *gn)
{
    /* The PDN roster names the game has (a Bianco tag becomes White only
     * when the game has no White tag of its own). */
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    bool present[7] = {false};
    for (int k = 0; k < r->n_toks; k++)
        for (int i = 0; i < 7 && r->toks[k].type == TOK_TAG; i++)
            present[i] |= r->toks[k].len == strlen(roster[i]) &&
                          !strncmp(r->toks[k].text, roster[i], r->toks[k].len);
    bool moved = false;
    for (int k = 0; k < r->n_toks; k++) {
        const struct token *t = &r->toks[k];
        if (t->type == TOK_MOVE)
            moved = true;
        if ((t->type == TOK_RESULT || t->type == TOK_STAR) && k == r->n_toks - 1)
            gn->result = t;
        if (t->type == TOK_SETUP && !moved && !gn->setup)
            gn->setup = t;
        if (t->type != TOK_TAG)
            continue;
        gn->has_tag = true;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(t->len < 63 ? t->len : 63), t->text);
        /* Where a tag comes twice: the first GameType, the first Variant
         * that names a variant, the last FEN (a failed setup adds one). */
        if (!strcasecmp(name, "GameType") && !gn->gametype)
            gn->gametype = t;
        else if (!strcasecmp(name, "Variant") &&
                 (!gn->variant || (pdn_neutral_variant_tag(gn->variant->value,
                                                           gn->variant->vlen) &&
                                   !pdn_neutral_variant_tag(t->value, t->vlen))))
            gn->variant = t;
        else if (!strcasecmp(name, "FEN"))
            gn->fen = t;
        const char *alias = pdn_tag_alias(name);
        if (alias) {
            gn->italian |= !strcasecmp(name, "Bianco") || !strcasecmp(name, "Nero") ||
                           !strcasecmp(name, "Risultato");
            bool taken = false;
            for (int i = 0; i < 7; i++)
                taken |= present[i] && !strcmp(alias, roster[i]);
            if (!taken) {
                if (!game_add_tag(g, alias, strlen(alias), t->value, t->vlen))
                    r->oom = true;
                continue;
            }
        }
        if (!game_add_tag(g, t->text, t->len, t->value, t->vlen))
            r->oom = true;
    }
}

/* The FEN of the start position (a setup in the movetext wins over the
 * tag), tidied, with "?" as the side to move noted.  False when out of
 * memory. */
static bool read_start(const struct game_notes *gn, struct setup *s)
{
    memset(s, 0, sizeof *s);
    const struct token *t = gn->setup ? gn->setup : gn->fen;
    if (!t || !t->vlen)
        return true;
    char *raw = strndup(t->value, t->vlen);
    char *fen = raw ? malloc(t->vlen + 8) : NULL;
    if (fen)
        fen_tidy(raw, fen);
    free(raw);
    if (!fen)
        return false;
    char *p = fen;
    while (*p == ' ')
        p++;
    if (*p == '?') {
        *p = 'W';
        s->side_q = true;
    }
    s->fen = fen;
    s->line = t->line;
    s->col = t->col;
    return true;
}

/* With no usable tags: the first variant, in the likely order, under which
 * the whole main line replays, else the one that replays most of it (then
 * suffix says so).  NULL when no variant takes the setup. */
static const struct dr_variant *guess_variant(struct reader *r, const struct setup *s,
                                              const int *mainline, int n_main, bool italian,
                                              int *side, bool *sure, char *suffix,
                                              size_t suffix_size)
{
    char texts[2][MAX_MOVE_TEXT + 1];
    const char *firsts[2];
    int nf = 0;
    for (; nf < 2 && nf < n_main; nf++) {
        if (!move_text(&r->toks[mainline[nf]], texts[nf]))
            texts[nf][0] = 0;
        firsts[nf] = texts[nf];
    }
    const char *order[PDN_MAX_VARIANTS];
    int no = pdn_guess_order(s->fen, firsts, nf, r->hint, italian, order, PDN_MAX_VARIANTS);
    const struct dr_variant *v = NULL;
    int best = -1;
    for (int i = 0; i < no && best < n_main; i++) {
        const struct dr_variant *c = variants_get(r->f->variants, order[i]);
        int sd = DR_WHITE;
        int score = c ? trial(r, c, s, mainline, n_main, &sd) : -1;
        if (score > best) {
            best = score;
            v = c;
            *side = sd;
        }
    }
    *sure = best == n_main && n_main > 0;
    /* Not one move replays: nothing says which variant this is, so it is
     * not given one from the guess order (issue 16: such a game was labelled
     * English).  The file's last settled variant, else the PDN default. */
    const char *fallback = r->hint ? r->hint : "international";
    const struct dr_variant *fb = best == 0 ? variants_get(r->f->variants, fallback) : NULL;
    int fb_side = DR_WHITE;
    if (n_main > 0 && fb && trial(r, fb, s, mainline, n_main, &fb_side) == 0) {
        v = fb;
        *side = fb_side;
        say(suffix, suffix_size,
            "; the game has no GameType tag and no move of it replays in a variant we play, "
            "so its variant is unknown: read as %s (%s; --variant picks the variant)",
            fallback, r->hint ? "as the game before it" : "the PDN default");
    } else if (n_main > 0 && best >= 0 && best < n_main) {
        say(suffix, suffix_size,
            "; the game has no GameType tag and no variant we play replays it: "
            "an unsupported variant (such as Czech draughts) or a mistake in the "
            "file? (--variant picks the variant)");
    }
    return v;
}

/* The variant from --variant or the tags: 1, 0 (guess it) or -1 (an
 * unsupported variant, reported). */
static int variant_from_tags(struct reader *r, const struct game_notes *gn, int game,
                             const struct dr_variant **v, bool *vtag_used)
{
    *v = r->forced;
    *vtag_used = false;
    if (*v)
        return 1;
    struct dr_error err = {{0}};
    char *gt = gn->gametype ? strndup(gn->gametype->value, gn->gametype->vlen) : NULL;
    char *vt = gn->variant ? strndup(gn->variant->value, gn->variant->vlen) : NULL;
    int res = pdn_variant_from_tags_cached(r->f->variants, gt, vt, v, vtag_used, &err);
    if (gt && res == 0 && gn->gametype->vlen) {
        char m[160];
        say(m, sizeof m, "GameType '%.60s' is not a PDN game type; the variant is guessed "
            "from the moves", gt);
        add_diag(r, gn->gametype->line, gn->gametype->col, game, true, NULL, 0, m);
    }
    if (res < 0) {
        const struct token *at = gn->variant && strstr(err.msg, "Variant tag") ? gn->variant
                                 : gn->gametype                                ? gn->gametype
                                                                               : gn->variant;
        add_diag(r, at->line, at->col, game, false, NULL, 0, err.msg);
    }
    free(gt);
    free(vt);
    return res;
}

/* The result: from the terminator when there is no Result tag; a
 * terminator that contradicts the tag is pointed out. */
static void settle_result(struct reader *r, struct dr_pdn_game *g, const struct token *res,
                          int game)
{
    if (!res)
        return;
    const char *tag = dr_pdn_tag(g, "Result");
    if (!tag) {
        if (!game_add_tag(g, "Result", 6, res->text, res->len))
            r->oom = true;
    } else if (res->type == TOK_RESULT &&
               (strlen(tag) != res->len || strncmp(tag, res->text, res->len))) {
        char m[160];
        say(m, sizeof m, "the game ends with %.*s but its Result tag says '%.20s'; the tag is "
            "kept", (int)res->len, res->text, tag);
        add_diag(r, res->line, res->col, game, true, NULL, 0, m);
    }
}

static void add_game(struct reader *r, struct dr_pdn_game *g)
{
    struct dr_pdn_file *f = r->f;
    if (!game_normalise_tags(g))
        r->oom = true;
    if (f->n_games == f->cap_games) {
        int cap = f->cap_games ? 2 * f->cap_games : 16;
        struct dr_pdn_game **gs = realloc(f->games, (size_t)cap * sizeof *gs);
        if (!gs) {
            dr_pdn_game_free(g);
            r->oom = true;
            return;
        }
        f->games = gs;
        f->cap_games = cap;
    }
    f->games[f->n_games++] = g;
}

/* The game's comments up to the first token of type stop (or a '('),
 * joined and stored in one piece. */
static void append_comments(struct reader *r, struct dr_pdn_game *g, char **slot,
                            enum tok_type stop)
{
    struct strbuf b = {0};
    for (int k = 0; k < r->n_toks; k++) {
        enum tok_type ty = r->toks[k].type;
        if (ty == stop || ty == TOK_LPAREN)
            break;
        if (ty != TOK_COMMENT)
            continue;
        if (b.len)
            sb_putc(&b, ' ');
        sb_putn(&b, r->toks[k].text, r->toks[k].len);
    }
    if (b.failed || (b.len && !game_append_text(g, slot, b.s, b.len)))
        r->oom = true;
    sb_free(&b);
}

/* Only comments after the last game: they belong to its end. */
static void trailing_comments(struct reader *r)
{
    struct dr_pdn_file *f = r->f;
    if (f->n_games == 0)
        return;
    struct dr_pdn_game *g = f->games[f->n_games - 1];
    struct dr_pdn_node *end = dr_pdn_mainline_end(g);
    append_comments(r, g, &end->comment, TOK_EOF);
}

/* A game whose moves cannot be replayed (an unsupported variant, a FEN we
 * cannot read) still keeps the comments before its first move. */
static void keep_leading_comments(struct reader *r, struct dr_pdn_game *g)
{
    append_comments(r, g, &g->root.comment, TOK_MOVE);
}

/* Settle the start position (and the variant when the tags did not), then
 * replay the moves into g. */
static void setup_and_replay(struct reader *r, struct dr_pdn_game *g,
                             const struct game_notes *gn, const struct dr_variant *v,
                             bool vtag_used, bool sure, int game)
{
    struct setup s;
    int *mainline = malloc(((size_t)r->n_toks + 1) * sizeof *mainline);
    if (!mainline || !read_start(gn, &s)) {
        r->oom = true;
        free(mainline);
        return;
    }
    int n_main = line_moves_after(r, -1, mainline, r->n_toks);
    int side = DR_WHITE;
    char suffix[240] = "";
    if (!v)
        v = guess_variant(r, &s, mainline, n_main, gn->italian, &side, &sure, suffix,
                          sizeof suffix);
    else if (s.side_q)
        trial(r, v, &s, mainline, n_main, &side);
    free(mainline);

    struct dr_error err = {{0}};
    bool fen_ok = v && start_position(v, &s, side, &g->root.pos, &err);
    /* A setup /FEN/ we cannot read is kept as a FEN tag, so that it is not
     * lost when the game is written. */
    if (!fen_ok && gn->setup && gn->setup->vlen &&
        !game_add_tag(g, "FEN", 3, gn->setup->value, gn->setup->vlen))
        r->oom = true;
    if (!v) {
        /* Not even the setup fits a variant we play: say why for the
         * default one; the tags are kept. */
        const struct dr_variant *intl = variants_get(r->f->variants, "international");
        struct dr_position scratch;
        if (intl && s.fen && !dr_fen_parse(intl, s.fen, &scratch, &err))
            add_diag(r, s.line, s.col, game, false, NULL, 0, err.msg);
        else
            add_diag(r, g->line, 1, game, false, NULL, 0, "no variant we play fits this game");
        keep_leading_comments(r, g);
        free((char *)s.fen);
        return;
    }
    g->variant = v;
    /* Tags the writer derives from the variant, the start and the moves
     * (Variant when it named the variant or the writer writes one); a FEN we
     * cannot read stays a tag (and the game has no moves). */
    bool variant_derived = vtag_used || r->forced || v->pdn_variant_tag[0] || !v->pdn_gametype[0];
    int kept = 0;
    for (int i = 0; i < g->n_tags; i++) {
        const char *n = g->tags[i].name;
        if (!strcasecmp(n, "GameType") || !strcasecmp(n, "PlyCount") ||
            (!strcasecmp(n, "Variant") && variant_derived) ||
            (fen_ok && (!strcasecmp(n, "FEN") || !strcasecmp(n, "SetUp"))))
            continue;
        g->tags[kept++] = g->tags[i];
    }
    g->n_tags = kept;
    if (!fen_ok) {
        dr_position_start(v, &g->root.pos);
        add_diag(r, s.line, s.col, game, false, NULL, 0, err.msg);
        keep_leading_comments(r, g);
    } else {
        if (sure)
            r->hint = v->name;
        replay(r, g, game, gn->setup != NULL, suffix);
        g->side_unknown = s.side_q && !g->root.child;
    }
    free((char *)s.fen);
}

/* Build the game from the gathered tokens and add it to the file. */
static void build_game(struct reader *r, int game)
{
    struct dr_pdn_game *g = game_alloc();
    if (!g) {
        r->oom = true;
        return;
    }
    g->line = r->toks[0].line;
    struct game_notes gn = {0};
    collect_tags(r, g, &gn);
    r->seen_pdn |= gn.has_tag;
    const struct dr_variant *v;
    bool vtag_used;
    int from_tags = variant_from_tags(r, &gn, game, &v, &vtag_used);
    /* An unsupported variant keeps its tags (GameType and all), no moves. */
    if (from_tags >= 0)
        setup_and_replay(r, g, &gn, v, vtag_used, from_tags == 1, game);
    else
        keep_leading_comments(r, g);
    settle_result(r, g, gn.result, game);
    add_game(r, g);
}

static void finish_game(struct reader *r)
{
    if (r->n_toks == 0)
        return;
    bool has_tag = false, has_play = false;
    for (int k = 0; k < r->n_toks; k++) {
        enum tok_type ty = r->toks[k].type;
        has_tag |= ty == TOK_TAG;
        has_play |= ty != TOK_COMMENT && ty != TOK_TAG;
    }
    bool only_result = !has_tag && r->n_toks == 1 &&
                       (r->toks[0].type == TOK_RESULT || r->toks[0].type == TOK_STAR);
    if (!has_tag && !has_play)
        trailing_comments(r);
    else if (only_result) /* "1-0 1-0", "* *": no game between the two */
        add_diag(r, r->toks[0].line, r->toks[0].col, r->game_no + 1, true, NULL, 0,
                 "a result with no game before it; ignored");
    else
        build_game(r, ++r->game_no);
    r->n_toks = 0;
}

/* ---- gathering tokens into games ---- */

static bool push_token(struct reader *r, const struct token *t)
{
    if (r->n_toks == r->cap_toks) {
        int cap = r->cap_toks ? 2 * r->cap_toks : 256;
        struct token *ts = realloc(r->toks, (size_t)cap * sizeof *ts);
        if (!ts) {
            r->oom = true;
            return false;
        }
        r->toks = ts;
        r->cap_toks = cap;
    }
    r->toks[r->n_toks++] = *t;
    return true;
}

static void end_game(struct reader *r)
{
    finish_game(r);
    r->depth = 0;
    r->body_started = false;
}

static void read_tokens(struct reader *r)
{
    struct token t;
    while (!r->oom && !r->gave_up) {
        lexer_next(&r->lx, &t);
        switch (t.type) {
        case TOK_EOF:
            if (r->depth > 0)
                r->depth = 0; /* replay reports the open variation */
            end_game(r);
            return;
        case TOK_TAG:
            /* Tags after moves start the next game, even without a
             * terminator (a lost result, or an unclosed variation). */
            if (r->body_started) {
                add_diag(r, t.line, t.col, r->game_no + 1, true, NULL, 0,
                         "the game before this tag has no result at its end "
                         "(1-0, 0-1, 1/2-1/2, ... or *); a new game starts here");
                end_game(r);
            }
            r->seen_pdn = true;
            push_token(r, &t);
            break;
        case TOK_LPAREN:
            r->depth++;
            r->body_started = true;
            push_token(r, &t);
            break;
        case TOK_RPAREN:
            if (r->depth == 0) {
                add_diag(r, t.line, t.col, r->game_no + 1, true, NULL, 0,
                         "')' closes no variation; ignored");
                break;
            }
            r->depth--;
            push_token(r, &t);
            break;
        case TOK_RESULT:
        case TOK_STAR:
            r->body_started = true;
            /* Inside a variation a result is decoration; outside it ends the game. */
            if (r->depth > 0)
                break;
            push_token(r, &t);
            end_game(r);
            break;
        case TOK_COMMENT:
            push_token(r, &t);
            break;
        default:
            r->body_started = true;
            push_token(r, &t);
            break;
        }
    }
}

static int by_place(const void *a, const void *b)
{
    const struct dr_pdn_diag *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->column != y->column)
        return x->column < y->column ? -1 : 1;
    return 0;
}

bool dr_pdn_read(const char *name, const char *data, size_t len,
                 const struct dr_pdn_options *opt, struct dr_pdn_file *out)
{
    memset(out, 0, sizeof *out);
    out->name = strdup(name ? name : "(input)");
    out->variants = calloc(1, sizeof *out->variants);
    out->max_diags = opt && opt->max_diags > 0 ? opt->max_diags : DEFAULT_MAX_DIAGS;
    if (!out->name || !out->variants)
        return false;
    struct reader r = {.f = out, .forced = opt ? opt->variant : NULL};
    r.lx.diag = lex_diag;
    const char *why;
    bool ok = lexer_init(&r.lx, data, len, &why);
    r.lx.diag = lex_diag;
    r.lx.diag_arg = &r;
    if (ok && why)
        add_diag(&r, 0, 0, 0, false, NULL, 0, why);
    else if (ok)
        read_tokens(&r);
    /* Moves are replayed when their game ends, after the lexer has spoken
     * about later lines: put the messages back in file order. */
    if (out->n_diags > 1)
        qsort(out->diags, (size_t)out->n_diags, sizeof *out->diags, by_place);
    lexer_free(&r.lx);
    free(r.toks);
    return ok && !r.oom;
}

bool dr_pdn_read_file(const char *path, const struct dr_pdn_options *opt,
                      struct dr_pdn_file *out)
{
    FILE *fp = fopen(path, "rb");
    char *data = NULL;
    size_t len = 0, cap = 0;
    const char *fail = NULL;
    int fail_errno = 0;
    if (!fp) {
        fail_errno = errno;
        fail = "cannot open";
    }
    while (fp && !fail) {
        if (len == cap) {
            if (cap >= (size_t)MAX_FILE_BYTES) {
                fail = "too large for a PDN file (over 512 MiB); not read";
                break;
            }
            size_t ncap = cap ? 2 * cap : 65536;
            char *d = realloc(data, ncap);
            if (!d) {
                fail = "out of memory";
                break;
            }
            data = d;
            cap = ncap;
        }
        size_t n = fread(data + len, 1, cap - len, fp);
        len += n;
        if (n == 0) {
            if (ferror(fp)) {
                fail_errno = errno;
                fail = "cannot read";
            }
            break;
        }
    }
    if (fp)
        fclose(fp);
    if (fail) {
        free(data);
        bool ok = dr_pdn_read(path, "", 0, opt, out);
        struct reader r = {.f = out};
        char msg[200];
        if (fail_errno)
            say(msg, sizeof msg, "%s: %s", fail, strerror(fail_errno));
        else
            say(msg, sizeof msg, "%s", fail);
        add_diag(&r, 0, 0, 0, false, NULL, 0, msg);
        return ok && !r.oom;
    }
    bool ok = dr_pdn_read(path, data ? data : "", len, opt, out);
    free(data);
    return ok;
}

void dr_pdn_file_free(struct dr_pdn_file *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->n_games; i++)
        dr_pdn_game_free(f->games[i]);
    free(f->games);
    free(f->diags);
    free(f->name);
    variants_free(f->variants);
    free(f->variants);
    memset(f, 0, sizeof *f);
}

void dr_pdn_diag_format(const struct dr_pdn_file *f, const struct dr_pdn_diag *d, char *buf,
                        size_t size)
{
    const char *name = f && f->name ? f->name : "(input)";
    char where[64] = "";
    if (d->line > 0)
        snprintf(where, sizeof where, "%d:%d:", d->line, d->column);
    if (d->move[0])
        snprintf(buf, size, "%s:%s %smove '%s': %s", name, where, d->warning ? "warning: " : "",
                 d->move, d->message);
    else
        snprintf(buf, size, "%s:%s %s%s", name, where, d->warning ? "warning: " : "",
                 d->message);
}
