// Loom algorithms: a mask over a family's input points carried to the points the family makes (contour,
// slice and clip points): a made point is selected when every input point it is interpolated from is,
// and its interpolated fields are computed there only; the others hold the mask's fill value.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/HostForEach.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/Error.h>

#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

namespace loom
{
namespace algorithms
{
LOOM_UNIT_NAMESPACE_BEGIN
/// One flag per element (1 selected, 0 not) from a mask over `count` elements: its flags (non-zero
/// selects), or its ids marked; ErrorBadValue for flags of another length or an id outside [0, count).
inline loom::cont::ArrayHandle<UInt8> SelectionFlags(const OutputMask& mask, Id count, loom::cont::DeviceId device)
{
  loom::cont::ArrayHandle<UInt8> flags;
  flags.Allocate(count);
  UInt8* f = flags.GetPointer();
  if (mask.Selection == OutputMask::Mode::Select)
  {
    if (mask.Flags.GetNumberOfValues() != count)
      throw loom::cont::ErrorBadValue("the mask has " + std::to_string(mask.Flags.GetNumberOfValues()) +
                                      " flags for " + std::to_string(count) + " points.");
    const UInt8* in = mask.Flags.ReadPortal().GetArray();
    HostForEach(device, count, Id(1) << 16, [=](Id i) { f[i] = in[i] != 0; });
    return flags;
  }
  std::memset(f, mask.Selection == OutputMask::Mode::All ? 1 : 0, static_cast<std::size_t>(count));
  if (mask.Selection == OutputMask::Mode::Indices)
  {
    const Id n = mask.Ids.GetNumberOfValues();
    const Id* ids = n ? mask.Ids.ReadPortal().GetArray() : nullptr;
    for (Id i = 0; i < n; ++i)
    {
      if (ids[i] < 0 || ids[i] >= count)
        throw loom::cont::ErrorBadValue("mask id " + std::to_string(ids[i]) + " (at position " + std::to_string(i) +
                                        ") is outside the " + std::to_string(count) + " points.");
      f[ids[i]] = 1;
    }
  }
  return flags;
}

/// An empty mask over `count` made points (flags to be written) with the input mask's fill value.
inline OutputMask MadePointsMask(const OutputMask& inputPoints, Id count)
{
  OutputMask mask;
  mask.Selection = OutputMask::Mode::Select;
  mask.Fill = inputPoints.Fill;
  mask.Flags.Allocate(count);
  return mask;
}

/// Whether the point at weight `w` on the edge from input point `a` to `b` is made from selected points
/// only: `a` counts unless w is 1, `b` unless w is 0.
inline UInt8 EdgePointSelected(const UInt8* selected, Id a, Id b, double w)
{
  return static_cast<UInt8>((w == 1.0 || selected[a]) && (w == 0.0 || selected[b]));
}

/// Runs `Inner` (a per-point interpolation) where `Flags` is set; elsewhere every component of `Out`
/// gets `Fill`. A CPU loop body or a CUDA thread's (Flags and Out then in device memory).
template <typename Inner, typename T>
struct SelectedPointsOnly
{
  Inner Body;
  const UInt8* Flags = nullptr;
  ComponentPortal<T> Out;
  T Fill{};
  LOOM_EXEC void operator()(Id p) const
  {
    if (this->Flags[p])
      this->Body(p);
    else
      for (IdComponent c = 0; c < this->Out.NumberOfComponents; ++c)
        this->Out.Set(p, c, this->Fill);
  }
};
LOOM_UNIT_NAMESPACE_END
} // namespace algorithms
} // namespace loom
