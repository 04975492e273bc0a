# Loom benchmark: ParaView's own filters with and without Loom, as a user's script meets them. The script
# uses only paraview.simple names on ParaView's Wavelet (128^3 points by default) and runs, in three
# processes: pvpython without the Loom plugin, with it and LOOM_ACCELERATE=1, with it and LOOM_ACCELERATE=0.
# Each filter is made, executed (its first execution), deleted and made again (a repeat); the table gives
# both times per process, which process ran Loom, and whether every output equals the one without the
# plugin (points, cells, each array's name and sum to 6 significant digits).
#
#   python3 Testing/Benchmarks/accelerate_paraview.py [PLUGIN_DIR] [HALF]   (the driver: three processes)
#   pvpython Testing/Benchmarks/accelerate_paraview.py --run HALF           (one process: JSON on stdout)
#
# PLUGIN_DIR defaults to build/lib/paraview-5.11/plugins/Loom; HALF to 64 (extent -HALF..HALF-1).
# LOOM_ACCELERATE_ROWS: comma-separated parts of row labels to run only those rows (default: every row).
import json
import os
import subprocess
import sys
import time


def through_grid_points(made):
    """The slice plane through the grid's layer of points at x = 0 (ParaView's default on an image of odd point counts)."""
    made.SliceType.Origin = [0.0, 0.0, 0.0]
    return made


def filters(simple, wavelet, surface, field, tets, blobs, half):
    """(label, make): ParaView's filters on the wavelet (Quadric Clustering and Generate Surface Normals on its
    contour, the stream tracer on its gradient, Cell Size on its tetrahedra, Connectivity on a threshold of it: each
    made once), with the properties a user sets."""
    def traced():
        made = simple.StreamTracer(Input=field, Vectors=['POINTS', 'Gradient'], SeedType='Point Cloud',
                                   MaximumStreamlineLength=2.0 * half)
        made.SeedType.NumberOfPoints = 500
        made.SeedType.Radius = 0.4 * half
        return made

    def probed(data=wavelet):
        made = simple.ProbeLocation(Input=data, ProbeType='Fixed Radius Point Source')
        made.ProbeType.NumberOfPoints = 20000
        made.ProbeType.Radius = 0.8 * half
        return made
    return [
        ('Contour', lambda: simple.Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0])),
        ('Slice', lambda: simple.Slice(Input=wavelet)),
        ('Slice through grid points', lambda: through_grid_points(simple.Slice(Input=wavelet))),
        ('Clip', lambda: simple.Clip(Input=wavelet)),
        ('Threshold', lambda: simple.Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0,
                                               UpperThreshold=200.0)),
        ('ExtractSurface', lambda: simple.ExtractSurface(Input=wavelet)),
        ('Gradient', lambda: simple.Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])),
        ('PointDatatoCellData', lambda: simple.PointDatatoCellData(Input=wavelet)),
        ('CellDatatoPointData', lambda: simple.CellDatatoPointData(Input=simple.PointDatatoCellData(Input=wavelet))),
        ('Elevation', lambda: simple.Elevation(Input=wavelet, LowPoint=[-64, -64, -64], HighPoint=[63, 63, 63])),
        ('WarpByScalar', lambda: simple.WarpByScalar(Input=wavelet, Scalars=['POINTS', 'RTData'], ScaleFactor=0.01)),
        ('Tetrahedralize', lambda: simple.Tetrahedralize(Input=wavelet)),
        ('CleantoGrid', lambda: simple.CleantoGrid(Input=wavelet)),
        ('QuadricClustering', lambda: simple.QuadricClustering(Input=surface)),
        ('IntegrateVariables', lambda: simple.IntegrateVariables(Input=wavelet)),
        ('Histogram', lambda: simple.Histogram(Input=wavelet, SelectInputArray=['POINTS', 'RTData'])),
        ('GenerateSurfaceNormals', lambda: simple.GenerateSurfaceNormals(Input=surface)),
        ('CellSize', lambda: simple.CellSize(Input=tets)),
        ('ExtractSubset', lambda: simple.ExtractSubset(Input=wavelet, VOI=[-half // 2, half // 2] * 3)),
        ('ResampleToImage', lambda: simple.ResampleToImage(Input=wavelet)),
        ('ResampleWithDataset', lambda: simple.ResampleWithDataset(SourceDataArrays=wavelet, DestinationMesh=surface)),
        ('ProbeLocation', lambda: probed()),
        ('PlotOverLine', lambda: simple.PlotOverLine(Input=wavelet)),
        ('PlotOverLine of the tetrahedra', lambda: simple.PlotOverLine(Input=tets)),
        ('ProbeLocation in the tetrahedra', lambda: probed(tets)),
        ('ResampleWithDataset from the tetrahedra', lambda: simple.ResampleWithDataset(SourceDataArrays=tets,
                                                                                      DestinationMesh=surface)),
        ('Connectivity', lambda: simple.Connectivity(Input=blobs)),
        ('StreamTracer', traced),
    ]


def run(half):
    """One process: each filter's first and repeated execution (seconds), where it ran, its output."""
    from paraview import simple
    from vtkmodules.util.numpy_support import vtk_to_numpy
    loom = None
    if os.environ.get('PV_PLUGIN_PATH'):
        import loom  # noqa: F811  (the plugin loaded from PV_PLUGIN_PATH)
    wavelet = simple.Wavelet(WholeExtent=[-half, half - 1] * 3)
    wavelet.UpdatePipeline()
    surface = simple.Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0])
    surface.UpdatePipeline()
    field = simple.Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])
    tets = simple.Tetrahedralize(Input=wavelet)
    blobs = simple.Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=200.0, UpperThreshold=400.0)
    kept = (wavelet, surface, field, tets, blobs)
    for made in kept:
        made.UpdatePipeline()
    results = {}
    rows = [r for r in os.environ.get('LOOM_ACCELERATE_ROWS', '').split(',') if r]
    for label, make in filters(simple, wavelet, surface, field, tets, blobs, half):
        if rows and not any(r in label for r in rows):
            continue
        times, ran, summary = [], 'ParaView', None
        for _ in range(2):
            proxy = make()
            start = time.perf_counter()
            proxy.UpdatePipeline()
            times.append(time.perf_counter() - start)
            data = proxy.GetClientSideObject().GetOutputDataObject(0)
            record = loom.vtkLoomExecution.GetLast(proxy.GetClientSideObject()) if loom else None
            if record is not None and not record.GetFallback():
                ran = record.GetDevices()
            arrays = {}
            if data.IsA('vtkTable'):  # Histogram: its columns' sums, its rows as cells
                for c in range(data.GetNumberOfColumns()):
                    arrays['row %s' % data.GetColumn(c).GetName()] = float(
                        '%.6g' % vtk_to_numpy(data.GetColumn(c)).astype(float).sum())
                summary = {'points': 0, 'cells': data.GetNumberOfRows(), 'arrays': arrays}
            for kind, attributes in (() if data.IsA('vtkTable') else
                                     (('point', data.GetPointData()), ('cell', data.GetCellData()))):
                for i in range(attributes.GetNumberOfArrays()):
                    array = attributes.GetArray(i)
                    if array is not None:
                        arrays['%s %s' % (kind, array.GetName())] = float(
                            '%.6g' % vtk_to_numpy(array).astype(float).sum())
            if not data.IsA('vtkTable'):
                summary = {'points': data.GetNumberOfPoints(), 'cells': data.GetNumberOfCells(), 'arrays': arrays}
            for source in reversed(simple.GetSources().values()):
                if all(source is not k for k in kept):
                    simple.Delete(source)
        results[label] = {'first': times[0], 'repeat': times[1], 'ran': ran, 'output': summary}
    return results


