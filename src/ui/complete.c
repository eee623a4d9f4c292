#include "complete.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The directory to read for text's last component: text up to its last
 * '/', with a leading ~ made the home directory; "." when there is none. */
static void directory_of(const char *text, size_t dir_len, char *out, size_t size)
{
    const char *home = getenv("HOME");
    if (dir_len == 0)
        snprintf(out, size, ".");
    else if (text[0] == '~' && (dir_len == 1 || text[1] == '/') && home)
        snprintf(out, size, "%s%.*s", home, (int)dir_len - 1, text + 1);
    else
        snprintf(out, size, "%.*s", (int)dir_len, text);
}

static bool is_directory(const char *dir, const char *name)
{
    char path[4096];
    struct stat st;
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

enum { MAX_LISTED = 64 };

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The sorted names, two spaces apart, whole names only. */
static void join_names(char **names, int n, char *list, size_t list_size)
{
    qsort(names, (size_t)n, sizeof *names, by_name);
    size_t used = 0;
    list[0] = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(list + used, list_size - used, "%s%s", used ? "  " : "", names[i]);
        if (w < 0 || used + (size_t)w >= list_size) {
            list[used] = 0;
            return;
        }
        used += (size_t)w;
    }
}

int complete_path(char *text, size_t size, char *list, size_t list_size)
{
    list[0] = 0;
    const char *slash = strrchr(text, '/');
    size_t dir_len = slash ? (size_t)(slash - text) + 1 : 0;
    if (text[0] == '~' && !slash)
        return 0; /* "~user" is not completed */
    const char *prefix = text + dir_len;
    size_t plen = strlen(prefix);
    char dir[4096];
    directory_of(text, dir_len, dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char common[256] = "";
    char *names[MAX_LISTED];
    int matches = 0, listed = 0;
    for (struct dirent *e; (e = readdir(d));) {
        const char *name = e->d_name;
        if (strncmp(name, prefix, plen) || !strcmp(name, ".") || !strcmp(name, "..") ||
            (name[0] == '.' && plen == 0))
            continue;
        if (matches++ == 0) {
            snprintf(common, sizeof common, "%s", name);
        } else {
            size_t k = 0;
            while (common[k] && common[k] == name[k])
                k++;
            common[k] = 0;
        }
        if (listed < MAX_LISTED && (names[listed] = strdup(name)))
            listed++;
    }
    closedir(d);
    bool dir_match = matches == 1 && is_directory(dir, common);
    if (matches > 1)
        join_names(names, listed, list, list_size);
    for (int i = 0; i < listed; i++)
        free(names[i]);
    if (matches == 0)
        return 0;
    snprintf(text + dir_len, size - dir_len, "%s%s", common, dir_match ? "/" : "");
    return matches;
}

void expand_home(const char *path, char *out, size_t size)
{
    const char *home = getenv("HOME");
    if (path[0] == '~' && (path[1] == '/' || !path[1]) && home)
        snprintf(out, size, "%s%s", home, path + 1);
    else
        snprintf(out, size, "%s", path);
}

void cannot_open_text(const char *path, const char *why, char *out, size_t size)
{
    size_t n = strlen(path);
    const char *reason = why;
    int line = 0, column = 0, used = 0;
    if (!strncmp(why, path, n) && why[n] == ':') { /* the reader's "PATH:" or "PATH:L:C:" */
        reason = why + n + 1;
        if (sscanf(reason, "%d:%d:%n", &line, &column, &used) == 2 && used > 0)
            reason += used;
        while (*reason == ' ')
            reason++;
    }
    static const char again[] = "cannot open: "; /* the reader's words for what we say */
    if (!strncmp(reason, again, sizeof again - 1))
        reason += sizeof again - 1;
    size_t len = strlen(reason);
    const char *stop = len && reason[len - 1] == '.' ? "" : ".";
    if (line > 0)
        snprintf(out, size, "Cannot open %s (line %d, column %d): %s%s", path, line, column,
                 reason, stop);
    else
        snprintf(out, size, "Cannot open %s: %s%s", path, reason, stop);
}
