// Loom filter tests: the inputs and helpers the filter test programs share (the wavelet as an image,
// as voxels and as hexahedra, the bundled datasets, an observer that collects error messages).
#pragma once

#include <vtkAlgorithm.h>
#include <vtkAppendFilter.h>
#include <vtkCommand.h>
#include <vtkDataSetReader.h>
#include <vtkExecutive.h>
#include <vtkImageData.h>
#include <vtkImageDataToPointSet.h>
#include <vtkNew.h>
#include <vtkRTAnalyticSource.h>
#include <vtkSmartPointer.h>
#include <vtkUnstructuredGrid.h>

#include <string>

#ifndef LOOM_DATA_DIR
#error LOOM_DATA_DIR must name the Data folder
#endif

namespace loomtest
{
/// ParaView's Wavelet on [-half, half)^3 points.
inline vtkSmartPointer<vtkImageData> Wavelet(int half)
{
  vtkNew<vtkRTAnalyticSource> source;
  source->SetWholeExtent(-half, half - 1, -half, half - 1, -half, half - 1);
  source->Update();
  return source->GetOutput();
}

/// The dataset's cells in an unstructured grid (an image gives voxels).
inline vtkSmartPointer<vtkUnstructuredGrid> Append(vtkDataSet* data)
{
  vtkNew<vtkAppendFilter> append;
  append->AddInputData(data);
  append->Update();
  return append->GetOutput();
}

/// The image's cells as hexahedra (not voxels): through a structured grid, then appended.
inline vtkSmartPointer<vtkUnstructuredGrid> Hexahedra(vtkImageData* image)
{
  vtkNew<vtkImageDataToPointSet> toPoints;
  toPoints->SetInputData(image);
  toPoints->Update();
  return Append(toPoints->GetOutput());
}

/// A file of Data/, with every scalar, vector and field array it holds.
inline vtkSmartPointer<vtkDataSet> Read(const std::string& file)
{
  vtkNew<vtkDataSetReader> reader;
  reader->SetFileName((std::string(LOOM_DATA_DIR) + "/" + file).c_str());
  reader->ReadAllScalarsOn();
  reader->ReadAllVectorsOn();
  reader->ReadAllFieldsOn();
  reader->Update();
  return reader->GetOutput();
}

/// Collects the text of the error events it observes.
struct ErrorCatcher : vtkCommand
{
  static ErrorCatcher* New() { return new ErrorCatcher; }
  void Execute(vtkObject*, unsigned long, void* data) override { this->Message += static_cast<const char*>(data); }
  std::string Message;
};

/// What an Update did: the executive's status, the output, and the filter's error and warning texts
/// (errors the executive reports included).
struct Outcome
{
  int Status = 0;
  vtkSmartPointer<vtkDataObject> Output;
  std::string Errors, Warnings;
};
inline Outcome UpdateCapturing(vtkAlgorithm* filter)
{
  vtkNew<ErrorCatcher> errors, warnings;
  filter->AddObserver(vtkCommand::ErrorEvent, errors);
  filter->AddObserver(vtkCommand::WarningEvent, warnings);
  filter->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, errors);
  Outcome o;
  o.Status = filter->GetExecutive()->Update();
  o.Output = filter->GetOutputDataObject(0);
  o.Errors = errors->Message;
  o.Warnings = warnings->Message;
  filter->RemoveObservers(vtkCommand::ErrorEvent);
  filter->RemoveObservers(vtkCommand::WarningEvent);
  filter->GetExecutive()->RemoveObservers(vtkCommand::ErrorEvent);
  return o;
}
} // namespace loomtest
