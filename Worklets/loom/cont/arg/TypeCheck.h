// Loom: TypeCheck<Tag, Type>::value says whether an invoke argument of type Type fits a control
// signature tag; the tags for arrays and execution objects are here.
#pragma once

#include <loom/cont/ArrayHandle.h>
#include <loom/cont/CellSet.h>
#include <loom/cont/ExecutionObjectBase.h>

#include <type_traits>

namespace loom
{
namespace cont
{
namespace arg
{
/// False unless specialised for the tag.
template <typename TypeCheckTag, typename Type>
struct TypeCheck : std::false_type
{
};

/// Any array handle that can be read (basic, implicit, permutation).
struct TypeCheckTagArrayIn
{
};
/// An array handle that can be allocated and written.
struct TypeCheckTagArrayOut
{
};
/// An array handle that can be read and written in place.
struct TypeCheckTagArrayInOut
{
};
/// An object deriving from loom::cont::ExecutionObjectBase.
struct TypeCheckTagExecObject
{
};
/// A cell set (deriving from loom::cont::CellSet).
struct TypeCheckTagCellSet
{
};

namespace detail
{
template <typename T, typename = void>
struct HasOutputPrep : std::false_type
{
};
template <typename T>
struct HasOutputPrep<T, std::void_t<decltype(std::declval<T&>().PrepareForOutput(
                          Id{}, DeviceAdapterTagCpu{}))>> : std::true_type
{
};
template <typename T, typename = void>
struct HasInPlacePrep : std::false_type
{
};
template <typename T>
struct HasInPlacePrep<T, std::void_t<decltype(std::declval<T&>().PrepareForInPlace(
                           DeviceAdapterTagCpu{}))>> : std::true_type
{
};
} // namespace detail

template <typename Type>
struct TypeCheck<TypeCheckTagArrayIn, Type> : IsArrayHandle<Type>
{
};
template <typename Type>
struct TypeCheck<TypeCheckTagArrayOut, Type>
  : std::integral_constant<bool, IsArrayHandle<Type>::value && detail::HasOutputPrep<Type>::value>
{
};
template <typename Type>
struct TypeCheck<TypeCheckTagArrayInOut, Type>
  : std::integral_constant<bool, IsArrayHandle<Type>::value && detail::HasInPlacePrep<Type>::value>
{
};
template <typename Type>
struct TypeCheck<TypeCheckTagExecObject, Type> : std::is_base_of<ExecutionObjectBase, Type>
{
};
template <typename Type>
struct TypeCheck<TypeCheckTagCellSet, Type> : std::is_base_of<CellSet, Type>
{
};
} // namespace arg
} // namespace cont
} // namespace loom
