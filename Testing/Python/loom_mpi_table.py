# Loom MPI table: every Loom filter (Testing/Exit/loom_proxy_table.py's proxies and properties) on 1, 2
# and 3 pvbatch ranks, on three layouts of the wavelet's data: the image split by extent and the
# hexahedral grid split by pieces (ParaView's pipeline asks the pieces for the ghost cells a filter
# requests), and a grid that only rank 0 holds (the other ranks have empty pieces).
#   pvbatch --symmetric loom_mpi_table.py measure OUT.json   each rank measures its piece; the sums,
#       minima and maxima over the ranks go to OUT.json (written by rank 0)
#   python3 loom_mpi_table.py compare ONE.json TWO.json ...  the runs against the first: cell counts
#       exact, lengths, areas and volumes to 1e-9, every array's range to 1e-6 (relative); prints the
#       table and fails on a difference the EXCEPTIONS below do not document
# Ghost cells and points (vtkGhostType) are left out of every measure: they are another rank's.
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from loom_testing import check  # noqa: E402
LAYOUTS = ('image', 'hexahedra', 'rank 0 only')

# Properties set besides the table's: Piece Invariant (ParaView's property, off by default in both) asks for
# the ghost layer that makes the points on piece boundaries average all their cells; off, they average their
# piece's cells only and the value ranges differ from the one-rank run, as with ParaView's filter.
SETTINGS = {'LoomCellDatatoPointData': {'PieceInvariant': 1}}

# What differs from the one-rank run by design, per proxy: the measures left out of the comparison and why.
EXCEPTIONS = {
    'LoomLevelofDetail': (('cells', 'length', 'area', 'volume', 'ranges'),
                          'vertex clustering bins each piece on its own: a cluster split by a piece boundary gives '
                          'a vertex on each side (ParaView\'s Quadric Clustering does the same)'),
    'LoomConnectivity': (('ranges',),
                         'under MPI ParaView\'s vtkPConnectivityFilter joins the ranks\' regions (Loom runs it): it '
                         'leaves two pieces of the contour cut by the 2-rank boundary apart (13 regions where one '
                         'rank finds 12; ParaView\'s Connectivity gives 13 on those ranks too)'),
}

ONLY_RANK0_SCRIPT = """
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource
from vtkmodules.vtkFiltersCore import vtkAppendFilter
from vtkmodules.vtkFiltersGeneral import vtkImageDataToPointSet
from paraview import servermanager
controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
if controller.GetLocalProcessId() == 0:
    source = vtkRTAnalyticSource()
    source.SetWholeExtent(-8, 7, -8, 7, -8, 7)
    points = vtkImageDataToPointSet()
    points.SetInputConnection(source.GetOutputPort())
    append = vtkAppendFilter()
    append.SetInputConnection(points.GetOutputPort())
    append.Update()
    self.GetOutput().ShallowCopy(append.GetOutput())
"""


