// Loom compile-fail test: a plain int where the ControlSignature wants an output array (parameter 2).
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapField.h>

struct DoubleIt : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut);
  using ExecutionSignature = _2(_1);
  float operator()(float x) const { return 2 * x; }
};

void Run(const loom::cont::ArrayHandle<float>& in)
{
  int notAnArray = 0;
  loom::cont::Invoker{}(DoubleIt{}, in, notAnArray);
}
