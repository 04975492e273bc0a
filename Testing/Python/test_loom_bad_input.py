# Loom pvpython test: the bad-input matrix through ParaView's proxies. Every Loom proxy on every case of the
# "Bad-input matrix" of docs/user-guide.md (the same base input and changes as Testing/Filters/TestLoomBadInput.cxx:
# the 8^3-point wavelet as 343 hexahedra, or its surface as triangles for Level of Detail, with point
# scalars `s`, point vectors `V` and cell scalars `c`), beside ParaView's own proxy for the filter with
# the same property values, fed by a trivial producer as a reader's output would be. The outcome of each
# cell is worked out as the C++ test does and must be the user guide's: `=` (the outputs agree: points, cells,
# and per array its type, components, tuples, finite range to 1e-6 and count of NaN), `VTK` (one info
# message says VTK's filter computes it, and the outputs agree), `error` (an error naming the filter, an
# empty output; ParaView's proxy fails or gives nothing, or the input is malformed), `runs`, `≠`, `n/a`.
# Every run also checks that the input is unchanged and that the process goes on.
import math
import os
import re
import sys

import numpy
from paraview import servermanager
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkCommonCore import (vtkCharArray, vtkDoubleArray, vtkFloatArray, vtkIdList, vtkIdTypeArray,
                                      vtkOutputWindow, vtkPoints, vtkSignedCharArray, vtkStringArray,
                                      vtkStringOutputWindow, vtkUnsignedLongLongArray)
from vtkmodules.vtkCommonDataModel import (VTK_POLYHEDRON, VTK_QUADRATIC_TETRA, VTK_TETRA, vtkCellArray,
                                           vtkDataObjectTreeIterator,
                                           vtkDataSet, vtkMultiBlockDataSet, vtkPartitionedDataSet, vtkPolyData,
                                           vtkUnstructuredGrid)
from vtkmodules.vtkFiltersCore import vtkAppendFilter, vtkTriangleFilter
from vtkmodules.vtkFiltersGeneral import vtkImageDataToPointSet
from vtkmodules.vtkFiltersGeometry import vtkGeometryFilter

LoadDistributedPlugin('Loom', ns=globals())
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from loom_testing import check, wavelet_hexahedra, wavelet_source  # noqa: E402
# The file holding the "### Bad-input matrix" table (it was README.md's until the docs moved to docs/).
MATRIX_DOC = os.path.join(HERE, '..', '..', 'docs', 'user-guide.md')

# Messages of each run, from VTK's output window (errors, warnings, and the fallback's info message).
# pvpython sends Python's own output there too: this test writes to the process's real streams.
LOG = vtkStringOutputWindow()
vtkOutputWindow.SetInstance(LOG)


def say(text):
    sys.__stdout__.write(text + '\n')
    sys.__stdout__.flush()


# ---- Inputs ------------------------------------------------------------------------------------------

def add_arrays(data):
    """Point s, point V (3), cell c: from positions and cell bounds, as the C++ test makes them."""
    s, v, c = vtkDoubleArray(), vtkDoubleArray(), vtkDoubleArray()
    s.SetName('s')
    v.SetName('V')
    v.SetNumberOfComponents(3)
    c.SetName('c')
    for p in range(data.GetNumberOfPoints()):
        x = data.GetPoint(p)
        s.InsertNextValue(8.0 * math.sin(0.5 * x[0]) + 6.0 * math.cos(0.4 * x[1]) + x[2])
        v.InsertNextTuple3(math.sin(0.3 * x[0]) * x[1], math.cos(0.2 * x[1]) * x[2], 0.1 * x[0] * x[2] + x[1])
    b = [0.0] * 6
    for i in range(data.GetNumberOfCells()):
        data.GetCellBounds(i, b)
        c.InsertNextValue(b[0] + 2.0 * b[2] - b[4])
    data.GetPointData().Initialize()
    data.GetCellData().Initialize()
    data.GetPointData().SetScalars(s)
    data.GetPointData().SetVectors(v)
    data.GetCellData().SetScalars(c)


