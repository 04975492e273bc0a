# Loom pvpython test: Loom Gradient as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Gradient with the same property values: the same arrays (names, types, components)
# with values within 1e-9 relative for double arrays and 1e-5 for float arrays (both compute in double
# and store floats; a cell array's point average is a float, summed in a different order), the input's arrays passed, on the wavelet as image, rectilinear-like image
# cells, hexahedra, tetrahedra and their surface, and the bundled datasets; point and cell arrays, a
# 3-component array with divergence, vorticity and Q-criterion, Faster Approximation and the
# contributing-cell options; Serial and TBB. Masks: the selected points equal ParaView's, the others
# NaN or the kept array's; a ParaView selection (ids, threshold) as the mask; a bad mask id refused with
# an empty output.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']
OUTPUTS = ('ResultArrayName', 'DivergenceArrayName', 'VorticityArrayName', 'QCriterionArrayName')


def attributes(data, association):
    return data.GetPointData() if association == 'POINTS' else data.GetCellData()


def compare(expected, got, what):
    """Every array of `expected` in `got`, same kind and shape, values within the tolerance."""
    check(expected.GetNumberOfArrays() == got.GetNumberOfArrays(), '%s: %d arrays, ParaView %d' % (
        what, got.GetNumberOfArrays(), expected.GetNumberOfArrays()))
    worst = 0.0
    for i in range(expected.GetNumberOfArrays()):
        e = expected.GetArray(i)
        if e is None:
            continue
        g = got.GetArray(e.GetName())
        check(g is not None, '%s: no array %s' % (what, e.GetName()))
        check(g.GetDataType() == e.GetDataType(), '%s: %s is %s, ParaView %s' % (
            what, e.GetName(), g.GetDataTypeAsString(), e.GetDataTypeAsString()))
        a, b = vtk_to_numpy(g).astype(numpy.float64), vtk_to_numpy(e).astype(numpy.float64)
        check(a.shape == b.shape, '%s: %s shape %s, ParaView %s' % (what, e.GetName(), a.shape, b.shape))
        check(numpy.array_equal(numpy.isnan(a), numpy.isnan(b)), '%s: %s NaNs differ' % (what, e.GetName()))
        scale = max(numpy.nanmax(numpy.abs(b)) if b.size else 0.0, 1e-300)
        error = numpy.nanmax(numpy.abs(a - b)) / scale if b.size else 0.0
        tolerance = 1e-9 if e.GetDataType() == 11 else 1e-5  # VTK_DOUBLE
        check(error <= tolerance, '%s: %s differs by %.3g relative' % (what, e.GetName(), error))
        worst = max(worst, error)
    return worst


def against_paraview(source, array, what, association='POINTS', **settings):
    ref = Gradient(Input=source, ScalarArray=[association, array], **settings)
    expected = fetch(ref)
    for device in devices():
        loom = LoomGradient(Input=source, ScalarArray=[association, array], Device=device, **settings)
        got = fetch(loom)
        expect_ran_on(loom, device, what)
        check(got.GetClassName() == expected.GetClassName(), '%s %s: %s, ParaView %s' % (
            what, device, got.GetClassName(), expected.GetClassName()))
        check(got.GetNumberOfCells() == expected.GetNumberOfCells(), '%s %s: %d cells, ParaView %d' % (
            what, device, got.GetNumberOfCells(), expected.GetNumberOfCells()))
        worst = compare(expected.GetPointData(), got.GetPointData(), '%s %s point data' % (what, device))
        worst = max(worst, compare(expected.GetCellData(), got.GetCellData(), '%s %s cell data' % (what, device)))
        Delete(loom)
    Delete(ref)
    print('%s: %d arrays as ParaView\'s, worst %.3g relative' % (
        what, attributes(expected, association).GetNumberOfArrays(), worst))


wavelet = Wavelet(WholeExtent=[-10, 10, -9, 9, -8, 8])
# A 3-component double array (the wavelet's own gradient) for divergence, vorticity and Q-criterion.
velocity = Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'], ResultArrayName='V')
vectors = Calculator(Input=velocity, Function='V', ResultArrayName='Velocity', ResultArrayType='Double')
derived = dict(ComputeDivergence=1, ComputeVorticity=1, ComputeQCriterion=1)

against_paraview(wavelet, 'RTData', 'image, point RTData')
against_paraview(vectors, 'Velocity', 'image, point velocity with divergence, vorticity, Q', **derived)
cells = PointDatatoCellData(Input=vectors, PassPointData=1)
against_paraview(cells, 'RTData', 'image, cell RTData', association='CELLS')
against_paraview(cells, 'Velocity', 'image, cell velocity', association='CELLS', **derived)
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=vectors))
against_paraview(hexahedra, 'RTData', 'hexahedra, point RTData')
against_paraview(hexahedra, 'Velocity', 'hexahedra, point velocity', **derived)
against_paraview(hexahedra, 'Velocity', 'hexahedra, faster approximation', FasterApproximation=1, **derived)
against_paraview(AppendDatasets(Input=cells), 'RTData', 'hexahedra, cell RTData', association='CELLS')
tetrahedra = Tetrahedralize(Input=vectors)
against_paraview(tetrahedra, 'Velocity', 'tetrahedra, point velocity', **derived)
surface = ExtractSurface(Input=hexahedra)
for option in ('All', 'Patch', 'Dataset Max'):
    against_paraview(surface, 'RTData', 'surface quads, contributing cells %s' % option,
                     ContributingCellOption=option)
