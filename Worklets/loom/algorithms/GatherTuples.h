// Loom algorithms: a field gathered through a list of ids (the tuples of kept cells or used points),
// for every value kind and layout.
#pragma once

#include <loom/algorithms/FieldArray.h>
#include <loom/algorithms/OutputMask.h>
#include <loom/cont/DeviceAdapterTag.h>

#include <initializer_list>

namespace loom
{
namespace algorithms
{
/// Tuple t of the result is tuple ids[t] of the field (same kind and components, interleaved).
/// ErrorBadValue for an id outside the field. Runs on the CPU device the tracker picks for `device`
/// (the fields are VTK's host arrays).
FieldArray GatherTuples(const loom::cont::ArrayHandle<Id>& ids, const FieldArray& field,
                        loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// A Float32 or Float64 field as it is; any other kind as an interleaved copy of kind `to` (Float64:
/// integer point coordinates for the families that compare positions as VTK does, in double; Float32:
/// integer arrays the averaging filters turn into float arrays, as VTK's do).
FieldArray AsFloatingPoint(const FieldArray& field, loom::cont::DeviceId device = loom::cont::DeviceId::Auto,
                           ValueKind to = ValueKind::Float64);

/// The field as an interleaved copy of kind `to`, one static_cast per value (the field itself when it has
/// that kind already). One of the two kinds must be Float32 or Float64: the families compute integer
/// kinds in floating point and store the results back (ErrorBadType otherwise).
FieldArray ConvertedField(const FieldArray& field, ValueKind to,
                          loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The tuples `mask` selects (all of them for Mode::All) of `out` set to those of `values`, one static_cast
/// per value; the others are left as they are (prefilled by the caller). `values` is Float32 or Float64
/// and shaped like `out`. Runs on the host.
void StoreSelected(const FieldArray& values, const FieldArray& out, const OutputMask& mask,
                   loom::cont::DeviceId device = loom::cont::DeviceId::Auto);

/// The id arrays one after another (the gather ids of output cells written kind by kind, as
/// vtkPolyData numbers its vertices, lines, polygons and strips).
loom::cont::ArrayHandle<Id> ConcatenateIds(std::initializer_list<const loom::cont::ArrayHandle<Id>*> parts);
} // namespace algorithms
} // namespace loom
