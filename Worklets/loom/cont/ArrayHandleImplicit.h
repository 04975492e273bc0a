// Loom: read-only arrays computed from the index: Implicit, Index, Counting, Constant.
#pragma once

#include <loom/cont/ArrayHandle.h>

namespace loom
{
namespace cont
{
/// An array of `count` values computed on the fly as functor(index); nothing is stored.
template <typename Functor>
class ArrayHandleImplicit : public ArrayHandleBase
{
public:
  using ReadPortalType = ArrayPortalImplicit<Functor>;
  using ValueType = typename ReadPortalType::ValueType;

  ArrayHandleImplicit() = default;
  ArrayHandleImplicit(const Functor& functor, Id count)
    : Portal(functor, count)
  {
    if (count < 0)
      throw ErrorBadValue("Implicit array: negative size " + std::to_string(count) + ".");
  }
  Id GetNumberOfValues() const { return this->Portal.GetNumberOfValues(); }
  ReadPortalType ReadPortal() const { return this->Portal; }
  template <typename Device>
  ReadPortalType PrepareForInput(Device) const
  {
    return this->Portal;
  }

private:
  ReadPortalType Portal;
};

namespace internal
{
struct IndexFunctor
{
  LOOM_EXEC_CONT Id operator()(Id i) const { return i; }
};
template <typename T>
struct CountingFunctor
{
  T Start;
  T Step;
  LOOM_EXEC_CONT T operator()(Id i) const { return static_cast<T>(this->Start + this->Step * static_cast<T>(i)); }
};
template <typename T>
struct ConstantFunctor
{
  T Value;
  LOOM_EXEC_CONT T operator()(Id) const { return this->Value; }
};
} // namespace internal

/// The values 0, 1, ..., count-1.
class ArrayHandleIndex : public ArrayHandleImplicit<internal::IndexFunctor>
{
public:
  explicit ArrayHandleIndex(Id count = 0)
    : ArrayHandleImplicit<internal::IndexFunctor>(internal::IndexFunctor{}, count)
  {
  }
};

/// The values start, start+step, ..., start+(count-1)*step.
template <typename T>
class ArrayHandleCounting : public ArrayHandleImplicit<internal::CountingFunctor<T>>
{
public:
  ArrayHandleCounting(T start = T(0), T step = T(1), Id count = 0)
    : ArrayHandleImplicit<internal::CountingFunctor<T>>(internal::CountingFunctor<T>{ start, step }, count)
  {
  }
};

/// `count` copies of one value.
template <typename T>
class ArrayHandleConstant : public ArrayHandleImplicit<internal::ConstantFunctor<T>>
{
public:
  ArrayHandleConstant(const T& value = T{}, Id count = 0)
    : ArrayHandleImplicit<internal::ConstantFunctor<T>>(internal::ConstantFunctor<T>{ value }, count)
  {
  }
};
} // namespace cont
} // namespace loom
