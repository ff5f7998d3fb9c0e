// The little of <stdlib.h> the kernels use, for wasm32 without a C library: no environment.
#include <stddef.h>
static inline char *getenv(const char *name) { (void)name; return NULL; }
