/* Loom: what a second thread costs each thread on this machine, outside Loom: the figures README's
 * "Clip" section quotes for the TBB / Serial ratio of the cutting filters.
 *   cc -O2 -pthread Testing/Benchmarks/two_thread_passes.c -o two_thread_passes && ./two_thread_passes
 * Each pass runs with the same work per thread on one thread, then split in halves over two, three rounds
 * each; a line gives the mean times and the per-thread inflation, 2 x t(two) / t(one): 1.00 when two
 * threads do not slow each other. Passes: a compute-bound loop (registers only: are the two cores shared
 * siblings?), point coordinates of a 128^3 grid (8 M floats read as ids, 24 MB written: like a filter's
 * output points), a flag pass (8 MB read, 2 MB written) and a scaled copy (8 MB in, 8 MB out). The arrays
 * are written once before timing (no page faults in the rounds). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SIDE 128L
#define N (SIDE * SIDE * SIDE)
#define REPEATS 50

static float* in;
static float* xyz;
static float* out;
static unsigned char* flags;
static volatile unsigned long sink;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

struct range
{
  long begin, end;
  int pass;
};

static void* run(void* arg)
{
  const struct range* r = arg;
  if (r->pass == 0)
  {
    /* The same number of steps whatever the split: each thread runs the whole count. */
    unsigned long a = 1, b = 3, c = 5;
    for (long i = 0; i < 400000000L; ++i)
    {
      a = a * 6364136223846793005UL + 1442695040888963407UL;
      b ^= b << 13;
      b ^= b >> 7;
      c += a ^ b;
    }
    sink = a + b + c;
    return NULL;
  }
  for (int k = 0; k < REPEATS; ++k)
    for (long i = r->begin; i < r->end; ++i)
      if (r->pass == 1)
      {
        xyz[3 * i] = 0.5f * (float)(i % SIDE);
        xyz[3 * i + 1] = 0.5f * (float)((i / SIDE) % SIDE);
        xyz[3 * i + 2] = 0.5f * (float)(i / (SIDE * SIDE));
      }
      else if (r->pass == 2)
        flags[i] = in[i] > 100.0f && in[i] < 200.0f;
      else
        out[i] = 2.0f * in[i];
  return NULL;
}

static double timed(int pass, int threads)
{
  pthread_t t[2];
  struct range r[2];
  const double start = now();
  for (int k = 0; k < threads; ++k)
  {
    r[k].begin = pass == 0 ? 0 : N / threads * k;
    r[k].end = pass == 0 ? 0 : N / threads * (k + 1);
    r[k].pass = pass;
    pthread_create(&t[k], NULL, run, &r[k]);
  }
  for (int k = 0; k < threads; ++k)
    pthread_join(t[k], NULL);
  return now() - start;
}

int main(void)
{
  in = malloc(N * sizeof(float));
  xyz = malloc(3 * N * sizeof(float));
  out = malloc(N * sizeof(float));
  flags = malloc(N);
  if (!in || !xyz || !out || !flags)
    return 1;
  for (long i = 0; i < N; ++i)
  {
    in[i] = (float)((i * 7) % 300);
    xyz[3 * i] = xyz[3 * i + 1] = xyz[3 * i + 2] = out[i] = 0.0f;
    flags[i] = 0;
  }
  static const char* names[] = { "compute-bound (registers)", "coordinates (24 MB out)", "flags (8 MB in, 2 out)",
                                 "scaled copy (8 in, 8 out)" };
  for (int pass = 0; pass < 4; ++pass)
  {
    double one = 0.0, two = 0.0;
    for (int round = 0; round < 3; ++round)
    {
      one += timed(pass, 1) / 3.0;
      two += timed(pass, 2) / 3.0;
    }
    /* The compute-bound pass gives each thread the whole count: two threads ideally take as long as one. */
    const double inflation = pass == 0 ? two / one : 2.0 * two / one;
    printf("%-27s one thread %.3f s, two %.3f s: per-thread inflation %.2f\n", names[pass], one, two, inflation);
  }
  return 0;
}
