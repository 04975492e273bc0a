// Loom: Transport<Tag, Type, Device> turns an invoke argument into its execution object (a portal,
// or the object an ExecObject prepares), checking sizes against the input and output ranges.
#pragma once

#include <loom/cont/ArrayHandle.h>

#include <string>

namespace loom
{
namespace cont
{
namespace arg
{
/// Specialise with `operator()(const Type& object, Id inputRange, Id outputRange) const`
/// returning the execution object.
template <typename TransportTag, typename Type, typename Device>
struct Transport;

/// Array read at the input index; must have exactly the input range's size.
struct TransportTagArrayIn
{
};
/// Array written at the output index; allocated to the output range.
struct TransportTagArrayOut
{
};
/// Array read and written at the output index; must have the output range's size.
struct TransportTagArrayInOut
{
};
/// Whole arrays: any size, random access.
struct TransportTagWholeArrayIn
{
};
struct TransportTagWholeArrayOut
{
};
struct TransportTagWholeArrayInOut
{
};
/// An ExecutionObjectBase: its PrepareForExecution(Device) result.
struct TransportTagExecObject
{
};

namespace detail
{
inline void CheckArraySize(const char* what, Id actual, Id expected, const char* domain)
{
  if (actual != expected)
  {
    throw ErrorBadValue(std::string(what) + " has " + std::to_string(actual) +
                        " values but the " + domain + " has " + std::to_string(expected) + ".");
  }
}
} // namespace detail

template <typename Type, typename Device>
struct Transport<TransportTagArrayIn, Type, Device>
{
  auto operator()(const Type& array, Id inputRange, Id) const
  {
    detail::CheckArraySize("the input array", array.GetNumberOfValues(), inputRange, "input domain");
    return array.PrepareForInput(Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagArrayOut, Type, Device>
{
  auto operator()(const Type& array, Id, Id outputRange) const
  {
    return const_cast<Type&>(array).PrepareForOutput(outputRange, Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagArrayInOut, Type, Device>
{
  auto operator()(const Type& array, Id, Id outputRange) const
  {
    detail::CheckArraySize("the in-out array", array.GetNumberOfValues(), outputRange, "output range");
    return array.PrepareForInPlace(Device{});
  }
};
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayIn, Type, Device>
{
  auto operator()(const Type& array, Id, Id) const { return array.PrepareForInput(Device{}); }
};
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayOut, Type, Device>
{
  // A whole output array keeps its size: the worklet writes where it wants.
  auto operator()(const Type& array, Id, Id) const { return array.PrepareForInPlace(Device{}); }
};
template <typename Type, typename Device>
struct Transport<TransportTagWholeArrayInOut, Type, Device>
{
  auto operator()(const Type& array, Id, Id) const { return array.PrepareForInPlace(Device{}); }
};
template <typename Type, typename Device>
struct Transport<TransportTagExecObject, Type, Device>
{
  auto operator()(const Type& object, Id, Id) const { return object.PrepareForExecution(Device{}); }
};
} // namespace arg
} // namespace cont
} // namespace loom