def base(poly):
    """The matrix's base grid: the hexahedral wavelet on points -4 to 3; poly True: its triangulated surface;
    'structured': the same points as a structured grid (for Extract Subset)."""
    grid = wavelet_hexahedra((-4, 3, -4, 3, -4, 3))
    if poly == 'structured':
        source = wavelet_source((-4, 3, -4, 3, -4, 3))
        points = vtkImageDataToPointSet()
        points.SetInputConnection(source.GetOutputPort())
        points.Update()
        grid = points.GetOutput()
    elif poly:
        surface = vtkGeometryFilter()
        surface.SetInputData(grid)
        triangles = vtkTriangleFilter()
        triangles.SetInputConnection(surface.GetOutputPort())
        triangles.Update()
        grid = triangles.GetOutput()
    add_arrays(grid)
    return grid


def copy(data):
    out = data.NewInstance()
    out.DeepCopy(data)
    return out


def cells_of(data):
    return data.GetCells() if data.IsA('vtkUnstructuredGrid') else data.GetPolys()


def with_cell(b, kind):
    if not b.IsA('vtkUnstructuredGrid'):
        return None
    piece = vtkUnstructuredGrid()
    points = vtkPoints()
    if kind == VTK_POLYHEDRON:
        for k in range(2):
            for j in range(2):
                for i in range(2):
                    points.InsertNextPoint(4 + i, 1 + j, 1 + k)
        piece.SetPoints(points)
        stream = vtkIdList()
        for f in (6, 4, 0, 2, 3, 1, 4, 4, 5, 7, 6, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 4, 6, 2, 4, 1, 3, 7, 5):
            stream.InsertNextId(f)
        piece.InsertNextCell(VTK_POLYHEDRON, stream)
    else:
        corners = ((4, 1, 1), (5, 1, 1), (4, 2, 1), (4, 1, 2))
        for c in corners:
            points.InsertNextPoint(c)
        for a, b2 in ((0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3)):
            points.InsertNextPoint([0.5 * (corners[a][d] + corners[b2][d]) for d in range(3)])
        piece.SetPoints(points)
        ids = vtkIdList()
        for i in range(10):
            ids.InsertNextId(i)
        piece.InsertNextCell(VTK_QUADRATIC_TETRA, ids)
    add_arrays(piece)
    append = vtkAppendFilter()
    append.AddInputData(b)
    append.AddInputData(piece)
    append.Update()
    return append.GetOutput()


def convert(data, kind, shift):
    for attributes, scalars in ((data.GetPointData(), 's'), (data.GetCellData(), 'c')):
        converted = []
        for a in range(attributes.GetNumberOfArrays()):
            src = attributes.GetArray(a)
            out = kind()
            out.SetName(src.GetName())
            out.SetNumberOfComponents(src.GetNumberOfComponents())
            out.SetNumberOfTuples(src.GetNumberOfTuples())
            for i in range(src.GetNumberOfTuples()):
                for k in range(src.GetNumberOfComponents()):
                    out.SetComponent(i, k, round(src.GetComponent(i, k) + shift))
            converted.append(out)
        attributes.Initialize()
        for out in converted:
            attributes.AddArray(out)
        attributes.SetActiveScalars(scalars)
        if scalars == 's':
            attributes.SetActiveVectors('V')


def add_tensor(data):
    for on_cells in (False, True):
        n = data.GetNumberOfCells() if on_cells else data.GetNumberOfPoints()
        t = vtkDoubleArray()
        t.SetName('T')
        t.SetNumberOfComponents(9)
        t.SetNumberOfTuples(n)
        for i in range(n):
            x = (0.5 * i, 0.25 * i, 1.0) if on_cells else data.GetPoint(i)
            for k in range(9):
                t.SetComponent(i, k, math.sin(0.3 * x[k % 3] + k) * (k + 1) + x[(k + 1) % 3])
        (data.GetCellData() if on_cells else data.GetPointData()).AddArray(t)


