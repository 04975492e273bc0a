# Loom pvpython test: Loom Contour as a ParaView user runs it (LoadDistributedPlugin, paraview.simple),
# against ParaView's Contour: triangle counts and area on the wavelet (image, hexahedra, tetrahedra),
# several isovalues, devices, the property names ParaView's Contour uses, and bad input.
import os
import sys

from paraview.simple import *
from paraview import servermanager

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import cell_size_sums, check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def area_and_triangles(poly):
    return cell_size_sums(poly)['Area'], poly.GetNumberOfPolys()


def against_paraview(source, values, what):
    loom = LoomContour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=values)
    ref = Contour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=values)
    la, lt = area_and_triangles(fetch(loom))
    ra, rt = area_and_triangles(fetch(ref))
    check(lt == rt and lt > 0, '%s: %d triangles, ParaView %d' % (what, lt, rt))
    check(abs(la - ra) <= 1e-5 * ra, '%s: area %.9g, ParaView %.9g' % (what, la, ra))
    out = fetch(loom)
    expect_ran_on(loom, devices()[0], what)  # on Auto: CUDA in the twin
    check(out.GetPointData().GetArray('RTData') is not None, what + ': Compute Scalars is on by default')
    check(out.GetPointData().GetArray('Normals') is not None, what + ': Compute Normals is on by default')
    print('%s: %d triangles, area %.6g (ParaView %.6g)' % (what, lt, la, ra))


wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
against_paraview(wavelet, [157.0], 'wavelet image')
against_paraview(wavelet, [100.0, 157.0, 220.0], 'wavelet image, 3 values')
hexes = AppendDatasets(Input=wavelet)
against_paraview(hexes, [157.0], 'wavelet hexahedra')
tets = Tetrahedralize(Input=wavelet)
against_paraview(tets, [157.0, 190.0], 'wavelet tetrahedra')

# Devices and properties.
for device in devices():
    loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], Device=device,
                       ComputeNormals=0, ComputeScalars=0, MergePoints=1)
    out = fetch(loom)
    expect_ran_on(loom, device, 'contour')
    check(out.GetNumberOfPolys() > 0, '%s: no triangles' % device)
    check(out.GetPointData().GetArray('Normals') is None and out.GetPointData().GetArray('RTData') is None,
          '%s: Compute Normals and Compute Scalars off, but Normals or RTData made' % device)

# Bad input: an error from the filter, an empty output, no crash.
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'NoSuchArray'], Isosurfaces=[157.0])
out = fetch(loom)
check(out.GetNumberOfPoints() == 0, 'missing array: empty output')
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'])
loom.Isosurfaces = []
out = fetch(loom)
check(out.GetNumberOfPoints() == 0, 'no isovalues: empty output')
loom = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[1e6])
out = fetch(loom)
check(out.GetNumberOfPoints() == 0, 'isovalue outside the range: empty output')

# ParaView's triangles (Contour gives them on noisy and on integer data, where values equal the
# isovalue): the same counts, the same area to 1e-9, no degenerate triangle.
import random
import tempfile
from vtkmodules.vtkCommonDataModel import vtkImageData
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkIOXML import vtkXMLImageDataWriter


def image_file(values, n, path):
    image = vtkImageData()
    image.SetDimensions(n, n, n)
    scalars = vtkDoubleArray()
    scalars.SetName('s')
    for v in values:
        scalars.InsertNextValue(v)
    image.GetPointData().SetScalars(scalars)
    writer = vtkXMLImageDataWriter()
    writer.SetFileName(path)
    writer.SetInputData(image)
    writer.Write()
    return XMLImageDataReader(FileName=[path])


def degenerate(poly):
    ids = poly.GetPolys().GetConnectivityArray()
    return sum(1 for t in range(poly.GetNumberOfPolys())
               if len({ids.GetValue(3 * t + q) for q in range(3)}) < 3)


rng = random.Random(3)
n = 32
with tempfile.TemporaryDirectory() as folder:
    cases = [('noisy 32^3 image', [rng.random() for _ in range(n ** 3)], 0.5),
             ('integer 32^3 image', [float(rng.randrange(4)) for _ in range(n ** 3)], 2.0)]
    for what, values, iso in cases:
        path = os.path.join(folder, what.replace(' ', '_') + '.vti')
        reader = image_file(values, n, path)
        for source, label in [(reader, what), (AppendDatasets(Input=reader), what + ' as voxels'),
                              (Tetrahedralize(Input=reader), what + ' as tetrahedra')]:
            loom = LoomContour(Input=source, ContourBy=['POINTS', 's'], Isosurfaces=[iso])
            ref = Contour(Input=source, ContourBy=['POINTS', 's'], Isosurfaces=[iso])
            la, lt = area_and_triangles(fetch(loom))
            ra, rt = area_and_triangles(fetch(ref))
            check(lt == rt, '%s: %d triangles, ParaView %d' % (label, lt, rt))
            check(abs(la - ra) <= 1e-9 * ra, '%s: area %.12g, ParaView %.12g' % (label, la, ra))
            check(degenerate(fetch(loom)) == 0, label + ': a degenerate triangle')
            print('%s: %d triangles, area %.12g (ParaView %.12g, relative difference %.2e)' %
                  (label, lt, la, ra, abs(la - ra) / ra))
        # Like ParaView's Contour, a Loom Contour made without Contour By contours the active scalars.
        # (a fresh reader, not updated: the proxy's Contour By gets no default from its domain)
        default = LoomContour(Input=XMLImageDataReader(FileName=[path]), Isosurfaces=[iso])
        image_triangles = area_and_triangles(fetch(Contour(Input=reader, ContourBy=['POINTS', 's'],
                                                           Isosurfaces=[iso])))[1]
        check(area_and_triangles(fetch(default))[1] == image_triangles,
              what + ': a Loom Contour without Contour By did not contour the active scalars')

print('pvpython Loom contour test passed')
