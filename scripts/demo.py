# Loom demo (the main job): every Loom filter on the bundled data and the wavelet, beside ParaView's own
# filter, with outputs written to the output folder, a timing table and a rendered picture.
import json
import os
import sys
import time

from paraview.simple import *

out_dir = sys.argv[1] if len(sys.argv) > 1 else 'output'
data_dir = os.environ.get('LOOM_DATA_DIR', os.path.join(os.path.dirname(__file__), '..', 'Data'))
os.makedirs(out_dir, exist_ok=True)
LoadDistributedPlugin('Loom', ns=globals())


def timed(proxy, repeats=3):
    proxy.UpdatePipeline()
    best = None
    for _ in range(repeats):
        algorithm = proxy.GetClientSideObject()
        algorithm.Modified()  # run the filter itself again (its input is up to date)
        t0 = time.perf_counter()
        algorithm.Update()
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return best


inputs = [('wavelet 128^3', Wavelet(WholeExtent=[-64, 63, -64, 63, -64, 63]))]
for name in ['kitchen.vtk', 'mixed-cell-shapes.vtk', 'simple_unstructured_bin.vtk', 'wedge_cells.vtk', 'voxel_cells.vtk']:
    inputs.append((name, LegacyVTKReader(FileNames=[os.path.join(data_dir, name)])))

rows = []
for label, source in inputs:
    source.UpdatePipeline()
    stem = label.replace(' ', '_').replace('^', '').replace('.vtk', '')
    pairs = [('Point Data to Cell Data', LoomPointDatatoCellData(Input=source), PointDatatoCellData(Input=source)),
             ('Cell Data to Point Data', LoomCellDatatoPointData(Input=PointDatatoCellData(Input=source)),
              CellDatatoPointData(Input=PointDatatoCellData(Input=source))),
             ('Tetrahedralize', LoomTetrahedralize(Input=source), Tetrahedralize(Input=source)),
             ('Slice', LoomSlice(Input=source), Slice(Input=source)),
             ('Clip', LoomClip(Input=source), Clip(Input=source)),
             ('Extract Surface', LoomExtractSurface(Input=source), ExtractSurface(Input=source)),
             ('Clean to Grid', LoomCleantoGrid(Input=source), CleantoGrid(Input=source)),
             ('Level of Detail', LoomLevelofDetail(Input=ExtractSurface(Input=source)),
              QuadricClustering(Input=ExtractSurface(Input=source))),
             ('Elevation', LoomElevation(Input=source), Elevation(Input=source)),
             ('Cell Size', LoomCellSize(Input=source, ComputeSum=1), CellSize(Input=source, ComputeSum=1))]
    # Contour: the first one-component point array, at the middle of its range.
    info = source.GetDataInformation().DataInformation.GetPointDataInformation()
    for i in range(info.GetNumberOfArrays()):
        array = info.GetArrayInformation(i)
        if array.GetNumberOfComponents() == 1 and not array.GetName().startswith('vtk'):
            low, high = array.GetComponentRange(0)
            middle = 157.0 if array.GetName() == 'RTData' else 0.5 * (low + high)
            settings = dict(Input=source, ContourBy=['POINTS', array.GetName()], Isosurfaces=[middle])
            pairs.append(('Contour', LoomContour(**settings), Contour(**settings)))
            # Threshold: the middle fifth of the same array's range.
            lower, upper = (150.0, 200.0) if array.GetName() == 'RTData' else (low + 0.4 * (high - low),
                                                                            low + 0.6 * (high - low))
            settings = dict(Input=source, Scalars=['POINTS', array.GetName()], LowerThreshold=lower,
                            UpperThreshold=upper)
            pairs.append(('Threshold', LoomThreshold(**settings), Threshold(**settings)))
            # Gradient of the same array.
            settings = dict(Input=source, ScalarArray=['POINTS', array.GetName()])
            pairs.append(('Gradient', LoomGradient(**settings), Gradient(**settings)))
            # Warp By Scalar by the same array.
            settings = dict(Input=source, Scalars=['POINTS', array.GetName()], ScaleFactor=0.01)
            pairs.append(('Warp By Scalar', LoomWarpByScalar(**settings), WarpByScalar(**settings)))
            break
    # Warp By Vector: the first three-component point array (the wavelet has none: its contour's normals).
    for i in range(info.GetNumberOfArrays()):
        array = info.GetArrayInformation(i)
        if array.GetNumberOfComponents() == 3 and not array.GetName().startswith('vtk'):
            settings = dict(Input=source, Vectors=['POINTS', array.GetName()])
            pairs.append(('Warp By Vector', LoomWarpByVector(**settings), WarpByVector(**settings)))
            break
    else:
        if info.GetArrayInformation('RTData'):
            surface = Contour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], ComputeNormals=1)
            settings = dict(Input=surface, Vectors=['POINTS', 'Normals'])
            pairs.append(('Warp By Vector', LoomWarpByVector(**settings), WarpByVector(**settings)))
    for filter_name, loom, paraview in pairs:
        t_loom, t_pv = timed(loom), timed(paraview)
        rows.append((label, filter_name, t_loom, t_pv))
        kind = {'Point Data to Cell Data': 'p2c', 'Cell Data to Point Data': 'c2p'}.get(filter_name, filter_name.lower()).replace(' ', '_')
        if loom.GetDataInformation().GetNumberOfCells() > 2000000:
            # Outputs of more than 2M cells (the 128^3 wavelet's 12.5M tetrahedra, its 2M hexahedra cleaned)
            # are timed but not written (hundreds of MB).
            continue
        SaveData(os.path.join(out_dir, '%s_loom_%s.vtk' % (stem, kind)), proxy=loom)
    for _, loom, paraview in pairs:
        Delete(loom)
        Delete(paraview)

