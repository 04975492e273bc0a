# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Slice on each rank's piece of the wavelet (a plane
# and a sphere) gives, summed over the ranks, the triangle count and area of a one-piece run of VTK's
# vtkCutter on the whole wavelet, and the same RTData range.
from paraview.simple import *
from paraview import servermanager
from vtkmodules.vtkCommonCore import vtkDoubleArray

LoadDistributedPlugin('Loom', ns=globals())
controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
ranks = controller.GetNumberOfProcesses()
if ranks < 2:
    raise RuntimeError('this test must run on 2 MPI ranks, got %d' % ranks)


def stats(poly):
    from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter
    area = 0.0
    if poly.GetNumberOfCells():
        sizes = vtkCellSizeFilter()
        sizes.SetInputData(poly)
        sizes.ComputeSumOn()
        sizes.Update()
        area = sizes.GetOutput().GetFieldData().GetArray('Area').GetValue(0)
    rt = poly.GetPointData().GetArray('RTData')
    low, high = rt.GetRange(0) if rt is not None and poly.GetNumberOfPoints() else (float('inf'), float('-inf'))
    return [float(poly.GetNumberOfPolys()), area, low, high]


def reduce(values):
    out = []
    for v, op in zip(values, (2, 2, 1, 0)):  # SUM, SUM, MIN, MAX
        a, b = vtkDoubleArray(), vtkDoubleArray()
        a.InsertNextValue(v)
        controller.AllReduce(a, b, op)
        out.append(b.GetValue(0))
    return out


extent = [-20, 19, -20, 19, -20, 19]
wavelet = Wavelet(WholeExtent=extent)
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
from vtkmodules.vtkFiltersCore import vtkCutter  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkPlane, vtkSphere  # noqa: E402
source = vtkRTAnalyticSource()
source.SetWholeExtent(*extent)
source.Update()
for kind in ('Plane', 'Sphere'):
    loom = LoomSlice(Input=wavelet, SliceType=kind)
    if kind == 'Plane':
        loom.SliceType.Origin = [0.3, -0.4, 0.2]
        loom.SliceType.Normal = [0.2, 0.4, 0.9]
        function = vtkPlane()
        function.SetOrigin(0.3, -0.4, 0.2)
        function.SetNormal(0.2, 0.4, 0.9)
    else:
        loom.SliceType.Center = [0.3, -0.4, 0.2]
        loom.SliceType.Radius = 12.0
        function = vtkSphere()
        function.SetCenter(0.3, -0.4, 0.2)
        function.SetRadius(12.0)
    loom.UpdatePipeline()
    got = reduce(stats(loom.GetClientSideObject().GetOutputDataObject(0)))
    cutter = vtkCutter()
    cutter.SetInputData(source.GetOutput())
    cutter.SetCutFunction(function)
    cutter.Update()
    expected = stats(cutter.GetOutput())
    if expected[0] == 0 or got[0] != expected[0] or abs(got[1] - expected[1]) > 1e-7 * expected[1] or \
            abs(got[2] - expected[2]) > 1e-3 or abs(got[3] - expected[3]) > 1e-3:
        raise RuntimeError('%s: %d ranks gave %r, one piece %r' % (kind, ranks, got, expected))
    print('%s: %d triangles, area %.9g on %d ranks' % (kind, got[0], got[1], ranks))
print('pvbatch Loom slice MPI test passed (%d ranks)' % ranks)
