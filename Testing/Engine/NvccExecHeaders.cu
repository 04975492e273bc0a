// Loom tests: compiled by nvcc as a test; proves the execution-side headers (types, Vec math,
// portals, binary operators) are usable in device code.
#include <loom/Math.h>
#include <loom/Types.h>
#include <loom/cont/ArrayPortal.h>
#include <loom/cont/BinaryOperators.h>

__global__ void LoomHeadersKernel(loom::cont::ArrayPortalBasicRead<loom::Vec3f> in,
                                  loom::cont::ArrayPortalBasicWrite<loom::FloatDefault> out)
{
  const loom::Id i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= in.GetNumberOfValues())
    return;
  const loom::Vec3f v = in.Get(i);
  const loom::Vec3f c = loom::Cross(v, loom::Vec3f(0.f, 0.f, 1.f));
  out.Set(i, loom::Maximum{}(loom::Magnitude(c), loom::Dot(v, v)) +
               loom::Lerp(v, c, 0.5f)[0]);
}
