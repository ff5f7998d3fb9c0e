// memcpy and memset for the kernel in WebAssembly, where there is no C library (clang may call them for copies and
// clears): the bulk-memory instructions.
#include <stddef.h>

void *memcpy(void *to, const void *from, size_t n) {
  __builtin_memcpy(to, from, n);
  return to;
}

void *memset(void *to, int byte, size_t n) {
  __builtin_memset(to, byte, n);
  return to;
}
