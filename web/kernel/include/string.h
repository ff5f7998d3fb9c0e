// The little of <string.h> the kernels use, for wasm32 without a C library (web/kernel/build.sh).
#include <stddef.h>
void *memcpy(void *to, const void *from, size_t n);
void *memset(void *to, int byte, size_t n);
int strcmp(const char *a, const char *b);
