// Loom algorithms, connectivity family: the CUDA entry, compiled by nvcc in ConnectivityCuda.cu;
// ConnectedComponents hands it a request that resolves to CUDA.
#pragma once

#include <loom/algorithms/connectivity/Connectivity.h>

namespace loom
{
namespace algorithms
{
namespace connectivity
{
Components ComponentsCuda(const CellSetAny& cells, const ComponentsOptions& options);
} // namespace connectivity
} // namespace algorithms
} // namespace loom
