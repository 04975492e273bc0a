/* Loom: what one thread of this machine streams, outside Loom: the bandwidth floor the benchmark notes hold
 * a pass to (Extract Surface's connectivity read and face lists written, issue 46).
 *   cc -O2 Testing/Benchmarks/stream_bandwidth.c -o stream_bandwidth && ./stream_bandwidth
 * Reads 128 MB (16 M 64-bit ids, summed) and writes 144 MB, five times, both written once before timing (no
 * page faults in the timed passes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double Now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void)
{
  const size_t reads = (size_t)16 << 20, writes = (size_t)18 << 20;
  long long* r = malloc(reads * sizeof(long long));
  long long* w = malloc(writes * sizeof(long long));
  for (size_t i = 0; i < reads; ++i)
    r[i] = (long long)i;
  memset(w, 1, writes * sizeof(long long));
  for (int round = 0; round < 5; ++round)
  {
    const double t0 = Now();
    long long sum = 0;
    for (size_t i = 0; i < reads; ++i)
      sum += r[i];
    const double t1 = Now();
    for (size_t i = 0; i < writes; ++i)
      w[i] = (long long)i ^ sum;
    const double t2 = Now();
    // The checksum keeps the compiler from dropping the passes.
    printf("read 128 MB: %.1f ms (%.1f GB/s); write 144 MB: %.1f ms (%.1f GB/s); checksum %lld\n", (t1 - t0) * 1e3,
           0.128 / (t1 - t0), (t2 - t1) * 1e3, 0.144 / (t2 - t1), (sum ^ w[writes - 1]) & 1);
  }
  free(r);
  free(w);
  return 0;
}
