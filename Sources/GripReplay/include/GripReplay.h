/* The event-log replayer (Tests/replay/FORMAT.md): `replay [-v] LOG` as a function, shared by
 * grip-cli's `replay` command and the test program Tests/replay/main.c. */
#ifndef GRIP_REPLAY_H
#define GRIP_REPLAY_H

/* argv[0] is the program's name, then [-v] LOG ("-" for standard input). Prints one line per
 * call (see FORMAT.md) on stdout; returns 0, or 2 for a malformed log or usage. */
int replay_main(int argc, char **argv);

#endif
