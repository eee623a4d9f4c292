/* The endgame tables of the engines of a process: one build for the same
 * rules, however many engines play them (the UI's player, hints and
 * analysis; a test's two sides). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "egtb.h"

/* One entry a set of rules: the engines that play them hold it; the first
 * builds, the others wait for it. */
struct shared {
    struct dr_variant v;
    int most; /* pieces asked for */
    struct egtb *t;
    int holders;
    bool building;
    struct shared *next;
};

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t shared_built = PTHREAD_COND_INITIALIZER;
static struct shared *shared_list; /* being built or built */

static struct shared *shared_find(const struct dr_variant *v, int most)
{
    for (struct shared *s = shared_list; s; s = s->next)
        if (s->most >= most && !memcmp(&s->v, v, sizeof *v))
            return s;
    return NULL;
}

static void shared_unlink(struct shared *s)
{
    for (struct shared **p = &shared_list; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            return;
        }
}

/* Tables no engine holds stay for the next engine of the same rules (a new
 * game, the next test), as many sets as this: past them the oldest go. */
enum { IDLE_KEPT = 2 };

/* Free the idle tables past the newest `keep` (the list is newest first). */
static void shared_trim(int keep)
{
    for (struct shared **p = &shared_list; *p;) {
        struct shared *s = *p;
        if (!s->holders && !s->building && keep-- <= 0) {
            *p = s->next;
            egtb_free(s->t);
            free(s);
        } else {
            p = &s->next;
        }
    }
}

/* Wait for another engine's build; a cancel ends the wait (NULL). */
static struct egtb *shared_wait(struct shared *s, const atomic_bool *cancel)
{
    while (s->building && !(cancel && atomic_load(cancel))) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 10 * 1000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&shared_built, &shared_lock, &until);
    }
    return s->building ? NULL : s->t;
}

/* Join the build or the tables of entry s (the lock held). */
static struct egtb *shared_join(struct shared *s, const atomic_bool *cancel)
{
    s->holders++;
    struct egtb *t = shared_wait(s, cancel);
    if (!t)
        s->holders--; /* given up: the caller gets nothing to release */
    return t;
}

static bool make_dir(const char *path)
{
    return mkdir(path, 0755) == 0 || errno == EEXIST;
}

/* Where tables are kept between runs (NULL: nowhere): $DRAUGHTS_TABLES_DIR
 * (empty: nowhere), else $XDG_CACHE_HOME/draughts, else ~/.cache/draughts. */
static const char *tables_dir(char *buf, size_t n)
{
    const char *own = getenv("DRAUGHTS_TABLES_DIR");
    if (own)
        return *own && make_dir(own) ? own : NULL;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) {
        snprintf(buf, n, "%s", xdg);
    } else if (home && *home) {
        snprintf(buf, n, "%s/.cache", home);
    } else {
        return NULL;
    }
    if (!make_dir(buf))
        return NULL;
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "/draughts");
    return make_dir(buf) ? buf : NULL;
}

/* Build the tables of s outside the lock, then tell those who wait. */
static struct egtb *shared_build(struct shared *s, const atomic_bool *cancel)
{
    pthread_mutex_unlock(&shared_lock);
    char buf[4096];
    struct egtb *t = egtb_build(&s->v, s->most, tables_dir(buf, sizeof buf), cancel);
    pthread_mutex_lock(&shared_lock);
    s->t = t;
    s->building = false;
    if (!t) {
        /* failed or called off: later engines try again */
        shared_unlink(s);
        s->holders--;
        if (!s->holders)
            free(s);
    }
    pthread_cond_broadcast(&shared_built);
    return t;
}

struct egtb *egtb_acquire(const struct dr_variant *v, int most, const atomic_bool *cancel)
{
    pthread_mutex_lock(&shared_lock);
    struct shared *s = shared_find(v, most);
    struct egtb *t = NULL;
    if (s) {
        t = shared_join(s, cancel);
    } else {
        shared_trim(IDLE_KEPT - 1); /* room for the new set */
        if ((s = calloc(1, sizeof *s))) {
            s->v = *v;
            s->most = most;
            s->holders = 1;
            s->building = true;
            s->next = shared_list;
            shared_list = s;
            t = shared_build(s, cancel);
        }
    }
    pthread_mutex_unlock(&shared_lock);
    return t;
}

void egtb_release(struct egtb *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&shared_lock);
    for (struct shared *s = shared_list; s; s = s->next)
        if (s->t == t) {
            if (--s->holders == 0)
                shared_trim(IDLE_KEPT);
            break;
        }
    pthread_mutex_unlock(&shared_lock);
}