def measure_piece(data):
    """{measure: (value, reduction)} of one rank's piece; reductions 'sum', 'min', 'max'."""
    import numpy
    from vtkmodules.util.numpy_support import vtk_to_numpy
    from loom import vtkLoomCellSize  # the instrument of loom_testing.cell_size_sums
    out = {}
    if data.IsA('vtkTable'):
        # Histogram: the first rank holds the table (the others' are empty); every value of every column is a
        # sum over the ranks, so that the runs compare bin for bin.
        out['cells'] = (float(data.GetNumberOfRows()), 'sum')
        for c in range(data.GetNumberOfColumns()):
            column = data.GetColumn(c)
            for r in range(column.GetNumberOfTuples()):
                out['row %s %03d' % (column.GetName(), r)] = (column.GetComponent(r, 0), 'sum')
        return out
    cells = data.GetNumberOfCells()
    cell_ghosts = data.GetCellData().GetArray('vtkGhostType')
    keep_cells = numpy.ones(cells, bool)
    if cell_ghosts is not None and cells:
        keep_cells = (vtk_to_numpy(cell_ghosts) & 1) == 0  # DUPLICATECELL
    point_ghosts = data.GetPointData().GetArray('vtkGhostType')
    keep_points = numpy.ones(data.GetNumberOfPoints(), bool)
    if point_ghosts is not None and data.GetNumberOfPoints():
        keep_points = (vtk_to_numpy(point_ghosts) & 1) == 0  # DUPLICATEPOINT
    out['cells'] = (float(keep_cells.sum()), 'sum')
    sizes = {'length': 0.0, 'area': 0.0, 'volume': 0.0}
    if cells:
        size = vtkLoomCellSize()
        size.SetInputData(data)
        size.Update()
        for key, name in (('length', 'Length'), ('area', 'Area'), ('volume', 'Volume')):
            values = vtk_to_numpy(size.GetOutput().GetCellData().GetArray(name))
            sizes[key] = float(numpy.abs(values[keep_cells]).sum())
    for key, value in sizes.items():
        out[key] = (value, 'sum')
    if data.GetCellData().GetArray('SeedIds') is not None:
        # Streamlines: every point counts (each line is whole on one rank), and where they lie.
        out['points'] = (float(data.GetNumberOfPoints()), 'sum')
        xyz = vtk_to_numpy(data.GetPoints().GetData()).astype(float) if data.GetNumberOfPoints() else numpy.zeros((0, 3))
        for axis, name in enumerate('xyz'):
            out['points %s sum' % name] = (float(xyz[:, axis].sum()), 'sum')
    for where, attributes, keep in (('point', data.GetPointData(), keep_points), ('cell', data.GetCellData(), keep_cells)):
        for i in range(attributes.GetNumberOfArrays()):
            array = attributes.GetArray(i)
            if array is None or array.GetName() in (None, 'vtkGhostType') or array.GetName().startswith('vtkOriginal'):
                continue
            values = vtk_to_numpy(array).astype(float)
            if values.ndim > 1:
                values = numpy.sqrt((values ** 2).sum(axis=1))  # the magnitude
            values = values[keep[:len(values)]] if len(values) == len(keep) else values
            values = values[numpy.isfinite(values)]
            low, high = (float(values.min()), float(values.max())) if len(values) else (math.inf, -math.inf)
            out['%s %s min' % (where, array.GetName())] = (low, 'min')
            out['%s %s max' % (where, array.GetName())] = (high, 'max')
    return out


def measure(out_path):
    from paraview import servermanager, simple
    from vtkmodules.vtkCommonCore import vtkDoubleArray
    sys.path.insert(0, os.path.join(HERE, '..', 'Exit'))
    from loom_proxy_table import INPUT_TYPES, PROXIES, SEED_LINE, inputs
    simple.LoadDistributedPlugin('Loom', ns=vars(simple))
    controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
    ranks = controller.GetNumberOfProcesses()

    def reduced(piece):
        # Every rank must reduce the same measures in the same order: the union of the names first.
        from vtkmodules.vtkCommonCore import vtkUnsignedCharArray
        text = '\n'.join(sorted(piece)).encode()
        everything = set()
        for r in range(ranks):  # each rank's names to every rank
            buffer = vtkUnsignedCharArray()
            if r == controller.GetLocalProcessId():
                for ch in text:
                    buffer.InsertNextValue(ch)
            controller.Broadcast(buffer, r)
            everything.update(bytes(buffer.GetValue(i) for i in range(buffer.GetNumberOfTuples())).decode().split('\n'))
        everything.discard('')
        result = {}
        for name in sorted(everything):
            op = 'min' if name.endswith(' min') else 'max' if name.endswith(' max') else 'sum'
            value = piece.get(name, (0.0 if op == 'sum' else math.inf if op == 'min' else -math.inf, op))[0]
            a, b = vtkDoubleArray(), vtkDoubleArray()
            a.InsertNextValue(value)
            controller.AllReduce(a, b, {'sum': 2, 'min': 1, 'max': 0}[op])  # vtkCommunicator's SUM, MIN, MAX
            result[name] = b.GetValue(0)
        return result

    results = {}
    only = [n for n in os.environ.get('LOOM_MPI_TABLE_ONLY', '').split(',') if n]  # a developer's subset
    for name, (kind, properties) in sorted(PROXIES.items()):
        if only and name not in only:
            continue
        for layout in LAYOUTS:
            made = []
            if layout != 'image' and not {'vtkDataSet', 'vtkPointSet'} & set(INPUT_TYPES[name]):
                continue  # the filters of structured data only (Extract Subset): the image split by extent
            if layout == 'rank 0 only':
                made.append(simple.ProgrammableSource(OutputDataSetType='vtkUnstructuredGrid', Script=ONLY_RANK0_SCRIPT))
            else:
                made.append(simple.Wavelet(WholeExtent=[-12, 11, -12, 11, -12, 11]))
                if layout == 'hexahedra':
                    made.insert(0, simple.AppendDatasets(Input=simple.ImageDatatoPointSet(Input=made[0])))
            if kind == 'WaveletCells':
                made.insert(0, simple.PointDatatoCellData(Input=made[0]))
            elif kind == 'WaveletGradient':
                made.insert(0, simple.Gradient(Input=made[0], ScalarArray=['POINTS', 'RTData']))
            elif kind == 'WaveletContour':
                if layout == 'hexahedra':
                    continue  # the same polygonal input as the image's
                made.insert(0, simple.Contour(Input=made[0], ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0],
                                              ComputeNormals=1))
            connected = inputs(name, made[0], simple)
            made.extend(proxy for prop, proxy in connected.items() if prop == 'SeedSource')
            loom = getattr(simple, name)(**dict(connected, **dict(properties, **SETTINGS.get(name, {}))))
            if hasattr(loom, 'SeedType'):
                # A line across the input (in a batch script the proxy's line is not yet placed on the input).
                loom.SeedType.Point1, loom.SeedType.Point2, loom.SeedType.Resolution = SEED_LINE
            loom.UpdatePipeline()
            if os.environ.get('LOOM_MPI_TABLE_TRACE'):
                print('rank %d: %s on %s' % (controller.GetLocalProcessId(), name, layout), flush=True)
            piece = measure_piece(loom.GetClientSideObject().GetOutputDataObject(0))
            results['%s | %s' % (name, layout)] = reduced(piece)
            for proxy in [loom] + made:
                simple.Delete(proxy)
    if controller.GetLocalProcessId() == 0:
        with open(out_path, 'w') as f:
            json.dump({'ranks': ranks, 'results': results}, f, indent=1, sort_keys=True)
    print('loom MPI table: measured %d filter runs on %d ranks' % (len(results), ranks))


