# Loom pvpython test: Loom Clip as a ParaView user runs it (LoadDistributedPlugin, paraview.simple) beside
# ParaView's Clip, with the same property names: the same number of cells and points, the same volume
# (relative 1e-9) and the same point-data range, on the wavelet as image, hexahedra and tetrahedra, a
# noisy field and the bundled datasets, for Scalar, Plane, Sphere, Cylinder and Box, Invert on and off,
# a cell array, Crinkle clip and Exact, a small sphere and box (Loom clips the part of the image they reach), on
# Serial and TBB; bad input.
import math
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import cell_size_sums, check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
DATA = os.environ['LOOM_DATA_DIR']
failures = []


def measure(data, name=None):
    """Cells, points, volume, area, and the range of the point array `name` (default: the first)."""
    sizes = cell_size_sums(data)
    pd = data.GetPointData()
    array = pd.GetArray(name) if name else (pd.GetArray(0) if pd.GetNumberOfArrays() else None)
    rng = array.GetRange(-1) if array is not None and data.GetNumberOfPoints() else None
    return data.GetNumberOfCells(), data.GetNumberOfPoints(), sizes['Volume'], sizes['Area'], rng


def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def configure(proxy, clip_type, settings):
    proxy.ClipType = clip_type
    for key, value in settings.items():
        if key.startswith('f.'):
            setattr(proxy.ClipType, key[2:], value)
        else:
            setattr(proxy, key, value)


def compare(source, what, clip_type, settings, device=None, same_points=True):
    ref = Clip(Input=source)
    configure(ref, clip_type, settings)
    device = device or devices()[0]
    loom = LoomClip(Input=source, Device=device)
    configure(loom, clip_type, settings)
    reference = fetch(ref)
    pd = reference.GetPointData()
    name = pd.GetArrayName(0) if pd.GetNumberOfArrays() else None
    a, b = measure(reference, name), measure(fetch(loom), name)
    label = f'{what} {clip_type} {settings} {device}'
    expect_ran_on(loom, device, label)
    # Volumes to 1e-9 where the points are doubles (images and rectilinear grids give double points);
    # float points round the cut points to float, and Loom's differ from VTK's in the last bit where VTK
    # interpolates an edge from its other end: measured up to 5e-8 relative (README).
    rel = 1e-9 if reference.GetNumberOfPoints() == 0 or reference.GetPoints().GetDataType() == 11 else 1e-7
    ok = a[0] == b[0] and (a[1] == b[1] or not same_points) and close(a[2], b[2], rel) and close(a[3], b[3], rel)
    if a[4] is not None or b[4] is not None:
        ok = ok and a[4] is not None and b[4] is not None and all(close(x, y, 1e-6) for x, y in zip(a[4], b[4]))
    if not ok:
        failures.append(f'{label}: ParaView {a}, Loom {b}')
    print(('ok  ' if ok else 'FAIL'), label, b[:3])
    Delete(loom)
    Delete(ref)


wavelet = Wavelet(WholeExtent=[-12, 12, -12, 12, -12, 12])
hexahedra = MergeBlocks(Input=wavelet)
tetrahedra = Tetrahedralize(Input=wavelet)
noisy = RandomAttributes(Input=wavelet, DataType='Double', ComponentRange=[0.0, 1.0], GeneratePointScalars=1)
rt = {'Scalars': ['POINTS', 'RTData'], 'Value': 157.0}
for source, what in ((wavelet, 'image'), (hexahedra, 'hexahedra'), (tetrahedra, 'tetrahedra')):
    for invert in (1, 0):
        compare(source, what, 'Scalar', dict(rt, Invert=invert))
        compare(source, what, 'Plane', {'Invert': invert, 'f.Origin': [0.5, 0.25, -1.0], 'f.Normal': [1.0, 0.3, 0.2]})
        compare(source, what, 'Sphere', {'Invert': invert, 'f.Center': [1.0, 0.0, 2.0], 'f.Radius': 7.5})
        compare(source, what, 'Cylinder', {'Invert': invert, 'f.Axis': [0.0, 1.0, 1.0], 'f.Radius': 5.0})
        compare(source, what, 'Box', {'Invert': invert, 'f.Position': [-3.0, -4.0, -2.0], 'f.Length': [9.0, 7.0, 8.0]})
        compare(source, what, 'Plane', {'Invert': invert, 'Crinkleclip': 1, 'f.Normal': [0.2, 1.0, 0.1]},
                same_points=False)
    compare(source, what, 'Scalar', dict(rt, Invert=1), device=devices()[-1])
    compare(source, what, 'Box', {'Invert': 1, 'Exact': 1, 'f.Position': [-3.0, -4.0, -2.0],
                                  'f.Length': [9.0, 7.0, 8.0]})
