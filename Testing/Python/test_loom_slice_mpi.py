# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Slice on each rank's piece of the wavelet (a plane
# and a sphere) gives, summed over the ranks, the triangle count and area of a one-piece run of VTK's
# vtkCutter on the whole wavelet, and the same RTData range.
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
    return mpi_stats(data, 'Area', count=lambda poly: poly.GetNumberOfPolys())


def reduce(values):
    return mpi_reduce(controller, values)


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
from vtkmodules.vtkFiltersCore import vtkCutter  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkPlane, vtkSphere  # noqa: E402
source = wavelet_source(extent)
for kind in ('Plane', 'Sphere'):
    loom = LoomSlice(Input=wavelet, SliceType=kind)
    if kind == 'Plane':
        loom.SliceType.Origin = [0.3, -0.4, 0.2]
        loom.SliceType.Normal = [0.2, 0.4, 0.9]
        function = vtkPlane()
        function.SetOrigin(0.3, -0.4, 0.2)
        function.SetNormal(0.2, 0.4, 0.9)
    else:
        loom.SliceType.Center = [0.3, -0.4, 0.2]
        loom.SliceType.Radius = 12.0
        function = vtkSphere()
        function.SetCenter(0.3, -0.4, 0.2)
        function.SetRadius(12.0)
    got = reduce(stats(fetch(loom)))
    cutter = vtkCutter()
    cutter.SetInputData(source.GetOutput())
    cutter.SetCutFunction(function)
    cutter.Update()
    expected = stats(cutter.GetOutput())
    check(expected[0] > 0 and got[0] == expected[0] and abs(got[1] - expected[1]) <= 1e-7 * expected[1] and
          abs(got[2] - expected[2]) <= 1e-3 and abs(got[3] - expected[3]) <= 1e-3,
          '%s: %d ranks gave %r, one piece %r' % (kind, ranks, got, expected))
    print('%s: %d triangles, area %.9g on %d ranks' % (kind, got[0], got[1], ranks))
print('pvbatch Loom slice MPI test passed (%d ranks)' % ranks)
