# Loom pvpython test: Loom Connectivity as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Connectivity, with the same property names and defaults: on a threshold of the wavelet in
# many pieces (hexahedra), a contour in pieces (polygonal data in, polygonal data out), the image and the
# bundled datasets, in ParaView's three extraction modes and three region id assignments, on Serial and TBB:
# the same cells in the same order (types and centres), the same RegionId on every cell and point, the kept
# input cells (their ids carried as a cell array); then the modes ParaView's proxy lacks, and bad input.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkFiltersCore import vtkCellCenters

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import IDS_SCRIPT, check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
# Before any Loom object reaches Python: VTK's wrapping would otherwise take vtkLoomConnectivity for its
# nearest wrapped base class.
import loom  # noqa: E402,F401
DATA = os.environ['LOOM_DATA_DIR']

def centres(data):
    """The cells' centres (in cell order) and types."""
    f = vtkCellCenters()
    f.SetInputData(data)
    f.Update()
    types = numpy.array([data.GetCellType(c) for c in range(data.GetNumberOfCells())], dtype=int)
    points = f.GetOutput().GetPoints()
    return (vtk_to_numpy(points.GetData()) if points is not None else numpy.zeros((0, 3))), types


def point_regions(data):
    """(position, region) of every point the cells use, sorted."""
    used = set()
    for c in range(data.GetNumberOfCells()):
        ids = data.GetCell(c).GetPointIds()
        used.update(ids.GetId(k) for k in range(ids.GetNumberOfIds()))
    region = data.GetPointData().GetArray('RegionId')
    return sorted(tuple(data.GetPoint(p)) + (region.GetValue(p),) for p in used)


def against_paraview(source, what, least_regions):
    source = ProgrammableFilter(Input=source, Script=IDS_SCRIPT)
    source.UpdatePipeline()
    for mode in ('Extract All Regions', 'Extract Largest Region', 'Extract Closest Point Region'):
        for order in ('Unspecified', 'Cell Count Descending', 'Cell Count Ascending'):
            props = dict(ExtractionMode=mode, RegionIdAssignmentMode=order, ClosestPoint=[2.5, -3.0, 1.0])
            ref = Connectivity(Input=source, **props)
            expected = fetch(ref)
            regions = ref.GetClientSideObject().GetNumberOfExtractedRegions()
            if mode == 'Extract All Regions':
                check(regions >= least_regions, '%s: %d regions, expected at least %d' % (what, regions, least_regions))
            e_centres, e_types = centres(expected)
            e_ids = vtk_to_numpy(expected.GetCellData().GetArray('Ids'))
            e_cell_region = vtk_to_numpy(expected.GetCellData().GetArray('RegionId'))
            for device in devices():
                at = '%s %s %s on %s' % (what, mode, order, device)
                loom = LoomConnectivity(Input=source, Device=device, **props)
                got = fetch(loom)
                expect_ran_on(loom, device, at)
                check(got.GetClassName() == expected.GetClassName(), '%s: %s, ParaView %s' % (
                    at, got.GetClassName(), expected.GetClassName()))
                check(loom.GetClientSideObject().GetNumberOfExtractedRegions() == regions, '%s: regions' % at)
                g_centres, g_types = centres(got)
                check(g_centres.shape == e_centres.shape and numpy.array_equal(g_types, e_types) and
                      numpy.allclose(g_centres, e_centres, rtol=0, atol=1e-6), '%s: %d cells, ParaView %d' % (
                          at, got.GetNumberOfCells(), expected.GetNumberOfCells()))
                g_ids = vtk_to_numpy(got.GetCellData().GetArray('Ids'))
                check(numpy.array_equal(g_ids, e_ids), '%s: other input cells kept' % at)
                # ParaView's cell RegionId has one value per input cell (by input id); Loom's one per output cell.
                g_cell_region = vtk_to_numpy(got.GetCellData().GetArray('RegionId'))
                if mode == 'Extract Closest Point Region':
                    check(numpy.all(g_cell_region == 0), '%s: cell RegionId not 0' % at)
                else:
                    check(numpy.array_equal(g_cell_region, e_cell_region[g_ids]), '%s: cell RegionId' % at)
                check(point_regions(got) == point_regions(expected), '%s: point RegionId' % at)
                check(got.GetNumberOfPoints() == len(point_regions(got)), '%s: unused points' % at)
                Delete(loom)
            Delete(ref)
    Delete(source)