def compare(paths):
    runs = []
    for p in paths:
        with open(p) as f:
            runs.append(json.load(f))
    base = runs[0]
    failures = []
    lines = ['| filter | input | %s |' % ' | '.join('%d rank%s' % (r['ranks'], 's' if r['ranks'] > 1 else '') for r in runs),
             '|---|---|%s' % ('---|' * len(runs))]
    for key in sorted(base['results']):
        proxy, layout = key.split(' | ')
        expected = base['results'][key]
        ignored = EXCEPTIONS.get(proxy, ((), ''))[0]
        cells = ['%d cells' % expected['cells']]
        for run in runs[1:]:
            got = run['results'].get(key)
            differences = []
            if got is None:
                differences.append('not run')
            else:
                for measure, value in expected.items():
                    kind = 'ranges' if measure.endswith((' min', ' max')) else measure
                    if kind in ignored:
                        continue
                    other = got.get(measure)
                    tolerance = 0 if measure == 'cells' else 1e-9 if kind != 'ranges' else 1e-6
                    if other is None or not (other == value or abs(other - value) <= tolerance * max(1.0, abs(value))):
                        differences.append('%s %r (1 rank %r)' % (measure, other, value))
                if got.get('cells', 0) == 0 and expected['cells'] > 0:
                    differences.append('empty output')
                for measure in got:
                    if measure not in expected:
                        differences.append('extra %s' % measure)
            if differences:
                failures.append('%s on %d ranks: %s' % (key, run['ranks'], '; '.join(differences)))
                cells.append('**differs**')
            elif ignored:
                cells.append('%d cells (per piece)' % got['cells'])
            else:
                cells.append('=')
        lines.append('| %s | %s | %s |' % (proxy, layout, ' | '.join(cells)))
    print('\n'.join(lines))
    for proxy, (measures, reason) in EXCEPTIONS.items():
        print('%s: %s not compared: %s' % (proxy, ', '.join(measures), reason))
    check(not failures, '\n'.join(['%d runs differ from the one-rank run:' % len(failures)] + failures))
    print('loom MPI table: %d filter runs equal on %s ranks' % (len(base['results']), ', '.join(str(r['ranks']) for r in runs)))
    sys.exit(0)


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'measure':
        # Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec
        # reports as a failure (see the README's Exit and unload).
        measure(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == 'compare':
        compare(sys.argv[2:])
    else:
        print('usage: measure OUT.json | compare ONE.json TWO.json ...')
        sys.exit(2)
