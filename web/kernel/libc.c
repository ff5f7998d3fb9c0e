// memcpy, memset and strcmp for the kernel in WebAssembly, where there is no C library: the first two as the
// bulk-memory instructions.
#include <string.h>

void *memcpy(void *to, const void *from, size_t n) {
  __builtin_memcpy(to, from, n);
  return to;
}

void *memset(void *to, int byte, size_t n) {
  __builtin_memset(to, byte, n);
  return to;
}

int strcmp(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}
