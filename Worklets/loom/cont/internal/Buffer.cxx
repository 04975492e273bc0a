// Loom: implementation of the host Buffer.
#include <loom/cont/Error.h>
#include <loom/cont/internal/Buffer.h>

#include <cstdlib>
#include <new>
#include <string>

namespace loom
{
namespace cont
{
namespace internal
{
namespace
{
constexpr std::size_t Alignment = 64;
}

std::shared_ptr<Buffer> Buffer::Allocate(std::size_t bytes)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  if (bytes > 0)
  {
    const std::size_t rounded = (bytes + Alignment - 1) / Alignment * Alignment;
    buffer->Data = std::aligned_alloc(Alignment, rounded);
    if (!buffer->Data)
    {
      throw ErrorBadAllocation("Loom could not allocate " + std::to_string(bytes) +
                               " bytes of host memory.");
    }
  }
  buffer->Bytes = bytes;
  return buffer;
}

std::shared_ptr<Buffer> Buffer::Borrow(void* data, std::size_t bytes, std::function<void()> release)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  buffer->Data = data;
  buffer->Bytes = bytes;
  buffer->Release = release ? std::move(release) : std::function<void()>([] {});
  return buffer;
}

Buffer::~Buffer()
{
  if (this->Release)
  {
    this->Release();
  }
  else
  {
    std::free(this->Data);
  }
}
} // namespace internal
} // namespace cont
} // namespace loom
