# Loom pvpython test: ParaView's own filters on Loom (the plugin's object factory and its redefined proxies).
# ParaView's Contour, Slice, Clip, Threshold, Extract Surface, Gradient, the averaging filters, Elevation,
# the warps, Tetrahedralize, Clean to Grid and Quadric Clustering, made with paraview.simple's names, run with
# Accelerate ParaView Filters on and off on the same inputs (image, rectilinear, structured, hexahedra,
# tetrahedra, polygons, triangles, multiblocks, a partitioned dataset collection): on, the execution record
# says Loom ran; the outputs are the same points, the same cells and the same arrays in the same order,
# values within 1e-5 of each array's largest magnitude (float32 sums in another order). What Loom does not
# take falls back to ParaView's code with one info message, or fails in strict mode; off, Loom records
# nothing. Then state files and a Python trace, with and without the plugin.
import os
import sys

import numpy
from paraview import servermanager
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkCommonCore import vtkSMPTools
from vtkmodules.vtkCommonDataModel import vtkMultiBlockDataSet, vtkRectilinearGrid, vtkStructuredGrid
from vtkmodules.vtkFiltersCore import vtkAppendFilter
from vtkmodules.vtkFiltersGeneral import vtkDataSetTriangleFilter, vtkImageDataToPointSet

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, fetch_with_messages, reported, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402  (after the plugin: the wrapped classes)

SETTINGS = GetSettingsProxy('LoomSettings')
# pvpython saves the settings when it exits: the user's value is put back at the end.
USERS_VALUE = SETTINGS.AccelerateParaViewFilters
check(SETTINGS.GetProperty('AccelerateParaViewFilters').SMProperty.GetDefaultValue(0) == 1,
      'Accelerate ParaView Filters is on by default')
check(SETTINGS.GetProperty('GPUInputCache').SMProperty.GetDefaultValue(0) == 4096,
      'the GPU input cache keeps 4096 MiB by default')


def inputs():
    """The datasets every filter runs on, each with RTData on its points and RTCells on its cells."""
    image = wavelet_source([-10, 10, -10, 10, -10, 10]).GetOutput()
    from vtkmodules.vtkFiltersCore import vtkPointDataToCellData
    to_cells = vtkPointDataToCellData()
    to_cells.SetInputData(image)
    to_cells.PassPointDataOn()
    to_cells.Update()
    image = to_cells.GetOutput()
    image.GetCellData().GetArray('RTData').SetName('RTCells')
    from vtkmodules.util.numpy_support import numpy_to_vtk
    rt = vtk_to_numpy(image.GetPointData().GetArray('RTData')).astype(numpy.float32)
    displacement = numpy_to_vtk(numpy.ascontiguousarray(numpy.stack([rt, -0.5 * rt, 0.25 * rt], axis=1) * 1e-3),
                                deep=1)
    displacement.SetName('Displacement')
    image.GetPointData().AddArray(displacement)
    rectilinear = vtkRectilinearGrid()
    dims = image.GetDimensions()
    rectilinear.SetDimensions(dims)
    from vtkmodules.vtkCommonCore import vtkDoubleArray
    for axis, setter in enumerate((rectilinear.SetXCoordinates, rectilinear.SetYCoordinates,
                                   rectilinear.SetZCoordinates)):
        coordinates = vtkDoubleArray()
        for i in range(dims[axis]):
            coordinates.InsertNextValue(-10 + i + 0.05 * i * i)  # uneven steps
        setter(coordinates)
    rectilinear.GetPointData().ShallowCopy(image.GetPointData())
    rectilinear.GetCellData().ShallowCopy(image.GetCellData())
    to_points = vtkImageDataToPointSet()
    to_points.SetInputData(image)
    to_points.Update()
    structured = vtkStructuredGrid()
    structured.DeepCopy(to_points.GetOutput())
    append = vtkAppendFilter()
    append.SetInputData(structured)
    append.Update()
    hexahedra = append.GetOutput()
    tets = vtkDataSetTriangleFilter()
    tets.SetInputData(hexahedra)
    tets.Update()
    tetrahedra = tets.GetOutput()
    from vtkmodules.vtkFiltersGeometry import vtkGeometryFilter
    surface = vtkGeometryFilter()
    surface.SetInputData(hexahedra)
    surface.Update()
    polygons = surface.GetOutput()  # quads, with RTData and RTCells
    blocks = vtkMultiBlockDataSet()
    blocks.SetBlock(0, image)
    blocks.SetBlock(1, hexahedra)
    from loom_testing import wavelet_hexahedra
    halves = vtkAppendFilter()  # two blocks of hexahedra side by side, the points of their interface twice
    halves.AddInputData(wavelet_hexahedra([-10, 0, -10, 10, -10, 10]))
    halves.AddInputData(wavelet_hexahedra([0, 10, -10, 10, -10, 10]))
    halves.Update()
    from vtkmodules.vtkCommonDataModel import vtkUnstructuredGrid, VTK_QUADRATIC_TETRA
    from vtkmodules.vtkCommonCore import vtkFloatArray, vtkPoints
    quadratic = vtkUnstructuredGrid()  # one cell Loom's cell sets do not take, RTData = x + y + z
    corners = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (.5, 0, 0), (.5, .5, 0), (0, .5, 0), (0, 0, .5),
               (.5, 0, .5), (0, .5, .5)]
    points, values = vtkPoints(), vtkFloatArray()
    values.SetName('RTData')
    for p in corners:
        points.InsertNextPoint(p)
        values.InsertNextValue(sum(p))
    quadratic.SetPoints(points)
    quadratic.GetPointData().SetScalars(values)
    quadratic.InsertNextCell(VTK_QUADRATIC_TETRA, 10, list(range(10)))
    from vtkmodules.vtkFiltersCore import vtkContourFilter
    contour = vtkContourFilter()  # triangles, with RTData and the cell data of nothing (none)
    contour.SetInputData(image)
    contour.SetValue(0, 157.0)
    contour.Update()
    triangles = contour.GetOutput()
    surfaces = vtkMultiBlockDataSet()  # polygons and triangles as blocks
    surfaces.SetBlock(0, polygons)
    surfaces.SetBlock(1, triangles)
    from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData
    polyvertex = vtkPolyData()  # a polyvertex over bins far apart and a triangle, with cell data
    points, verts, polys, ids = vtkPoints(), vtkCellArray(), vtkCellArray(), vtkFloatArray()
    for p in [(0, 0, 0), (9, 0, 0), (0, 9, 0), (0, 0, 9), (9, 9, 9), (4, 5, 6)]:
        points.InsertNextPoint(p)
    verts.InsertNextCell(5, [0, 1, 2, 3, 4])
    polys.InsertNextCell(3, [1, 2, 5])
    ids.SetName('CellIds')
    ids.InsertNextValue(10.0)
    ids.InsertNextValue(20.0)
    polyvertex.SetPoints(points)
    polyvertex.SetVerts(verts)
    polyvertex.SetPolys(polys)
    polyvertex.GetCellData().AddArray(ids)
    from vtkmodules.vtkCommonDataModel import vtkPartitionedDataSet, vtkPartitionedDataSetCollection
    partitioned = vtkPartitionedDataSetCollection()  # an image and hexahedra in one, tetrahedra in the other
    first, second = vtkPartitionedDataSet(), vtkPartitionedDataSet()
    first.SetPartition(0, image)
    first.SetPartition(1, hexahedra)
    second.SetPartition(0, tetrahedra)
    partitioned.SetPartitionedDataSet(0, first)
    partitioned.SetPartitionedDataSet(1, second)
    # Where the sampling filters sample, and the stream tracer starts: points off the wavelet's grid lines (a
    # point on a face that two cells share may take either cell's value: the filters' pages).
    from vtkmodules.vtkCommonDataModel import vtkImageData
    samples = vtkImageData()
    samples.SetDimensions(7, 6, 5)
    samples.SetOrigin(-8.7, -7.3, -6.1)
    samples.SetSpacing(2.53, 2.71, 2.9)
    seeds = vtkPolyData()
    seed_points = vtkPoints()
    for p in [(1.37, -2.71, 0.53), (-4.19, 3.33, -1.87), (6.29, 0.41, 4.77), (-0.83, -6.67, -5.31)]:
        seed_points.InsertNextPoint(p)
    seeds.SetPoints(seed_points)
    # An image with global ids on its points, and a structured grid with a blanked cell: the extracting and measuring
    # filters' copies differ from VTK's there (ParaView's code runs).
    from vtkmodules.vtkCommonCore import vtkIdTypeArray
    with_ids = vtkImageData()
    with_ids.DeepCopy(image)
    ids = vtkIdTypeArray()
    ids.SetName('GlobalPointIds')
    for p in range(with_ids.GetNumberOfPoints()):
        ids.InsertNextValue(1000 + p)
    with_ids.GetPointData().SetGlobalIds(ids)
    blanked = vtkStructuredGrid()
    blanked.DeepCopy(structured)
    blanked.BlankCell(137)
    return [('samples', samples), ('seeds', seeds), ('globalids', with_ids), ('blanked', blanked),
            ('quadratic', quadratic), ('triangles', triangles), ('polyvertex', polyvertex),
            ('partitioned', partitioned), ('surfaces', surfaces), ('image', image), ('rectilinear', rectilinear),
            ('structured', structured), ('hexahedra', hexahedra), ('tetrahedra', tetrahedra),
            ('polygons', polygons), ('multiblock', blocks), ('halves', halves.GetOutput())]


