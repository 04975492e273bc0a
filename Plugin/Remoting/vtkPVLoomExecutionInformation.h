// Loom plugin: the last execution of a Loom filter as the server's ranks saw it, gathered for the client's
// Loom panel (vtkSMProxy::GatherInformation on the filter's proxy).
#ifndef vtkPVLoomExecutionInformation_h
#define vtkPVLoomExecutionInformation_h

#include "LoomRemotingModule.h"

#include <vtkPVInformation.h>

class vtkLoomExecution;


/// Gathered from every rank of the data server: the devices (the union, "TBB" or "CUDA+TBB"; "VTK" for a
/// fallback to VTK's filter), the longest wall time, the input and output sizes summed over the ranks,
/// whether a mask applied on any rank, the bytes moved to and from the GPU and found there, the points of the
/// parts of grids read, and the last message of the first rank that gave one.
/// `Executed` is false when the filter has not run (or is not a Loom filter).
class LOOMREMOTING_EXPORT vtkPVLoomExecutionInformation : public vtkPVInformation
{
public:
  static vtkPVLoomExecutionInformation* New();
  vtkTypeMacro(vtkPVLoomExecutionInformation, vtkPVInformation);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  void CopyFromObject(vtkObject* object) override;
  void AddInformation(vtkPVInformation* other) override;
  void CopyToStream(vtkClientServerStream* stream) override;
  void CopyFromStream(const vtkClientServerStream* stream) override;

  vtkGetMacro(Executed, bool);
  /// The gathered record (devices, longest time, summed sizes, mask, runs, message), as the filters keep it.
  vtkLoomExecution* GetRecord() { return this->Record; }
  /// How many ranks answered.
  vtkGetMacro(Ranks, int);

protected:
  vtkPVLoomExecutionInformation();
  ~vtkPVLoomExecutionInformation() override;

  bool Executed = false;
  int Ranks = 0;
  vtkLoomExecution* Record;

private:
  vtkPVLoomExecutionInformation(const vtkPVLoomExecutionInformation&) = delete;
  void operator=(const vtkPVLoomExecutionInformation&) = delete;
};

#endif
