# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Histogram beside ParaView's Histogram (vtkPExtractHistogram)
# on each rank's piece of the wavelet, as image and as hexahedra, point and cell data, a vector's magnitude,
# Normalize, custom ranges and Calculate Averages (VTK's filter, its ranks joined by Loom): rank 0 holds the same
# table as ParaView's and the other ranks an empty table, as ParaView's; the cell data's counts equal a one-piece
# run of VTK's vtkExtractHistogram (the ghost cells left out). Then ranks of which one has no such array and the
# others NaN only: every rank takes part, rank 0 holds the counts of what was binned.
import os
import sys
from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller  # noqa: E402
from loom_testing import check, devices, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()


def columns(table):
    return [(table.GetColumn(c).GetName(), table.GetColumn(c).GetDataType(),
             [table.GetColumn(c).GetComponent(r, k) for r in range(table.GetNumberOfRows())
              for k in range(table.GetColumn(c).GetNumberOfComponents())])
            for c in range(table.GetNumberOfColumns())]


def same(a, b):
    return len(a) == len(b) and all(x[:2] == y[:2] and len(x[2]) == len(y[2]) and all(p == q or (p != p and q != q) for p, q in zip(x[2], y[2]))
                                    for x, y in zip(a, b))


extent = [-14, 13, -14, 13, -14, 13]
wavelet = Wavelet(WholeExtent=extent)
gradient = Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])
inputs = {'image': gradient, 'hexahedra': AppendDatasets(Input=ImageDatatoPointSet(Input=gradient))}
cases = [
    ('RTData', {'SelectInputArray': ['POINTS', 'RTData'], 'BinCount': 24}),
    ('cell RTData', {'SelectInputArray': ['CELLS', 'RTData'], 'BinCount': 17}),
    ('gradient magnitude', {'SelectInputArray': ['POINTS', 'Gradient'], 'Component': 3, 'BinCount': 40}),
    ('normalized, centred', {'SelectInputArray': ['POINTS', 'RTData'], 'BinCount': 9, 'Normalize': 1,
                             'CenterBinsAroundMinAndMax': 1}),
    ('custom range', {'SelectInputArray': ['POINTS', 'RTData'], 'BinCount': 12, 'UseCustomBinRanges': 1,
                      'CustomBinRanges': [120.0, 220.0]}),
    ('averages (VTK)', {'SelectInputArray': ['POINTS', 'RTData'], 'BinCount': 8, 'CalculateAverages': 1}),
]

# One piece, VTK's own filter: what rank 0 must hold.
from vtkmodules.vtkFiltersStatistics import vtkExtractHistogram  # noqa: E402
source = wavelet_source(extent)
from vtkmodules.vtkFiltersCore import vtkPointDataToCellData  # noqa: E402
whole_cells = vtkPointDataToCellData()
whole_cells.SetInputConnection(source.GetOutputPort())
checked = 0
for what, source_proxy in inputs.items():
    for label, properties in cases:
        at = '%s, %s, rank %d of %d' % (what, label, rank, ranks)
        cells = label == 'cell RTData'
        data_source = PointDatatoCellData(Input=source_proxy, PassPointData=1) if cells else source_proxy
        paraview = columns(fetch(Histogram(Input=data_source, **properties)))
        for device in devices():
            ours = columns(fetch(LoomHistogram(Input=data_source, Device=device, **properties)))
            check(same(ours, paraview), lambda: '%s %s: %r\nParaView %r' % (at, device, ours, paraview))
            if rank != 0:
                check(ours == [], '%s %s: a table on a rank other than the first' % (at, device))
            checked += 1
        if rank == 0 and cells and what == 'image':
            # Cell data counts every cell once (the ghost cells left out); point data counts the points of a
            # boundary between pieces on both ranks (ParaView's pieces flag no duplicate points), so only cell
            # data equals one piece.
            one = vtkExtractHistogram()
            one.SetInputConnection(whole_cells.GetOutputPort())
            one.SetInputArrayToProcess(0, 0, 0, 1, 'RTData')
            one.SetBinCount(properties['BinCount'])
            one.Update()
            check(same(paraview, columns(one.GetOutput())), '%s: ParaView on %d ranks differs from one piece' % (at, ranks))
            checked += 1

# Ranks whose pieces differ: rank 0 bins a wavelet, rank 1 has no such array (joins with nothing), the others
# NaN only (no range; their values counted in the first bin); every rank takes part, rank 0 holds the counts.
from vtkmodules.vtkCommonDataModel import vtkImageData  # noqa: E402
from vtkmodules.vtkCommonCore import vtkFloatArray  # noqa: E402
piece = vtkImageData()
if rank == 0:
    piece.DeepCopy(source.GetOutput())
elif rank >= 2:
    piece.SetDimensions(3, 3, 3)
    nan = vtkFloatArray()
    nan.SetName('RTData')
    nan.SetNumberOfTuples(27)
    nan.Fill(float('nan'))
    piece.GetPointData().AddArray(nan)
f = loom.vtkLoomHistogram()
f.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
f.SetBinCount(10)
f.SetInputData(piece)
f.Update()
if rank == 0:
    one = vtkExtractHistogram()
    one.SetInputConnection(source.GetOutputPort())
    one.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
    one.Update()
    expected = columns(one.GetOutput())
    expected[1][2][0] += 27.0 * max(0, ranks - 2)  # the NaN of ranks 2 and up: in the first bin, as VTK counts NaN
    check(same(columns(f.GetOutput()), expected), 'uneven ranks: %r' % columns(f.GetOutput()))
else:
    check(f.GetOutput().GetNumberOfColumns() == 0, 'uneven ranks: a table on rank %d' % rank)
print('rank %d: %d histograms equal ParaView\'s' % (rank, checked))
print('pvbatch Loom histogram MPI test passed')
