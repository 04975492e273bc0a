// Loom: the typed errors thrown by the control environment.
#pragma once

#include <stdexcept>
#include <string>

namespace loom
{
namespace cont
{
/// Base of every Loom error; what() is a complete sentence for the user.
class Error : public std::runtime_error
{
public:
  explicit Error(const std::string& message)
    : std::runtime_error(message)
  {
  }
};

/// A value is wrong: a size mismatch, an index out of range, a bad parameter.
class ErrorBadValue : public Error
{
public:
  using Error::Error;
};

/// A type is wrong: an array of an unsupported value type or component count.
class ErrorBadType : public Error
{
public:
  using Error::Error;
};

/// A device is unknown, unavailable, or failed while running.
class ErrorBadDevice : public Error
{
public:
  using Error::Error;
};

/// The CUDA runtime failed (a kernel fault, a failed copy). Raised where it surfaces, which may be
/// host code reading values the GPU made: the fault is CUDA's, not the device that was running.
class ErrorCuda : public ErrorBadDevice
{
public:
  using ErrorBadDevice::ErrorBadDevice;
};

/// Memory could not be allocated (host or device).
class ErrorBadAllocation : public Error
{
public:
  using Error::Error;
};
} // namespace cont
} // namespace loom
