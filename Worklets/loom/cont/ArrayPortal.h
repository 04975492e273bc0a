// Loom: portals, the execution-side views of arrays (a pointer and a length for basic arrays).
#pragma once

#include <loom/Types.h>

#include <cassert>
#include <type_traits>

namespace loom
{
namespace cont
{
/// Read-only view of a contiguous array.
template <typename T>
class ArrayPortalBasicRead
{
public:
  using ValueType = T;
  ArrayPortalBasicRead() = default;
  LOOM_EXEC_CONT ArrayPortalBasicRead(const T* data, Id count)
    : Data(data)
    , Count(count)
  {
  }
  LOOM_EXEC_CONT Id GetNumberOfValues() const { return this->Count; }
  LOOM_EXEC_CONT const T& Get(Id index) const
  {
#if !defined(NDEBUG) && !defined(__CUDA_ARCH__)
    assert(index >= 0 && index < this->Count);
#endif
    return this->Data[index];
  }
  LOOM_EXEC_CONT const T* GetArray() const { return this->Data; }

private:
  const T* Data = nullptr;
  Id Count = 0;
};

/// Read-write view of a contiguous array.
template <typename T>
class ArrayPortalBasicWrite
{
public:
  using ValueType = T;
  ArrayPortalBasicWrite() = default;
  LOOM_EXEC_CONT ArrayPortalBasicWrite(T* data, Id count)
    : Data(data)
    , Count(count)
  {
  }
  LOOM_EXEC_CONT Id GetNumberOfValues() const { return this->Count; }
  LOOM_EXEC_CONT const T& Get(Id index) const
  {
#if !defined(NDEBUG) && !defined(__CUDA_ARCH__)
    assert(index >= 0 && index < this->Count);
#endif
    return this->Data[index];
  }
  LOOM_EXEC_CONT void Set(Id index, const T& value) const
  {
#if !defined(NDEBUG) && !defined(__CUDA_ARCH__)
    assert(index >= 0 && index < this->Count);
#endif
    this->Data[index] = value;
  }
  LOOM_EXEC_CONT T* GetArray() const { return this->Data; }

private:
  T* Data = nullptr;
  Id Count = 0;
};

/// Read-only portal whose values are computed by a functor from the index.
template <typename Functor>
class ArrayPortalImplicit
{
public:
  using ValueType = std::decay_t<decltype(std::declval<const Functor&>()(Id{}))>;
  ArrayPortalImplicit() = default;
  LOOM_EXEC_CONT ArrayPortalImplicit(const Functor& functor, Id count)
    : F(functor)
    , Count(count)
  {
  }
  LOOM_EXEC_CONT Id GetNumberOfValues() const { return this->Count; }
  LOOM_EXEC_CONT ValueType Get(Id index) const { return this->F(index); }
  LOOM_EXEC_CONT const Functor& GetFunctor() const { return this->F; }

private:
  Functor F{};
  Id Count = 0;
};

/// Portal that reads (and, when the value portal can, writes) values[indices[i]].
template <typename IndexPortal, typename ValuePortal>
class ArrayPortalPermutation
{
public:
  using ValueType = typename ValuePortal::ValueType;
  ArrayPortalPermutation() = default;
  LOOM_EXEC_CONT ArrayPortalPermutation(const IndexPortal& indices, const ValuePortal& values)
    : Indices(indices)
    , Values(values)
  {
  }
  LOOM_EXEC_CONT Id GetNumberOfValues() const { return this->Indices.GetNumberOfValues(); }
  LOOM_EXEC_CONT ValueType Get(Id index) const
  {
    return this->Values.Get(static_cast<Id>(this->Indices.Get(index)));
  }
  template <typename P = ValuePortal>
  LOOM_EXEC_CONT auto Set(Id index, const ValueType& value) const
    -> decltype(std::declval<const P&>().Set(Id{}, value))
  {
    this->Values.Set(static_cast<Id>(this->Indices.Get(index)), value);
  }

private:
  IndexPortal Indices{};
  ValuePortal Values{};
};
} // namespace cont
} // namespace loom
