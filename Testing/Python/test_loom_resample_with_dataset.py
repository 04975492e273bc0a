# Loom pvpython test: LoomResampleWithDataset as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Resample With Dataset with ParaView's property names: the wavelet as image, hexahedra and
# tetrahedra (its point data and its cell averages) sampled onto destinations partly outside it: an image, a
# rectilinear grid, tetrahedra, a noisy point cloud; ParaView's defaults, then the passed arrays, the blanking
# and a fixed tolerance. The output's structure, every array by name and type, values within 1e-6 relative,
# the same valid-point mask and ghost arrays, point for point (a cell array's value, at a point several source
# cells contain, from the cell ParaView's static cell locator takes); the proxy's defaults.
import os
import sys

from paraview.simple import *
import numpy
from vtkmodules.util.numpy_support import numpy_to_vtk, vtk_to_numpy
from vtkmodules.vtkCommonDataModel import vtkRectilinearGrid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, point_cloud, sampling_sources  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def same_resample(reference, out, source, at):
    """Loom's output equals ParaView's: type, points and cells, every point and cell array by name and type,
    values within 1e-6 relative; returns ParaView's valid points."""
    check(out.GetClassName() == reference.GetClassName(), '%s: %s, not %s' % (at, out.GetClassName(), reference.GetClassName()))
    check(out.GetNumberOfPoints() == reference.GetNumberOfPoints() and
          out.GetNumberOfCells() == reference.GetNumberOfCells(), at + ': points and cells')
    for p in range(0, reference.GetNumberOfPoints(), 97):
        check(reference.GetPoint(p) == out.GetPoint(p), '%s: point %d' % (at, p))
    for side in ('GetPointData', 'GetCellData'):
        x, y = getattr(reference, side)(), getattr(out, side)()
        names = sorted(x.GetArrayName(i) for i in range(x.GetNumberOfArrays()))
        got = sorted(y.GetArrayName(i) for i in range(y.GetNumberOfArrays()))
        check(names == got, '%s %s: arrays %s, ParaView %s' % (at, side, got, names))
        for name in names:
            a, b = x.GetArray(name), y.GetArray(name)
            check(a.GetDataType() == b.GetDataType() and a.GetNumberOfComponents() == b.GetNumberOfComponents(),
                  '%s %s: type' % (at, name))
            u, v = vtk_to_numpy(a).astype(float), vtk_to_numpy(b).astype(float)
            agree = (abs(u - v) <= 1e-6 * abs(u).clip(1e-300)) | (u != u) & (v != v)
            if agree.ndim > 1:
                agree = agree.all(axis=1)
            check(agree.all(), '%s %s: %d values differ' % (at, name, (~agree).sum()))
    fields = reference.GetFieldData()
    check(sorted(fields.GetArrayName(i) for i in range(fields.GetNumberOfArrays())) ==
          sorted(out.GetFieldData().GetArrayName(i) for i in range(out.GetFieldData().GetNumberOfArrays())),
          at + ': field data')
    return int(vtk_to_numpy(reference.GetPointData().GetArray('vtkValidPointMask')).sum())


# Destinations partly outside the wavelet (-8..8): an image, a rectilinear grid, tetrahedra, 400 random points.
image = Wavelet(WholeExtent=[-6, 5, -7, 6, -5, 4])
image_shifted = Transform(Input=image)  # hexahedra of a grid not aligned with the source's
image_shifted.Transform.Translate = [3.31, -2.17, 1.43]
image_shifted.Transform.Scale = [1.13, 0.91, 1.07]
destination_image = ResampleToImage(Input=image_shifted, SamplingDimensions=[14, 11, 9])  # an image again
grid = vtkRectilinearGrid()
axes = ([-9.5, -7.25, -3.1, 0.3, 2.9, 6.6, 10.2], [-4.3 + 3.28 * i for i in range(6)], [-2.2, 1.7, 5.05])
grid.SetDimensions(*[len(axis) for axis in axes])
grid.SetXCoordinates(numpy_to_vtk(numpy.array(axes[0]), deep=1))
grid.SetYCoordinates(numpy_to_vtk(numpy.array(axes[1]), deep=1))
grid.SetZCoordinates(numpy_to_vtk(numpy.array(axes[2]), deep=1))
rectilinear = TrivialProducer()
rectilinear.GetClientSideObject().SetOutput(grid)
tetrahedra = Tetrahedralize(Input=image_shifted)
cloud = point_cloud(sys.modules['paraview.simple'], (2.3, -1.2, 0.7), 400, 11.0)
destinations = ((destination_image, 'an image'), (rectilinear, 'a rectilinear grid'), (tetrahedra, 'tetrahedra'),
                (cloud, 'a point cloud'))

