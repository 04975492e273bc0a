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

/// Templates that dispatch on the device (CallOnDevice, Algorithm, Invoker, Dispatcher, the worklet
/// families' internals) differ between code nvcc compiles (which can run on CUDA) and host-compiled
/// code (which runs CUDA requests on a CPU device). In CUDA translation units they live in an inline
/// namespace, so the two kinds of instantiation never share a symbol (no ODR clash at link time).
#if defined(LOOM_ENABLE_CUDA) && defined(__CUDACC__)
#define LOOM_CUDA_TRANSLATION_UNIT 1
#define LOOM_UNIT_NAMESPACE_BEGIN inline namespace cuda_unit {
#define LOOM_UNIT_NAMESPACE_END }
#else
#define LOOM_UNIT_NAMESPACE_BEGIN
#define LOOM_UNIT_NAMESPACE_END
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