# Every filter of the registry (Filters/registry.json) ran beside ParaView's.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Filters', 'registry.json')) as registry:
    labels = {entry['label'][len('Loom '):] for entry in json.load(registry)['filters']}
missing = labels - {filter_name for _, filter_name, _, _ in rows}
if missing:
    raise SystemExit('Loom demo: the registry\'s filters %s did not run' % ', '.join(sorted(missing)))

with open(os.path.join(out_dir, 'demo-timings.md'), 'w') as table:
    table.write('| input | filter | Loom (s) | ParaView (s) | Loom / ParaView |\n|---|---|---|---|---|\n')
    for label, filter_name, t_loom, t_pv in rows:
        table.write('| %s | %s | %.4f | %.4f | %.2fx |\n' % (label, filter_name, t_loom, t_pv, t_loom / t_pv))
print(open(os.path.join(out_dir, 'demo-timings.md')).read())

# A picture: the wavelet's cell-averaged RTData from Loom, clipped open to show the inside.
view = CreateView('RenderView')
view.ViewSize = [1024, 768]
view.OrientationAxesVisibility = 0
loom_cells = LoomPointDatatoCellData(Input=inputs[0][1])
clip = LoomClip(Input=loom_cells)
clip.ClipType = 'Plane'
clip.ClipType.Normal = [1, 1, 0]
display = Show(clip, view)
ColorBy(display, ('CELLS', 'RTData'))
display.RescaleTransferFunctionToDataRange(True)
display.SetScalarBarVisibility(view, True)
view.CameraPosition = [180, -220, 160]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
Render(view)
SaveScreenshot(os.path.join(out_dir, 'loom-demo.png'), view, ImageResolution=[1024, 768])
print('wrote %s' % os.path.join(out_dir, 'loom-demo.png'))

# A second picture: three isosurfaces of the wavelet from Loom Contour.
Hide(clip, view)
contour = LoomContour(Input=inputs[0][1], ContourBy=['POINTS', 'RTData'], Isosurfaces=[120.0, 157.0, 200.0])
surface = Show(contour, view)
ColorBy(surface, ('POINTS', 'RTData'))
surface.RescaleTransferFunctionToDataRange(True)
Render(view)
SaveScreenshot(os.path.join(out_dir, 'loom-contour.png'), view, ImageResolution=[1024, 768])
print('wrote %s' % os.path.join(out_dir, 'loom-contour.png'))
