# Loom pvpython test: every Loom filter made with only its input, beside its ParaView twin made the same
# way, on an image (the wavelet), a hexahedral grid (the wavelet as explicit hexahedra) and polygonal data
# (a contour of the wavelet, with normals; a capped cylinder, its polygons and triangulated): the
# properties both proxies have hold the same values, and
# the outputs have the same points and the same cells (each cell's points matched by position, in any
# order; point and cell order may differ), or both filters refuse the input. The documented differences
# (DOCUMENTED) are compared by what they keep: Tetrahedralize on explicit hexahedra (the volume) and on
# polygons (the area), Contour on triangles whose points repeat positions (the cells by position).
# Prints the defaults table. LOOM_DEFAULTS_VERBOSE=1 prints every property compared.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy  # noqa: E402
from paraview import servermanager  # noqa: E402
from paraview.simple import (CellDatatoPointData, CleantoGrid, Clip, Contour, Delete, Elevation,  # noqa: E402
                             ExtractSurface, Gradient, LoadDistributedPlugin, PointDatatoCellData,
                             PVTrivialProducer, QuadricClustering, Slice, Tetrahedralize, Threshold,
                             Transform, WarpByScalar, WarpByVector, Wavelet)
from vtkmodules.vtkCommonDataModel import vtkStaticPointLocator  # noqa: E402
from vtkmodules.vtkCommonCore import vtkIdList  # noqa: E402

