// Loom: ScatterPermutation: the range check of the permutation against the input domain.
#include <loom/worklet/ScatterPermutation.h>

#include <loom/cont/Algorithm.h>

namespace loom
{
namespace worklet
{
Id ScatterPermutation::GetOutputRange(Id inputRange) const
{
  const Id n = this->Permutation.GetNumberOfValues();
  if (n > 0)
  {
    const Id lo = loom::cont::Algorithm::Reduce(this->Permutation, this->Permutation.ReadPortal().Get(0),
                                                Minimum{});
    const Id hi = loom::cont::Algorithm::Reduce(this->Permutation, this->Permutation.ReadPortal().Get(0),
                                                Maximum{});
    if (lo < 0 || hi >= inputRange)
    {
      throw loom::cont::ErrorBadValue("ScatterPermutation: the permutation names input " +
                                      std::to_string(lo < 0 ? lo : hi) +
                                      " but the input domain has " + std::to_string(inputRange) +
                                      " values.");
    }
  }
  return n;
}
} // namespace worklet
} // namespace loom
