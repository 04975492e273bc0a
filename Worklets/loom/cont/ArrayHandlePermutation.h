// Loom: ArrayHandlePermutation, values[indices[i]] without copying either array.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace cont
{
/// A view that reads (and, for basic value arrays, writes) values[indices[i]].
/// Its length is the length of the index array. Indices are trusted in release builds; call
/// Validate() to check them once (ErrorBadValue for an index outside the value array).
template <typename IndexArray, typename ValueArray>
class ArrayHandlePermutation : public ArrayHandleBase
{
public:
  using ValueType = typename ValueArray::ValueType;
  using ReadPortalType =
    ArrayPortalPermutation<typename IndexArray::ReadPortalType, typename ValueArray::ReadPortalType>;

  ArrayHandlePermutation() = default;
  ArrayHandlePermutation(const IndexArray& indices, const ValueArray& values)
    : Indices(indices)
    , Values(values)
  {
  }

  Id GetNumberOfValues() const { return this->Indices.GetNumberOfValues(); }
  const IndexArray& GetIndexArray() const { return this->Indices; }
  const ValueArray& GetValueArray() const { return this->Values; }

  ReadPortalType ReadPortal() const
  {
    return ReadPortalType(this->Indices.ReadPortal(), this->Values.ReadPortal());
  }
  template <typename V = ValueArray>
  auto WritePortal() const
  {
    using P = ArrayPortalPermutation<typename IndexArray::ReadPortalType, typename V::WritePortalType>;
    return P(this->Indices.ReadPortal(), this->Values.WritePortal());
  }
  template <typename Device>
  ReadPortalType PrepareForInput(Device device) const
  {
    return ReadPortalType(this->Indices.PrepareForInput(device), this->Values.PrepareForInput(device));
  }
  template <typename Device>
  auto PrepareForInPlace(Device device) const
  {
    using P = ArrayPortalPermutation<typename IndexArray::ReadPortalType,
                                     decltype(this->Values.PrepareForInPlace(device))>;
    return P(this->Indices.PrepareForInput(device), this->Values.PrepareForInPlace(device));
  }
  /// Output through a permutation writes into the existing value array: `count` must equal
  /// the number of indices.
  template <typename Device>
  auto PrepareForOutput(Id count, Device device) const
  {
    if (count != this->GetNumberOfValues())
    {
      throw ErrorBadValue("ArrayHandlePermutation: cannot resize a permuted output to " +
                          std::to_string(count) + " values (it has " +
                          std::to_string(this->GetNumberOfValues()) + " indices).");
    }
    return this->PrepareForInPlace(device);
  }

  /// Check every index against the value array (ErrorBadValue naming the first bad one).
  void Validate() const
  {
    const auto idx = this->Indices.ReadPortal();
    const Id n = this->Values.GetNumberOfValues();
    for (Id i = 0; i < idx.GetNumberOfValues(); ++i)
    {
      const Id v = static_cast<Id>(idx.Get(i));
      if (v < 0 || v >= n)
        throw ErrorBadValue("ArrayHandlePermutation: index " + std::to_string(v) + " at position " +
                            std::to_string(i) + " is outside the value array of " +
                            std::to_string(n) + " values.");
    }
  }

private:
  IndexArray Indices;
  ValueArray Values;
};

template <typename IndexArray, typename ValueArray>
ArrayHandlePermutation<IndexArray, ValueArray> make_ArrayHandlePermutation(const IndexArray& indices,
                                                                           const ValueArray& values)
{
  return ArrayHandlePermutation<IndexArray, ValueArray>(indices, values);
}
} // namespace cont
} // namespace loom
