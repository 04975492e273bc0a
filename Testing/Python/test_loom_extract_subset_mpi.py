# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Extract Subset beside ParaView's Extract Subset on each rank's
# piece of the wavelet (split by extent) as image and structured grid, at sample rates 1 and 2 with and without
# Include Boundary: under MPI Loom hands every rank's piece to VTK's parallel extract filter, as ParaView's does,
# so each rank holds the same extent, points and arrays as ParaView's (every rank takes part, none waits). On 3 ranks ParaView's own sampled Extract Subset aborts
# on an assertion in vtkStructuredImplicitConnectivity (docs/filters/extract-subset.md): 2 ranks only.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, devices, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()

wavelet = Wavelet(WholeExtent=[-10, 9, -8, 9, -6, 7])
grids = {'image': wavelet, 'structured grid': ImageDatatoPointSet(Input=wavelet)}
for name, grid in grids.items():
    for rates, boundary in (((1, 1, 1), 0), ((2, 2, 1), 0), ((2, 3, 2), 1)):
        props = dict(VOI=[-7, 8, -8, 5, -4, 7], SampleRateI=rates[0], SampleRateJ=rates[1], SampleRateK=rates[2],
                     IncludeBoundary=boundary)
        ref = fetch(ExtractSubset(Input=grid, **props))
        for device in devices():
            at = '%s %r %s rank %d of %d' % (name, props, device, rank, ranks)
            got = fetch(LoomExtractSubset(Input=grid, Device=device, **props))
            check(got.GetClassName() == ref.GetClassName() and tuple(got.GetExtent()) == tuple(ref.GetExtent()),
                  '%s: extent %r, ParaView %r' % (at, got.GetExtent(), ref.GetExtent()))
            check(got.GetNumberOfPoints() == ref.GetNumberOfPoints(), '%s: points' % at)
            for p in range(0, got.GetNumberOfPoints(), 7):
                check(got.GetPoint(p) == ref.GetPoint(p), '%s: point %d' % (at, p))
            for side in ('GetPointData', 'GetCellData'):
                e = getattr(ref, side)().GetArray('RTData')
                g = getattr(got, side)().GetArray('RTData')
                check((e is None) == (g is None) and (e is None or numpy.array_equal(vtk_to_numpy(e), vtk_to_numpy(g))),
                      '%s: %s RTData' % (at, side))
print('pvbatch Loom extract subset MPI test passed (%d ranks)' % ranks)
