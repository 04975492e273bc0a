# Loom pvpython test: Loom Slice as a ParaView user runs it (LoadDistributedPlugin, paraview.simple) beside
# ParaView's Slice, with the same property names: the same area and triangle count on the wavelet as
# image, hexahedra and tetrahedra and on a bundled dataset, for planes (the default through the center,
# several offsets, a tilted one), spheres, cylinders and boxes (small ones too: Loom cuts the part of an image
# they reach), on Serial and TBB; the slice with
# triangulation off covers the same area; point and cell data ranges; bad input.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import cell_size_sums, check, devices, expect_ran_on, fetch  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']


def measure(poly):
    return cell_size_sums(poly)['Area'], poly.GetNumberOfPolys()


def configure(proxy, kind, center, size, scale=1.0):
    # scale < 1: a function reaching a part of the grid only (Loom cuts that part of an image alone).
    size *= scale
    proxy.SliceType = kind
    f = proxy.SliceType
    if kind == 'Plane':
        f.Origin = center
        f.Normal = [0.3, 0.5, 0.8]
    elif kind == 'Sphere':
        f.Center = center
        f.Radius = 0.4 * size
    elif kind == 'Cylinder':
        f.Center = center
        f.Axis = [0.2, 1.0, 0.3]
        f.Radius = 0.3 * size
    elif kind == 'Box':
        f.Position = [center[0] - 0.3 * size, center[1] - 0.25 * size, center[2] - 0.2 * size]
        f.Length = [0.55 * size, 0.5 * size, 0.45 * size]
        f.Rotation = [15.0, -10.0, 20.0]


def against_paraview(source, what, slack=0):
    source.UpdatePipeline()
    point = 'RTData' if source.PointData.GetArray('RTData') else source.PointData[0].Name
    b = source.GetDataInformation().GetBounds()
    center = [0.5 * (b[0] + b[1]) + 0.13, 0.5 * (b[2] + b[3]) - 0.21, 0.5 * (b[4] + b[5]) + 0.07]
    size = max(b[1] - b[0], b[3] - b[2], b[5] - b[4])
    cases = [('Plane', [0.0], 1.0), ('Plane', [-0.2 * size, 0.0, 0.15 * size], 1.0), ('Sphere', [0.0], 1.0),
             ('Cylinder', [0.0], 1.0), ('Box', [0.0], 1.0), ('Sphere', [-0.002 * size ** 2, 0.0], 0.35),
             ('Box', [0.0, 0.02 * size], 0.35)]
    for kind, offsets, scale in cases:
        ref = Slice(Input=source)
        configure(ref, kind, center, size, scale)
        ref.SliceOffsetValues = offsets
        ra, rt = measure(fetch(ref))
        check(ra > 0, '%s %s: ParaView cut nothing' % (what, kind))
        for device in devices():
            loom = LoomSlice(Input=source, Device=device)
            configure(loom, kind, center, size, scale)
            loom.SliceOffsetValues = offsets
            out = fetch(loom)
            expect_ran_on(loom, device, what)
            la, lt = measure(out)
            check(abs(la - ra) <= 1e-7 * ra, '%s %s %r %s: area %.12g, ParaView %.12g' % (
                what, kind, offsets, device, la, ra))
            check(abs(lt - rt) <= slack, '%s %s %r %s: %d triangles, ParaView %d' % (
                what, kind, offsets, device, lt, rt))
            rt_l = out.GetPointData().GetArray(point).GetRange()
            rt_r = fetch(ref).GetPointData().GetArray(point).GetRange()
            check(max(abs(rt_l[0] - rt_r[0]), abs(rt_l[1] - rt_r[1])) <= 1e-4 * max(1.0, abs(rt_r[1])),
                  '%s %s: point data %r vs %r' % (what, kind, rt_l, rt_r))
            Delete(loom)
        print('%s, %s %r (size x%g): area %.9g, %d triangles (ParaView %.9g, %d)' % (what, kind, offsets, scale, la, lt, ra,
                                                                            rt))
        Delete(ref)


wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
against_paraview(wavelet, 'wavelet image')
against_paraview(AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet)), 'wavelet hexahedra')
against_paraview(Tetrahedralize(Input=wavelet), 'wavelet tetrahedra')
reader = LegacyVTKReader(FileNames=[os.path.join(DATA, 'kitchen.vtk')])
kitchen = PointDatatoCellData(Input=reader, PassPointData=1)
kitchen.UpdatePipeline()
against_paraview(kitchen, 'kitchen.vtk', slack=2)

# The default: a plane through the center of the input's bounds, as ParaView's Slice.
default = LoomSlice(Input=wavelet)
ref = Slice(Input=wavelet)
la, lt = measure(fetch(default))
ra, rt = measure(fetch(ref))
check(lt == rt and lt > 0 and abs(la - ra) <= 1e-7 * ra, 'default slice: %d/%g vs %d/%g' % (lt, la, rt, ra))
# Triangulation off: ParaView gives polygons, Loom triangles over the same area.
loose = LoomSlice(Input=wavelet, Triangulatetheslice=0)
polys = Slice(Input=wavelet, Triangulatetheslice=0)
la, _ = measure(fetch(loose))
ra, _ = measure(fetch(polys))
check(abs(la - ra) <= 1e-7 * ra, 'triangulation off: area %g vs %g' % (la, ra))
# Cell data is carried from the cut cells.
cells = PointDatatoCellData(Input=wavelet, PassPointData=1)
out = fetch(LoomSlice(Input=cells))
check(out.GetCellData().GetArray('RTData') is not None and out.GetNumberOfCells() == rt,
      'cell data: no RTData cell array, or %d cells, the default slice %d' % (out.GetNumberOfCells(), rt))

# Bad input: a zero normal gives an error and an empty output, not a crash.
bad = LoomSlice(Input=wavelet)
bad.SliceType.Normal = [0, 0, 0]
check(fetch(bad).GetNumberOfCells() == 0, 'a zero normal gave cells')
print('pvpython Loom slice test passed')
