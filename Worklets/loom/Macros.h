// Loom: compiler macros that mark code for the control and execution environments.
#pragma once

#if defined(__CUDACC__)
/// Function callable inside a worklet (host and device under nvcc).
#define LOOM_EXEC __host__ __device__
/// Function callable in both environments.
#define LOOM_EXEC_CONT __host__ __device__
#else
#define LOOM_EXEC
#define LOOM_EXEC_CONT
#endif

/// Function for the control environment only.
#define LOOM_CONT

/// Silence an unused-parameter warning.
#define LOOM_NOT_USED(x) (void)(x)

#if defined(__GNUC__) || defined(__clang__)
#define LOOM_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define LOOM_ALWAYS_INLINE inline
#endif