def producer(data):
    """A pipeline source holding `data` (builtin session: the client-side object is the server's)."""
    source = TrivialProducer()
    source.GetClientSideObject().SetOutput(data)
    source.UpdatePipeline()
    return source


def record(proxy):
    return loom.vtkLoomExecution.GetLast(proxy.GetClientSideObject())


def leaves(data):
    if data.IsA('vtkCompositeDataSet'):
        iterator = data.NewIterator()
        iterator.InitTraversal()
        found = []
        while not iterator.IsDoneWithTraversal():
            found.append(iterator.GetCurrentDataObject())
            iterator.GoToNextItem()
        return found
    return [data]


POLYDATA_TYPES = {  # a polydata cell's VTK type from its kind and size (as vtkPolyData::GetCellType gives it)
    'verts': lambda n: numpy.where(n == 1, 1, 2), 'lines': lambda n: numpy.where(n == 2, 3, 4),
    'polys': lambda n: numpy.where(n == 3, 5, numpy.where(n == 4, 9, 7)), 'strips': lambda n: numpy.full_like(n, 6)}


def explicit_cells(data):
    """(types, offsets, connectivity) of an unstructured grid's or polydata's cells, in cell order."""
    def arrays(cells):
        if cells is None or cells.GetNumberOfCells() == 0:
            return numpy.zeros(1, dtype=numpy.int64), numpy.zeros(0, dtype=numpy.int64)
        return (vtk_to_numpy(cells.GetOffsetsArray()).astype(numpy.int64),
                vtk_to_numpy(cells.GetConnectivityArray()).astype(numpy.int64))
    if data.IsA('vtkUnstructuredGrid'):
        offsets, connectivity = arrays(data.GetCells())
        types = (vtk_to_numpy(data.GetCellTypesArray()).astype(numpy.int64) if data.GetNumberOfCells()
                 else numpy.zeros(0, dtype=numpy.int64))
        return types, offsets, connectivity
    types, offsets, connectivity, base = [], [numpy.zeros(1, dtype=numpy.int64)], [], 0
    for kind, cells in (('verts', data.GetVerts()), ('lines', data.GetLines()), ('polys', data.GetPolys()),
                        ('strips', data.GetStrips())):
        o, c = arrays(cells)
        types.append(POLYDATA_TYPES[kind](numpy.diff(o)))
        offsets.append(o[1:] + base)
        connectivity.append(c)
        base += len(c)
    return numpy.concatenate(types), numpy.concatenate(offsets), numpy.concatenate(connectivity)


def grid_points(data):
    """The points of an image or a rectilinear grid, x fastest, as VTK numbers them."""
    if data.IsA('vtkRectilinearGrid'):
        axes = [vtk_to_numpy(a).astype(numpy.float64) for a in (data.GetXCoordinates(), data.GetYCoordinates(),
                                                                   data.GetZCoordinates())]
    else:
        e, o, d = data.GetExtent(), data.GetOrigin(), data.GetSpacing()
        axes = [o[a] + d[a] * numpy.arange(e[2 * a], e[2 * a + 1] + 1) for a in range(3)]
    z, y, x = numpy.meshgrid(axes[2], axes[1], axes[0], indexing='ij')
    return numpy.stack([x.ravel(), y.ravel(), z.ravel()], axis=1)


