/* Locating ../shared test data and reading its tab-separated files. */
#ifndef DR_TESTDATA_H
#define DR_TESTDATA_H

#include <stdbool.h>
#include <stddef.h>

/* Directory of ../shared/data/<sub>, or NULL (with a printed reason) when
 * the shared data is not beside the project. */
const char *testdata_dir(const char *sub, char *buf, size_t size);

/* Split line at tabs in place; returns the field count. */
int testdata_fields(char *line, char **fields, int max);

/* Names of the files in dir ending with suffix, sorted; returns the count. */
int testdata_list(const char *dir, const char *suffix, char names[][256], int max);

struct dr_variant;
struct dr_position;

/* The legal moves of pos as sorted, space-joined canonical texts. */
void testdata_moves(const struct dr_variant *v, const struct dr_position *pos, char *out,
                    size_t size);

/* The words of text, sorted and space-joined (to compare move sets). */
void testdata_sort_words(const char *text, char *out, size_t size);

#endif
