# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Threshold on each rank's piece of the wavelet
# (ghost cells requested by a reduction, as ParaView's pipeline does) gives, summed over the ranks,
# the cell count, volume and value range of a one-piece run of VTK's vtkThreshold on the whole wavelet.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce, stats  # noqa: E402
from loom_testing import check, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
loom = LoomThreshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0, UpperThreshold=200.0)
got = reduce(controller, stats(fetch(loom)))

from vtkmodules.vtkFiltersCore import vtkThreshold  # noqa: E402
source = wavelet_source(extent)
one = vtkThreshold()
one.SetInputConnection(source.GetOutputPort())
one.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
one.SetLowerThreshold(150.0)
one.SetUpperThreshold(200.0)
one.Update()
expected = stats(one.GetOutput())
check(expected[0] > 0 and got[0] == expected[0] and abs(got[1] - expected[1]) <= 1e-9 * expected[1] and
      got[2:] == expected[2:], '%d ranks gave %r, one piece %r' % (ranks, got, expected))

# Gathered on rank 0 through a reduction (its pipeline asks the pieces for ghost cells).
gathered = ReductionFilter(Input=loom, PostGatherHelperName='vtkAppendFilter')
# In a symmetric run the root's own output is the gathered data: a Fetch there would append every rank's
# output of the reduction (the others keep their pieces), as it does for ParaView's own filters.
result = fetch(gathered)
check(controller.GetLocalProcessId() != 0 or result.GetNumberOfCells() >= expected[0],
      'gathered %d cells, one piece %d' % (result.GetNumberOfCells(), expected[0]))
print('pvbatch Loom threshold MPI test passed (%d ranks, %d cells, volume %.6g)' % (ranks, got[0], got[1]))
