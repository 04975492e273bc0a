// Loom filters: slice on Loom's engine (stands beside ParaView's Slice: vtkPVMetaSliceDataSet / vtkCutter).
#ifndef vtkLoomSlice_h
#define vtkLoomSlice_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"
#include "LoomMaskSettings.h"

#include <vtkPolyDataAlgorithm.h>

class vtkContourValues;
class vtkImplicitFunction;

/// Cuts the cells by an implicit function (ParaView's Slice Type: a plane, a sphere, an infinite
/// cylinder or a box, each with its transform) at one or more offsets (several parallel planes for a
/// plane), as ParaView's Slice: the function's values at the points are contoured by Loom's contour
/// family, so the surfaces are VTK's triangulation of each cell (flying edges on images and rectilinear
/// grids, marching cells elsewhere). Point data is interpolated along the cut edges and cell data
/// carried from the cut cell. The output is triangles (line segments for 2D cells), their points merged
/// unless MergePoints is off.
class LOOMFILTERS_EXPORT vtkLoomSlice : public vtkPolyDataAlgorithm
{
public:
  static vtkLoomSlice* New();
  vtkTypeMacro(vtkLoomSlice, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// The implicit function to cut by (vtkPlane, vtkSphere, vtkCylinder, vtkBox and ParaView's
  /// vtkPVPlane / vtkPVBox; other kinds are an error). Default none.
  virtual void SetCutFunction(vtkImplicitFunction* function);
  vtkGetObjectMacro(CutFunction, vtkImplicitFunction);
  ///@}

  ///@{
  /// The offsets: the function values to cut at (ParaView's Slice Offset Values; default one, 0).
  void SetValue(int i, double value);
  double GetValue(int i);
  void SetNumberOfContours(int number);
  vtkIdType GetNumberOfContours();
  ///@}

  ///@{
  /// ParaView's "Triangulate the slice" (default on). Loom's slices are always triangles: with it off
  /// the area is the same and the polygons of ParaView's output come as their triangles.
  vtkSetMacro(Triangulate, bool);
  vtkGetMacro(Triangulate, bool);
  ///@}

  ///@{
  /// ParaView's "Merge duplicated points in the slice" (default on): a point on an edge shared by
  /// several cells is one output point.
  vtkSetMacro(MergePoints, bool);
  vtkGetMacro(MergePoints, bool);
  ///@}

  ///@{
  /// Give vtkCutter's (ParaView's Slice's) cells exactly (default off; ParaView's own Slice on Loom turns it on):
  /// where input points lie exactly on a cut (a function value equal to an offset), vtkCutter keeps triangles
  /// that collapse there, and its one-plane path on images takes a face in the cut from the cell on the other
  /// side; such input then goes to vtkCutter (a fallback), except an image cut along an axis through a layer of
  /// its points where that path's rule is exact, which Loom cuts with vtkCutter's cells. Off, Loom drops the
  /// collapsed triangles, as Contour does (docs/filters/slice.md).
  vtkSetMacro(CutterParity, bool);
  vtkGetMacro(CutterParity, bool);
  ///@}

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
  vtkLoomSlice();
  ~vtkLoomSlice() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
  /// VTK's filter with this filter's settings, the fallback (vtkCutter).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

  vtkImplicitFunction* CutFunction = nullptr;
  vtkContourValues* Values;
  bool Triangulate = true;
  bool MergePoints = true;
  bool CutterParity = false;

private:
  LoomMaskSettings Mask;
  vtkLoomSlice(const vtkLoomSlice&) = delete;
  void operator=(const vtkLoomSlice&) = delete;
};

#endif
