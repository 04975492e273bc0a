// Loom compile-fail test: the ExecutionSignature names _3 but the ControlSignature has two parameters.
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapField.h>

struct ReachesTooFar : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut);
  using ExecutionSignature = _2(_3);
  float operator()(float x) const { return 2 * x; }
};

void Run(const loom::cont::ArrayHandle<float>& in, loom::cont::ArrayHandle<float>& out)
{
  loom::cont::Invoker{}(ReachesTooFar{}, in, out);
}
