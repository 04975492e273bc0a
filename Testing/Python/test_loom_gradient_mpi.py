# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Gradient and ParaView's Gradient on each rank's
# piece of the wavelet (as image and as hexahedra; both ask for one ghost level): on every rank the same
# arrays as ParaView's filter there, and at every point the rank owns (not a ghost) the gradient of a
# one-piece run on the whole wavelet, so the split does not show; the pieces really split; a selection
# naming points of each rank masks each rank's piece.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, total  # noqa: E402
from loom_testing import check, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()

extent = [-12, 11, -12, 11, -12, 11]
wavelet = Wavelet(WholeExtent=extent)

from vtkmodules.vtkFiltersGeneral import vtkGradientFilter  # noqa: E402
source = wavelet_source(extent)
reference = vtkGradientFilter()
reference.SetInputConnection(source.GetOutputPort())
reference.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
reference.SetResultArrayName('Gradient')
reference.Update()
whole = reference.GetOutput()
whole_gradient = vtk_to_numpy(whole.GetPointData().GetArray('Gradient')).astype(numpy.float64)
n = extent[1] - extent[0] + 1

owned_total = 0
for what, source_proxy in (('image', wavelet), ('hexahedra', AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet)))):
    loom = fetch(LoomGradient(Input=source_proxy, ScalarArray=['POINTS', 'RTData']))
    ours = fetch(Gradient(Input=source_proxy, ScalarArray=['POINTS', 'RTData']))
    a = vtk_to_numpy(loom.GetPointData().GetArray('Gradient')).astype(numpy.float64)
    b = vtk_to_numpy(ours.GetPointData().GetArray('Gradient')).astype(numpy.float64)
    check(a.shape == b.shape and numpy.abs(a - b).max() <= 1e-6 * numpy.abs(b).max(),
          'rank %d %s: Loom\'s gradient differs from ParaView\'s on the piece' % (rank, what))
    if loom.IsA('vtkPointSet'):
        points = vtk_to_numpy(loom.GetPoints().GetData())
    else:
        points = numpy.array([loom.GetPoint(i) for i in range(loom.GetNumberOfPoints())])
    ghosts = loom.GetPointData().GetArray('vtkGhostType')
    owned = numpy.ones(len(points), dtype=bool) if ghosts is None else vtk_to_numpy(ghosts) == 0
    ijk = numpy.rint(points - numpy.array(extent[0::2])).astype(numpy.int64)
    flat = ijk[:, 0] + n * (ijk[:, 1] + n * ijk[:, 2])
    error = numpy.abs(a[owned] - whole_gradient[flat[owned]]).max() / numpy.abs(whole_gradient).max()
    check(error <= 1e-6, 'rank %d %s: owned points differ from the one-piece gradient by %.3g' % (rank, what, error))
    count = total(controller, owned.sum())
    check(ranks == 1 or 0 < owned.sum() < whole.GetNumberOfPoints(),
          'rank %d owns %d of %d points: the wavelet was not split' % (rank, owned.sum(), whole.GetNumberOfPoints()))
    owned_total = count
# A selection naming each rank's points (ParaView's id selections carry the rank): every rank computes
# the points named for it, here its points 5 and 9 (rank 0) or 7 (rank 1), and nothing else.
named = {0: [5, 9], 1: [7]}
selection = IDSelectionSource(IDs=[v for r, ids in named.items() for i in ids for v in (r, i)], FieldType='POINT')
masked = fetch(LoomGradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'], Selection=selection))
values = vtk_to_numpy(masked.GetPointData().GetArray('Gradient'))[:, 0]
computed = sorted(int(i) for i in numpy.nonzero(~numpy.isnan(values))[0])
check(computed == named.get(rank, []),
      'rank %d: the selection computed points %s, not %s' % (rank, computed, named.get(rank, [])))

print('pvbatch Loom gradient MPI test passed (%d ranks, %d owned points)' % (ranks, owned_total))
# Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec reports as a
# failure (Testing/Exit covers sys.exit itself).
