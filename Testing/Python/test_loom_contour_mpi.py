# Loom pvbatch test on 2 MPI ranks (symmetric: every rank runs this script): each rank contours its
# piece of the wavelet with Loom Contour; the sum of the triangles over the ranks equals a one-piece
# run on the whole wavelet. A pipeline
# that asks for ghost cells (a reduction to rank 0) must not count their triangles twice either.
from paraview.simple import *
from paraview import servermanager
from vtkmodules.vtkCommonCore import vtkIdTypeArray

LoadDistributedPlugin('Loom', ns=globals())
controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
ranks = controller.GetNumberOfProcesses()
if ranks < 2:
    raise RuntimeError('this test must run on 2 MPI ranks, got %d' % ranks)

extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[130.0, 157.0])
loom.UpdatePipeline()
local = vtkIdTypeArray()
local.InsertNextValue(loom.GetClientSideObject().GetOutputDataObject(0).GetNumberOfPolys())
total = vtkIdTypeArray()
controller.AllReduce(local, total, 2)  # vtkCommunicator::SUM_OP
got = total.GetValue(0)

# One piece: the whole wavelet in one process. Loom's triangle count equals flying edges' on any
# image (Filters.Contour checks it case by case and on the wavelet), so VTK's filter gives the count.
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
from vtkmodules.vtkFiltersCore import vtkFlyingEdges3D  # noqa: E402
source = vtkRTAnalyticSource()
source.SetWholeExtent(*extent)
one = vtkFlyingEdges3D()
one.SetInputConnection(source.GetOutputPort())
one.SetValue(0, 130.0)
one.SetValue(1, 157.0)
one.Update()
expected = one.GetOutput().GetNumberOfPolys()
if expected == 0 or got != expected:
    raise RuntimeError('%d ranks gave %d triangles, one piece %d' % (ranks, got, expected))

# Gathered on rank 0 through a reduction (its pipeline asks the pieces for ghost cells).
gathered = ReductionFilter(Input=loom, PostGatherHelperName='vtkAppendPolyData')
gathered.UpdatePipeline()
# In a symmetric run the root's own output is the gathered data: a Fetch there would append every rank's
# output of the reduction (the others keep their pieces), as it does for ParaView's own filters.
result = gathered.GetClientSideObject().GetOutputDataObject(0)
if controller.GetLocalProcessId() == 0 and result.GetNumberOfPolys() != expected:
    raise RuntimeError('gathered %d triangles, one piece %d' % (result.GetNumberOfPolys(), expected))
print('pvbatch Loom contour MPI test passed (%d ranks, %d triangles)' % (ranks, got))
