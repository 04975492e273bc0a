// Loom: implementation of the host Buffer.
#include <loom/cont/Error.h>
#include <loom/cont/internal/Buffer.h>

#include <cstdlib>
#include <sys/mman.h>
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
// Large blocks are aligned to 2 MiB and marked for transparent huge pages: the first touch of a
// fresh 128 MiB output then costs about 7 ms instead of 65 ms of 4 KiB page faults (measured on the
// CI machine kind, THP in "madvise" mode).
constexpr std::size_t HugePage = std::size_t(2) << 20;
constexpr std::size_t HugeThreshold = std::size_t(4) << 20;

// LOOM_HUGE_PAGES=0 turns the huge-page advice off (read once).
bool UseHugePages()
{
  static const bool use = [] {
    const char* env = std::getenv("LOOM_HUGE_PAGES");
    return !(env && env[0] == '0');
  }();
  return use;
}
} // namespace

std::shared_ptr<Buffer> Buffer::Allocate(std::size_t bytes)
{
  std::shared_ptr<Buffer> buffer(new Buffer);
  if (bytes > 0)
  {
    const std::size_t align = (bytes >= HugeThreshold && UseHugePages()) ? HugePage : Alignment;
    const std::size_t rounded = (bytes + align - 1) / align * align;
    buffer->Data = std::aligned_alloc(align, rounded);
#ifdef MADV_HUGEPAGE
    if (buffer->Data && align == HugePage)
      madvise(buffer->Data, rounded, MADV_HUGEPAGE);
#endif
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
