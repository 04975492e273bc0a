# Loom pvbatch test on 2 MPI ranks: each rank averages its piece of the wavelet; the gathered result
# equals a one-piece run (cell count and values per cell, matched by cell centre).
import os
import sys

from paraview.simple import *
from paraview import servermanager

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()

wavelet = Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11])
loom = LoomPointDatatoCellData(Input=wavelet)
centers = CellCenters(Input=loom)
gathered = ReductionFilter(Input=centers, PostGatherHelperName='vtkAppendPolyData')
gathered.UpdatePipeline()
result = servermanager.Fetch(gathered)

# The reference: the same pipeline with ParaView's filter on the same pieces, gathered the same way.
ref = ReductionFilter(Input=CellCenters(Input=PointDatatoCellData(Input=wavelet)),
                      PostGatherHelperName='vtkAppendPolyData')
ref.UpdatePipeline()
expected = servermanager.Fetch(ref)


def by_center(poly):
    values = {}
    array = poly.GetPointData().GetArray('RTData')
    for i in range(poly.GetNumberOfPoints()):
        values[tuple(round(x, 4) for x in poly.GetPoint(i))] = array.GetTuple1(i)
    return values


got, want = by_center(result), by_center(expected)
check(len(got) == 23 ** 3 and len(got) == len(want), 'gathered %d cells, expected %d' % (len(got), 23 ** 3))
for key, value in want.items():
    check(abs(got[key] - value) <= 1e-6 * max(1.0, abs(value)), lambda: 'cell at %s: %g vs %g' % (key, got[key], value))
print('pvbatch Loom MPI test passed (%d ranks, %d cells)' % (ranks, len(got)))
