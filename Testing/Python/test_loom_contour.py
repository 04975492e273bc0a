# Loom pvpython test: Loom Contour as a ParaView user runs it (LoadDistributedPlugin, paraview.simple),
# against ParaView's Contour: triangle counts and area on the wavelet (image, hexahedra, tetrahedra),
# several isovalues, devices, the property names ParaView's Contour uses, and bad input.
import os

from paraview.simple import *
from paraview import servermanager

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def fetch(proxy):
    proxy.UpdatePipeline()
    return proxy.GetClientSideObject().GetOutputDataObject(0)


def area_and_triangles(poly):
    from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter
    sizes = vtkCellSizeFilter()
    sizes.SetInputData(poly)
    sizes.ComputeAreaOn()
    sizes.ComputeSumOn()
    sizes.Update()
    area = sizes.GetOutput().GetFieldData().GetArray('Area').GetValue(0)
    return area, poly.GetNumberOfPolys()


def check(source, values, what):
    loom = LoomContour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=values)
    ref = Contour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=values)
    la, lt = area_and_triangles(fetch(loom))
    ra, rt = area_and_triangles(fetch(ref))
    assert lt == rt and lt > 0, '%s: %d triangles, ParaView %d' % (what, lt, rt)
    assert abs(la - ra) <= 1e-5 * ra, '%s: area %.9g, ParaView %.9g' % (what, la, ra)
    out = fetch(loom)
    assert out.GetPointData().GetArray('RTData') is not None, what + ': Compute Scalars is on by default'
    assert out.GetPointData().GetArray('Normals') is not None, what + ': Compute Normals is on by default'
    print('%s: %d triangles, area %.6g (ParaView %.6g)' % (what, lt, la, ra))


wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
check(wavelet, [157.0], 'wavelet image')
check(wavelet, [100.0, 157.0, 220.0], 'wavelet image, 3 values')
hexes = AppendDatasets(Input=wavelet)
check(hexes, [157.0], 'wavelet hexahedra')
tets = Tetrahedralize(Input=wavelet)
check(tets, [157.0, 190.0], 'wavelet tetrahedra')

# Devices and properties.
for device in ['Serial', 'TBB']:
    loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], Device=device,
                       ComputeNormals=0, ComputeScalars=0, MergePoints=1)
    out = fetch(loom)
    assert out.GetNumberOfPolys() > 0, device
    assert out.GetPointData().GetArray('Normals') is None and out.GetPointData().GetArray('RTData') is None

# Bad input: an error from the filter, an empty output, no crash.
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'NoSuchArray'], Isosurfaces=[157.0])
out = fetch(loom)
assert out.GetNumberOfPoints() == 0, 'missing array: empty output'
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'])
loom.Isosurfaces = []
out = fetch(loom)
assert out.GetNumberOfPoints() == 0, 'no isovalues: empty output'
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[1e6])
out = fetch(loom)
assert out.GetNumberOfPoints() == 0, 'isovalue outside the range: empty output'
print('pvpython Loom contour test passed')