def canonical(data, offset=0.0):
    """The points sorted by their coordinates (rounded to 1e-4) and the order that sorts them; the cells as
    lists of sorted-point positions (a polygon or a line rotated to start at its smallest point, its
    orientation kept; a tetrahedron's points sorted: the order of its points, its orientation, is checked by
    Filters.Tetrahedralize, where every tetrahedron of Loom's is positive), grouped by type and size and
    sorted, and the order of the cells that goes with them. An image's or a grid's cells are its dimensions."""
    n = data.GetNumberOfPoints()
    if n == 0:
        return numpy.zeros((0, 3)), numpy.zeros(0, dtype=int), [], numpy.zeros(0, dtype=int)
    if data.IsA('vtkPointSet'):
        points = vtk_to_numpy(data.GetPoints().GetData()).astype(numpy.float64)
    else:
        points = grid_points(data)
    key = numpy.floor(points / 1e-4 + offset).astype(numpy.int64)
    order = numpy.lexsort((key[:, 2], key[:, 1], key[:, 0]))
    if not (data.IsA('vtkUnstructuredGrid') or data.IsA('vtkPolyData')):
        return points[order], order, [('dimensions', numpy.array(data.GetDimensions()))], \
            numpy.arange(data.GetNumberOfCells())
    rank = numpy.empty(n, dtype=numpy.int64)
    rank[order] = numpy.arange(n)
    types, offsets, connectivity = explicit_cells(data)
    sizes = numpy.diff(offsets)
    cells, cell_order = [], []
    for cell_type, size in sorted(set(zip(types.tolist(), sizes.tolist()))):
        which = numpy.nonzero((types == cell_type) & (sizes == size))[0]
        m = rank[connectivity[offsets[which][:, None] + numpy.arange(size)]] if size else \
            numpy.zeros((len(which), 0), dtype=numpy.int64)
        if cell_type == 10:  # VTK_TETRA
            m.sort(axis=1)
        elif size:
            start = m.argmin(axis=1)
            m = m[numpy.arange(len(m))[:, None], (start[:, None] + numpy.arange(size)) % size]
        sorting = numpy.lexsort(m.T[::-1]) if size else numpy.arange(len(m))
        cells.append(((cell_type, size), m[sorting]))
        cell_order.append(which[sorting])
    return points[order], order, cells, numpy.concatenate(cell_order)


def same_cells(a, b):
    return len(a) == len(b) and all(ka == kb and numpy.array_equal(ma, mb) for (ka, ma), (kb, mb) in zip(a, b))


def arrays_in_order(attributes):
    return [attributes.GetArrayName(i) for i in range(attributes.GetNumberOfArrays())]


def same(loom_data, paraview_data, what):
    """The same points, cells and arrays (names, order, types, values within 1e-5 relative); a table (Histogram):
    the same columns in order, of the same types, every value equal."""
    check(loom_data.GetClassName() == paraview_data.GetClassName(), '%s: a %s, ParaView makes a %s' % (
        what, loom_data.GetClassName(), paraview_data.GetClassName()))
    if paraview_data.IsA('vtkTable'):
        columns = lambda t: [(t.GetColumn(c).GetName(), t.GetColumn(c).GetDataType(),  # noqa: E731
                              vtk_to_numpy(t.GetColumn(c)).tolist()) for c in range(t.GetNumberOfColumns())]
        check(columns(loom_data) == columns(paraview_data), lambda: '%s: the table %r, ParaView %r' % (
            what, columns(loom_data), columns(paraview_data)))
        check(paraview_data.GetNumberOfColumns() > 0 or what.endswith('(empty)'), '%s: an empty table' % what)
        return
    got, want = leaves(loom_data), leaves(paraview_data)
    check(len(got) == len(want), '%s: %d blocks, ParaView %d' % (what, len(got), len(want)))
    for block, (g, w) in enumerate(zip(got, want)):
        label = '%s block %d' % (what, block)
        check(g.GetNumberOfPoints() == w.GetNumberOfPoints() and g.GetNumberOfCells() == w.GetNumberOfCells(),
              '%s: %d points, %d cells; ParaView %d, %d' % (label, g.GetNumberOfPoints(), g.GetNumberOfCells(),
                                                           w.GetNumberOfPoints(), w.GetNumberOfCells()))
        if w.GetNumberOfPoints() == 0:
            continue
        # Points on a grid of 1e-4, shifted where a point of one output and its twin (1e-15 apart) would fall
        # on either side of a grid line: the first shift whose cells agree.
        for offset in (0.5, 0.87):
            gp, gorder, gcells, gcell_order = canonical(g, offset)
            wp, worder, wcells, wcell_order = canonical(w, offset)
            if same_cells(gcells, wcells):
                break
        check(gp.shape == wp.shape and numpy.allclose(gp, wp, rtol=0, atol=1e-4), lambda: '%s: the points differ by '
              'up to %g' % (label, numpy.abs(gp - wp).max() if gp.shape == wp.shape else float('inf')))
        check(same_cells(gcells, wcells), label + ': the cells differ')
        for kind, order_g, order_w in (('point', gorder, worder), ('cell', None, None)):
            ga = g.GetPointData() if kind == 'point' else g.GetCellData()
            wa = w.GetPointData() if kind == 'point' else w.GetCellData()
            check(arrays_in_order(ga) == arrays_in_order(wa), '%s: %s arrays %s, ParaView %s' % (
                label, kind, arrays_in_order(ga), arrays_in_order(wa)))
            for name in arrays_in_order(wa):
                x, y = ga.GetArray(name), wa.GetArray(name)
                if y is None:
                    continue
                check(x.GetDataType() == y.GetDataType(), '%s: %s array %s is a %s, ParaView a %s' % (
                    label, kind, name, x.GetDataTypeAsString(), y.GetDataTypeAsString()))
                xv = vtk_to_numpy(x).astype(numpy.float64).reshape(x.GetNumberOfTuples(), -1)
                yv = vtk_to_numpy(y).astype(numpy.float64).reshape(y.GetNumberOfTuples(), -1)
                if kind == 'point':
                    xv, yv = xv[order_g], yv[order_w]
                else:
                    # Cells in the canonical order of each output.
                    xv, yv = xv[gcell_order], yv[wcell_order]
                # Float32 sums in another order (and their differences, for a derivative): within 1e-5 of
                # the array's largest magnitude.
                scale = max(1.0, float(numpy.nanmax(numpy.abs(yv)))) if yv.size and not numpy.isnan(yv).all() else 1.0
                off = numpy.abs(xv - yv) > 1e-5 * scale
                off &= ~(numpy.isnan(xv) & numpy.isnan(yv))
                check(not off.any(), lambda: '%s: %s array %s differs at %s (%d values): %r, ParaView %r' % (
                    label, kind, name, numpy.argwhere(off)[0], off.sum(), xv[tuple(numpy.argwhere(off)[0])],
                    yv[tuple(numpy.argwhere(off)[0])]))


