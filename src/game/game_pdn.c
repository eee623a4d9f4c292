#include "draughts/game_pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *dr_game_result_tag(const struct dr_game *g)
{
    const struct dr_variant *v = dr_game_variant(g);
    int type = atoi(v->pdn_gametype);
    bool fmjd = type == 20 || type == 27;
    bool black_first = type == 21 || type == 23;
    switch (dr_game_result(g)) {
    case DR_DRAW:
        return fmjd ? "1-1" : "1/2-1/2";
    case DR_WHITE_WINS:
        return fmjd ? "2-0" : black_first ? "0-1" : "1-0";
    case DR_BLACK_WINS:
        return fmjd ? "0-2" : black_first ? "1-0" : "0-1";
    case DR_ONGOING:
        break;
    }
    return "*";
}

struct dr_pdn_game *dr_game_to_pdn(const struct dr_game *g, const char *white,
                                   const char *black, const char *event)
{
    const struct dr_variant *v = dr_game_variant(g);
    struct dr_pdn_game *pg = dr_pdn_game_new(v, dr_game_start(g));
    if (!pg)
        return NULL;
    char date[16];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    else
        snprintf(date, sizeof date, "????.??.??");
    bool ok = dr_pdn_set_tag(pg, "Event", event ? event : "?") &&
              dr_pdn_set_tag(pg, "Date", date) &&
              dr_pdn_set_tag(pg, "White", white ? white : "?") &&
              dr_pdn_set_tag(pg, "Black", black ? black : "?") &&
              dr_pdn_set_tag(pg, "Result", dr_game_result_tag(g));
    if (ok && dr_game_over(g)) {
        char why[160];
        dr_game_result_sentence(g, why, sizeof why);
        ok = dr_pdn_set_tag(pg, "Termination", why);
    }
    struct dr_pdn_node *at = &pg->root;
    for (int i = 0; ok && i < dr_game_ply(g); i++) {
        at = dr_pdn_add_move(pg, at, dr_game_move(g, i));
        ok = at != NULL;
    }
    if (!ok) {
        dr_pdn_game_free(pg);
        return NULL;
    }
    return pg;
}

struct dr_game *dr_game_from_pdn(const struct dr_pdn_game *pg, struct dr_error *err)
{
    if (!pg->variant) {
        dr_error_set(err, "the game's variant is not one we play");
        return NULL;
    }
    struct dr_game *g = dr_game_new(pg->variant, &pg->root.pos);
    if (!g) {
        dr_error_set(err, "out of memory");
        return NULL;
    }
    for (const struct dr_pdn_node *n = pg->root.child; n; n = n->child) {
        if (!dr_game_play(g, &n->move, err)) {
            dr_game_free(g);
            return NULL;
        }
    }
    return g;
}
