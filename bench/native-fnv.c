/* A native FNV-1a 64 loop, the same work Go's hash/fnv New64a does, as a reference for
   `npm run bench` (Go is not on the build machine; a C compiler is). Reads UUIDs from stdin,
   one per line, and prints nanoseconds per hash of the best of 5 rounds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t fnv1a64(const unsigned char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
  return h;
}

int main(void) {
  size_t cap = 1 << 20, count = 0;
  char (*ids)[40] = malloc(cap * sizeof *ids);
  while (count < cap && fgets(ids[count], 40, stdin)) {
    ids[count][strcspn(ids[count], "\n")] = 0;
    count++;
  }
  double best = 1e30;
  volatile uint64_t sink = 0;
  for (int round = 0; round < 5; round++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    uint64_t acc = 0;
    for (size_t i = 0; i < count; i++) acc ^= fnv1a64((const unsigned char *)ids[i], strlen(ids[i]));
    clock_gettime(CLOCK_MONOTONIC, &b);
    sink ^= acc;
    double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (double)count;
    if (ns < best) best = ns;
  }
  printf("%.3f %llu\n", best, (unsigned long long)sink);
  return 0;
}
