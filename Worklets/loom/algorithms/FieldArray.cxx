// Loom algorithms: FieldArray construction and checks.
#include <loom/algorithms/FieldArray.h>

namespace loom
{
namespace algorithms
{
const char* ValueKindName(ValueKind kind)
{
  static const char* names[] = { "int8",  "uint8",  "int16", "uint16",  "int32",
                                 "uint32", "int64", "uint64", "float32", "float64" };
  return names[static_cast<int>(kind)];
}

FieldArray::FieldArray(ValueKind kind, IdComponent components, Id tuples)
  : Kind(kind)
  , Components(components)
  , Tuples(tuples)
{
  if (components < 1 || components > MaxComponents)
    throw loom::cont::ErrorBadType("FieldArray: " + std::to_string(components) +
                                   " components (Loom handles 1 to " + std::to_string(MaxComponents) + ").");
}

Id FieldArray::CheckedTuples(Id values, IdComponent components)
{
  if (components < 1 || values % components != 0)
    throw loom::cont::ErrorBadValue("FieldArray: " + std::to_string(values) + " values do not make tuples of " +
                                    std::to_string(components) + " components.");
  return values / components;
}

void FieldArray::CheckKind(ValueKind kind) const
{
  if (kind != this->Kind)
    throw loom::cont::ErrorBadType(std::string("FieldArray: the field holds ") + ValueKindName(this->Kind) +
                                   ", not " + ValueKindName(kind) + ".");
}

FieldArray FieldArray::Allocate(ValueKind kind, Id tuples, IdComponent components)
{
  static const std::size_t sizes[] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };
  FieldArray f(kind, components, tuples);
  auto memory = loom::cont::internal::Buffer::Allocate(static_cast<std::size_t>(tuples) *
                                                       static_cast<std::size_t>(components) *
                                                       sizes[static_cast<int>(kind)]);
  // The address only: a fresh block stays fresh, so a kernel writing it uploads nothing.
  f.Blocks.push_back(Block{ memory, memory->GetHostAddress() });
  return f;
}
} // namespace algorithms
} // namespace loom