def output_of(make, source, accelerate):
    """A new proxy from make(source), run with acceleration on or off: (a copy of its output, the
    output window's text, its record's devices or None, whether the record says it fell back)."""
    SETTINGS.AccelerateParaViewFilters = 1 if accelerate else 0
    proxy = make(source)
    data, messages = fetch_with_messages(proxy)
    copy = data.NewInstance()
    copy.DeepCopy(data)
    r = record(proxy)
    ran = (r.GetDevices(), r.GetFallback(), r.GetMessage()) if r is not None else None
    Delete(proxy)
    return copy, messages, ran


# Where clip() and slice_() place each function: through the wavelet's middle, off its grid points.
PLACED = {'Plane': {'Origin': [0.5, -1.0, 0.25], 'Normal': [1.0, 0.4, 0.2]},
          'Box': {'Position': [-4.0, -5.0, -6.0], 'Length': [9.0, 8.0, 11.0], 'Rotation': [0, 0, 20]},
          'Sphere': {'Center': [1.0, 0.5, -0.5], 'Radius': 7.5},
          'Cylinder': {'Center': [0.0, 1.0, 0.0], 'Axis': [0.2, 1.0, 0.1], 'Radius': 6.0}}


def threaded(proxy):
    """`proxy`, with VTK's SMP backend set to STDThread (its probe then walks each thread's share of the samples on
    its own)."""
    vtkSMPTools.SetBackend('STDThread')
    return proxy


def probe_at(source, center):
    """ParaView's Probe Location of one point at `center`."""
    made = ProbeLocation(Input=source, ProbeType='Fixed Radius Point Source')
    made.ProbeType.Center = center
    return made


def trace_from_line(source):
    """ParaView's Stream Tracer of Displacement from 60 points on its default line (the bounds' diagonal)."""
    made = StreamTracer(Input=source, Vectors=['POINTS', 'Displacement'], SeedType='Line',
                        MaximumStreamlineLength=20.0)
    made.SeedType.Resolution = 59
    return made


THROUGH_ORIGIN = {'Origin': [0.0, 0.0, 0.0]}  # the tilted plane through grid points (the origin is one)


def place(function, kind, at):
    """Sets the function's PLACED values for `kind`, then those of `at` (a dict of the same names)."""
    for name, value in dict(PLACED.get(kind, {}), **(at or {})).items():
        setattr(function, name, value)


def clip(source, kind, at=None, **properties):
    """ParaView's Clip of `kind` (Plane, Box, Sphere, Cylinder or Scalar), placed as PLACED and `at` say."""
    made = Clip(Input=source, ClipType=kind, **properties)
    place(made.ClipType, kind, at)
    return made


def slice_(source, kind, at=None, **properties):
    """ParaView's Slice of `kind` (Plane, Sphere or Cylinder), placed as clip() places them."""
    made = Slice(Input=source, SliceType=kind, **properties)
    place(made.SliceType, kind, at)
    return made


def value_at(source, point):
    """RTData at a point of the source's dataset (points 4630 and 4000 of the inputs here differ)."""
    return float(source.GetClientSideObject().GetOutputDataObject(0).GetPointData().GetArray('RTData').GetValue(point))



def transform(source, all_vectors):
    # ParaView's Transform: a translation, a rotation and an uneven scale.
    t = Transform(Input=source, TransformAllInputVectors=all_vectors)
    t.Transform = 'Transform'
    t.Transform.Translate = [1.0, -2.0, 0.5]
    t.Transform.Rotate = [15.0, -30.0, 45.0]
    t.Transform.Scale = [2.0, 1.0, 0.5]
    return t