from loom_testing import check, fetch, integrated, wavelet_hexahedra  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402,F401  (Loom's Python module, shipped in the plugin: no PYTHONPATH)

# Loom proxy -> ParaView's twin, and whether it takes cell data in (then both get ParaView's Point Data
# to Cell Data of the input first).
PAIRS = [
    ('LoomPointDatatoCellData', PointDatatoCellData, False),
    ('LoomCellDatatoPointData', CellDatatoPointData, True),
    ('LoomContour', Contour, False),
    ('LoomTetrahedralize', Tetrahedralize, False),
    ('LoomThreshold', Threshold, False),
    ('LoomSlice', Slice, False),
    ('LoomClip', Clip, False),
    ('LoomExtractSurface', ExtractSurface, False),
    ('LoomCleantoGrid', CleantoGrid, False),
    ('LoomLevelofDetail', QuadricClustering, False),
    ('LoomGradient', Gradient, False),
    ('LoomElevation', Elevation, False),
    ('LoomWarpByScalar', WarpByScalar, False),
    ('LoomWarpByVector', WarpByVector, False),
    ('LoomTransform', Transform, False),
]
# (Loom proxy, input) -> (what is compared instead, why): 'volume' (the same volume), 'cells' (the same
# cells by position and the same point positions; Loom may repeat a position ParaView's merges).
DOCUMENTED = {
    ('LoomTetrahedralize', 'hexahedra'): ('volume', 'ParaView splits explicit hexahedra by an ordered '
                                                    'Delaunay rule, Loom in six: the same volume'),
    ('LoomTetrahedralize', 'cylinder'): ('area', 'ParaView ear-cuts polygons, Loom fans them from their '
                                                 'first point: the same area for convex polygons'),
    ('LoomContour', 'cylinder triangles'): ('cells', 'ParaView merges contour points on polygonal data by '
                                                     'position, Loom by input edge: where the input repeats a '
                                                     'position (a capped cylinder\'s seams) Loom repeats the '
                                                     'point; the same cells'),
}
# Properties whose values are not settings (information, inputs) or name the filter's own extras.
SKIP = {'Input', 'Selection'}


def inputs():
    image = Wavelet(WholeExtent=[-8, 8, -8, 8, -8, 8])
    image.UpdatePipeline()
    hexes = PVTrivialProducer()
    hexes.GetClientSideObject().SetOutput(wavelet_hexahedra((-6, 6, -6, 6, -6, 6)))
    hexes.UpdatePipeline()
    surface = Contour(Input=image, ContourBy=['POINTS', 'RTData'], Isosurfaces=[150.0], ComputeNormals=1,
                      ComputeScalars=1)
    surface.UpdatePipeline()
    # Polygons with repeated points (the caps' points repeat the side's) and an array varying over them.
    from paraview.simple import Cylinder, Elevation as ParaViewElevation
    cylinder = ParaViewElevation(Input=Cylinder(Resolution=16, Capping=1, Height=1.3), LowPoint=[-1, -1, -1],
                                 HighPoint=[1, 1, 1])
    cylinder.UpdatePipeline()
    from paraview.simple import Triangulate
    triangles = Triangulate(Input=cylinder)
    triangles.UpdatePipeline()
    return [('image', image), ('hexahedra', hexes), ('polygons', surface), ('cylinder', cylinder),
            ('cylinder triangles', triangles)]


def value(prop):
    """A property's value as comparable Python data (a proxy property by its proxies' XML names and values)."""
    try:
        v = prop.GetData()
    except Exception:  # noqa: BLE001
        return None
    if isinstance(v, servermanager.Proxy):
        return (v.GetXMLName(), tuple(sorted((n, str(value(v.GetProperty(n)))) for n in v.ListProperties())))
    if hasattr(v, '__iter__') and not isinstance(v, str):
        return tuple(value_of(x) for x in v)
    return value_of(v)


def value_of(x):
    if isinstance(x, float):
        return round(x, 9)
    if isinstance(x, servermanager.Proxy):
        return x.GetXMLName()
    return x


def cells_by_position(reference, data):
    """The cells of `data` as sorted tuples of `reference`'s point ids (points matched by position), with
    their cell types, sorted; None when a point of `data` has no point of `reference` at its position."""
    locator = vtkStaticPointLocator()
    locator.SetDataSet(reference)
    locator.BuildLocator()
    bounds = reference.GetBounds()
    scale = max(1.0, max(abs(b) for b in bounds))
    tolerance = 1e-5 * scale
    ids = numpy.empty(data.GetNumberOfPoints(), dtype=numpy.int64)
    for p in range(data.GetNumberOfPoints()):
        x = data.GetPoint(p)
        q = locator.FindClosestPoint(x)
        if q < 0:
            return None
        y = reference.GetPoint(q)
        if max(abs(x[d] - y[d]) for d in range(3)) > tolerance:
            return None
        ids[p] = q
    cells = []
    points = vtkIdList()
    for c in range(data.GetNumberOfCells()):
        data.GetCellPoints(c, points)
        cells.append((data.GetCellType(c),) + tuple(sorted(ids[points.GetId(k)] for k in range(points.GetNumberOfIds()))))
    cells.sort()
    return cells


def outcome(proxy):
    """(the output, None) or (None, 'refused') when the filter gave nothing from a non-empty input."""
    data = fetch(proxy)
    if data is None or data.GetNumberOfPoints() == 0:
        return None, 'empty'
    return data, None


def compare(name, pv, loom_proxy, where):
    problems = []
    # The properties both proxies have.
    for prop in sorted(set(pv.ListProperties()) & set(loom_proxy.ListProperties()) - SKIP):
        a, b = value(pv.GetProperty(prop)), value(loom_proxy.GetProperty(prop))
        if os.environ.get('LOOM_DEFAULTS_VERBOSE'):
            print('  %s %s: ParaView %s, Loom %s' % (name, prop, a, b))
        if a != b:
            problems.append('%s: ParaView %s, Loom %s' % (prop, a, b))
    expected, why_e = outcome(pv)
    got, why_g = outcome(loom_proxy)
    if expected is None or got is None:
        if (expected is None) != (got is None):
            problems.append('ParaView %s, Loom %s' % (why_e or 'made output', why_g or 'made output'))
        return problems, 'both empty' if expected is None and got is None else 'differ'
    summary = '%d pts / %d cells' % (got.GetNumberOfPoints(), got.GetNumberOfCells())
    if (name, where) in DOCUMENTED:
        compared, why = DOCUMENTED[(name, where)]
        if compared in ('volume', 'area'):
            measure = compared.capitalize()
            a, b = integrated(pv, measure), integrated(loom_proxy, measure)
            if abs(a - b) > 1e-9 * max(1.0, abs(a)):
                problems.append('%s %.12g, ParaView %.12g' % (compared, b, a))
            if got.GetNumberOfCells() != expected.GetNumberOfCells():
                problems.append('%d cells, ParaView %d' % (got.GetNumberOfCells(), expected.GetNumberOfCells()))
        else:
            mine, theirs = cells_by_position(expected, got), cells_by_position(expected, expected)
            if mine != theirs:
                problems.append('the cells differ by position')
            if cells_by_position(got, expected) is None:
                problems.append('ParaView has points Loom does not')
        return problems, summary + ' (' + why + ')'
    if got.GetNumberOfPoints() != expected.GetNumberOfPoints():
        problems.append('%d points, ParaView %d' % (got.GetNumberOfPoints(), expected.GetNumberOfPoints()))
    if got.GetNumberOfCells() != expected.GetNumberOfCells():
        problems.append('%d cells, ParaView %d' % (got.GetNumberOfCells(), expected.GetNumberOfCells()))
    if not problems:
        mine = cells_by_position(expected, got)
        theirs = cells_by_position(expected, expected)
        if mine is None:
            problems.append('points ParaView does not have')
        elif mine != theirs:
            differ = sum(1 for a, b in zip(mine, theirs) if a != b)
            problems.append('%d of %d cells differ' % (differ, len(mine)))
    return problems, summary + (', the same points and cells' if not problems else '')


def main():
    failures = []
    table = ['| Loom filter | input | Loom with defaults | against ParaView\'s |', '|---|---|---|---|']
    for where, source in inputs():
        cells_in = PointDatatoCellData(Input=source)
        cells_in.UpdatePipeline()
        for name, twin, wants_cells in PAIRS:
            upstream = cells_in if wants_cells else source
            pv = twin(Input=upstream)
            loom_proxy = globals()[name](Input=upstream)
            problems, summary = compare(name, pv, loom_proxy, where)
            table.append('| %s | %s | %s | %s |' % (name, where, summary, '; '.join(problems) or 'same'))
            if problems:
                failures.append('%s on %s: %s' % (name, where, '; '.join(problems)))
            Delete(loom_proxy)
            Delete(pv)
    print('\n'.join(table))
    check(not failures, 'Loom defaults differ from ParaView\'s:\n  ' + '\n  '.join(failures))
    print('Loom defaults pvpython test passed (%d filters on %d inputs)' % (len(PAIRS), len(table) // len(PAIRS)))


main()
