// Loom algorithms, clean family: the worklets of exact point merging (a hash of each position, and the
// reduce-by-key pass that settles each hash group), for every device.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/Hash.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/WorkletReduceByKey.h>

#include <cstring>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
namespace clean
{
/// The bits of a coordinate with -0 as +0 (they are the same position).
LOOM_EXEC inline UInt64 CoordinateBits(Float32 v)
{
  v += 0.0f;
  UInt32 b;
  std::memcpy(&b, &v, sizeof(b));
  return b;
}
LOOM_EXEC inline UInt64 CoordinateBits(Float64 v)
{
  v += 0.0;
  UInt64 b;
  std::memcpy(&b, &v, sizeof(b));
  return b;
}
/// The key of each point: a 32-bit hash of its position (equal positions, equal keys); a point with
/// a NaN coordinate hashes its own id instead (it coincides with nothing).
template <typename T>
struct HashPosition : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn ids, ExecObject points, FieldOut keys);
  using ExecutionSignature = _3(_1, _2);
  LOOM_EXEC Int32 operator()(Id p, const ComponentPortal<T>& points) const
  {
    const T x = points.Get(p, 0), y = points.Get(p, 1), z = points.Get(p, 2);
    UInt64 h;
    if (x != x || y != y || z != z)
      h = Mix64(static_cast<UInt64>(p) ^ 0x5bd1e9955bd1e995ULL);
    else
      h = Mix64(Mix64(Mix64(CoordinateBits(x)) ^ CoordinateBits(y)) ^ CoordinateBits(z));
    return static_cast<Int32>(static_cast<UInt32>(h >> 32));
  }
};

/// One hash group: each used point takes the first point of the group (lowest id: the keys keep id
/// order among equal hashes) at its position that is itself kept, else itself; dropped points -1.
/// Only kept points are compared, so a group of n copies of one position costs n comparisons.
template <typename T>
struct SettleHashGroup : loom::worklet::WorkletReduceByKey
{
  using ControlSignature = void(KeysIn, ValuesOut representatives, ExecObject points, WholeArrayIn used);
  using ExecutionSignature = void(_2, _3, _4);
  bool HasUsedFlags = false;

  template <typename Reps, typename UsedPortal>
  LOOM_EXEC void operator()(Reps& reps, const ComponentPortal<T>& points, const UsedPortal& used) const
  {
    const IdComponent n = reps.GetNumberOfComponents();
    for (IdComponent k = 0; k < n; ++k)
    {
      const Id p = reps.GetValueIndex(k);
      if (this->HasUsedFlags && used.Get(p) == 0)
      {
        reps.Set(k, -1);
        continue;
      }
      const T x = points.Get(p, 0), y = points.Get(p, 1), z = points.Get(p, 2);
      Id rep = p;
      for (IdComponent j = 0; j < k; ++j)
      {
        const Id q = reps.GetValueIndex(j);
        if (reps.Get(j) != q)
          continue; // merged into another point, or dropped
        if (points.Get(q, 0) == x && points.Get(q, 1) == y && points.Get(q, 2) == z)
        {
          rep = q;
          break;
        }
      }
      reps.Set(k, rep);
    }
  }
};
} // namespace clean
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
