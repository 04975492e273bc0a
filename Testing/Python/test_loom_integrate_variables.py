# Loom pvpython test: LoomIntegrateVariables as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Integrate Variables with ParaView's property names: the wavelet as image, hexahedra and
# tetrahedra with its point data and cell averages, its contour (a surface), its surface's edges (lines), a
# multiblock of two of them, each with Divide Cell Data By Volume off and on, on the Serial and TBB devices
# (the device the run names for its CUDA twin): one point and one vertex, every array by name and order,
# doubles, within 1e-9 of the integral of the values' size; the proxy's default and its spreadsheet view.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def arrays(attributes):
    return [attributes.GetArray(i) for i in range(attributes.GetNumberOfArrays())]


def largest(data):
    """The largest magnitude of any value of any numeric array of the dataset (the tolerance's scale)."""
    top = 1.0
    for attributes in (data.GetPointData(), data.GetCellData()):
        for a in arrays(attributes):
            if a is not None:
                for c in range(a.GetNumberOfComponents()):
                    low, high = a.GetRange(c)
                    top = max(top, abs(low), abs(high))
    return top


failures = []


def compare(source, what):
    data = fetch(source)
    leaves = [data] if data.IsA('vtkDataSet') else []
    if not leaves:
        iterator = data.NewIterator()
        iterator.InitTraversal()
        while not iterator.IsDoneWithTraversal():
            leaves.append(iterator.GetCurrentDataObject())
            iterator.GoToNextItem()
    scale = max(largest(leaf) for leaf in leaves)
    for divide in (0, 1):
        reference = IntegrateVariables(Input=source, DivideCellDataByVolume=divide)
        expected = fetch(reference)
        measure = None
        for name in ('Length', 'Area', 'Volume'):
            if expected.GetCellData().GetArray(name) is not None:
                measure = expected.GetCellData().GetArray(name).GetValue(0)
        tolerance = 1e-9 * scale * max(1.0, abs(measure or 1.0))
        for device in devices():
            loom = LoomIntegrateVariables(Input=source, DivideCellDataByVolume=divide, Device=device)
            got = fetch(loom)
            label = '%s, divide %d, %s' % (what, divide, device)
            expect_ran_on(loom, device, label)
            problems = []
            if (got.GetNumberOfPoints(), got.GetNumberOfCells()) != (1, 1) or got.GetCellType(0) != 1:
                problems.append('not one point and one vertex')
            else:
                p, q = expected.GetPoint(0), got.GetPoint(0)
                if max(abs(p[j] - q[j]) for j in range(3)) > 1e-5 * max(1.0, max(abs(v) for v in p)):
                    problems.append('point %r, ParaView %r' % (q, p))
            for side in ('GetPointData', 'GetCellData'):
                e, g = arrays(getattr(expected, side)()), arrays(getattr(got, side)())
                if [a.GetName() for a in e] != [a.GetName() for a in g]:
                    problems.append('%s arrays %r, ParaView %r' % (side, [a.GetName() for a in g], [a.GetName() for a in e]))
                    continue
                for a, b in zip(e, g):
                    if b.GetDataType() != 11 or a.GetNumberOfComponents() != b.GetNumberOfComponents():
                        problems.append('%s: type %d, %d components' % (b.GetName(), b.GetDataType(), b.GetNumberOfComponents()))
                        continue
                    # Divided cell arrays are averages: the tolerance of the values' size.
                    limit = tolerance / abs(measure) if divide and side == 'GetCellData' and measure else tolerance
                    for c in range(a.GetNumberOfComponents()):
                        if abs(a.GetComponent(0, c) - b.GetComponent(0, c)) > limit:
                            problems.append('%s[%d] %r, ParaView %r' % (b.GetName(), c, b.GetComponent(0, c), a.GetComponent(0, c)))
            print('ok  ' if not problems else 'FAIL', label, measure)
            failures.extend('%s: %s' % (label, p) for p in problems)
            Delete(loom)
        Delete(reference)


wavelet = Wavelet(WholeExtent=[-10, 10, -10, 10, -10, 10])
cells = PointDatatoCellData(Input=wavelet, PassPointData=1)
hexahedra = MergeBlocks(Input=cells)
tetrahedra = Tetrahedralize(Input=cells)
contour = Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], ComputeScalars=1)
edges = FeatureEdges(Input=ExtractSurface(Input=cells))
group = GroupDatasets(Input=[hexahedra, contour])
for source, what in ((cells, 'image'), (hexahedra, 'hexahedra'), (tetrahedra, 'tetrahedra'), (contour, 'contour'),
                     (edges, 'surface edges (lines)'), (group, 'multiblock of hexahedra and a surface')):
    compare(source, what)

# The proxy: ParaView's default, and the spreadsheet view ParaView opens for it.
loom = LoomIntegrateVariables(Input=wavelet)
check(loom.DivideCellDataByVolume == 0, 'DivideCellDataByVolume defaults to %r' % loom.DivideCellDataByVolume)
hints = loom.GetProperty('Input').SMProperty.GetParent().GetHints()
view = hints.FindNestedElementByName('View') if hints is not None else None
check(view is not None and view.GetAttribute('type') == 'SpreadSheetView', 'no SpreadSheetView hint')

check(not failures, '\n'.join(['%d integrals differ from ParaView\'s:' % len(failures)] + failures))
print('pvpython Loom integrate variables test passed')
sys.exit(0)