SETTINGS = ({}, {'PassPointArrays': 1, 'PassCellArrays': 1, 'MarkBlankPointsAndCells': 1, 'PassFieldArrays': 0},
            {'ComputeTolerance': 0, 'Tolerance': 0.01})
# The sources: the wavelet's sampling inputs with a noisy point field and noisy cell vectors added (one draw,
# shared by both filters).
sources = [(RandomAttributes(Input=source, GeneratePointScalars=1, GenerateCellVectors=1), what)
           for source, what in sampling_sources(sys.modules['paraview.simple'])]
for source, what in sources:
    source_data = fetch(source)
    for destination, where in destinations:
        for case, settings in enumerate(SETTINGS):
            if case and where == 'a point cloud':
                continue
            reference = fetch(ResampleWithDataset(SourceDataArrays=source, DestinationMesh=destination, **settings))
            for device in devices() if not case else devices()[-1:]:
                at = '%s onto %s, settings %d (%s)' % (what, where, case, device)
                loom = LoomResampleWithDataset(SourceDataArrays=source, DestinationMesh=destination, Device=device,
                                               FallbackToVTK=0, **settings)
                valid = same_resample(reference, fetch(loom), source_data, at)
                expect_ran_on(loom, device, at)
                total = reference.GetNumberOfPoints()
                check(0 < valid < total, '%s: %d of %d points valid (partly outside)' % (at, valid, total))
                Delete(loom)

# A tilted surface (the wavelet's boundary quadrilaterals warped by its elevation) sampled at its own points moved
# off it: VTK's static cell locator takes a quadrilateral at any distance from its plane, and Compute Tolerance then
# leaves a point that lies farther than 1e-3 of the cell's diagonal in no cell (that cell stays the previous one).
elevated = Elevation(Input=sampling_sources(sys.modules['paraview.simple'])[1][0], LowPoint=[-8, -8, -8],
                     HighPoint=[8, 8, 8])
surface = ExtractSurface(Input=WarpByScalar(Input=elevated, Scalars=['POINTS', 'Elevation'], Normal=[0.3, 0.2, 1.0],
                                            ScaleFactor=0.6))
surface_source = RandomAttributes(Input=surface, GenerateCellVectors=1)
for shift in (1e-4, 0.003, 0.2):
    moved = Transform(Input=surface)
    moved.Transform.Translate = [0.001, 0.002, shift]
    reference = fetch(ResampleWithDataset(SourceDataArrays=surface_source, DestinationMesh=moved))
    loom = LoomResampleWithDataset(SourceDataArrays=surface_source, DestinationMesh=moved, FallbackToVTK=0)
    at = 'a tilted surface at its points moved by %g' % shift
    valid = same_resample(reference, fetch(loom), fetch(surface_source), at)
    expect_ran_on(loom, devices()[-1], at)
    check(0 < valid < reference.GetNumberOfPoints(), '%s: %d valid points' % (at, valid))
    Delete(loom)

# ParaView's defaults on the proxy, and its inputs: Source Data Arrays (port 1), Destination Mesh (port 0).
loom = LoomResampleWithDataset(SourceDataArrays=sources[1][0], DestinationMesh=cloud)
check(loom.ComputeTolerance == 1 and loom.PassFieldArrays == 1 and loom.MarkBlankPointsAndCells == 0 and
      loom.PassPointArrays == 0 and loom.PassCellArrays == 0 and loom.CategoricalData == 0 and
      loom.SnapToCellWithClosestPoint == 0, 'the proxy\'s defaults')
check(loom.CellLocator.GetXMLName() == 'StaticCellLocator', 'Cell Locator: %s' % loom.CellLocator.GetXMLName())
check(fetch(loom).GetNumberOfPoints() == 400, 'the output has the destination\'s points')

print('pvpython Loom resample with dataset test passed')
