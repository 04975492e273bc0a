# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Cell Size with Compute Sum beside ParaView's Cell Size
# on each rank's piece of the wavelet, as image and as hexahedra (ghost cells requested, as ParaView's
# pipeline does): every rank holds the same totals as ParaView's filter (summed over the ranks, ghost cells
# left out), equal to a one-piece run of VTK's vtkCellSizeFilter, and the same cell arrays on its piece.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, fetch, same_arrays, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()

extent = [-12, 11, -12, 11, -12, 11]
wavelet = Wavelet(WholeExtent=extent)
inputs = {'image': wavelet, 'hexahedra': AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))}

from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter  # noqa: E402
source = wavelet_source(extent)  # kept: the filter's input connection does not hold the Python object
one = vtkCellSizeFilter()
one.SetInputConnection(source.GetOutputPort())
one.SetComputeSum(True)
one.Update()
whole = one.GetOutput().GetFieldData().GetArray('Volume').GetValue(0)
check(whole > 0, 'the one-piece volume is %r' % whole)

for what, source in inputs.items():
    for device in ('Serial', 'TBB'):
        loom = fetch(LoomCellSize(Input=source, ComputeSum=1, VolumeArrayName='V', Device=device))
        paraview = fetch(CellSize(Input=source, ComputeSum=1, VolumeArrayName='V'))
        at = '%s %s rank %d of %d' % (what, device, controller.GetLocalProcessId(), ranks)
        for name in ('VertexCount', 'Length', 'Area', 'V'):
            got = loom.GetFieldData().GetArray(name).GetValue(0)
            expected = paraview.GetFieldData().GetArray(name).GetValue(0)
            check(abs(got - expected) <= 1e-9 * max(1.0, abs(expected)), '%s: total %s %r, ParaView %r' % (
                at, name, got, expected))
        check(abs(loom.GetFieldData().GetArray('V').GetValue(0) - whole) <= 1e-9 * whole, '%s: total volume %r, '
              'one piece %r' % (at, loom.GetFieldData().GetArray('V').GetValue(0), whole))
        same_arrays(paraview.GetCellData(), loom.GetCellData(), at + ' cell data')
print('pvbatch Loom cell size MPI test passed (%d ranks, volume %.6g)' % (ranks, whole))
