# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Threshold on each rank's piece of the wavelet
# (ghost cells requested by a reduction, as ParaView's pipeline does) gives, summed over the ranks,
# the cell count, volume and value range of a one-piece run of VTK's vtkThreshold on the whole wavelet.
import os
import sys
from paraview.simple import *
from paraview import servermanager

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce, stats  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
loom = LoomThreshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0, UpperThreshold=200.0)
loom.UpdatePipeline()
got = reduce(controller, stats(loom.GetClientSideObject().GetOutputDataObject(0)))

from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
from vtkmodules.vtkFiltersCore import vtkThreshold  # noqa: E402
source = vtkRTAnalyticSource()
source.SetWholeExtent(*extent)
one = vtkThreshold()
one.SetInputConnection(source.GetOutputPort())
one.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
one.SetLowerThreshold(150.0)
one.SetUpperThreshold(200.0)
one.Update()
expected = stats(one.GetOutput())
if expected[0] == 0 or got[0] != expected[0] or abs(got[1] - expected[1]) > 1e-9 * expected[1] or got[2:] != expected[2:]:
    raise RuntimeError('%d ranks gave %r, one piece %r' % (ranks, got, expected))

# Gathered on rank 0 through a reduction (its pipeline asks the pieces for ghost cells).
gathered = ReductionFilter(Input=loom, PostGatherHelperName='vtkAppendFilter')
gathered.UpdatePipeline()
# In a symmetric run the root's own output is the gathered data: a Fetch there would append every rank's
# output of the reduction (the others keep their pieces), as it does for ParaView's own filters.
result = gathered.GetClientSideObject().GetOutputDataObject(0)
if controller.GetLocalProcessId() == 0 and result.GetNumberOfCells() < expected[0]:
    raise RuntimeError('gathered %d cells, one piece %d' % (result.GetNumberOfCells(), expected[0]))
print('pvbatch Loom threshold MPI test passed (%d ranks, %d cells, volume %.6g)' % (ranks, got[0], got[1]))