FILTERS = [
    ('Contour one value', lambda s: Contour(Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]),
     ('image', 'rectilinear', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Contour three values, scalars and normals', lambda s: Contour(
        Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[100.0, 157.0, 220.0], ComputeScalars=1,
        ComputeNormals=1), ('image', 'hexahedra', 'tetrahedra')),
    ('Contour, no normals or scalars', lambda s: Contour(
        Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[180.0], ComputeScalars=0, ComputeNormals=0),
     ('image', 'structured')),  # unstructured with Compute Scalars off: ParaView's code, out of the factory's reach
    ('Gradient of a point array', lambda s: Gradient(Input=s, ScalarArray=['POINTS', 'RTData']),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'multiblock', 'partitioned')),
    ('Gradient of a cell array', lambda s: Gradient(Input=s, ScalarArray=['CELLS', 'RTCells']),
     ('image', 'hexahedra', 'tetrahedra')),
    ('Cell Data to Point Data', lambda s: CellDatatoPointData(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Cell Data to Point Data, passing', lambda s: CellDatatoPointData(Input=s, PassCellData=1),
     ('image', 'hexahedra')),
    ('Point Data to Cell Data', lambda s: PointDatatoCellData(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Point Data to Cell Data, passing', lambda s: PointDatatoCellData(Input=s, PassPointData=1),
     ('image', 'hexahedra')),
    ('Threshold between', lambda s: Threshold(Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0,
                                              UpperThreshold=200.0),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Threshold below, any point', lambda s: Threshold(Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=120.0,
                                                       ThresholdMethod='Below Lower Threshold', AllScalars=0),
     ('image', 'hexahedra', 'tetrahedra')),
    ('Threshold above, inverted', lambda s: Threshold(Input=s, Scalars=['POINTS', 'RTData'], UpperThreshold=180.0,
                                                      ThresholdMethod='Above Upper Threshold', Invert=1),
     ('image', 'hexahedra')),
    ('Threshold of a cell array', lambda s: Threshold(Input=s, Scalars=['CELLS', 'RTCells'], LowerThreshold=100.0,
                                                      UpperThreshold=170.0),
     ('image', 'structured', 'hexahedra')),
    ('Threshold, continuous cell range', lambda s: Threshold(
        Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=160.0, UpperThreshold=161.0, UseContinuousCellRange=1),
     ('image', 'tetrahedra')),
    ('Elevation', lambda s: Elevation(Input=s, LowPoint=[-10.0, -8.0, -10.0], HighPoint=[10.0, 9.0, 10.0],
                                      ScalarRange=[-1.0, 2.0]),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Warp By Scalar', lambda s: WarpByScalar(Input=s, Scalars=['POINTS', 'RTData'], ScaleFactor=0.01),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Warp By Scalar along a normal', lambda s: WarpByScalar(Input=s, Scalars=['POINTS', 'RTData'], ScaleFactor=-0.02,
                                                             Normal=[1.0, 2.0, 0.5], UseNormal=1),
     ('image', 'hexahedra')),
    ('Warp By Vector', lambda s: WarpByVector(Input=s, Vectors=['POINTS', 'Displacement'], ScaleFactor=2.0),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Transform', lambda s: transform(s, 1),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Transform, the vectors and normals only', lambda s: transform(s, 0), ('image', 'hexahedra', 'polygons')),
    ('Tetrahedralize', lambda s: Tetrahedralize(Input=s), ('image', 'rectilinear', 'structured')),
    ('Clip by a plane', lambda s: clip(s, 'Plane'),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Clip by a plane, not inverted', lambda s: clip(s, 'Plane', Invert=0), ('image', 'hexahedra')),
    # Through input points (values equal to the cut's, where filters differ most): ParaView's default Clip
    # through the grid's center points, a tilted plane through points, a scalar, threshold bounds and an
    # isovalue equal to an input point's value; a threshold whose lower bound is above its upper (Loom's
    # warning about it is not said for ParaView's filter).
    ("Clip, ParaView's default plane through grid points", lambda s: Clip(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    ('Clip by a tilted plane through grid points', lambda s: clip(s, 'Plane', THROUGH_ORIGIN),
     ('image', 'structured', 'hexahedra', 'tetrahedra')),
    ('Clip by a tilted plane through grid points, crinkle', lambda s: clip(s, 'Plane', THROUGH_ORIGIN, Crinkleclip=1),
     ('image', 'hexahedra')),
    ('Clip by a scalar equal to a point\'s', lambda s: Clip(
        Input=s, ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=value_at(s, 4630)),
     ('image', 'hexahedra', 'tetrahedra')),
    ('Threshold from a point\'s value, lower above upper', lambda s: Threshold(
        Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=max(value_at(s, 4630), value_at(s, 4000)),
        UpperThreshold=min(value_at(s, 4630), value_at(s, 4000))),
     ('image', 'tetrahedra')),
    ('Threshold from a point\'s value', lambda s: Threshold(
        Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=value_at(s, 4630),
        UpperThreshold=value_at(s, 4630) + 20.0),
     ('image', 'tetrahedra')),
    ('Contour at a point\'s value', lambda s: Contour(
        Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[value_at(s, 4630)]), ('image', 'hexahedra', 'tetrahedra')),
    ('Clip by a box', lambda s: clip(s, 'Box'), ('image', 'hexahedra')),
    ('Clip by a box, exact', lambda s: clip(s, 'Box', Exact=1), ('image',)),
    ('Clip by a sphere', lambda s: clip(s, 'Sphere'), ('image', 'tetrahedra')),
    ('Clip by a cylinder', lambda s: clip(s, 'Cylinder'), ('image', 'hexahedra')),
    ('Clip by a sphere, crinkle', lambda s: clip(s, 'Sphere', Crinkleclip=1), ('image', 'hexahedra')),
    ('Clip by a scalar', lambda s: clip(s, 'Scalar', Scalars=['POINTS', 'RTData'], Value=150.0),
     ('image', 'structured', 'hexahedra', 'tetrahedra', 'multiblock', 'partitioned')),
    ('Slice by a plane', lambda s: slice_(s, 'Plane'),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'multiblock', 'partitioned')),
    # ParaView's default Slice of an image of odd point counts: along x through its middle layer of points, cut as
    # vtkCutter's flying edges cut it (the points on the plane below it, the faces from the cells past them).
    ("Slice, ParaView's default plane through grid points", lambda s: Slice(Input=s), ('image',)),
    ('Slice along -y through a layer of grid points', lambda s: slice_(
        s, 'Plane', {'Origin': [0.0, 3.0, -4.0], 'Normal': [0.0, -1.0, 0.0]}), ('image',)),
    ('Slice along z through a layer of grid points', lambda s: slice_(
        s, 'Plane', {'Origin': [0.0, 3.0, -4.0], 'Normal': [0.0, 0.0, 1.0]}), ('image',)),
    ('Slice by a plane, three offsets', lambda s: slice_(s, 'Plane', SliceOffsetValues=[-3.0, 0.0, 2.5]),
     ('image', 'hexahedra')),
    ('Slice by a sphere', lambda s: slice_(s, 'Sphere'), ('image', 'tetrahedra')),
    ('Slice by a cylinder', lambda s: slice_(s, 'Cylinder'), ('hexahedra',)),
    ('Extract Surface', lambda s: ExtractSurface(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'multiblock', 'partitioned')),
    ('Clean to Grid', lambda s: CleantoGrid(Input=s), ('image', 'hexahedra', 'tetrahedra', 'polygons')),
    ('Quadric Clustering', lambda s: QuadricClustering(Input=s), ('polygons', 'triangles', 'surfaces')),
    ('Quadric Clustering, coarse, internal triangles, no cell data', lambda s: QuadricClustering(
        Input=s, NumberofDimensions=[7, 5, 9], UseInternalTriangles=1, CopyCellData=0), ('triangles', 'surfaces')),
    ('Clean to Grid, absolute tolerance', lambda s: CleantoGrid(Input=s, ToleranceIsAbsolute=1, AbsoluteTolerance=0.3),
     ('hexahedra',)),
    ('Integrate Variables', lambda s: IntegrateVariables(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Integrate Variables, cell data divided', lambda s: IntegrateVariables(Input=s, DivideCellDataByVolume=1),
     ('image', 'hexahedra')),
    ('Histogram', lambda s: Histogram(Input=s, SelectInputArray=['POINTS', 'RTData'], BinCount=20),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Histogram of a cell array, centred, normalized', lambda s: Histogram(
        Input=s, SelectInputArray=['CELLS', 'RTCells'], BinCount=7, CenterBinsAroundMinAndMax=1, Normalize=1),
     ('image', 'hexahedra')),
    ('Histogram of a vector\'s magnitude, custom range', lambda s: Histogram(
        Input=s, SelectInputArray=['POINTS', 'Displacement'], Component=3, UseCustomBinRanges=1,
        CustomBinRanges=[0.0, 0.3]), ('image',)),
    # (Images and rectilinear grids hold voxels and pixels: NaN everywhere, no device run to record.)
    ('Mesh Quality', lambda s: MeshQuality(Input=s),
     ('structured', 'hexahedra', 'tetrahedra', 'polygons', 'multiblock', 'partitioned')),
    ('Mesh Quality, relative sizes', lambda s: MeshQuality(
        Input=s, TriangleQualityMeasure='Relative Size Squared', TetQualityMeasure='Shape and Size',
        HexQualityMeasure='Shape and Size'),
     ('structured', 'hexahedra', 'tetrahedra', 'polygons')),
    ('Generate Surface Normals', lambda s: GenerateSurfaceNormals(Input=s), ('polygons', 'triangles', 'surfaces')),
    ('Generate Surface Normals, sharp, flipped, cell normals', lambda s: GenerateSurfaceNormals(
        Input=s, FeatureAngle=10.0, FlipNormals=1, ComputeCellNormals=1), ('polygons', 'triangles')),
    ('Generate Surface Normals, no splitting', lambda s: GenerateSurfaceNormals(Input=s, Splitting=0),
     ('triangles', 'polyvertex')),
    # (An image's cells are measured from its spacing: no device run to record.)
    ('Cell Size', lambda s: CellSize(Input=s),
     ('rectilinear', 'structured', 'hexahedra', 'tetrahedra', 'polygons', 'triangles', 'polyvertex',
      'multiblock', 'partitioned')),
    ('Cell Size, sums, some measures', lambda s: CellSize(Input=s, ComputeSum=1, ComputeVertexCount=0, ComputeLength=0,
                                                          VolumeArrayName='V'), ('hexahedra', 'polygons')),
    ('Extract Subset', lambda s: ExtractSubset(Input=s, VOI=[-5, 6, -4, 7, -3, 2]), ('image', 'structured')),
    ('Extract Subset of grid indices', lambda s: ExtractSubset(Input=s, VOI=[2, 15, 0, 9, 4, 11]), ('rectilinear',)),
    ('Extract Subset, sampled, boundary', lambda s: ExtractSubset(
        Input=s, VOI=[1, 18, 0, 20, 3, 16], SampleRateI=3, SampleRateJ=2, SampleRateK=4, IncludeBoundary=1),
     ('rectilinear',)),
    ('Resample To Image', lambda s: ResampleToImage(Input=s, SamplingDimensions=[17, 15, 13]),
     ('image', 'hexahedra', 'tetrahedra')),
    ('Resample To Image, bounds of its own', lambda s: ResampleToImage(
        Input=s, UseInputBounds=0, SamplingBounds=[-12.0, 6.5, -3.0, 9.0, -7.5, 7.5], SamplingDimensions=[11, 9, 7]),
     ('image', 'tetrahedra')),
    ('Connectivity', lambda s: Connectivity(Input=s),
     ('image', 'hexahedra', 'tetrahedra', 'polygons', 'triangles', 'halves', 'multiblock')),
    ('Resample With Dataset at points off the grid lines', lambda s: ResampleWithDataset(
        SourceDataArrays=s, DestinationMesh=sources['samples']),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    # Onto the grid's own points: each on a vertex several source cells hold (the previous point's cell, else the
    # one ParaView's static cell locator takes).
    ('Resample With Dataset onto the tetrahedra\'s points', lambda s: ResampleWithDataset(
        SourceDataArrays=s, DestinationMesh=sources['tetrahedra']), ('image', 'structured', 'hexahedra', 'tetrahedra')),
    # (A Cell Locator of its own counts only where a point set's cells are searched point by point.)
    ('Resample With Dataset with a Cell Locator of its own, onto an image', lambda s: ResampleWithDataset(
        SourceDataArrays=s, DestinationMesh=sources['samples'], CellLocator='Cell Locator'), ('image', 'hexahedra')),
    ('Resample With Dataset, partial arrays, the input\'s arrays passed', lambda s: ResampleWithDataset(
        SourceDataArrays=s, DestinationMesh=sources['samples'], PassPartialArrays=1, PassPointArrays=1,
        PassCellArrays=1, MarkBlankPointsAndCells=1), ('image', 'hexahedra')),
    # (ParaView's default probe point, the bounds' centre, is a grid point eight cells hold; the default line
    # meets grid points.)
    ('Probe Location off the grid lines', lambda s: probe_at(s, [1.37, -2.71, 0.53]),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    ('Probe Location, ParaView\'s default', lambda s: ProbeLocation(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    ('Plot Over Line, ParaView\'s default', lambda s: PlotOverLine(Input=s),
     ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    ('Plot Over Line, 137 segments, no field arrays', lambda s: PlotOverLine(
        Input=s, Point1=[-9.3, 8.1, -2.2], Point2=[7.7, -6.4, 5.9], Resolution=137, PassFieldArrays=0),
     ('image', 'hexahedra', 'tetrahedra')),
    ('Stream Tracer from a line', trace_from_line, ('image', 'rectilinear', 'structured', 'hexahedra', 'tetrahedra')),
    ('Stream Tracer with Custom Source, Runge-Kutta 4, forward', lambda s: StreamTracerWithCustomSource(
        Input=s, SeedSource=sources['seeds'], Vectors=['POINTS', 'Displacement'], IntegratorType='Runge-Kutta 4',
        IntegrationDirection='FORWARD', MaximumStreamlineLength=20.0), ('image', 'hexahedra')),
    ('Connectivity, closest point, sizes descending, no colors', lambda s: Connectivity(
        Input=s, ExtractionMode='Extract Closest Point Region', ClosestPoint=[3.0, -2.0, 1.0],
        RegionIdAssignmentMode='Cell Count Descending', ColorRegions=0), ('triangles', 'halves')),
]

data = dict(inputs())
sources = {name: producer(d) for name, d in data.items()}
compared = 0
for label, make, kinds in FILTERS:
    for kind in kinds:
        what = '%s on %s' % (label, kind)
        on, messages_on, ran_on = output_of(make, sources[kind], True)
        off, messages_off, ran_off = output_of(make, sources[kind], False)
        check(not reported(messages_on) and not reported(messages_on, kind='Warning'),
              '%s: messages with acceleration on: %s' % (what, messages_on))
        check(ran_on is not None and ran_on[0] not in ('VTK', 'none') and not ran_on[1],
              '%s: Loom did not run it (record %s)' % (what, ran_on))
        check(ran_off is None, '%s: Loom recorded an execution with acceleration off (%s)' % (what, ran_off))
        same(on, off, what)
        compared += 1
        print('%s: Loom (%s) gives ParaView\'s output' % (what, ran_on[0]), flush=True)

# What Loom does not take: ParaView's code, one info message, the same output; strict: an error.
for what, make, kind, reason in [
        ('Contour with normals on a structured grid', FILTERS[0][1], 'structured', 'structured grid'),
        ('Tetrahedralize of hexahedra', lambda s: Tetrahedralize(Input=s), 'hexahedra', 'Delaunay'),
        # Loom Contour's own fallback, declined: ParaView's code runs once, with Loom's reason.
        ('Contour of a quadratic tetrahedron', lambda s: Contour(Input=s, ContourBy=['POINTS', 'RTData'],
                                                                 Isosurfaces=[0.4]), 'quadratic', 'vtkQuadraticTetra'),
        ('Extract Surface with coincident points', lambda s: ExtractSurface(Input=s), 'halves', 'coincident'),
        ('Slice not triangulated', lambda s: slice_(s, 'Plane', Triangulatetheslice=0), 'hexahedra', 'Triangulate'),
        # A slice through input points: vtkCutter keeps triangles collapsed there; Loom finds the points (in its
        # plane band, or among the function's values). (An image cut along an axis through a layer of its points is
        # Loom's: FILTERS.)
        ("Slice, ParaView's default plane through grid points", lambda s: Slice(Input=s), 'tetrahedra', 'exactly on'),
        ('Slice, a tilted plane through grid points of an image', lambda s: slice_(s, 'Plane', THROUGH_ORIGIN),
         'image', 'exactly on'),
        ('Slice, a tilted plane through grid points, two offsets', lambda s: slice_(
            s, 'Plane', THROUGH_ORIGIN, SliceOffsetValues=[0.0, 3.0]), 'hexahedra', 'exactly on'),
        ('Quadric Clustering without input points', lambda s: QuadricClustering(Input=s, UseInputPoints=0), 'triangles',
         'Use Input Points'),
        ('Quadric Clustering with feature edges', lambda s: QuadricClustering(Input=s, UseFeatureEdges=1), 'triangles',
         'Feature Edges'),
        ('Quadric Clustering of polyvertex cells', lambda s: QuadricClustering(Input=s), 'polyvertex', 'polyvertex'),
        ('Histogram with Calculate Averages', lambda s: Histogram(Input=s, SelectInputArray=['POINTS', 'RTData'],
                                                                  CalculateAverages=1), 'image', 'Calculate Averages'),
        ('Histogram of a missing array (empty)', lambda s: Histogram(Input=s, SelectInputArray=['POINTS', 'nothing']),
         'image', 'not in the input'),
        ('Generate Surface Normals of a polyvertex beside a triangle', lambda s: GenerateSurfaceNormals(Input=s),
         'polyvertex', 'vertices or lines'),
        ('Cell Size with sums of a composite input', lambda s: CellSize(Input=s, ComputeSum=1), 'multiblock',
         'Compute Sum on composite input'),
        ('Extract Subset of an image sampled along I only', lambda s: ExtractSubset(
            Input=s, VOI=[-8, 8, -8, 8, -8, 8], SampleRateI=2), 'image', 'some axes only'),
        ('Extract Subset, sampled, of a grid with cell data from -10', lambda s: ExtractSubset(
            Input=s, VOI=[-8, 8, -8, 8, -8, 8], SampleRateI=2, SampleRateJ=2, SampleRateK=2), 'structured',
         'does not start at 0'),
        ('Resample To Image of a multiblock', lambda s: ResampleToImage(Input=s, SamplingDimensions=[9, 9, 9]),
         'multiblock', 'composite data'),
        ('Connectivity of an image with global ids', lambda s: Connectivity(Input=s), 'globalids', 'global ids'),
        ('Extract Subset of an image with global ids', lambda s: ExtractSubset(Input=s, VOI=[-5, 6, -4, 7, -3, 2]),
         'globalids', 'global ids'),
        ('Connectivity of a structured grid with a blanked cell', lambda s: Connectivity(Input=s), 'blanked',
         'blanked'),
        ('Cell Size of a structured grid with a blanked cell', lambda s: CellSize(Input=s), 'blanked', 'blanked'),
        ('Resample With Dataset from a multiblock', lambda s: ResampleWithDataset(
            SourceDataArrays=s, DestinationMesh=sources['samples']), 'multiblock', 'composite data'),
        ('Probe Location in a multiblock', lambda s: probe_at(s, [1.37, -2.71, 0.53]), 'multiblock', 'composite data'),
        ('Plot Over Line of a quadratic tetrahedron', lambda s: PlotOverLine(
            Input=s, Point1=[0.0, 0.0, 0.0], Point2=[1.0, 1.0, 1.0], Resolution=37), 'quadratic', 'cell type'),
        ('Resample With Dataset with a Cell Locator of its own', lambda s: ResampleWithDataset(
            SourceDataArrays=s, DestinationMesh=sources['tetrahedra'], CellLocator='Cell Locator'), 'hexahedra',
         'Cell Locator vtkCellLocator'),
        ('Plot Over Line at cell boundaries', lambda s: PlotOverLine(
            Input=s, SamplingPattern='Sample At Cell Boundaries'), 'image', 'Sampling Pattern'),
        ('Plot Over Line passing the input\'s arrays', lambda s: PlotOverLine(
            Input=s, PassPointArrays=1, PassCellArrays=1), 'image', 'Pass Point Arrays'),
        ('Connectivity, largest region', lambda s: Connectivity(Input=s, ExtractionMode='Extract Largest Region'),
         'halves', 'largest or specified'),
        # (Last: VTK's threaded backend stays on until the loop ends.)
        ('Plot Over Line under VTK\'s STDThread backend', lambda s: threaded(PlotOverLine(Input=s)), 'tetrahedra',
         'SMP backend is STDThread'),
]:
    on, messages, ran = output_of(make, sources[kind], True)
    off, _, _ = output_of(make, sources[kind], False)
    check(ran is not None and ran[0].endswith('VTK') and ran[1] and reason in ran[2],
          '%s falls back: %s' % (what, ran))
    if 'STDThread' not in what:  # (there VTK's threads take the samples in an order of their own, run to run)
        same(on, off, what)
vtkSMPTools.SetBackend('Sequential')
# Re-executions on unchanged input (an isovalue or a threshold dragged over a volume): ParaView's Contour, Threshold
# and Clip on Loom, their value moved between executions, read only the part of the 64^3 wavelet their values
# reach from the second execution on (the value blocks made then; the record says "read a part"), and give
# ParaView's output at each value.
for label, make, move in [
        ('Contour near the peak', lambda s: Contour(Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[250.0]),
         lambda p, v: setattr(p, 'Isosurfaces', [v])),
        ('Threshold near the peak', lambda s: Threshold(Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=250.0,
                                                        UpperThreshold=400.0),
         lambda p, v: setattr(p, 'LowerThreshold', v)),
        ('Clip near the peak', lambda s: Clip(Input=s, ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=250.0,
                                              Invert=0),
         lambda p, v: setattr(p, 'Value', v))]:
    peak_wavelet = wavelet_source([-32, 31] * 3)  # an array of its own: the filter's first execution reads it whole
    peak = producer(peak_wavelet.GetOutput())
    SETTINGS.AccelerateParaViewFilters = 1
    proxy = make(peak)
    for execution, value in enumerate((250.0, 251.5, 249.0), 1):
        move(proxy, value)
        data, messages = fetch_with_messages(proxy)
        check(not reported(messages), '%s, execution %d: %s' % (label, execution, messages))
        r = record(proxy)
        check(r is not None and r.GetDevices() not in ('VTK', 'none') and r.GetExecutions() == execution,
              lambda: '%s, execution %d: runs on Loom: %s' % (label, execution, r and r.Describe()))
        check((r.GetPartPoints() > 0) == (execution > 1), lambda: '%s, execution %d: %s' % (
            label, execution, r.Describe()))
        copy = data.NewInstance()
        copy.DeepCopy(data)

        def at_value(s, value=value):
            native = make(s)
            move(native, value)
            return native
        off, _, _ = output_of(at_value, peak, False)
        SETTINGS.AccelerateParaViewFilters = 1
        same(copy, off, '%s, execution %d' % (label, execution))
    Delete(proxy)
    Delete(peak)

image = sources['image']
gradients = lambda s: Contour(Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0],  # noqa: E731
                              ComputeGradients=1)
on, messages, ran = output_of(gradients, image, True)
off, _, _ = output_of(gradients, image, False)
check(ran is not None and ran[1] and 'Compute Gradients' in ran[2], 'Compute Gradients falls back: %s' % (ran,))
same(on, off, 'Contour with Compute Gradients')
loom.vtkLoomSettings.GetInstance().SetAccelerationStrict(True)
strict, messages, ran = output_of(gradients, image, True)
loom.vtkLoomSettings.GetInstance().SetAccelerationStrict(False)
check(reported(messages, 'strict acceleration'), 'strict mode makes the fallback an error: %s' % messages)
check(ran is not None and ran[2] and 'Compute Gradients' in ran[2], 'the strict error names the reason: %s' % (ran,))

# A ParaView filter made once (Cell Data to Point Data is itself the accelerated class) follows the switch from
# its next execution (here, the next change of a property).
toggled = CellDatatoPointData(Input=sources['hexahedra'])
check(toggled.GetClientSideObject().GetClassName() == 'vtkLoomAcceleratedCellDataToPointData',
      'the proxy\'s object is Loom\'s subclass: %s' % toggled.GetClientSideObject().GetClassName())
SETTINGS.AccelerateParaViewFilters = 0
toggled.UpdatePipeline()
check(record(toggled) is None, 'off: no Loom execution recorded')
SETTINGS.AccelerateParaViewFilters = 1
toggled.PassCellData = 1
toggled.UpdatePipeline()
check(record(toggled) is not None and record(toggled).GetDevices() not in ('VTK', 'none'),
      'switched on: the next execution runs on Loom')
executions = record(toggled).GetExecutions()
SETTINGS.AccelerateParaViewFilters = 0
toggled.PassCellData = 0
toggled.UpdatePipeline()
check(record(toggled).GetExecutions() == executions, 'switched off: the next execution is ParaView\'s')
Delete(toggled)

# State files: one saved with the plugin (acceleration on) loads in a pvpython without it, and one saved
# without it loads here; the same proxies and the same outputs (points, cells, array sums to 6 digits).
import json  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accelerate_state  # noqa: E402

HELPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'accelerate_state.py')
WITHOUT_LOOM = {k: v for k, v in os.environ.items() if k != 'PV_PLUGIN_PATH'}


def without_loom(mode, path):
    run = subprocess.run([sys.executable if 'pvpython' in sys.executable else 'pvpython',
                          '--force-offscreen-rendering', HELPER, mode, path],
                         env=WITHOUT_LOOM, capture_output=True, text=True)
    lines = [line for line in run.stdout.splitlines() if line.startswith('STATE ')]
    check(lines, lambda: 'pvpython without Loom (%s): %s %s' % (mode, run.stdout[-2000:], run.stderr[-2000:]))
    return json.loads(lines[-1][len('STATE '):])


def same_summaries(with_loom, without, what):
    for name in accelerate_state.PIPELINE:
        a, b = dict(with_loom[name]), dict(without[name])
        check(b['class'].find('Loom') < 0, '%s: %s ran a Loom class without the plugin' % (what, name))
        a.pop('class'), b.pop('class')
        check(a == b, '%s: %s gives %s with Loom, %s without' % (what, name, a, b))


SETTINGS.AccelerateParaViewFilters = 1
folder = tempfile.mkdtemp()
saved_with = os.path.join(folder, 'with-loom.pvsm')
ResetSession()
LoadDistributedPlugin('Loom', ns=globals())
accelerate_state.build()
SaveState(saved_with)
here = accelerate_state.summary()
check(here['Threshold1']['class'] == 'vtkLoomAcceleratedThreshold', 'Threshold runs Loom\'s class here')
same_summaries(here, without_loom('load', saved_with), 'a state saved with Loom, loaded without it')
saved_without = os.path.join(folder, 'without-loom.pvsm')
there = without_loom('save', saved_without)
ResetSession()
LoadDistributedPlugin('Loom', ns=globals())
LoadState(saved_without)
same_summaries(accelerate_state.summary(), there, 'a state saved without Loom, loaded with it')
print('state files: saved with Loom load without it and the other way round, with the same outputs', flush=True)

# A Python trace made with acceleration on (the pipeline built with paraview.simple's names, as a user clicks
# it) is the trace ParaView makes without the plugin, names nothing of Loom, and replays in a pvpython without
# the plugin to the outputs it gives here. (ParaView's trace of a script leaves out sub-proxy values set after
# a filter is made, such as the clip sphere's center: the replay is compared with the replay, not the original.)
from paraview import smtrace  # noqa: E402

ResetSession()
LoadDistributedPlugin('Loom', ns=globals())
smtrace.start_trace()
accelerate_state.build()
trace = smtrace.stop_trace()
check('Loom' not in trace and 'QuadricClustering1' in trace and 'Clip1' in trace,
      lambda: 'the trace names Loom or misses a filter:\n' + trace)
traced = os.path.join(folder, 'trace.py')
with open(traced, 'w') as f:
    f.write(trace)
traced_without = os.path.join(folder, 'trace-without-loom.py')
without_loom('trace', traced_without)
with open(traced_without) as f:
    check(f.read() == trace, 'the trace made with Loom differs from the one ParaView makes without it')
ResetSession()
LoadDistributedPlugin('Loom', ns=globals())
with open(traced) as f:
    exec(compile(f.read(), traced, 'exec'), {'__name__': '__main__'})
replayed = accelerate_state.summary()
check(replayed['Clip1']['class'] == 'vtkLoomAcceleratedClip' and
      record(FindSource('QuadricClustering1')).GetDevices() not in ('VTK', 'none'), 'the replayed pipeline ran on Loom')
same_summaries(replayed, without_loom('replay', traced), 'a trace made with Loom, replayed with it and without it')
print('a Python trace made with acceleration on replays without Loom to the same outputs', flush=True)

SETTINGS = GetSettingsProxy('LoomSettings')
SETTINGS.AccelerateParaViewFilters = USERS_VALUE
print('Loom acceleration test passed (%d filter and input pairs equal to ParaView\'s)' % compared)
