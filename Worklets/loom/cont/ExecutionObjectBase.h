// Loom: base class of control objects passed to worklets as ExecObject arguments.
#pragma once

namespace loom
{
namespace cont
{
/// Derive from this and provide `PrepareForExecution(Device) const`, returning the object the
/// worklet receives (trivially copyable; portals and plain values inside).
struct ExecutionObjectBase
{
};
} // namespace cont
} // namespace loom
