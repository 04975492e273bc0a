// Loom filters: cell sizes on Loom's engine (stands beside ParaView's Cell Size, vtkCellSizeFilter).
#ifndef vtkLoomCellSize_h
#define vtkLoomCellSize_h

#include "LoomFiltersModule.h"
#include "LoomFilterCore.h"

#include <vtkDataSetAlgorithm.h>

#include <string>

/// The size of every cell in four double cell arrays, by its dimension: the vertex count of vertices and
/// poly-vertices, the length of lines, the area of 2D cells, the volume of 3D cells (0 in the arrays of
/// the other dimensions), as vtkCellSizeFilter measures them. Compute Sum adds each array's total over
/// the non-ghost cells (of every rank) as field data. The input passes through unchanged.
class LOOMFILTERS_EXPORT vtkLoomCellSize : public vtkDataSetAlgorithm
{
public:
  static vtkLoomCellSize* New();
  vtkTypeMacro(vtkLoomCellSize, vtkDataSetAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  LOOM_FILTER_DEVICE_MEMBERS
  LOOM_FILTER_FALLBACK_MEMBERS

  ///@{
  /// Which sizes to compute (all on by default), and ComputeSum (off) for their totals.
  vtkSetMacro(ComputeVertexCount, bool);
  vtkGetMacro(ComputeVertexCount, bool);
  vtkSetMacro(ComputeLength, bool);
  vtkGetMacro(ComputeLength, bool);
  vtkSetMacro(ComputeArea, bool);
  vtkGetMacro(ComputeArea, bool);
  vtkSetMacro(ComputeVolume, bool);
  vtkGetMacro(ComputeVolume, bool);
  vtkSetMacro(ComputeSum, bool);
  vtkGetMacro(ComputeSum, bool);
  ///@}

  ///@{
  /// The names of the four arrays ("VertexCount", "Length", "Area", "Volume").
  vtkSetStdStringFromCharMacro(VertexCountArrayName);
  vtkGetCharFromStdStringMacro(VertexCountArrayName);
  vtkSetStdStringFromCharMacro(LengthArrayName);
  vtkGetCharFromStdStringMacro(LengthArrayName);
  vtkSetStdStringFromCharMacro(AreaArrayName);
  vtkGetCharFromStdStringMacro(AreaArrayName);
  vtkSetStdStringFromCharMacro(VolumeArrayName);
  vtkGetCharFromStdStringMacro(VolumeArrayName);
  ///@}

  /// VTK's filter with these settings (the fallback).
  vtkSmartPointer<vtkAlgorithm> VTKFilter();

protected:
  vtkLoomCellSize() = default;
  ~vtkLoomCellSize() override = default;

  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector*) override;
#ifndef __VTK_WRAP__
  /// Which sizes are asked for and their arrays' names, by dimension (0 vertex count ... 3 volume).
  struct Measures
  {
    bool On[4];
    const std::string* Name[4];
  };
  Measures Asked() const
  {
    return { { this->ComputeVertexCount, this->ComputeLength, this->ComputeArea, this->ComputeVolume },
             { &this->VertexCountArrayName, &this->LengthArrayName, &this->AreaArrayName, &this->VolumeArrayName } };
  }
  /// RequestData's work on this rank: the sizes, or VTK's filter; this rank's totals in `sum`.
  int Measure(loom::interop::FilterRun& run, double sum[4]);
#endif

  bool ComputeVertexCount = true;
  bool ComputeLength = true;
  bool ComputeArea = true;
  bool ComputeVolume = true;
  bool ComputeSum = false;
  std::string VertexCountArrayName = "VertexCount";
  std::string LengthArrayName = "Length";
  std::string AreaArrayName = "Area";
  std::string VolumeArrayName = "Volume";

private:
  vtkLoomCellSize(const vtkLoomCellSize&) = delete;
  void operator=(const vtkLoomCellSize&) = delete;
};

#endif
