/* Loom: how fast this machine hands a process fresh memory (the cost a filter's first execution pays
 * for its output), the figures README's "Devices" and "Memory and first runs" quote.
 *   cc -O2 -pthread Testing/Benchmarks/page_fault_rate.c -o page_fault_rate
 *   ./page_fault_rate MODE MB     (one mode per fresh process; repeat and alternate the modes)
 * MODE 0: one thread writes one byte per 4 KiB page; 1: the same after MADV_HUGEPAGE (2 MiB-aligned;
 * also prints how many 2 MiB pages took under 300 us and over 3 ms); 2: MADV_POPULATE_WRITE on one
 * thread; 3: MAP_POPULATE; 4: MADV_POPULATE_WRITE on two threads; 7: two threads write one byte per page.
 * Each line gives the faulting time and rate, then a memset of the same memory once mapped. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static size_t bytes;
static char* block;
static int mode;

static void* half(void* which)
{
  const size_t h = bytes / 2;
  char* b = block + (size_t)which * h;
  if (mode == 4)
    madvise(b, h, MADV_POPULATE_WRITE);
  else
    for (size_t i = 0; i < h; i += 4096)
      b[i] = 1;
  return NULL;
}

int main(int argc, char** argv)
{
  if (argc != 3)
  {
    fprintf(stderr, "usage: %s MODE MB\n", argv[0]);
    return 2;
  }
  mode = atoi(argv[1]);
  bytes = (size_t)atol(argv[2]) << 20;
  const size_t huge = (size_t)2 << 20;
  const double t0 = now();
  char* raw = mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | (mode == 3 ? MAP_POPULATE : 0), -1, 0);
  if (raw == MAP_FAILED)
    return 1;
  block = (char*)(((size_t)raw + huge - 1) & ~(huge - 1));
  int fast = 0, slow = 0;
  if (mode == 1)
  {
    madvise(block, bytes, MADV_HUGEPAGE);
    for (size_t b = 0; b < bytes; b += huge)
    {
      const double a = now();
      for (size_t i = 0; i < huge && b + i < bytes; i += 4096)
        block[b + i] = 1;
      const double us = (now() - a) * 1e6;
      fast += us < 300;
      slow += us > 3000;
    }
  }
  else if (mode == 0)
    for (size_t i = 0; i < bytes; i += 4096)
      block[i] = 1;
  else if (mode == 2)
    madvise(block, bytes, MADV_POPULATE_WRITE);
  else if (mode == 4 || mode == 7)
  {
    pthread_t t[2];
    for (long i = 0; i < 2; ++i)
      pthread_create(&t[i], NULL, half, (void*)i);
    for (int i = 0; i < 2; ++i)
      pthread_join(t[i], NULL);
  }
  const double t1 = now();
  memset(block, 2, bytes);
  const double t2 = now();
  printf("mode %d: fault %.3f s (%.2f GB/s), memset after %.3f s", mode, t1 - t0, bytes / 1e9 / (t1 - t0),
         t2 - t1);
  if (mode == 1)
    printf("; 2 MiB pages under 300 us: %d, over 3 ms: %d", fast, slow);
  printf("\n");
  return 0;
}
