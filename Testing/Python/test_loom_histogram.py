# Loom pvpython test: LoomHistogram as a ParaView user runs it (LoadDistributedPlugin, paraview.simple) beside
# ParaView's Histogram with ParaView's property names: the wavelet's point and cell data, a vector's components
# and magnitude, the hexahedral and tetrahedral wavelet, a contour of a noisy field, a field with NaN, a
# multiblock and a table, with one bin to 256, centred bins, custom (and reversed) ranges and Normalize, on the
# Serial and TBB devices (the device the run names for its CUDA twin): the same table, column by column, every
# count and centre equal; Calculate Averages through VTK's filter (one info message); the proxy's defaults and
# its bar chart view.
import os
import sys

from paraview.simple import *
from vtkmodules.vtkCommonCore import vtkOutputWindow, vtkStringOutputWindow

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())

failures = []


def columns(table):
    out = []
    for c in range(table.GetNumberOfColumns()):
        a = table.GetColumn(c)
        values = [a.GetComponent(r, k) for r in range(a.GetNumberOfTuples()) for k in range(a.GetNumberOfComponents())]
        out.append((a.GetName(), a.GetDataType(), a.GetNumberOfComponents(), values))
    return out


def same(x, y):
    return x == y or (x != x and y != y)  # NaN where ParaView has NaN


def compare(source, what, fallback=False, **properties):
    reference = Histogram(Input=source, **properties)
    expected = columns(fetch(reference))
    check(len(expected) >= 2, '%s: ParaView gave no table' % what)
    for device in devices():
        log = vtkStringOutputWindow()
        previous = vtkOutputWindow.GetInstance()
        vtkOutputWindow.SetInstance(log)
        loom = LoomHistogram(Input=source, Device=device, **properties)
        got = columns(fetch(loom))
        vtkOutputWindow.SetInstance(previous)
        label = '%s, %s' % (what, device)
        expect_ran_on(loom, device, label)
        problems = []
        if [c[:3] + (len(c[3]),) for c in got] != [c[:3] + (len(c[3]),) for c in expected]:
            problems.append('columns %r, ParaView %r' % ([c[:3] for c in got], [c[:3] for c in expected]))
        else:
            for g, e in zip(got, expected):
                bad = [i for i, (x, y) in enumerate(zip(g[3], e[3])) if not same(x, y)]
                if bad:
                    problems.append('%s differs in rows %r: %r, ParaView %r' % (g[0], bad[:5], [g[3][i] for i in bad[:5]],
                                                                            [e[3][i] for i in bad[:5]]))
        noted = "VTK's vtkExtractHistogram bins it instead" in log.GetOutput()
        if noted != fallback:
            problems.append('fallback note %s: %r' % (noted, log.GetOutput()[:300]))
        print('ok  ' if not problems else 'FAIL', label, [len(c[3]) for c in got])
        failures.extend('%s: %s' % (label, p) for p in problems)
        Delete(loom)
    Delete(reference)


wavelet = Wavelet(WholeExtent=[-20, 20, -20, 20, -20, 20])
gradient = Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])  # a vector field
cells = PointDatatoCellData(Input=gradient, PassPointData=1)
hexahedra = MergeBlocks(Input=cells)
tetrahedra = Tetrahedralize(Input=cells)
noisy = Calculator(Input=wavelet, ResultArrayName='noisy',
                   Function='RTData + 25 * sin(7.3 * coordsX + 1.1 * coordsY * coordsY) * cos(5.9 * coordsZ)')
contour = Contour(Input=noisy, ContourBy=['POINTS', 'noisy'], Isosurfaces=[160.0], ComputeScalars=1)
nan = Calculator(Input=wavelet, ResultArrayName='logs', Function='ln(RTData - 150)')  # NaN below 150
group = GroupDatasets(Input=[wavelet, contour])
table = ProgrammableSource(OutputDataSetType='vtkTable', Script='''
import math
from vtkmodules.vtkCommonCore import vtkDoubleArray
x = vtkDoubleArray()
x.SetName('x')
for i in range(20000):
    x.InsertNextValue(math.sin(0.001 * i * i) * 40.0 + (i % 23))
self.GetOutput().AddColumn(x)
''')

rt = ['POINTS', 'RTData']
for bins in (1, 10, 256):
    compare(wavelet, 'image, %d bins' % bins, SelectInputArray=rt, BinCount=bins)
    compare(wavelet, 'image, %d bins centred' % bins, SelectInputArray=rt, BinCount=bins, CenterBinsAroundMinAndMax=1)
compare(wavelet, 'custom range', SelectInputArray=rt, BinCount=20, UseCustomBinRanges=1, CustomBinRanges=[100.0, 200.0])
compare(wavelet, 'reversed custom range', SelectInputArray=rt, BinCount=20, UseCustomBinRanges=1,
        CustomBinRanges=[200.0, 100.0])
compare(wavelet, 'normalized', SelectInputArray=rt, BinCount=30, Normalize=1)
for component in range(4):
    compare(gradient, 'gradient component %d' % component, SelectInputArray=['POINTS', 'Gradient'],
            Component=component, BinCount=40)
compare(cells, 'cell RTData', SelectInputArray=['CELLS', 'RTData'], BinCount=25)
compare(hexahedra, 'hexahedra', SelectInputArray=rt, BinCount=64)
compare(tetrahedra, 'tetrahedra, cell gradient magnitude', SelectInputArray=['CELLS', 'Gradient'], Component=3,
        BinCount=64)
compare(contour, 'contour of a noisy field', SelectInputArray=['POINTS', 'noisy'], BinCount=16)
compare(nan, 'NaN below 150', SelectInputArray=['POINTS', 'logs'], BinCount=12)
compare(group, 'multiblock of an image and a contour', SelectInputArray=rt, BinCount=10)
compare(table, 'table rows', SelectInputArray=['ROWS', 'x'], BinCount=50)
compare(wavelet, 'Calculate Averages', fallback=True, SelectInputArray=rt, BinCount=10, CalculateAverages=1)

# The proxy: ParaView's defaults, and the bar chart view ParaView opens for it.
loom = LoomHistogram(Input=wavelet)
paraview = Histogram(Input=wavelet)
for name in ('SelectInputArray', 'BinCount', 'Component', 'CalculateAverages', 'Normalize', 'UseCustomBinRanges',
             'CenterBinsAroundMinAndMax', 'CustomBinRanges'):
    mine, theirs = loom.GetPropertyValue(name), paraview.GetPropertyValue(name)
    check(repr(mine) == repr(theirs), '%s defaults to %r, ParaView\'s to %r' % (name, mine, theirs))
Delete(paraview)
hints = loom.GetProperty('Input').SMProperty.GetParent().GetHints()
view = hints.FindNestedElementByName('View') if hints is not None else None
check(view is not None and view.GetAttribute('type') == 'XYBarChartView', 'no XYBarChartView hint')
Delete(loom)

check(not failures, '\n'.join(['%d histograms differ from ParaView\'s:' % len(failures)] + failures))
print('pvpython Loom histogram test passed')
sys.exit(0)
