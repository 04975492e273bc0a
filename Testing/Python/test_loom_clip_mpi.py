# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Clip on each rank's piece of the wavelet (by RTData
# and by a plane) gives, summed over the ranks, the cell count and volume of a one-piece run of VTK's
# vtkTableBasedClipDataSet on the whole wavelet, and the same RTData range.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce as mpi_reduce, stats as mpi_stats  # noqa: E402
from loom_testing import check, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()


def stats(data):
    return mpi_stats(data, 'Volume')


def reduce(values):
    return mpi_reduce(controller, values)


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
from vtkmodules.vtkFiltersGeneral import vtkTableBasedClipDataSet  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkPlane  # noqa: E402
source = wavelet_source(extent)
for kind in ('Scalar', 'Plane'):
    loom = LoomClip(Input=wavelet, ClipType=kind)
    clip = vtkTableBasedClipDataSet()
    clip.SetInputData(source.GetOutput())
    clip.SetInsideOut(1)
    if kind == 'Scalar':
        loom.Scalars = ['POINTS', 'RTData']
        loom.Value = 157.0
        clip.SetValue(157.0)
    else:
        loom.ClipType.Origin = [0.3, -0.4, 0.2]
        loom.ClipType.Normal = [0.2, 0.4, 0.9]
        function = vtkPlane()
        function.SetOrigin(0.3, -0.4, 0.2)
        function.SetNormal(0.2, 0.4, 0.9)
        clip.SetClipFunction(function)
    got = reduce(stats(fetch(loom)))
    clip.Update()
    expected = stats(clip.GetOutput())
    check(expected[0] > 0 and got[0] == expected[0] and abs(got[1] - expected[1]) <= 1e-9 * expected[1] and
          abs(got[2] - expected[2]) <= 1e-3 and abs(got[3] - expected[3]) <= 1e-3,
          '%s: %d ranks gave %r, one piece %r' % (kind, ranks, got, expected))
    print('%s: %d cells, volume %.12g on %d ranks' % (kind, got[0], got[1], ranks))
print('pvbatch Loom clip MPI test passed (%d ranks)' % ranks)
