/* Tab completion of file names in the prompts, and ~ in a file name typed
 * (no curses here). */
#ifndef DR_UI_COMPLETE_H
#define DR_UI_COMPLETE_H

#include <stddef.h>

/* Completes the last path component of text in place (size bytes) from the
 * directory it names (~/ is the home directory): to the one match, a
 * directory gaining its '/', or to the longest prefix the matches share.
 * The matches' names go to list (space-separated, cut to list_size, "" when
 * there is one or none).  Returns how many names matched. */
int complete_path(char *text, size_t size, char *list, size_t list_size);

/* ~/x as $HOME/x */
void expand_home(const char *path, char *out, size_t size);

/* One sentence, the file named once and the reason once: "Cannot open
 * PATH: No such file or directory." from the PDN reader's "PATH: cannot
 * open: No such file or directory" (its name, line and column are taken
 * from the front of why; its "cannot open:" is not said twice). */
void cannot_open_text(const char *path, const char *why, char *out, size_t size);

#endif
