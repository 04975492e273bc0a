// Loom compile-fail test: a worklet that declares no ControlSignature.
#include <loom/cont/Invoker.h>
#include <loom/worklet/WorkletMapField.h>

struct Unsigned : loom::worklet::WorkletMapField
{
  using ExecutionSignature = _2(_1);
  float operator()(float x) const { return 2 * x; }
};

void Run(const loom::cont::ArrayHandle<float>& in, loom::cont::ArrayHandle<float>& out)
{
  loom::cont::Invoker{}(Unsigned{}, in, out);
}
