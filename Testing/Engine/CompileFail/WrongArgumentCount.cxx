// Loom compile-fail test: three arguments for a two-parameter ControlSignature.
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapField.h>

struct DoubleIt : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut);
  using ExecutionSignature = _2(_1);
  float operator()(float x) const { return 2 * x; }
};

void Run(const loom::cont::ArrayHandle<float>& in, loom::cont::ArrayHandle<float>& out)
{
  loom::cont::Invoker{}(DoubleIt{}, in, out, out);
}
