// Loom: aspect tags: which aspect of a parameter an execution-signature tag fetches.
#pragma once

namespace loom
{
namespace exec
{
namespace arg
{
/// The parameter's own value (for _1, _2, ...).
struct AspectTagDefault
{
};
/// The thread (work) index.
struct AspectTagWorkIndex
{
};
/// The index into the input domain.
struct AspectTagInputIndex
{
};
/// The index into the output arrays.
struct AspectTagOutputIndex
{
};
/// Which of the outputs of one input this invocation writes (0 .. count-1).
struct AspectTagVisitIndex
{
};
/// The whole ThreadIndices object.
struct AspectTagThreadIndices
{
};
/// The point ids of the current cell (topology worklets; the seeds' AsVertices).
struct AspectTagAsVertices
{
};
/// The shape id of the current element (topology worklets).
struct AspectTagCellShape
{
};
/// How many incident elements the current element has (points of a cell, cells of a point).
struct AspectTagIncidentElementCount
{
};
} // namespace arg
} // namespace exec
} // namespace loom
