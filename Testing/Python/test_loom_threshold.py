# Loom pvpython test: Loom Threshold as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Threshold, with the same property names: the same kept cells (their input ids,
# carried as a cell array) on the wavelet as image, hexahedra and tetrahedra, a noisy field and the
# bundled datasets, over methods, all/any points, invert and cell scalars, on Serial and TBB; bad input.
import math
import os
import sys

from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import IDS_SCRIPT, check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def kept_ids(proxy):
    out = fetch(proxy)
    ids = out.GetCellData().GetArray('Ids')
    return vtk_to_numpy(ids) if ids is not None and out.GetNumberOfCells() else []


def against_paraview(source, what, scalars, lower, upper):
    # The input cell ids as a cell array 'Ids' (ParaView 5.11's Generate Ids drops the other arrays).
    source = ProgrammableFilter(Input=source, Script=IDS_SCRIPT)
    source.UpdatePipeline()
    checked = partial = 0
    cells = fetch(source).GetNumberOfCells()
    for method in ('Between', 'Below Lower Threshold', 'Above Upper Threshold'):
        for all_scalars in (1, 0):
            for invert in (0, 1):
                props = dict(Scalars=scalars, LowerThreshold=lower, UpperThreshold=upper, ThresholdMethod=method,
                             AllScalars=all_scalars, Invert=invert)
                ref = Threshold(Input=source, **props)
                expected = list(kept_ids(ref))
                partial += 0 < len(expected) < cells
                for device in devices():
                    loom = LoomThreshold(Input=source, Device=device, **props)
                    got = list(kept_ids(loom))
                    expect_ran_on(loom, device, what)
                    check(got == expected, '%s %r on %s: %d cells, ParaView %d' % (
                        what, props, device, len(got), len(expected)))
                    Delete(loom)
                Delete(ref)
                checked += 1
    check(partial >= 4, '%s: only %d settings keep some but not all cells: a weak comparison' % (what, partial))
    print('%s: %d settings agree with ParaView (%d keep some but not all of %d cells)' % (what, checked, partial, cells))


wavelet = Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11])
against_paraview(wavelet, 'wavelet image', ['POINTS', 'RTData'], 150.0, 200.0)
against_paraview(PointDatatoCellData(Input=wavelet), 'wavelet cells', ['CELLS', 'RTData'], 120.0, 180.0)
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
against_paraview(hexahedra, 'wavelet hexahedra', ['POINTS', 'RTData'], 150.0, 200.0)
against_paraview(Tetrahedralize(Input=wavelet), 'wavelet tetrahedra', ['POINTS', 'RTData'], 150.0, 200.0)
noisy = Calculator(Input=wavelet, ResultArrayName='Noisy', Function='sin(RTData*12.9898)*43758.5453 - floor(sin(RTData*12.9898)*43758.5453)')
against_paraview(noisy, 'noisy field', ['POINTS', 'Noisy'], 0.3, 0.6)
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'wedge_cells.vtk']:
    reader = LegacyVTKReader(FileNames=[os.path.join(DATA, name)])
    reader.UpdatePipeline()
    info = reader.PointData[0] if len(reader.PointData) else None
    if info is None:
        continue
    low, high = info.GetRange(0)
    against_paraview(reader, name, ['POINTS', info.Name], low + 0.3 * (high - low), low + 0.7 * (high - low))

# Default array selection picks RTData; the output keeps point and cell data.
default = LoomThreshold(Input=wavelet, LowerThreshold=150, UpperThreshold=200)
out = fetch(default)
check(out.GetNumberOfCells() > 0 and out.GetPointData().GetArray('RTData') is not None,
      'the default selection: %d cells, or no RTData point array' % out.GetNumberOfCells())
rt = vtk_to_numpy(out.GetPointData().GetArray('RTData'))
check(rt.min() >= 150 and rt.max() <= 200, 'All Scalars keeps only points in range')

# Bad input: a component past the array gives the error that names it and an empty output, not a crash
# (the thresholds are the array's range: the same proxy on the first component keeps every cell).
bad = LoomThreshold(Input=wavelet, Scalars=['POINTS', 'RTData'], ComponentMode='Selected', SelectInputComponent=3)
out, messages = fetch_with_messages(bad)
error = "Loom Threshold: Select Input Component is 3 but Scalars array 'RTData' has 1 component"
check(reported(messages, error),
      'a component past the array: not the error "%s" but %r' % (error, reported(messages)))
check(out.GetNumberOfCells() == 0, 'a component past the array: %d cells' % out.GetNumberOfCells())
bad.SelectInputComponent = 0
out, messages = fetch_with_messages(bad)
check(not reported(messages) and out.GetNumberOfCells() == fetch(wavelet).GetNumberOfCells(),
      'the first component: %d cells, messages %r' % (out.GetNumberOfCells(), messages))
# An empty input (a threshold that keeps nothing): an empty output, silently (no error, no warning).
nothing = Threshold(Input=wavelet, LowerThreshold=1000, UpperThreshold=2000)
check(fetch(nothing).GetNumberOfCells() == 0, 'the threshold meant to keep nothing kept cells')
out, messages = fetch_with_messages(LoomThreshold(Input=nothing))
check(out.GetNumberOfCells() == 0 and not reported(messages) and not reported(messages, 'Warning'),
      'an empty input: %d cells, messages %r' % (out.GetNumberOfCells(), messages))
print('pvpython Loom threshold test passed')
