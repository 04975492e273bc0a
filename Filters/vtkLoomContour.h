// Loom filters: vtkLoomContour, isosurfaces (and isolines of 2D cells) by Loom's contour family.
// Structured 3D inputs (image, rectilinear, structured grid) take the flying-edges style path;
// unstructured grids and polygonal data take marching cells (tetrahedra, hexahedra, voxels, wedges,
// pyramids; or triangles, quads and pixels for isolines). Output: vtkPolyData with merged points,
// the contour scalar (on by default, as in ParaView), optional normals (from the field's gradient on
// image and rectilinear grids, from the triangles elsewhere), the other point arrays interpolated and
// the cell arrays of the cell each triangle comes from.
#pragma once

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"
#include "LoomMaskSettings.h"

#include <vtkPolyDataAlgorithm.h>
#include <vtkSmartPointer.h>

class vtkContourValues;

class LOOMFILTERS_EXPORT vtkLoomContour : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomContour* New();
  vtkTypeMacro(vtkLoomContour, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Isovalues, as vtkContourFilter takes them.
  void SetValue(int i, double value);
  double GetValue(int i);
  void SetNumberOfContours(int number);
  vtkIdType GetNumberOfContours();
  void GenerateValues(int numContours, double rangeStart, double rangeEnd);

  /// Normals at the points (default on, as ParaView's Contour).
  vtkSetMacro(ComputeNormals, bool);
  vtkGetMacro(ComputeNormals, bool);
  vtkBooleanMacro(ComputeNormals, bool);
  /// The contoured array at the output points (default on, as ParaView's Contour).
  vtkSetMacro(ComputeScalars, bool);
  vtkGetMacro(ComputeScalars, bool);
  vtkBooleanMacro(ComputeScalars, bool);
  /// Interpolate the other point arrays and carry the cell arrays (default on).
  vtkSetMacro(InterpolateAttributes, bool);
  vtkGetMacro(InterpolateAttributes, bool);
  vtkBooleanMacro(InterpolateAttributes, bool);
  /// One point per crossed edge (default on). Off gives every triangle its own points on the
  /// marching-cells path; the structured path always merges (it costs it nothing).
  vtkSetMacro(MergePoints, bool);
  vtkGetMacro(MergePoints, bool);
  vtkBooleanMacro(MergePoints, bool);

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  /// How interpolated integer point arrays are stored: rounded half away from zero (default, as
  /// vtkContourFilter), or truncated (off; Loom Slice asks for it where VTK's plane cutters run).
  vtkSetMacro(RoundIntegers, bool);
  vtkGetMacro(RoundIntegers, bool);
  /// How Compute Scalars stores each point's isovalue in an integer array: rounded (off, the default, as
  /// vtkContourFilter), or converted as ParaView's Contour stores it (on: truncated toward zero, 2.67 gives
  /// 2, as vtkPVContourFilter's clean-up of the output scalars does). The Loom Contour proxy turns it on.
  vtkSetMacro(IsovaluesAsParaView, bool);
  vtkGetMacro(IsovaluesAsParaView, bool);

  vtkMTimeType GetMTime() override;

  ///@{
  /// The point mask (Mask Array, Mask Ids, Fill With NaN, Fill Value): the interpolated point arrays are
  /// computed only at the output points made from selected input points (every input point with a
  /// non-zero weight: a kept point, both ends of a cut edge, every term of a point inside a cut cell);
  /// the others hold NaN (integer arrays 0) or, with Fill With NaN off, Fill Value. Mask Array names a
  /// one-component point array (non-zero selects; empty or "None": none); Mask Ids, used when no array is
  /// named, lists input point ids. Positions, normals and the contour scalars are not masked.
  LOOM_MASK_MEMBERS
  ///@}

protected:
  vtkLoomContour();
  ~vtkLoomContour() override;
  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkContourFilter).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

private:
  LoomMaskSettings Mask;
  vtkLoomContour(const vtkLoomContour&) = delete;
  void operator=(const vtkLoomContour&) = delete;

  vtkSmartPointer<vtkContourValues> Values;
  bool ComputeNormals = true;
  bool ComputeScalars = true;
  bool InterpolateAttributes = true;
  bool MergePoints = true;
  bool RoundIntegers = true;
  bool IsovaluesAsParaView = false;
};
