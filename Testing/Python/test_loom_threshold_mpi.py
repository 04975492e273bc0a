# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Threshold on each rank's piece of the wavelet
# (ghost cells requested by a reduction, as ParaView's pipeline does) gives, summed over the ranks,
# the cell count, volume and value range of a one-piece run of VTK's vtkThreshold on the whole wavelet.
from paraview.simple import *
from paraview import servermanager
from vtkmodules.vtkCommonCore import vtkDoubleArray

LoadDistributedPlugin('Loom', ns=globals())
controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
ranks = controller.GetNumberOfProcesses()
if ranks < 2:
    raise RuntimeError('this test must run on 2 MPI ranks, got %d' % ranks)


def stats(grid):
    """Cells, volume, and the RTData range of a grid (0, 0, +inf, -inf when empty)."""
    from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter
    sizes = vtkCellSizeFilter()
    sizes.SetInputData(grid)
    sizes.ComputeSumOn()
    sizes.Update()
    volume = sizes.GetOutput().GetFieldData().GetArray('Volume').GetValue(0) if grid.GetNumberOfCells() else 0.0
    rt = grid.GetPointData().GetArray('RTData')
    low, high = rt.GetRange(0) if rt is not None and grid.GetNumberOfPoints() else (float('inf'), float('-inf'))
    return [float(grid.GetNumberOfCells()), volume, low, high]


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
loom = LoomThreshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0, UpperThreshold=200.0)
loom.UpdatePipeline()
mine = stats(loom.GetClientSideObject().GetOutputDataObject(0))
local, total, lows, highs = vtkDoubleArray(), vtkDoubleArray(), vtkDoubleArray(), vtkDoubleArray()
for v in mine[:2]:
    local.InsertNextValue(v)
controller.AllReduce(local, total, 2)  # SUM_OP
low, high = vtkDoubleArray(), vtkDoubleArray()
low.InsertNextValue(mine[2])
high.InsertNextValue(mine[3])
controller.AllReduce(low, lows, 1)  # MIN_OP
controller.AllReduce(high, highs, 0)  # MAX_OP
got = [total.GetValue(0), total.GetValue(1), lows.GetValue(0), highs.GetValue(0)]

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
result = servermanager.Fetch(gathered)
if controller.GetLocalProcessId() == 0 and result.GetNumberOfCells() < expected[0]:
    raise RuntimeError('gathered %d cells, one piece %d' % (result.GetNumberOfCells(), expected[0]))
print('pvbatch Loom threshold MPI test passed (%d ranks, %d cells, volume %.6g)' % (ranks, got[0], got[1]))
