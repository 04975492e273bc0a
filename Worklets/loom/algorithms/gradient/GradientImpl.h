// Loom algorithms, gradient family: checks, output allocation and the dispatch over value kinds, cell
// sets and masks. Included by Gradient.cxx (CPU devices) and GradientCuda.cu (CUDA) only.
#pragma once

#include <loom/algorithms/GatherTuples.h>
#include <loom/algorithms/OutputMaskFill.h>
#include <loom/algorithms/gradient/GradientWorklets.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskNone.h>

#include <limits>
#include <string>

namespace loom
{
namespace algorithms
{
namespace gradient
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Float32 for kinds of fewer than 8 bytes, else Float64 (vtkGradientFilter's output types).
inline ValueKind OutputKind(ValueKind kind)
{
  return kind == ValueKind::Int64 || kind == ValueKind::UInt64 || kind == ValueKind::Float64 ? ValueKind::Float64
                                                                                             : ValueKind::Float32;
}

inline void CheckRequest(const FieldArray& field, const GradientOptions& options, Id elements, const char* what)
{
  if (field.GetNumberOfTuples() != elements)
    throw loom::cont::ErrorBadValue(std::string("the field has ") + std::to_string(field.GetNumberOfTuples()) +
                                    " tuples but the dataset has " + std::to_string(elements) + " " + what + ".");
  if (field.GetNumberOfComponents() < 1)
    throw loom::cont::ErrorBadType("the field has no components.");
  if ((options.Divergence || options.Vorticity || options.QCriterion) && field.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadType("divergence, vorticity and Q-criterion need a 3-component field; this one has " +
                                   std::to_string(field.GetNumberOfComponents()) + ".");
}

inline void CheckMask(const OutputMask& mask, Id elements, const char* what)
{
  if (mask.Selection == OutputMask::Mode::Select && mask.Flags.GetNumberOfValues() != elements)
    throw loom::cont::ErrorBadValue("the mask has " + std::to_string(mask.Flags.GetNumberOfValues()) +
                                    " entries but there are " + std::to_string(elements) + " " + what + ".");
}

/// The asked outputs, allocated on `elements` and, when masked, prefilled with what unselected
/// elements keep (the mask's Keep field for the gradient, the fill value for the others).
template <typename O>
GradientResult AllocateOutputs(Id elements, IdComponent components, const GradientOptions& options,
                               const OutputMask& mask, loom::cont::DeviceId device)
{
  GradientResult r;
  const ValueKind kind = ValueKindOf<O>::value;
  if (options.Gradient)
    r.Gradient = FieldArray::Allocate(kind, elements, 3 * components);
  if (options.Divergence)
    r.Divergence = FieldArray::Allocate(kind, elements, 1);
  if (options.Vorticity)
    r.Vorticity = FieldArray::Allocate(kind, elements, 3);
  if (options.QCriterion)
    r.QCriterion = FieldArray::Allocate(kind, elements, 1);
  if (mask.Selection != OutputMask::Mode::All)
  {
    OutputMask fillOnly = mask;
    fillOnly.Keep = nullptr;
    for (FieldArray* f : { &r.Gradient, &r.Divergence, &r.Vorticity, &r.QCriterion })
      if (f->GetNumberOfTuples() > 0)
        Prefill<O>(*f, f == &r.Gradient ? mask : fillOnly, device);
  }
  return r;
}

template <typename O>
GradientOutputsObject<O> OutputsObject(const GradientResult& r, IdComponent components, const OutputMask& mask)
{
  GradientOutputsObject<O> o;
  o.Result = &r;
  o.Components = components;
  o.Use = mask.Selection == OutputMask::Mode::All ? ComponentPortalObject<O>::Access::Out
                                                  : ComponentPortalObject<O>::Access::InOut;
  return o;
}

/// Runs `functor(T{}, mask)` with the field's computing type T (Float32, or Float64: other kinds were
/// converted), whose outputs are T too, and returns its result in the kind vtkGradientFilter stores,
/// `stored`. A small integer kind is computed in Float64 and stored as Float32 afterwards (the worklets
/// round their double results to the output type alike), so no worklet is instantiated for a Float64
/// computation with Float32 outputs; the values a mask keeps go through Float64 and back unchanged.
template <typename F>
GradientResult RunWithTypes(ValueKind computing, ValueKind stored, const OutputMask& mask,
                            loom::cont::DeviceId device, F&& functor)
{
  if (computing == ValueKind::Float32)
    return functor(Float32{}, mask);
  if (stored == ValueKind::Float64)
    return functor(Float64{}, mask);
  FieldArray keep;
  OutputMask computed = mask;
  if (mask.Keep)
  {
    keep = ConvertedField(*mask.Keep, ValueKind::Float64, device);
    computed.Keep = &keep;
  }
  GradientResult result = functor(Float64{}, computed);
  for (FieldArray* f : { &result.Gradient, &result.Divergence, &result.Vorticity, &result.QCriterion })
    if (f->GetNumberOfComponents() > 0)
      *f = ConvertedField(*f, ValueKind::Float32, device);
  return result;
}

template <typename T, typename O>
struct StructuredWorkletOf
{
  template <typename M>
  using type = StructuredGradientWorklet<T, O, M>;
};
template <typename T, typename O>
struct AxisAlignedWorkletOf
{
  template <typename M>
  using type = AxisAlignedGradientWorklet<T, O, M>;
};
template <typename T, typename P, typename O>
struct CellWorkletOf
{
  template <typename M>
  using type = CellGradientWorklet<T, P, O, M>;
};
template <typename T, typename P, typename O>
struct PointWorkletOf
{
  template <typename M>
  using type = PointGradientWorklet<T, P, O, M>;
};
template <typename T>
struct AverageWorkletOf
{
  template <typename M>
  using type = ContributingAverageWorklet<T, M>;
};

/// Invokes `worklet` (a template over the mask type) on all elements or the mask's selection.
template <template <typename> class Worklet, typename Configure, typename... Args>
void InvokeMasked(const OutputMask& mask, loom::cont::DeviceId device, Configure&& configure, Args&&... args)
{
  loom::cont::Invoker invoke(device);
  if (mask.Selection == OutputMask::Mode::All)
  {
    Worklet<loom::worklet::MaskNone> w;
    configure(w);
    invoke(w, std::forward<Args>(args)...);
  }
  else
  {
    Worklet<loom::worklet::MaskIndices> w;
    configure(w);
    invoke(w, loom::worklet::MaskIndices(SelectedIds(mask, device), device), std::forward<Args>(args)...);
  }
}

inline GradientResult RunStructured(const PointPositions& geometry, const FieldArray& input, bool cellField,
                                    const GradientOptions& options, const OutputMask& mask,
                                    loom::cont::DeviceId device)
{
  Id pointDims[3], dims[3];
  for (int a = 0; a < 3; ++a)
  {
    pointDims[a] = geometry.Dims[a];
    if (pointDims[a] < 1)
      throw loom::cont::ErrorBadValue("the grid has " + std::to_string(pointDims[a]) + " points along axis " +
                                      std::to_string(a) + ".");
    dims[a] = cellField ? (pointDims[a] > 1 ? pointDims[a] - 1 : 1) : pointDims[a];
  }
  const Id elements = dims[0] * dims[1] * dims[2];
  CheckRequest(input, options, elements, cellField ? "cells" : "points");
  CheckMask(mask, elements, cellField ? "cells" : "points");
  const FieldArray field = AsFloatingPoint(input, device);
  const IdComponent nc = field.GetNumberOfComponents();

  // Images and rectilinear grids: the axes as three xyz fields (positions are sums of them).
  FieldArray axes[3];
  AxesGeometryObject axesObject;
  if (geometry.Axes)
    for (int a = 0; a < 3; ++a)
    {
      if (static_cast<Id>(geometry.Axes[a].size()) != 3 * pointDims[a])
        throw loom::cont::ErrorBadValue("axis " + std::to_string(a) + " has " +
                                        std::to_string(geometry.Axes[a].size()) + " values for " +
                                        std::to_string(pointDims[a]) + " points.");
      axes[a] = FieldArray::FromAOS(loom::cont::make_ArrayHandle(geometry.Axes[a]), 3);
      axesObject.Axis[a] = &axes[a];
    }
  else if (!geometry.Points || geometry.Points->GetNumberOfTuples() != pointDims[0] * pointDims[1] * pointDims[2] ||
           geometry.Points->GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("the structured grid's points do not match its dimensions.");
  const FieldArray points = geometry.Axes ? FieldArray() : AsFloatingPoint(*geometry.Points, device);
  // Axis-aligned axes (no direction matrix): the Jacobian is diagonal, so each direction needs only
  // the inverse of its steps, VTK's differences of positions (central inside, one-sided at the ends).
  loom::cont::ArrayHandle<double> alignedSteps;
  Id stepOffset[3] = { 0, 0, 0 };
  if (geometry.Axes)
  {
    bool aligned = true;
    for (int a = 0; a < 3; ++a)
      for (std::size_t v = 0; v < geometry.Axes[a].size(); ++v)
        aligned = aligned && (static_cast<int>(v % 3) == a || geometry.Axes[a][v] == 0.0);
    if (aligned)
    {
      std::vector<double> steps;
      for (int a = 0; a < 3; ++a)
      {
        stepOffset[a] = static_cast<Id>(steps.size());
        const std::vector<double>& axis = geometry.Axes[a];
        for (Id i = 0; i < dims[a]; ++i)
        {
          // The position of element i along this axis: a point, or a cell's center.
          auto at = [&](Id index) {
            const Id last = pointDims[a] - 1;
            if (!cellField)
              return axis[3 * index + a];
            return 0.5 * (axis[3 * index + a] + axis[3 * (index + 1 <= last ? index + 1 : last) + a]);
          };
          double step = 1.0;
          if (dims[a] > 1)
          {
            const Id plus = i + 1 < dims[a] ? i + 1 : i, minus = i > 0 ? i - 1 : i;
            step = (plus - minus == 2 ? 0.5 : 1.0) * (at(plus) - at(minus));
          }
          steps.push_back(step != 0.0 ? 1.0 / step : 0.0);
        }
      }
      alignedSteps = loom::cont::make_ArrayHandle(steps);
    }
  }

  return RunWithTypes(field.GetKind(), OutputKind(input.GetKind()), mask, device, [&](auto t, const OutputMask& m) {
    using T = decltype(t);
    using O = T;
    GradientResult result = AllocateOutputs<O>(elements, nc, options, m, device);
    const auto outputs = OutputsObject<O>(result, nc, m);
    const ComponentPortalObject<T> in(field, ComponentPortalObject<T>::Access::In);
    const loom::cont::ArrayHandleIndex index(elements);
    auto configure = [&](auto& w) {
      for (int a = 0; a < 3; ++a)
      {
        w.Dims[a] = dims[a];
        w.PointDims[a] = pointDims[a];
      }
      w.Cells = cellField;
    };
    auto run = [&](const auto& geometryObject) {
      InvokeMasked<StructuredWorkletOf<T, O>::template type>(m, device, configure, index, geometryObject, in,
                                                               outputs);
    };
    if (alignedSteps.GetNumberOfValues() > 0)
    {
      // One work item per row when unmasked (no index arithmetic per point).
      const bool rows = m.Selection == OutputMask::Mode::All;
      const loom::cont::ArrayHandleIndex items(rows ? dims[1] * dims[2] : elements);
      InvokeMasked<AxisAlignedWorkletOf<T, O>::template type>(
        m, device,
        [&](auto& w) {
          for (int a = 0; a < 3; ++a)
          {
            w.Dims[a] = dims[a];
            w.StepOffset[a] = stepOffset[a];
          }
          w.Rows = rows;
        },
        items, alignedSteps, in, outputs);
    }
    else if (geometry.Axes)
      run(axesObject);
    else if (points.GetKind() == ValueKind::Float32)
      run(PointGeometryObject<Float32>{ {}, &points, geometry.Dims });
    else
      run(PointGeometryObject<Float64>{ {}, &points, geometry.Dims });
    return result;
  });
}

/// The highest dimension of the cells (VTK's DataSetMax), stopping at the first 3D cell.
template <typename CellSetType>
int HighestDimension(const CellSetType& cells)
{
  const auto shapes = cells.GetShapes().ReadPortal();
  int highest = -1;
  for (Id c = 0; c < shapes.GetNumberOfValues() && highest < 3; ++c)
  {
    const int d = ShapeDimension(shapes.Get(c));
    highest = d > highest ? d : highest;
  }
  return highest;
}

/// The cell field averaged to the points by the contributing cells, in the field's own kind (the
/// point values vtkGradientFilter differentiates for a cell field), at every point or the masked ones.
template <typename T, typename CellSetType>
FieldArray AverageToPoints(const CellSetType& cells, const FieldArray& cellField, const ContributingRule& rule,
                           const OutputMask& mask, loom::cont::DeviceId device)
{
  FieldArray points = FieldArray::Allocate(cellField.GetKind(), cells.GetNumberOfPoints(),
                                           cellField.GetNumberOfComponents());
  const ComponentPortalObject<T> in(cellField, ComponentPortalObject<T>::Access::In);
  const ComponentPortalObject<T> out(points, mask.Selection == OutputMask::Mode::All
                                               ? ComponentPortalObject<T>::Access::Out
                                               : ComponentPortalObject<T>::Access::InOut);
  InvokeMasked<AverageWorkletOf<T>::template type>(
    mask, device, [&](auto& w) { w.Rule = rule; }, cells, cells.GetShapes(), in, out);
  return points;
}

template <typename O>
O ReplacementValue(GradientOptions::Replacement r)
{
  switch (r)
  {
    case GradientOptions::Replacement::NaN: return std::numeric_limits<O>::quiet_NaN();
    case GradientOptions::Replacement::DataTypeMin: return std::numeric_limits<O>::min();
    case GradientOptions::Replacement::DataTypeMax: return std::numeric_limits<O>::max();
    default: return O(0);
  }
}

template <typename T, typename P, typename O, typename CellSetType>
GradientResult RunCellsTyped(const CellSetType& cells, const FieldArray& points, const FieldArray& field,
                             bool cellField, const GradientOptions& options, const OutputMask& mask,
                             ValueKind stored, loom::cont::DeviceId device)
{
  const IdComponent nc = field.GetNumberOfComponents();
  ContributingRule rule;
  rule.Option = options.ContributingCells;
  if (rule.Option == GradientOptions::Contributing::DataSetMax)
    rule.DataSetDimension = HighestDimension(cells);
  const ComponentPortalObject<P> pointsObject(points, ComponentPortalObject<P>::Access::In);
  const Id numberOfCells = cells.GetNumberOfCells(), numberOfPoints = cells.GetNumberOfPoints();
  OutputMask all;

  if (cellField)
  {
    // VTK: the cell field to the points (every point: a cell's gradient reads all its points), then
    // each cell's derivative at its center.
    const FieldArray pointField = AverageToPoints<T>(cells, field, rule, all, device);
    GradientResult result = AllocateOutputs<O>(numberOfCells, nc, options, mask, device);
    InvokeMasked<CellWorkletOf<T, P, O>::template type>(
      mask, device, [](auto&) {}, cells, pointsObject,
      ComponentPortalObject<T>(pointField, ComponentPortalObject<T>::Access::In), OutputsObject<O>(result, nc, mask));
    return result;
  }
  const ComponentPortalObject<T> in(field, ComponentPortalObject<T>::Access::In);
  if (!options.FasterApproximation)
  {
    GradientResult result = AllocateOutputs<O>(numberOfPoints, nc, options, mask, device);
    InvokeMasked<PointWorkletOf<T, P, O>::template type>(
      mask, device,
      [&](auto& w) {
        w.Rule = rule;
        // The stored kind's value (a Float32 result computed in Float64 keeps Float32's limits).
        w.Replacement = stored == ValueKind::Float32 ? static_cast<O>(ReplacementValue<Float32>(options.ReplacementValue))
                                                     : ReplacementValue<O>(options.ReplacementValue);
      },
      cells, cells.GetShapes(), cells.GetOffsets(), cells.GetConnectivity(), pointsObject, in,
      OutputsObject<O>(result, nc, mask));
    return result;
  }
  // FasterApproximation: every cell's gradient (and derived fields) at its center, each averaged to
  // the points as VTK's vtkCellDataToPointData does.
  const GradientResult cellResult = AllocateOutputs<O>(numberOfCells, nc, options, all, device);
  InvokeMasked<CellWorkletOf<T, P, O>::template type>(all, device, [](auto&) {}, cells, pointsObject, in,
                                                      OutputsObject<O>(cellResult, nc, all));
  GradientResult result;
  auto average = [&](const FieldArray& f, FieldArray& to) {
    if (f.GetNumberOfTuples() == 0)
      return;
    if (mask.Selection == OutputMask::Mode::All)
    {
      to = AverageToPoints<O>(cells, f, rule, mask, device);
      return;
    }
    // Masked: the unselected points hold what the mask says before the selected ones are averaged.
    FieldArray prefilled = FieldArray::Allocate(f.GetKind(), numberOfPoints, f.GetNumberOfComponents());
    OutputMask m = mask;
    if (&to != &result.Gradient)
      m.Keep = nullptr;
    Prefill<O>(prefilled, m, device);
    const ComponentPortalObject<O> from(f, ComponentPortalObject<O>::Access::In);
    const ComponentPortalObject<O> into(prefilled, ComponentPortalObject<O>::Access::InOut);
    InvokeMasked<AverageWorkletOf<O>::template type>(
      mask, device, [&](auto& w) { w.Rule = rule; }, cells, cells.GetShapes(), from, into);
    to = prefilled;
  };
  average(cellResult.Gradient, result.Gradient);
  average(cellResult.Divergence, result.Divergence);
  average(cellResult.Vorticity, result.Vorticity);
  average(cellResult.QCriterion, result.QCriterion);
  return result;
}

inline GradientResult RunCells(const CellSetAny& cellSet, const FieldArray& inputPoints, const FieldArray& input,
                               bool cellField, const GradientOptions& options, const OutputMask& mask,
                               loom::cont::DeviceId device)
{
  const Id elements = cellField ? NumberOfCells(cellSet) : NumberOfPoints(cellSet);
  CheckRequest(input, options, elements, cellField ? "cells" : "points");
  CheckMask(mask, elements, cellField ? "cells" : "points");
  if (inputPoints.GetNumberOfTuples() != NumberOfPoints(cellSet) || inputPoints.GetNumberOfComponents() != 3)
    throw loom::cont::ErrorBadValue("the points (" + std::to_string(inputPoints.GetNumberOfTuples()) + " tuples of " +
                                    std::to_string(inputPoints.GetNumberOfComponents()) +
                                    " components) do not match the cells' " +
                                    std::to_string(NumberOfPoints(cellSet)) + " xyz points.");
  const FieldArray field = AsFloatingPoint(input, device);
  const FieldArray points = AsFloatingPoint(inputPoints, device);
  GradientResult result;
  std::visit(
    [&](const auto& cells) {
      using CellSetType = std::decay_t<decltype(cells)>;
      if constexpr (std::is_same<CellSetType, loom::cont::CellSetExplicit<Int32, Int32>>::value ||
                    std::is_same<CellSetType, loom::cont::CellSetExplicit<Int64, Int64>>::value)
      {
        const ValueKind stored = OutputKind(input.GetKind());
        result = RunWithTypes(field.GetKind(), stored, mask, device, [&](auto t, const OutputMask& m) {
          using T = decltype(t);
          if (points.GetKind() == ValueKind::Float32)
            return RunCellsTyped<T, Float32, T>(cells, points, field, cellField, options, m, stored, device);
          return RunCellsTyped<T, Float64, T>(cells, points, field, cellField, options, m, stored, device);
        });
      }
      else
        throw loom::cont::ErrorBadType("structured cells take the structured gradient (StructuredGradient).");
    },
    cellSet);
  return result;
}
LOOM_UNIT_NAMESPACE_END
} // namespace gradient
} // namespace algorithms
} // namespace loom
