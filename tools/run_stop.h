/* Long tool runs (selfplay, rescore) that SIGINT or SIGTERM (a `timeout`
 * around them) ends between two games, keeping the work done. */
#ifndef DR_RUN_STOP_H
#define DR_RUN_STOP_H

#include <stdbool.h>

/* From now on SIGINT and SIGTERM only ask the run to stop. */
void run_stop_on_signals(void);
/* A signal has asked the run to stop. */
bool run_stop_requested(void);

#endif