against_paraview(Tetrahedralize(Input=surface), 'RTData', 'surface triangles')
for name in ('voxel_cells.vtk', 'wedge_cells.vtk', 'simple_unstructured_bin.vtk'):
    reader = LegacyVTKReader(FileNames=[os.path.join(DATA, name)])
    data = fetch(reader)
    for association, attrs in (('POINTS', data.GetPointData()), ('CELLS', data.GetCellData())):
        for i in range(attrs.GetNumberOfArrays()):
            a = attrs.GetArray(i)
            if a is not None and a.GetNumberOfComponents() <= 3:
                against_paraview(reader, a.GetName(), '%s %s %s' % (name, association.lower(), a.GetName()),
                                 association=association)
    Delete(reader)

# Masks: 1 % of the points by ids, and by a mask array; the others NaN, or the kept array's values.
full = fetch(Gradient(Input=vectors, ScalarArray=['POINTS', 'Velocity'], ResultArrayName='G'))
G = vtk_to_numpy(full.GetPointData().GetArray('G'))
n = full.GetNumberOfPoints()
ids = list(range(0, n, 100))
selected = numpy.zeros(n, dtype=bool)
selected[ids] = True
for device in devices():
    masked = LoomGradient(Input=vectors, ScalarArray=['POINTS', 'Velocity'], ResultArrayName='G', MaskIds=ids,
                          Device=device)
    M = vtk_to_numpy(fetch(masked).GetPointData().GetArray('G'))
    expect_ran_on(masked, device, 'masked gradient')
    check(numpy.allclose(M[selected], G[selected], rtol=1e-12, atol=0), 'masked by ids: selected values differ')
    check(numpy.isnan(M[~selected]).all(), 'masked by ids: unselected points are not NaN')
    Delete(masked)
flagged = Calculator(Input=vectors, Function='coordsX > 9.5', ResultArrayName='Selected')
keep = Calculator(Input=flagged, Function='V_X*iHat+V_Y*jHat+V_Z*kHat', ResultArrayName='Old')
old = fetch(keep)
masked = LoomGradient(Input=keep, ScalarArray=['POINTS', 'RTData'], ResultArrayName='G', MaskArray='Selected',
                      KeepArray='V')
M = vtk_to_numpy(fetch(masked).GetPointData().GetArray('G'))
R = vtk_to_numpy(fetch(Gradient(Input=keep, ScalarArray=['POINTS', 'RTData'], ResultArrayName='G')).GetPointData().GetArray('G'))
flags = vtk_to_numpy(old.GetPointData().GetArray('Selected')) != 0
check(0 < flags.sum() < n // 10, 'the mask array selects %d points' % flags.sum())
check(numpy.allclose(M[flags], R[flags], rtol=1e-6), 'masked by array: selected values differ')
check(numpy.array_equal(M[~flags], vtk_to_numpy(old.GetPointData().GetArray('V'))[~flags].astype(M.dtype)),
      'masked by array: unselected points do not keep V')
print('masks: %d (ids) and %d (array) of %d points computed as ParaView\'s, the others NaN or kept' % (
    len(ids), flags.sum(), n))

# A ParaView selection as the mask (IDSelectionSource, as SelectIDs makes): the same 1% of the points.
selection = IDSelectionSource(IDs=[v for i in ids for v in (0, i)], FieldType='POINT')
for device in devices():
    masked = LoomGradient(Input=vectors, ScalarArray=['POINTS', 'Velocity'], ResultArrayName='G', Selection=selection,
                          Device=device)
    M = vtk_to_numpy(fetch(masked).GetPointData().GetArray('G'))
    expect_ran_on(masked, device, 'masked gradient')
    check(numpy.allclose(M[selected], G[selected], rtol=1e-12, atol=0), 'masked by a selection: selected values differ')
    check(numpy.isnan(M[~selected]).all(), 'masked by a selection: unselected points are not NaN')
    Delete(masked)
# A threshold selection (vtkExtractSelection's path): the points with RTData in [150, 200].
threshold = ThresholdSelectionSource(ArrayName='RTData', Thresholds=[150, 200], FieldType='POINT')
masked = LoomGradient(Input=vectors, ScalarArray=['POINTS', 'Velocity'], ResultArrayName='G', Selection=threshold)
M = vtk_to_numpy(fetch(masked).GetPointData().GetArray('G'))
rt = vtk_to_numpy(full.GetPointData().GetArray('RTData'))
inside = (rt >= 150) & (rt <= 200)
check(0 < inside.sum() < n and numpy.allclose(M[inside], G[inside], rtol=1e-12), 'threshold selection: selected values')
check(numpy.isnan(M[~inside]).all(), 'threshold selection: unselected points are not NaN')
print('selections: %d points by ids, %d by a threshold, computed as ParaView\'s, the others NaN' % (
    len(ids), inside.sum()))

# A mask id past the points: an error (its wording is checked by the C++ test) and an empty output.
bad = LoomGradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'], MaskIds=[0, n * 10])
check(fetch(bad).GetNumberOfPoints() == 0, 'a bad mask id gave an output')
print('Loom Gradient pvpython test passed')
sys.exit(0)
