// Loom: the atomic operations a worklet or a scheduled functor may use on every device (CUDA's atomics
// in device code, the compiler's __atomic builtins on the CPU devices), all with relaxed ordering: they
// count, flag or link one shared array (the union-find's parents, whose only shared state is that array), and
// the scheduler's end is the only synchronization the results need.
#pragma once

#include <loom/Macros.h>
#include <loom/Types.h>

namespace loom
{
namespace exec
{
/// *address += value; returns the value before the addition.
LOOM_EXEC inline Int32 AtomicAdd(Int32* address, Int32 value)
{
#ifdef __CUDA_ARCH__
  return atomicAdd(address, value);
#else
  return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
#endif
}

/// *address = value, where other threads may write to the same place at the same time (a flag many
/// threads set, or "any one of the bad indices").
template <typename T>
LOOM_EXEC inline void AtomicStore(T* address, T value)
{
#ifdef __CUDA_ARCH__
  *static_cast<volatile T*>(address) = value;
#else
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
#endif
}
/// *address = min(*address, value) for 64-bit values.
LOOM_EXEC inline void AtomicMin(UInt64* address, UInt64 value)
{
#ifdef __CUDA_ARCH__
  atomicMin(reinterpret_cast<unsigned long long*>(address), static_cast<unsigned long long>(value));
#else
  UInt64 seen = __atomic_load_n(address, __ATOMIC_RELAXED);
  while (value < seen && !__atomic_compare_exchange_n(address, &seen, value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
  {
  }
#endif
}
LOOM_EXEC inline void AtomicMin(Int32* address, Int32 value)
{
#ifdef __CUDA_ARCH__
  atomicMin(address, value);
#else
  Int32 seen = __atomic_load_n(address, __ATOMIC_RELAXED);
  while (value < seen && !__atomic_compare_exchange_n(address, &seen, value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
  {
  }
#endif
}
LOOM_EXEC inline void AtomicMin(Int64* address, Int64 value)
{
#ifdef __CUDA_ARCH__
  atomicMin(reinterpret_cast<long long*>(address), static_cast<long long>(value));
#else
  Int64 seen = __atomic_load_n(address, __ATOMIC_RELAXED);
  while (value < seen && !__atomic_compare_exchange_n(address, &seen, value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
  {
  }
#endif
}
/// *address, read while other threads may write it.
LOOM_EXEC inline Int64 AtomicLoad(const Int64* address)
{
#ifdef __CUDA_ARCH__
  return *static_cast<const volatile Int64*>(address);
#else
  return __atomic_load_n(address, __ATOMIC_RELAXED);
#endif
}
/// If *address is `expected`, *address = `desired`; true when it was (the exchange happened).
LOOM_EXEC inline bool AtomicCompareExchange(Int64* address, Int64 expected, Int64 desired)
{
#ifdef __CUDA_ARCH__
  return atomicCAS(reinterpret_cast<unsigned long long*>(address), static_cast<unsigned long long>(expected),
                   static_cast<unsigned long long>(desired)) == static_cast<unsigned long long>(expected);
#else
  return __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
#endif
}
} // namespace exec
} // namespace loom
