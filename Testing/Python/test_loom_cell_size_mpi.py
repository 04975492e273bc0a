# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Cell Size with Compute Sum beside ParaView's Cell Size
# on each rank's piece of the wavelet, as image and as hexahedra (ghost cells requested, as ParaView's
# pipeline does): every rank holds the same totals as ParaView's filter (summed over the ranks, ghost cells
# left out), equal to a one-piece run of VTK's vtkCellSizeFilter, and the same cell arrays on its piece.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, devices, fetch, same_arrays, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
# Before any Loom object reaches Python (a proxy's client-side object): VTK's wrapping would otherwise take
# vtkLoomCellSize for its nearest wrapped base class, and keep doing so.
import loom  # noqa: E402
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
    for device in devices():
        ours = fetch(LoomCellSize(Input=source, ComputeSum=1, VolumeArrayName='V', Device=device))
        paraview = fetch(CellSize(Input=source, ComputeSum=1, VolumeArrayName='V'))
        at = '%s %s rank %d of %d' % (what, device, controller.GetLocalProcessId(), ranks)
        for name in ('VertexCount', 'Length', 'Area', 'V'):
            got = ours.GetFieldData().GetArray(name).GetValue(0)
            expected = paraview.GetFieldData().GetArray(name).GetValue(0)
            check(abs(got - expected) <= 1e-9 * max(1.0, abs(expected)), '%s: total %s %r, ParaView %r' % (
                at, name, got, expected))
        check(abs(ours.GetFieldData().GetArray('V').GetValue(0) - whole) <= 1e-9 * whole, '%s: total volume %r, '
              'one piece %r' % (at, ours.GetFieldData().GetArray('V').GetValue(0), whole))
        same_arrays(paraview.GetCellData(), ours.GetCellData(), at + ' cell data')
# Every rank takes part in the totals whatever its own outcome: rank 0 measures a unit cube, the others a
# polyhedron (VTK's filter through the fallback) or malformed cells (an error); no rank waits for ever, and
# the totals add up what the ranks measured.
from vtkmodules.vtkCommonCore import vtkIdList, vtkPoints  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkUnstructuredGrid, VTK_HEXAHEDRON, VTK_POLYHEDRON, VTK_TETRA  # noqa: E402

rank = controller.GetLocalProcessId()
corners = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]


def grid(kind):
    g, points, ids = vtkUnstructuredGrid(), vtkPoints(), vtkIdList()
    for p in corners:
        points.InsertNextPoint(p)
    g.SetPoints(points)
    if kind == 'cube':
        for i in range(8):
            ids.InsertNextId(i)
        g.InsertNextCell(VTK_HEXAHEDRON, ids)
    elif kind == 'polyhedron':  # the tetrahedron 0, 1, 3, 4 as faces: volume 1/6
        for v in (4, 3, 0, 3, 1, 3, 0, 1, 4, 3, 1, 3, 4, 3, 3, 0, 4):
            ids.InsertNextId(v)
        g.InsertNextCell(VTK_POLYHEDRON, ids)
    else:  # a tetrahedron naming a point past the points: malformed
        for v in (0, 1, 3, 40):
            ids.InsertNextId(v)
        g.InsertNextCell(VTK_TETRA, ids)
    return g


for other, expected in (('polyhedron', 1.0 + (ranks - 1) / 6.0), ('malformed', 1.0)):
    f = loom.vtkLoomCellSize()
    f.SetComputeSum(True)
    f.SetInputData(grid('cube' if rank == 0 else other))
    f.Update()
    if rank == 0 or other == 'polyhedron':
        total = f.GetOutput().GetFieldData().GetArray('Volume').GetValue(0)
        check(abs(total - expected) <= 1e-12, 'rank %d beside %s ranks: total volume %r, expected %r' % (
            rank, other, total, expected))
    else:
        check(f.GetOutput().GetNumberOfCells() == 0, 'rank %d: malformed cells gave an output' % rank)
print('pvbatch Loom cell size MPI test passed (%d ranks, volume %.6g)' % (ranks, whole))
