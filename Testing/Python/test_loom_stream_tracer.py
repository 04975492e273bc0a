# Loom pvpython test: LoomStreamTracer as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Stream Tracer with ParaView's property names: the gradient of the wavelet as image,
# hexahedra and tetrahedra, from ParaView's Line and Point Cloud seed types (the same seeds: their widgets'
# properties set alike; a Point Cloud draws new points for each filter, so a shared cloud goes through Stream
# Tracer With Custom Source beside a Loom proxy given the same points), each integrator and direction: the same
# lines (seed ids, termination reasons), points (1e-6 of the domain) and arrays; the proxy's defaults.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, point_cloud  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def same_lines(reference, out, at, adaptive):
    import numpy
    from vtkmodules.util.numpy_support import vtk_to_numpy
    check(out.GetNumberOfCells() == reference.GetNumberOfCells() and out.GetNumberOfCells() > 0,
          '%s: %d lines, ParaView %d' % (at, out.GetNumberOfCells(), reference.GetNumberOfCells()))
    for name in ('SeedIds', 'ReasonForTermination'):
        check(numpy.array_equal(vtk_to_numpy(reference.GetCellData().GetArray(name)),
                                vtk_to_numpy(out.GetCellData().GetArray(name))), '%s: %s differ' % (at, name))
    check(out.GetNumberOfPoints() == reference.GetNumberOfPoints(),
          '%s: %d points, ParaView %d' % (at, out.GetNumberOfPoints(), reference.GetNumberOfPoints()))
    a, b = vtk_to_numpy(reference.GetPoints().GetData()), vtk_to_numpy(out.GetPoints().GetData())
    diagonal = numpy.linalg.norm(numpy.ptp(a, axis=0))
    if not adaptive:
        check(numpy.abs(a - b).max() <= 1e-6 * diagonal, '%s: points differ by %g' % (at, numpy.abs(a - b).max()))
    pa, pb = reference.GetPointData(), out.GetPointData()
    check([pa.GetArrayName(i) for i in range(pa.GetNumberOfArrays())] ==
          [pb.GetArrayName(i) for i in range(pb.GetNumberOfArrays())], '%s: the point arrays' % at)
    for i in range(pa.GetNumberOfArrays()):
        x, y = vtk_to_numpy(pa.GetArray(i)), vtk_to_numpy(pb.GetArray(i))
        check(x.dtype == y.dtype and x.shape == y.shape, '%s: %s type or size' % (at, pa.GetArrayName(i)))
        if not adaptive:
            largest = numpy.abs(x).max() if x.size else 0.0
            check(numpy.abs(x - y).max() <= 1e-4 * largest + 1e-12, '%s: %s differs' % (at, pa.GetArrayName(i)))


wavelet = Wavelet(WholeExtent=[-10, 10, -10, 10, -10, 10])
gradient = Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=gradient))
tetrahedra = Tetrahedralize(Input=hexahedra)
common = {'Vectors': ['POINTS', 'Gradient'], 'MaximumStreamlineLength': 20.0}
for source, what in ((gradient, 'image'), (hexahedra, 'hexahedra'), (tetrahedra, 'tetrahedra')):
    for integrator in ('Runge-Kutta 2', 'Runge-Kutta 4', 'Runge-Kutta 4-5'):
        for direction in ('BOTH', 'FORWARD', 'BACKWARD'):
            if direction != 'BOTH' and what != 'image':
                continue
            settings = dict(common, IntegratorType=integrator, IntegrationDirection=direction)
            paraview_tracer = StreamTracer(Input=source, SeedType='Line', **settings)
            paraview_tracer.SeedType.Point1 = [-9.5, -9.3, -9.1]
            paraview_tracer.SeedType.Point2 = [9.7, 9.2, 9.6]
            paraview_tracer.SeedType.Resolution = 60
            reference = fetch(paraview_tracer)
            for device in devices():
                at = '%s, %s, %s, a line (%s)' % (what, integrator, direction, device)
                loom = LoomStreamTracer(Input=source, SeedType='Line', Device=device, **settings)
                loom.SeedType.Point1 = [-9.5, -9.3, -9.1]
                loom.SeedType.Point2 = [9.7, 9.2, 9.6]
                loom.SeedType.Resolution = 60
                same_lines(reference, fetch(loom), at, integrator == 'Runge-Kutta 4-5')
                expect_ran_on(loom, device, at)
                Delete(loom)
            Delete(paraview_tracer)

# A point cloud: Loom Stream Tracer With Custom Source beside ParaView's Stream Tracer With Custom Source, the
# same producer of the seeds for both.
cloud = point_cloud(sys.modules['paraview.simple'], (0.5, -0.5, 1.0), 100, 6.0)
for source, what in ((gradient, 'image'), (tetrahedra, 'tetrahedra')):
    paraview_tracer = StreamTracerWithCustomSource(Input=source, SeedSource=cloud, IntegratorType='Runge-Kutta 4',
                                                   **common)
    reference = fetch(paraview_tracer)
    for device in devices():
        at = '%s, a cloud (%s)' % (what, device)
        loom = LoomStreamTracerWithCustomSource(Input=source, SeedSource=cloud, IntegratorType='Runge-Kutta 4',
                                                Device=device, **common)
        same_lines(reference, fetch(loom), at, False)
        expect_ran_on(loom, device, at)
        Delete(loom)
    Delete(paraview_tracer)
# Its properties are ParaView's, with ParaView's defaults (the input and seeds aside).
paraview_tracer = StreamTracerWithCustomSource(Input=gradient, SeedSource=cloud)
loom = LoomStreamTracerWithCustomSource(Input=gradient, SeedSource=cloud)
names = set(paraview_tracer.ListProperties()) - {'Input', 'SeedSource'}
check(names <= set(loom.ListProperties()), 'properties ParaView\'s has, Loom\'s lacks: %s'
      % sorted(names - set(loom.ListProperties())))
for name in sorted(names):
    check(str(paraview_tracer.GetPropertyValue(name)) == str(loom.GetPropertyValue(name)),
          '%s: ParaView %s, Loom %s' % (name, paraview_tracer.GetPropertyValue(name), loom.GetPropertyValue(name)))
Delete(loom)
Delete(paraview_tracer)

# ParaView's defaults on the proxy.
loom = LoomStreamTracer(Input=gradient, Vectors=['POINTS', 'Gradient'])
check(loom.IntegratorType == 'Runge-Kutta 4-5' and loom.IntegrationDirection == 'BOTH', 'the integrator defaults')
check(loom.IntegrationStepUnit == 'Cell Length' and loom.InitialStepLength == 0.2 and loom.MinimumStepLength == 0.01
      and loom.MaximumStepLength == 0.5, 'the step defaults')
check(loom.MaximumSteps == 2000 and loom.TerminalSpeed == 1e-12 and loom.MaximumError == 1e-6 and
      loom.ComputeVorticity == 1 and loom.SurfaceStreamlines == 0, 'the other defaults')
check(loom.SeedType.GetXMLName() in ('PointSource', 'HighResLineSource'), 'Seed Type: %s' % loom.SeedType.GetXMLName())
check(abs(loom.MaximumStreamlineLength - 20.0) < 1e-9, 'Maximum Streamline Length: the input\'s largest extent, %s'
      % loom.MaximumStreamlineLength)
out = fetch(loom)
check(out.GetNumberOfCells() > 0, 'lines with the defaults')
check(out.GetPointData().GetVectors().GetName() == 'Normals', 'Normals the active vectors')

print('pvpython Loom stream tracer test passed')
