/* Loom: how much ten consecutive executions of the same pass vary on this machine, outside Loom, on one
 * thread and split over two: the spread (max / min of executions 2-10) that the repeat_spread.py figures
 * of Loom's Serial and TBB devices can be held to.
 *   cc -O2 -pthread Testing/Benchmarks/pass_spread.c -o pass_spread && ./pass_spread
 * The pass: the point coordinates of a 96^3 grid written as floats (about 10 MB out, 8 to 10 ms on one
 * thread of the 2-core machine: the size of Loom Contour's or Threshold's execution), written once before
 * timing (no page faults). Five rounds of ten executions per thread count; a line per round. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SIDE 96L
#define N (SIDE * SIDE * SIDE)
#define SWEEPS 4

static float* xyz;

struct Range
{
  long Begin, End;
};

static double Now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void* Coordinates(void* arg)
{
  const struct Range* r = (const struct Range*)arg;
  for (int s = 0; s < SWEEPS; ++s)
    for (long i = r->Begin; i < r->End; ++i)
    {
      xyz[3 * i] = (float)(i % SIDE) + s;
      xyz[3 * i + 1] = (float)((i / SIDE) % SIDE);
      xyz[3 * i + 2] = (float)(i / (SIDE * SIDE));
    }
  return NULL;
}

static double Pass(int threads)
{
  pthread_t t[2];
  struct Range r[2];
  const double t0 = Now();
  for (int k = 0; k < threads; ++k)
  {
    r[k].Begin = N * k / threads;
    r[k].End = N * (k + 1) / threads;
    pthread_create(&t[k], NULL, Coordinates, &r[k]);
  }
  for (int k = 0; k < threads; ++k)
    pthread_join(t[k], NULL);
  return Now() - t0;
}

int main(void)
{
  xyz = malloc(sizeof(float) * 3 * N);
  Pass(2);
  for (int threads = 1; threads <= 2; ++threads)
    for (int round = 0; round < 5; ++round)
    {
      double ms[10], lo = 1e9, hi = 0;
      for (int e = 0; e < 10; ++e)
      {
        ms[e] = Pass(threads) * 1e3;
        if (e > 0)
        {
          lo = ms[e] < lo ? ms[e] : lo;
          hi = ms[e] > hi ? ms[e] : hi;
        }
      }
      printf("%d thread%s, round %d: ms", threads, threads > 1 ? "s" : " ", round + 1);
      for (int e = 0; e < 10; ++e)
        printf(" %.1f", ms[e]);
      printf("; spread of 2-10 %.2f\n", hi / lo);
    }
  free(xyz);
  return 0;
}