# A small sphere and box keeping their inside: Loom clips the part of the image they reach.
compare(wavelet, 'image, small', 'Sphere', {'Invert': 1, 'f.Center': [1.0, 0.5, 2.0], 'f.Radius': 3.5})
compare(wavelet, 'image, small', 'Box', {'Invert': 1, 'f.Position': [-2.0, -3.0, -1.0], 'f.Length': [4.0, 3.5, 5.0],
                                         'f.Rotation': [10.0, 0.0, 25.0]})
compare(wavelet, 'image, small', 'Sphere', {'Invert': 1, 'Crinkleclip': 1, 'f.Center': [1.0, 0.5, 2.0],
                                            'f.Radius': 3.5}, same_points=False)
compare(noisy, 'noisy', 'Scalar', {'Scalars': ['POINTS', 'RandomPointScalars'], 'Value': 0.5, 'Invert': 1})
cells = PointDatatoCellData(Input=wavelet)
compare(cells, 'cell array', 'Scalar', {'Scalars': ['CELLS', 'RTData'], 'Value': 157.0, 'Invert': 1})
for name in ('kitchen.vtk', 'mixed-cell-shapes.vtk', 'simple_unstructured_bin.vtk', 'voxel_cells.vtk',
             'wedge_cells.vtk'):
    reader = LegacyVTKReader(FileNames=[os.path.join(DATA, name)])
    data = fetch(reader)
    bounds = data.GetBounds()
    center = [(bounds[2 * d] + bounds[2 * d + 1]) / 2 for d in range(3)]
    for invert in (1, 0):
        compare(reader, name, 'Plane', {'Invert': invert, 'f.Origin': center, 'f.Normal': [1.0, 0.4, 0.3]})
    arrays = [data.GetPointData().GetArray(i) for i in range(data.GetPointData().GetNumberOfArrays())]
    scalar = next((a for a in arrays if a.GetNumberOfComponents() == 1), None)
    if scalar is not None:
        low, high = scalar.GetRange()
        compare(reader, name, 'Scalar', {'Scalars': ['POINTS', scalar.GetName()], 'Value': (low + high) / 2,
                                         'Invert': 1})


# Bad input: the error that names the problem and an empty output, no crash (the whole messages are
# checked by Testing/Filters/TestLoomClip.cxx).
normals = GenerateSurfaceNormals(Input=ExtractSurface(Input=wavelet))
for label, source, scalars, error in (
        ('missing array', wavelet, ['POINTS', 'nothing'],
         "Loom Clip: Scalars array 'nothing' is not in the input's point or cell data"),
        ('three components', normals, ['POINTS', 'Normals'],
         "Loom Clip: Scalars array 'Normals' has 3 components; Loom's clip family takes one")):
    bad = LoomClip(Input=source, ClipType='Scalar')
    bad.FallbackToVTK = 0  # on, VTK's clip takes a 3-component array (checked below)
    bad.Scalars = scalars
    out, messages = fetch_with_messages(bad)
    check(reported(messages, error),
          'bad input %s: not the error "%s" but %r' % (label, error, reported(messages)))
    check(out.GetNumberOfCells() == 0, 'bad input %s: %d cells' % (label, out.GetNumberOfCells()))
    print('ok   bad input:', label)

# Fallback To VTK on (the default): a 3-component array is clipped by VTK's filter, as ParaView's Clip.
loom = LoomClip(Input=normals, ClipType='Scalar', Scalars=['POINTS', 'Normals'], Value=0.1)
paraview_clip = Clip(Input=normals, ClipType='Scalar', Scalars=['POINTS', 'Normals'], Value=0.1, Invert=loom.Invert)
cells = (fetch(loom).GetNumberOfCells(), fetch(paraview_clip).GetNumberOfCells())
ok = cells[0] == cells[1] and cells[0] > 0
print(('ok  ' if ok else 'FAIL'), 'three components through VTK: cells', cells)
if not ok:
    failures.append(f'fallback of a 3-component array: {cells}')

check(not failures, '\n'.join(['%d of the clips differ from ParaView\'s:' % len(failures)] + failures))
print('pvpython Loom clip test passed')
sys.exit(0)