def drive(plugin_dir, half):
    here = os.path.abspath(__file__)
    base = {k: v for k, v in os.environ.items() if k not in ('PV_PLUGIN_PATH', 'LOOM_ACCELERATE')}
    runs = {}
    for name, extra in (('without Loom', {}),
                        ('LOOM_ACCELERATE=1', {'PV_PLUGIN_PATH': plugin_dir, 'LOOM_ACCELERATE': '1'}),
                        ('LOOM_ACCELERATE=0', {'PV_PLUGIN_PATH': plugin_dir, 'LOOM_ACCELERATE': '0'})):
        out = subprocess.run(['pvpython', '--force-offscreen-rendering', here, '--run', str(half)],
                             env=dict(base, **extra), capture_output=True, text=True)
        line = [x for x in out.stdout.splitlines() if x.startswith('{')]
        if not line:
            raise SystemExit('%s failed:\n%s\n%s' % (name, out.stdout[-3000:], out.stderr[-3000:]))
        runs[name] = json.loads(line[-1])
    reference = runs['without Loom']
    print('ParaView\'s filters on the %d^3 wavelet, seconds (first execution / repeat)' % (2 * half))
    print('| filter | without Loom | accelerated | ran on | same output | LOOM_ACCELERATE=0 | same output |')
    print('|---|---|---|---|---|---|---|')
    totals = {name: 0.0 for name in runs}
    for label in reference:
        cells = ['%.3f / %.3f' % (reference[label]['first'], reference[label]['repeat'])]
        for name in ('LOOM_ACCELERATE=1', 'LOOM_ACCELERATE=0'):
            r = runs[name][label]
            cells.append('%.3f / %.3f' % (r['first'], r['repeat']))
            if name == 'LOOM_ACCELERATE=1':
                cells.append(r['ran'])
            cells.append('yes' if r['output'] == reference[label]['output'] else 'NO')
        for name in runs:
            totals[name] += runs[name][label]['first'] + runs[name][label]['repeat']
        print('| %s | %s |' % (label, ' | '.join(cells)))
    print('Total (first + repeat): without Loom %.2f s, LOOM_ACCELERATE=1 %.2f s (%.2fx), LOOM_ACCELERATE=0 %.2f s '
          '(%.2fx)' % (totals['without Loom'], totals['LOOM_ACCELERATE=1'],
                       totals['LOOM_ACCELERATE=1'] / totals['without Loom'], totals['LOOM_ACCELERATE=0'],
                       totals['LOOM_ACCELERATE=0'] / totals['without Loom']))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--run':
        print(json.dumps(run(int(sys.argv[2]))), flush=True)
    else:
        drive(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else 'build/lib/paraview-5.11/plugins/Loom'),
              int(sys.argv[2]) if len(sys.argv) > 2 else 64)
