/*
 * The thread-locals of the call guard (CPlatform.h, grip_platform_guard_enter): each thread's
 * token byte and the engine its last call was refused on.
 */
#include "CPlatform.h"

_Thread_local char grip_platform_thread_marker;
_Thread_local const void *grip_platform_refused_engine;
