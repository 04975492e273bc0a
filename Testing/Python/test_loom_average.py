# Loom pvpython test: the Loom averaging proxies as a ParaView user runs them (LoadDistributedPlugin,
# paraview.simple), compared with ParaView's own Point/Cell Data to Cell/Point Data; masks; bad input.
import math
import os
import sys

from paraview.simple import *

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def fetch(proxy):
    proxy.UpdatePipeline()
    return proxy.GetClientSideObject().GetOutputDataObject(0)


def compare(a, b, what, tol=1e-6):
    assert a is not None and b is not None, what + ': missing array'
    assert a.GetNumberOfTuples() == b.GetNumberOfTuples(), what + ': tuple counts differ'
    assert a.GetNumberOfComponents() == b.GetNumberOfComponents(), what + ': components differ'
    for t in range(a.GetNumberOfTuples()):
        for c in range(a.GetNumberOfComponents()):
            x, y = a.GetComponent(t, c), b.GetComponent(t, c)
            assert abs(x - y) <= tol * max(1.0, abs(y)), '%s: tuple %d: %g vs %g' % (what, t, x, y)


def check_against_paraview(source, what):
    source.UpdatePipeline()
    loom = LoomPointDatatoCellData(Input=source)
    ref = PointDatatoCellData(Input=source)
    lo, re = fetch(loom), fetch(ref)
    for i in range(re.GetCellData().GetNumberOfArrays()):
        name = re.GetCellData().GetArrayName(i)
        compare(lo.GetCellData().GetArray(name), re.GetCellData().GetArray(name), what + ' p2c ' + name)
    loom2 = LoomCellDatatoPointData(Input=ref)
    ref2 = CellDatatoPointData(Input=ref)
    lo2, re2 = fetch(loom2), fetch(ref2)
    for i in range(re2.GetPointData().GetNumberOfArrays()):
        name = re2.GetPointData().GetArrayName(i)
        compare(lo2.GetPointData().GetArray(name), re2.GetPointData().GetArray(name), what + ' c2p ' + name)


wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
check_against_paraview(wavelet, 'wavelet')
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'simple_unstructured_bin.vtk']:
    check_against_paraview(LegacyVTKReader(FileNames=[os.path.join(DATA, name)]), name)

# Devices and array selection.
for device in ['Serial', 'TBB']:
    f = LoomPointDatatoCellData(Input=wavelet, Device=device, ProcessAllArrays=0, PointDataArraystoProcess=['RTData'])
    out = fetch(f)
    assert out.GetCellData().GetArray('RTData').GetNumberOfTuples() == 31 ** 3, device

# A mask by ids: selected cells equal the unmasked run, the others are NaN.
full = fetch(LoomPointDatatoCellData(Input=wavelet)).GetCellData().GetArray('RTData')
masked = fetch(LoomPointDatatoCellData(Input=wavelet, MaskIds=[0, 5, 100])).GetCellData().GetArray('RTData')
for c in range(full.GetNumberOfTuples()):
    if c in (0, 5, 100):
        assert masked.GetTuple1(c) == full.GetTuple1(c), c
    else:
        assert math.isnan(masked.GetTuple1(c)), c

# Bad input: a missing array gives an empty output (and a vtkErrorMacro naming it).
bad = LoomPointDatatoCellData(Input=wavelet, ProcessAllArrays=0, PointDataArraystoProcess=['no-such-array'])
assert fetch(bad).GetNumberOfPoints() == 0, 'a missing array must give an empty output'

# An empty dataset (a threshold that keeps nothing): an empty output, silently; a string array is refused: empty output.
empty = Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=1e6, UpperThreshold=2e6)
assert fetch(empty).GetNumberOfCells() == 0
assert fetch(LoomPointDatatoCellData(Input=empty)).GetNumberOfPoints() == 0, 'an empty input must give an empty output'
with_strings = ProgrammableFilter(Input=wavelet)
with_strings.Script = """
from vtkmodules.vtkCommonCore import vtkStringArray
out = self.GetOutput()
out.ShallowCopy(self.GetInput())
names = vtkStringArray()
names.SetName('names')
names.SetNumberOfValues(out.GetNumberOfPoints())
out.GetPointData().AddArray(names)
"""
with_strings.UpdatePipeline()
strings = LoomPointDatatoCellData(Input=with_strings, ProcessAllArrays=0)
strings.PointDataArraystoProcess = ['names']
assert fetch(strings).GetNumberOfPoints() == 0, 'a string array must be refused'

print('pvpython Loom average test passed')
