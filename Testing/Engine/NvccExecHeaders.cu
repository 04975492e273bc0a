// Loom tests: compiled by nvcc as a test; proves the execution-side headers (types, Vec math,
// portals, fetches, the invocation and the per-output task) are usable in device code, by running
// a worklet-shaped functor through TaskSingular in a kernel.
#include <loom/Math.h>
#include <loom/Types.h>
#include <loom/cont/ArrayPortal.h>
#include <loom/cont/BinaryOperators.h>
#include <loom/exec/arg/FetchTagArrayDirect.h>
#include <loom/exec/arg/FetchTagExecObject.h>
#include <loom/exec/internal/Invocation.h>
#include <loom/exec/internal/TaskCpuFastPaths.h>
#include <loom/exec/internal/TaskSingular.h>

#include <tuple>

namespace
{
struct FieldIn
{
  using FetchTag = loom::exec::arg::FetchTagArrayDirectIn;
};
struct FieldOut
{
  using FetchTag = loom::exec::arg::FetchTagArrayDirectOut;
};
struct CrossZ
{
  using _1 = loom::exec::arg::BasicArg<1>;
  using _2 = loom::exec::arg::BasicArg<2>;
  using ControlSignature = void(FieldIn, FieldOut);
  using ExecutionSignature = _2(_1, loom::exec::arg::VisitIndex);
  LOOM_EXEC loom::FloatDefault operator()(const loom::Vec3f& v, loom::IdComponent visit) const
  {
    const loom::Vec3f c = loom::Cross(v, loom::Vec3f(0.f, 0.f, 1.f));
    return loom::Maximum{}(loom::Magnitude(c), loom::Dot(v, v)) + loom::Lerp(v, c, 0.5f)[0] +
           static_cast<loom::FloatDefault>(visit);
  }
  template <typename Invocation>
  LOOM_EXEC loom::exec::arg::ThreadIndicesBasic GetThreadIndices(loom::Id t, loom::Id i, loom::Id o,
                                                                 loom::IdComponent v,
                                                                 const Invocation&) const
  {
    return loom::exec::arg::ThreadIndicesBasic(t, i, o, v);
  }
};

using InPortal = loom::cont::ArrayPortalBasicRead<loom::Vec3f>;
using OutPortal = loom::cont::ArrayPortalBasicWrite<loom::FloatDefault>;
using Index = loom::cont::ArrayPortalBasicRead<loom::Id>;
using Visit = loom::cont::ArrayPortalBasicRead<loom::IdComponent>;
using Invocation = loom::exec::internal::Invocation<CrossZ::ControlSignature, CrossZ::ExecutionSignature,
                                                    1, std::tuple<InPortal, OutPortal>, Index, Visit, Index>;
} // namespace

__global__ void LoomTaskKernel(loom::exec::internal::TaskSingular<CrossZ, Invocation> task, loom::Id n)
{
  for (loom::Id t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += blockDim.x * gridDim.x)
    task(t);
}
