// Loom: the sequential inner loops of Reduce and Scan, written so that the adds do not form one long
// dependency chain (several accumulators; scans in blocks of four with one carry add per block).
// The operator must be associative; floating-point results may differ from a strict left-to-right
// sum in the last bits, as with any parallel reduction.
#pragma once

#include <loom/Types.h>

namespace loom
{
namespace cont
{
namespace internal
{
/// op-combination of get(begin) ... get(end-1); requires end > begin.
template <typename T, typename Get, typename Op>
LOOM_EXEC_CONT T ChunkReduce(const Get& get, Id begin, Id end, const Op& op)
{
  if (end - begin < 8)
  {
    T sum = get(begin);
    for (Id i = begin + 1; i < end; ++i)
      sum = op(sum, get(i));
    return sum;
  }
  T s0 = get(begin), s1 = get(begin + 1), s2 = get(begin + 2), s3 = get(begin + 3);
  Id i = begin + 4;
  for (; i + 4 <= end; i += 4)
  {
    s0 = op(s0, get(i));
    s1 = op(s1, get(i + 1));
    s2 = op(s2, get(i + 2));
    s3 = op(s3, get(i + 3));
  }
  for (; i < end; ++i)
    s0 = op(s0, get(i));
  return op(op(s0, s1), op(s2, s3));
}

/// Scan get(begin..end) into set(i, value) starting from `carry`, where carry already holds the
/// combination of everything before `begin` (`hasCarry` false: nothing before). Inclusive writes
/// carry op v[0..i]; exclusive writes carry op v[0..i-1]. Returns the carry after `end`.
template <bool Inclusive, typename T, typename Get, typename Set, typename Op>
LOOM_EXEC_CONT T ChunkScan(const Get& get, const Set& set, Id begin, Id end, T carry, bool hasCarry,
                           const Op& op)
{
  Id i = begin;
  if (!hasCarry && i < end)
  {
    // Inclusive with nothing before: the first output is the first value itself.
    const T v = get(i);
    if (Inclusive)
      set(i, v);
    else
      set(i, carry);
    carry = Inclusive ? v : op(carry, v);
    ++i;
  }
  for (; i + 4 <= end; i += 4)
  {
    const T a = get(i), b = get(i + 1), c = get(i + 2), d = get(i + 3);
    const T ab = op(a, b);
    const T abc = op(ab, c);
    const T abcd = op(abc, d);
    if (Inclusive)
    {
      set(i, op(carry, a));
      set(i + 1, op(carry, ab));
      set(i + 2, op(carry, abc));
      set(i + 3, op(carry, abcd));
    }
    else
    {
      set(i, carry);
      set(i + 1, op(carry, a));
      set(i + 2, op(carry, ab));
      set(i + 3, op(carry, abc));
    }
    carry = op(carry, abcd);
  }
  for (; i < end; ++i)
  {
    const T v = get(i);
    if (Inclusive)
    {
      carry = op(carry, v);
      set(i, carry);
    }
    else
    {
      set(i, carry);
      carry = op(carry, v);
    }
  }
  return carry;
}
} // namespace internal
} // namespace cont
} // namespace loom
