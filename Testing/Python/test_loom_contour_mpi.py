# Loom pvbatch test on 2 MPI ranks (symmetric: every rank runs this script): each rank contours its
# piece of the wavelet with Loom Contour; the sum of the triangles over the ranks equals a one-piece
# run on the whole wavelet. A pipeline
# that asks for ghost cells (a reduction to rank 0) must not count their triangles twice either.
import os
import sys

from paraview.simple import *
from vtkmodules.vtkCommonCore import vtkIdTypeArray

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()

extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[130.0, 157.0])
local = vtkIdTypeArray()
local.InsertNextValue(fetch(loom).GetNumberOfPolys())
total = vtkIdTypeArray()
controller.AllReduce(local, total, 2)  # vtkCommunicator::SUM_OP
got = total.GetValue(0)

# One piece: the whole wavelet in one process. Loom's triangle count equals flying edges' on any
# image (Filters.Contour checks it case by case and on the wavelet), so VTK's filter gives the count.
from vtkmodules.vtkFiltersCore import vtkFlyingEdges3D  # noqa: E402
source = wavelet_source(extent)
one = vtkFlyingEdges3D()
one.SetInputConnection(source.GetOutputPort())
one.SetValue(0, 130.0)
one.SetValue(1, 157.0)
one.Update()
expected = one.GetOutput().GetNumberOfPolys()
check(expected > 0 and got == expected, '%d ranks gave %d triangles, one piece %d' % (ranks, got, expected))

# Gathered on rank 0 through a reduction (its pipeline asks the pieces for ghost cells).
gathered = ReductionFilter(Input=loom, PostGatherHelperName='vtkAppendPolyData')
# In a symmetric run the root's own output is the gathered data: a Fetch there would append every rank's
# output of the reduction (the others keep their pieces), as it does for ParaView's own filters.
result = fetch(gathered)
check(controller.GetLocalProcessId() != 0 or result.GetNumberOfPolys() == expected,
      'gathered %d triangles, one piece %d' % (result.GetNumberOfPolys(), expected))
print('pvbatch Loom contour MPI test passed (%d ranks, %d triangles)' % (ranks, got))
