// Loom: execution-signature tags: _N (a control parameter's default aspect) and the index tags
// (WorkIndex, InputIndex, OutputIndex, VisitIndex, ThreadIndices) that name no real parameter.
#pragma once

#include <loom/exec/arg/AspectTags.h>

namespace loom
{
namespace exec
{
namespace arg
{
/// Marker base of every execution-signature tag.
struct ExecutionSignatureTagBase
{
};

/// Refers to control-signature parameter N (1-based) with the default aspect.
template <int N>
struct BasicArg : ExecutionSignatureTagBase
{
  static constexpr int INDEX = N;
  using AspectTag = AspectTagDefault;
};

// The index tags name parameter 1 only so that every tag has a parameter; their fetch looks at the
// aspect alone and never touches that parameter.
struct WorkIndex : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagWorkIndex;
};
struct InputIndex : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagInputIndex;
};
struct OutputIndex : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagOutputIndex;
};
struct VisitIndex : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagVisitIndex;
};
struct ThreadIndices : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagThreadIndices;
};
// Topology index tags (their parameter must be the cell set, _1 by convention, as in VTK-m).
struct CellShape : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagCellShape;
};
struct IncidentElementCount : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagIncidentElementCount;
};
struct IncidentElementIndices : ExecutionSignatureTagBase
{
  static constexpr int INDEX = 1;
  using AspectTag = AspectTagAsVertices;
};
} // namespace arg
} // namespace exec
} // namespace loom
