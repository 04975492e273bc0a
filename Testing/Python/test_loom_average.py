# Loom pvpython test: the Loom averaging proxies as a ParaView user runs them (LoadDistributedPlugin,
# paraview.simple), compared with ParaView's own Point/Cell Data to Cell/Point Data; masks; bad input.
import math
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def compare(a, b, what, tol=1e-6):
    check(a is not None and b is not None, what + ': missing array')
    check(a.GetNumberOfTuples() == b.GetNumberOfTuples(), what + ': tuple counts differ')
    check(a.GetNumberOfComponents() == b.GetNumberOfComponents(), what + ': components differ')
    x = vtk_to_numpy(a).astype(numpy.float64).reshape(-1, a.GetNumberOfComponents())
    y = vtk_to_numpy(b).astype(numpy.float64).reshape(-1, b.GetNumberOfComponents())
    off = numpy.argwhere(~(numpy.abs(x - y) <= tol * numpy.maximum(1.0, numpy.abs(y))))  # a NaN differs too
    check(len(off) == 0, lambda: '%s: tuple %d: %g vs %g' % (what, off[0][0], x[tuple(off[0])], y[tuple(off[0])]))


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
for device in devices():
    f = LoomPointDatatoCellData(Input=wavelet, Device=device, ProcessAllArrays=0, PointDataArraystoProcess=['RTData'])
    out = fetch(f)
    expect_ran_on(f, device, 'Point Data to Cell Data')
    check(out.GetCellData().GetArray('RTData').GetNumberOfTuples() == 31 ** 3, '%s: not 31^3 cells' % device)

# A mask by ids: selected cells equal the unmasked run, the others are NaN.
full = fetch(LoomPointDatatoCellData(Input=wavelet)).GetCellData().GetArray('RTData')
masked = fetch(LoomPointDatatoCellData(Input=wavelet, MaskIds=[0, 5, 100])).GetCellData().GetArray('RTData')
for c in range(full.GetNumberOfTuples()):
    if c in (0, 5, 100):
        check(masked.GetTuple1(c) == full.GetTuple1(c), 'mask by ids: selected cell %d differs' % c)
    else:
        check(math.isnan(masked.GetTuple1(c)), 'mask by ids: cell %d is not NaN' % c)

# Bad input: a missing array gives an empty output (and a vtkErrorMacro naming it).
bad = LoomPointDatatoCellData(Input=wavelet, ProcessAllArrays=0, PointDataArraystoProcess=['no-such-array'])
check(fetch(bad).GetNumberOfPoints() == 0, 'a missing array must give an empty output')

# An empty dataset (a threshold that keeps nothing): an empty output, silently; a string array is refused: empty output.
empty = Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=1e6, UpperThreshold=2e6)
check(fetch(empty).GetNumberOfCells() == 0, 'the threshold meant to keep nothing kept cells')
check(fetch(LoomPointDatatoCellData(Input=empty)).GetNumberOfPoints() == 0, 'an empty input must give an empty output')
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
check(fetch(strings).GetNumberOfPoints() == 0, 'a string array must be refused')

print('pvpython Loom average test passed')