wavelet = Wavelet(WholeExtent=[-12, 12, -12, 12, -12, 12])
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
threshold = Threshold(Input=hexahedra, Scalars=['POINTS', 'RTData'], LowerThreshold=100, UpperThreshold=130)
against_paraview(threshold, 'threshold', 20)
against_paraview(Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[240.0]), 'contour', 2)
against_paraview(Wavelet(WholeExtent=[-4, 4, -3, 3, -2, 2]), 'image', 1)
for name in ('kitchen.vtk', 'mixed-cell-shapes.vtk', 'wedge_cells.vtk'):
    against_paraview(LegacyVTKReader(FileNames=[os.path.join(DATA, name)]), name, 1)

# The modes of VTK's filter that ParaView's proxy lacks, through the proxy's extra properties, against VTK's
# filter on the same data.
from vtkmodules.vtkFiltersCore import vtkConnectivityFilter  # noqa: E402
data = fetch(threshold)
for mode, seeds, specified in ((1, [5, 0, 300], []), (2, [7, data.GetNumberOfCells() - 1], []), (3, [], [0, 3, 8])):
    vtk = vtkConnectivityFilter()
    vtk.SetInputData(data)
    vtk.SetExtractionMode(mode)
    for s in seeds:
        vtk.AddSeed(s)
    for r in specified:
        vtk.AddSpecifiedRegion(r)
    vtk.ColorRegionsOn()
    vtk.Update()
    e_centres, e_types = centres(vtk.GetOutput())
    for device in devices():
        loom = LoomConnectivity(Input=threshold, Device=device, ExtractionMode=mode, SeedIds=seeds,
                                SpecifiedRegionIds=specified)
        got = fetch(loom)
        g_centres, g_types = centres(got)
        check(g_centres.shape == e_centres.shape and numpy.allclose(g_centres, e_centres, rtol=0, atol=1e-6),
              'mode %d on %s: %d cells, VTK %d' % (mode, device, got.GetNumberOfCells(),
                                                    vtk.GetOutput().GetNumberOfCells()))
        check(0 < got.GetNumberOfCells() < data.GetNumberOfCells(), 'mode %d: a weak comparison' % mode)
        # The seeded modes make every kept cell and point region 0 (VTK's); the specified mode keeps the regions of
        # Specified Region Ids, each with its own id (the Unspecified numbering), all of them present.
        cell_ids = set(vtk_to_numpy(got.GetCellData().GetArray('RegionId')).tolist())
        point_ids = set(vtk_to_numpy(got.GetPointData().GetArray('RegionId')).tolist())
        wanted = set(specified) if mode == 3 else {0}
        check(cell_ids == wanted and point_ids == wanted, 'mode %d on %s: RegionId %s on cells, %s on points' % (
            mode, device, sorted(cell_ids), sorted(point_ids)))
        Delete(loom)

# Bad input: a seed past the input's points, an error naming the filter and Seed Ids; an empty input, empty.
bad = LoomConnectivity(Input=threshold, ExtractionMode=1, SeedIds=[0, data.GetNumberOfPoints() + 3])
out, messages = fetch_with_messages(bad)
check(reported(messages, 'Loom Connectivity') and reported(messages, 'Seed Ids'), messages)
check(out.GetNumberOfCells() == 0, 'bad seeds: %d cells out' % out.GetNumberOfCells())
empty = LoomConnectivity(Input=Threshold(Input=hexahedra, Scalars=['POINTS', 'RTData'], LowerThreshold=1000,
                                         UpperThreshold=2000))
out, messages = fetch_with_messages(empty)
check(out.GetNumberOfCells() == 0 and not messages, 'empty input: %d cells, %r' % (out.GetNumberOfCells(), messages))
print('pvpython Loom connectivity test passed')