def strings(data, points_only):
    for on_cells in ((False,) if points_only else (False, True)):
        names = vtkStringArray()
        names.SetName('names')
        n = data.GetNumberOfCells() if on_cells else data.GetNumberOfPoints()
        for i in range(n):
            names.InsertNextValue(('cell %d' if on_cells else 'point %d') % i)
        (data.GetCellData() if on_cells else data.GetPointData()).AddArray(names)
    return data


def offsets_past(b):
    if b.IsA('vtkStructuredGrid'):
        return None  # implicit cells
    out = copy(b)
    cells = cells_of(out)
    o = vtk_to_numpy(cells.GetOffsetsArray()).astype(numpy.int64)
    c = vtk_to_numpy(cells.GetConnectivityArray()).astype(numpy.int64)
    offsets, connectivity = vtkIdTypeArray(), vtkIdTypeArray()
    offsets.SetNumberOfTuples(len(o))
    for i, v in enumerate(o):
        offsets.SetValue(i, int(v))
    offsets.SetValue(len(o) - 1, int(o[-1]) + 7)
    connectivity.SetNumberOfTuples(len(c))
    for i, v in enumerate(c):
        connectivity.SetValue(i, int(v))
    cells.SetData(offsets, connectivity)
    return out


def point_id_past(b):
    if b.IsA('vtkStructuredGrid'):
        return None  # implicit cells
    out = copy(b)
    c = cells_of(out).GetConnectivityArray()
    c.SetComponent(c.GetNumberOfTuples() // 2, 0, out.GetNumberOfPoints() + 3)
    return out


def wrong_type(b):
    if not b.IsA('vtkUnstructuredGrid'):
        return None
    out = copy(b)
    types = out.GetCellTypesArray()
    types.SetValue(types.GetNumberOfTuples() - 1, VTK_TETRA)
    types.Modified()
    return out


def short_masks(b):
    out = copy(b)
    for attributes, n in ((out.GetPointData(), out.GetNumberOfPoints()), (out.GetCellData(), out.GetNumberOfCells())):
        mask = vtkCharArray()
        mask.SetName('mask')
        mask.SetNumberOfTuples(n // 2)
        mask.Fill(1)
        attributes.AddArray(mask)
    return out


def with_nan(b):
    out = copy(b)
    for name in ('s', 'V'):
        a = out.GetPointData().GetArray(name)
        a.SetComponent(3, 0, float('nan'))
        a.SetComponent(17, 0, float('inf'))
        a.SetComponent(29, 0, float('-inf'))
    out.GetCellData().GetArray('c').SetComponent(5, 0, float('nan'))
    return out


def blocks(b):
    m = vtkMultiBlockDataSet()
    m.SetNumberOfBlocks(3)
    m.SetBlock(0, copy(b))
    m.SetBlock(1, b.NewInstance())
    m.SetBlock(2, None)
    return m


def partitions(b):
    parts = vtkPartitionedDataSet()
    second = copy(b)
    convert(second, vtkFloatArray, 0.25)
    parts.SetPartition(0, copy(b))
    parts.SetPartition(1, second)
    return parts


def points_only(b):
    if b.IsA('vtkStructuredGrid'):
        return None  # a structured grid's cells come with its points
    out = b.NewInstance()
    points = vtkPoints()
    points.DeepCopy(b.GetPoints())
    out.SetPoints(points)
    out.GetPointData().DeepCopy(b.GetPointData())
    return out


def no_arrays(b):
    out = copy(b)
    out.GetPointData().Initialize()
    out.GetCellData().Initialize()
    return out


def converted(b, kind, shift):
    out = copy(b)
    convert(out, kind, shift)
    return out


def tensor(b):
    out = copy(b)
    add_tensor(out)
    return out


# (name, malformed, for array readers only, for masks only, make(base) -> (input, settings changes))
CASES = [
    ('plain', False, False, False, lambda b: (copy(b), {})),
    ('empty', False, False, False, lambda b: (b.NewInstance(), {})),
    ('points, no cells', False, False, False, lambda b: (points_only(b), {})),
    ('no arrays', False, False, False, lambda b: (no_arrays(b), {})),
    ('array missing', False, True, False, lambda b: (copy(b), {'array': 'missing'})),
    ('string arrays', False, False, False, lambda b: (strings(copy(b), False), {})),
    ('string array chosen', False, True, False, lambda b: (strings(copy(b), True), {'array': 'names'})),
    ('9 components', False, False, False, lambda b: (tensor(b), {'array': 'T'})),
    ('int8', False, False, False, lambda b: (converted(b, vtkSignedCharArray, 0.0), {})),
    ('uint64', False, False, False, lambda b: (converted(b, vtkUnsignedLongLongArray, 40.0), {})),
    ('NaN and Inf', False, False, False, lambda b: (with_nan(b), {})),
    ('polyhedron', False, False, False, lambda b: (with_cell(b, VTK_POLYHEDRON), {})),
    ('quadratic tetra', False, False, False, lambda b: (with_cell(b, VTK_QUADRATIC_TETRA), {})),
    ('offsets past connectivity', True, False, False, lambda b: (offsets_past(b), {})),
    ('point id past the points', True, False, False, lambda b: (point_id_past(b), {})),
    ('cell type of another point count', True, False, False, lambda b: (wrong_type(b), {})),
    ('mask of wrong length', False, False, True, lambda b: (short_masks(b), {'mask': 'array'})),
    ('mask ids past the data', False, False, True, lambda b: (copy(b), {'mask': 'ids'})),
    ('multiblock, empty and null blocks', False, False, False, lambda b: (blocks(b), {})),
    ('partitions disagree on a type', False, False, False, lambda b: (partitions(b), {})),
    ('CUDA without a GPU', False, False, False, lambda b: (copy(b), {'device': 'CUDA'})),
]

# ---- Filters -----------------------------------------------------------------------------------------


def mask_properties(setup):
    if setup.get('mask') == 'array':
        return {'MaskArray': 'mask'}
    if setup.get('mask') == 'ids':
        return {'MaskIds': [2, 512 + 40]}
    return {}


def points(setup):
    return ['POINTS', setup['array']]


# Matrix column -> (polygonal input, reads an array, has masks, Loom proxy, ParaView proxy, array,
# cases ParaView's filter aborts on). Each maker takes the settings and gives the proxy's properties.
# Extract Subset's settings: a VOI inside the base grid, every other index along I, the boundary kept.
SUBSET = {'VOI': [-3, 2, -4, 3, -2, 3], 'SampleRateI': 2, 'IncludeBoundary': 1}
FILTERS = [
    ('Point Data to Cell Data', False, False, True, 'LoomPointDatatoCellData', lambda s: mask_properties(s),
     'PointDatatoCellData', lambda s: {}, 's', ()),
    ('Cell Data to Point Data', False, False, True, 'LoomCellDatatoPointData', lambda s: mask_properties(s),
     'CellDatatoPointData', lambda s: {}, 's', ()),
    ('Contour', False, True, True, 'LoomContour',
     lambda s: dict({'ContourBy': points(s), 'Isosurfaces': [s['mid']]}, **mask_properties(s)),
     'Contour', lambda s: {'ContourBy': points(s), 'Isosurfaces': [s['mid']]}, 's', ()),
    ('Tetrahedralize', False, False, False, 'LoomTetrahedralize', lambda s: {}, 'Tetrahedralize', lambda s: {},
     's', ()),
    ('Threshold', False, True, False, 'LoomThreshold',
     lambda s: {'Scalars': points(s), 'LowerThreshold': s['low'], 'UpperThreshold': s['high']}, 'Threshold',
     lambda s: {'Scalars': points(s), 'LowerThreshold': s['low'], 'UpperThreshold': s['high']}, 's', ()),
    ('Clip', False, True, True, 'LoomClip',
     lambda s: dict({'ClipType': 'Scalar', 'Scalars': points(s), 'Value': s['mid']}, **mask_properties(s)),
     'Clip', lambda s: {'ClipType': 'Scalar', 'Scalars': points(s), 'Value': s['mid']}, 's', ()),
    ('Slice', False, False, True, 'LoomSlice', lambda s: mask_properties(s), 'Slice', lambda s: {}, 's', ()),
    ('Extract Surface', False, False, False, 'LoomExtractSurface', lambda s: {}, 'ExtractSurface', lambda s: {},
     's', ()),
    ('Clean to Grid', False, False, False, 'LoomCleantoGrid', lambda s: {}, 'CleantoGrid', lambda s: {}, 's', ()),
    ('Level of Detail', True, False, False, 'LoomLevelofDetail', lambda s: {'NumberofDimensions': [6, 6, 6]},
     'QuadricClustering', lambda s: {'NumberofDimensions': [6, 6, 6]}, 's', ()),
    ('Gradient', False, True, True, 'LoomGradient', lambda s: dict({'ScalarArray': points(s)}, **mask_properties(s)),
     'Gradient', lambda s: {'ScalarArray': points(s)}, 's', ()),
    ('Elevation', False, False, True, 'LoomElevation', lambda s: mask_properties(s), 'Elevation', lambda s: {}, 's',
     ()),
    ('Warp By Scalar', False, True, True, 'LoomWarpByScalar',
     lambda s: dict({'Scalars': points(s), 'ScaleFactor': 0.1}, **mask_properties(s)), 'WarpByScalar',
     lambda s: {'Scalars': points(s), 'ScaleFactor': 0.1}, 's', ()),
    ('Warp By Vector', False, True, True, 'LoomWarpByVector',
     lambda s: dict({'Vectors': points(s), 'ScaleFactor': 0.1}, **mask_properties(s)), 'WarpByVector',
     lambda s: {'Vectors': points(s), 'ScaleFactor': 0.1}, 'V', ('9 components',)),
    ('Transform', False, False, False, 'LoomTransform', lambda s: {}, 'Transform', lambda s: {}, 's', ()),
    ('Cell Size', False, False, False, 'LoomCellSize', lambda s: {}, 'CellSize', lambda s: {}, 's', ()),
    ('Integrate Variables', False, False, False, 'LoomIntegrateVariables', lambda s: {}, 'IntegrateVariables',
     lambda s: {}, 's', ()),
    ('Histogram', False, True, False, 'LoomHistogram', lambda s: {'SelectInputArray': points(s), 'BinCount': 12},
     'Histogram', lambda s: {'SelectInputArray': points(s), 'BinCount': 12}, 's', ()),
    ('Connectivity', False, False, False, 'LoomConnectivity', lambda s: {}, 'Connectivity', lambda s: {}, 's', ()),
    # vtkMeshQuality reads cell 0 of every input: without cells it crashes.
    ('Mesh Quality', False, False, False, 'LoomMeshQuality', lambda s: {}, 'MeshQuality', lambda s: {}, 's',
     ('empty', 'points, no cells', 'multiblock, empty and null blocks')),
    ('Extract Subset', 'structured', False, False, 'LoomExtractSubset', lambda s: SUBSET, 'ExtractSubset',
     lambda s: SUBSET, 's', ()),
    ('Resample To Image', False, False, False, 'LoomResampleToImage', lambda s: {'SamplingDimensions': [9, 8, 7]},
     'ResampleToImage', lambda s: {'SamplingDimensions': [9, 8, 7]}, 's', ()),
    ('Plot Over Line', False, False, False, 'LoomPlotOverLine',
     lambda s: {'Point1': [-4.5, -3.75, -2.5], 'Point2': [3.25, 2.5, 1.75], 'Resolution': 60},
     'PlotOverLine', lambda s: {'Point1': [-4.5, -3.75, -2.5], 'Point2': [3.25, 2.5, 1.75], 'Resolution': 60}, 's', ('points, no cells',)),
    ('Probe Location', False, False, False, 'LoomProbeLocation', lambda s: {'ProbeType': probe_cloud()},
     'ProbeLocation', lambda s: {'ProbeType': probe_cloud()}, 's', ('points, no cells',)),
    ('Resample With Dataset', False, False, False, 'LoomResampleWithDataset', lambda s: {}, 'ResampleWithDataset',
     lambda s: {}, 's', ('points, no cells',)),
    ('Generate Surface Normals', True, False, False, 'LoomGenerateSurfaceNormals', lambda s: {},
     'GenerateSurfaceNormals', lambda s: {}, 's', ()),
    # Streamlines of V from ParaView's default seeds (a line across the input's bounds).
    ('Stream Tracer', False, True, False, 'LoomStreamTracer',
     lambda s: {'Vectors': points(s), 'MaximumStreamlineLength': 10.0}, 'StreamTracer',
     lambda s: {'Vectors': points(s), 'MaximumStreamlineLength': 10.0}, 'V', ('9 components',)),
]
# The proxies of two inputs: the case on both (Resample With Dataset: the case sampled at its own points).
TWO_INPUTS = {'LoomResampleWithDataset': ('DestinationMesh', 'SourceDataArrays'),
              'ResampleWithDataset': ('DestinationMesh', 'SourceDataArrays')}

# Cells where ParaView's own proxy aborts the process (so it is not run; Loom's outcome is checked alone):
# ParaView's Contour (vtkPVContourFilter::CleanOutputScalars) on a 9-component array, which its Contour By
# domain does not offer; Loom Contour refuses it with one error naming Contour By and the array.
PV_ABORTS = {('Contour', '9 components')}
# ParaView's Plot Over Line errs on blocks whose arrays disagree on their type ("Cannot interpolate arrays of
# different type", leaving those samples unset): Loom hands VTK's filter the blocks' arrays in one type (a
# documented difference, as in the C++ matrix, where vtkProbeLineFilter leaves them NaN).
PV_ERRS = {('Plot Over Line', 'partitions disagree on a type')}

_CLOUD = []


def probe_cloud():
    """The probe points both Probe Locations sample (a producer made once): 31 points through the base grid
    and beyond it, a vertex each, as the C++ matrix's."""
    if not _CLOUD:
        points, vertices, cloud = vtkPoints(), vtkCellArray(), vtkPolyData()
        for i in range(31):
            t = i / 30.0
            points.InsertNextPoint(-4.5 + 7.75 * t, -3.75 + 6.25 * t + 0.5 * (i % 2), -2.5 + 4.25 * t)
            vertices.InsertNextCell(1)
            vertices.InsertCellPoint(i)
        cloud.SetPoints(points)
        cloud.SetVerts(vertices)
        producer = TrivialProducer()
        producer.GetClientSideObject().SetOutput(cloud)
        _CLOUD.append(producer)
    return _CLOUD[0]

# ---- Outcomes ----------------------------------------------------------------------------------------


def leaves(data):
    if data is None:
        return []
    if data.IsA('vtkDataSet'):
        return [data]
    if not data.IsA('vtkCompositeDataSet'):
        return []  # a table (Histogram): summary() reads its rows
    out = []
    it = data.NewIterator()
    it.InitTraversal()
    while not it.IsDoneWithTraversal():
        leaf = it.GetCurrentDataObject()
        if leaf is not None and leaf.IsA('vtkDataSet'):
            out.append(leaf)
        it.GoToNextItem()
    return out


def summary(data):
    """Points, cells, and per array (point or cell) its type, components, tuples, NaN count and finite range."""
    facts = {'points': 0, 'cells': 0, 'arrays': {}}
    if data is not None and data.IsA('vtkTable'):
        # Histogram: its rows count as cells, its columns as row arrays.
        facts['cells'] = data.GetNumberOfRows()
        rows = data.GetRowData()
        for a in range(rows.GetNumberOfArrays()):
            array = rows.GetAbstractArray(a)
            values = vtk_to_numpy(array).astype(numpy.float64).ravel() if array.GetNumberOfTuples() else numpy.zeros(0)
            finite = values[numpy.isfinite(values)]
            facts['arrays'][('row', array.GetName())] = {
                'type': array.GetDataTypeAsString(), 'components': array.GetNumberOfComponents(),
                'tuples': array.GetNumberOfTuples(), 'nan': int(numpy.isnan(values).sum()),
                'min': float(finite.min()) if finite.size else math.inf,
                'max': float(finite.max()) if finite.size else -math.inf}
    for leaf in leaves(data):
        facts['points'] += leaf.GetNumberOfPoints()
        facts['cells'] += leaf.GetNumberOfCells()
        for where, attributes in (('point', leaf.GetPointData()), ('cell', leaf.GetCellData())):
            for a in range(attributes.GetNumberOfArrays()):
                array = attributes.GetAbstractArray(a)
                key = (where, array.GetName())
                f = facts['arrays'].setdefault(key, {'type': array.GetDataTypeAsString(),
                                                     'components': array.GetNumberOfComponents(), 'tuples': 0,
                                                     'nan': 0, 'min': math.inf, 'max': -math.inf})
                f['tuples'] += array.GetNumberOfTuples()
                if array.IsA('vtkDataArray') and array.GetNumberOfTuples() > 0:
                    values = vtk_to_numpy(array).astype(numpy.float64).ravel()
                    finite = values[numpy.isfinite(values)]
                    f['nan'] += int(numpy.isnan(values).sum())
                    if finite.size:
                        f['min'] = min(f['min'], float(finite.min()))
                        f['max'] = max(f['max'], float(finite.max()))
    return facts


def compare(loom, vtk):
    if loom['points'] != vtk['points'] or loom['cells'] != vtk['cells']:
        return '%d points %d cells, ParaView %d points %d cells' % (loom['points'], loom['cells'], vtk['points'],
                                                                    vtk['cells'])
    if set(loom['arrays']) != set(vtk['arrays']):
        return 'arrays %s, ParaView %s' % (sorted(loom['arrays']), sorted(vtk['arrays']))
    for key, v in vtk['arrays'].items():
        g = loom['arrays'][key]
        for fact in ('type', 'components', 'tuples', 'nan'):
            if g[fact] != v[fact]:
                return '%s %s: %s %s, ParaView %s' % (key, fact, fact, g[fact], v[fact])
        for end in ('min', 'max'):
            if math.isfinite(v[end]) and abs(g[end] - v[end]) > 1e-6 * max(1.0, abs(v[end])):
                return '%s %s %g, ParaView %g' % (key, end, g[end], v[end])
    return ''


def fingerprint(data):
    return repr(summary(data)) + repr([leaf.GetMTime() for leaf in leaves(data)])


def run(proxy_name, properties, device, producer):
    global LOG
    LOG = vtkStringOutputWindow()
    vtkOutputWindow.SetInstance(LOG)
    props = dict(properties)
    if device is not None:
        props['Device'] = device
    for name in TWO_INPUTS.get(proxy_name, ('Input',)):
        props[name] = producer
    proxy = globals()[proxy_name](**props)
    proxy.UpdatePipeline()
    text = LOG.GetOutput()
    out = proxy.GetClientSideObject().GetOutputDataObject(0)
    facts = summary(out)
    Delete(proxy)
    return text, facts


def documented_matrix():
    rows, header, inside = {}, None, False
    for line in open(MATRIX_DOC, encoding='utf-8'):
        if line.startswith('### Bad-input matrix'):
            inside = True
        elif inside and line.startswith('#'):
            break
        elif inside and line.startswith('| case'):
            header = [c.strip() for c in line.strip().strip('|').split('|')]
        elif inside and header and line.startswith('|') and not line.startswith('|---'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            for filter_name, outcome in zip(header[1:], cells[1:]):
                rows.setdefault(filter_name, {})[cells[0]] = outcome
    return rows


def main():
    expected = documented_matrix()
    failures, checked = [], 0
    for (row, poly, reads_array, field, loom_name, loom_props, pv_name, pv_props, array, crashes) in FILTERS:
        b = base(poly)
        for (case, malformed, for_arrays, for_masks, make) in CASES:
            data, changes = make(b)
            if data is None or (for_arrays and not reads_array) or (for_masks and not field):
                outcome = 'n/a'
            else:
                setup = dict({'array': array}, **changes)
                if not reads_array:
                    setup['array'] = array  # (a filter that reads no array: its values come from s)
                lo, hi = math.inf, -math.inf
                for leaf in leaves(data):
                    a = leaf.GetPointData().GetArray(setup['array'])
                    if a is not None and a.GetNumberOfTuples() > 0:
                        v = vtk_to_numpy(a).astype(numpy.float64)
                        v = v[:, 0] if v.ndim > 1 else v
                        v = v[numpy.isfinite(v)]
                        if v.size:
                            lo, hi = min(lo, v.min()), max(hi, v.max())
                if not lo <= hi:
                    lo = hi = 0.0
                setup.update({'mid': 0.5 * (lo + hi) + 0.173, 'low': lo + 0.25 * (hi - lo) + 0.173,
                              'high': lo + 0.75 * (hi - lo) + 0.173})
                producer = PVTrivialProducer()
                producer.GetClientSideObject().SetOutput(data)
                before = fingerprint(data)
                device = 'CUDA' if setup.get('device') == 'CUDA' else None
                loom_text, loom_facts = run(loom_name, loom_props(setup), device, producer)
                if fingerprint(data) != before:
                    failures.append('%s x %s: the input changed' % (row, case))
                pv_aborts = (row, case) in PV_ABORTS
                vtk_ran = not malformed and not for_masks and case not in crashes and not pv_aborts
                if os.environ.get('LOOM_BAD_INPUT_VERBOSE'):
                    say('-- %s x %s (ParaView\'s proxy %s)' % (row, case, 'runs' if vtk_ran else 'not run'))
                vtk_text, vtk_facts = ('', None)
                if vtk_ran:
                    vtk_text, vtk_facts = run(pv_name, pv_props(setup), None, producer)
                Delete(producer)
                loom_failed = 'ERROR' in loom_text
                vtk_failed = not vtk_ran or 'ERROR' in vtk_text
                vtk_empty = vtk_failed or (vtk_facts['points'] == 0 and vtk_facts['cells'] == 0)
                difference = ''
                if loom_failed:
                    outcome = ('error (VTK crashes)' if case in crashes else
                               'error (ParaView aborts)' if pv_aborts else 'error')
                    if loom_facts['cells'] != 0:
                        failures.append('%s x %s: an error left %d cells' % (row, case, loom_facts['cells']))
                    if not vtk_empty and not pv_aborts:
                        failures.append('%s x %s: Loom refuses what ParaView takes: %s' % (row, case, loom_text))
                    if 'vtkLoom' not in loom_text:
                        failures.append('%s x %s: the error does not name the filter: %s' % (row, case, loom_text))
                    if for_masks and 'Mask' not in loom_text:
                        failures.append('%s x %s: the error does not name the mask property' % (row, case))
                else:
                    fallback = "; VTK's" in loom_text and 'instead' in loom_text  # the fallback's info message
                    outcome = 'VTK' if fallback else '='
                    if pv_aborts:
                        pass  # nothing to compare with: ParaView's proxy would end the process
                    elif not vtk_ran:
                        outcome = 'runs (VTK crashes)' if case in crashes else 'runs'
                    elif vtk_failed and (row, case) in PV_ERRS and 'Cannot interpolate' in vtk_text:
                        outcome = '≠'  # ParaView errs and leaves the samples unset, Loom samples them
                    elif vtk_failed:
                        outcome += ' (VTK fails)'
                    else:
                        difference = compare(loom_facts, vtk_facts)
                        if difference:
                            outcome = '≠'
            checked += 1
            want = expected.get(row, {}).get(case)
            if want != outcome:
                failures.append('%s x %s: %s, the user guide says %s %s' % (row, case, outcome, want,
                                                                       ('(' + difference + ')') if outcome == '≠' else ''))
    say('loom pvpython bad-input matrix: %d cells checked, %d disagree with the user guide' % (checked, len(failures)))
    check(not failures, '\n  '.join(['%d cells disagree with the user guide:' % len(failures)] + failures))


if __name__ == '__main__':
    try:
        main()
    except BaseException:
        # Python's own error output goes to LOG (above): the traceback goes to the process's real stream.
        import traceback
        sys.__stderr__.write(traceback.format_exc())
        raise
    say('Loom bad-input pvpython test passed')
