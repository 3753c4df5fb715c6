/* The replayer as a stand-alone test program (the code is Sources/GripReplay/replay.c, which
 * grip-cli's `replay` command runs too). */
#include "GripReplay.h"

int main(int argc, char **argv) { return replay_main(argc, argv); }
