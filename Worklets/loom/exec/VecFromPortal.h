// Loom: small Vec-like views used by topology worklets: a run of a portal (a cell's point ids),
// values of a portal gathered through such ids (a cell's point field), and a short Vec of variable
// length (a structured point's cells).
#pragma once

#include <loom/Types.h>

namespace loom
{
namespace exec
{
/// Values portal[offset .. offset+count), as Ids or as the portal's value type.
template <typename Portal>
class VecFromPortal
{
public:
  using ComponentType = typename Portal::ValueType;
  VecFromPortal() = default;
  LOOM_EXEC VecFromPortal(const Portal& portal, Id offset, IdComponent count)
    : P(portal)
    , Offset(offset)
    , Count(count)
  {
  }
  LOOM_EXEC IdComponent GetNumberOfComponents() const { return this->Count; }
  LOOM_EXEC ComponentType operator[](IdComponent k) const { return this->P.Get(this->Offset + k); }

private:
  Portal P{};
  Id Offset = 0;
  IdComponent Count = 0;
};

/// Up to MaxSize values, of which the first GetNumberOfComponents() are set.
template <typename T, IdComponent MaxSize>
class VecVariable
{
public:
  using ComponentType = T;
  LOOM_EXEC IdComponent GetNumberOfComponents() const { return this->Count; }
  LOOM_EXEC const T& operator[](IdComponent k) const { return this->Data[k]; }
  LOOM_EXEC void Append(const T& value) { this->Data[this->Count++] = value; }

private:
  T Data[MaxSize];
  IdComponent Count = 0;
};

/// portal.Get(indices[k]): the values of a field at the points (or cells) a topology element uses.
template <typename IndicesVec, typename Portal>
class VecFromPortalPermute
{
public:
  using ComponentType = typename Portal::ValueType;
  LOOM_EXEC VecFromPortalPermute(const IndicesVec& indices, const Portal& portal)
    : Indices(indices)
    , P(portal)
  {
  }
  LOOM_EXEC IdComponent GetNumberOfComponents() const { return this->Indices.GetNumberOfComponents(); }
  LOOM_EXEC ComponentType operator[](IdComponent k) const
  {
    return this->P.Get(static_cast<Id>(this->Indices[k]));
  }

private:
  IndicesVec Indices;
  Portal P;
};
} // namespace exec
} // namespace loom
