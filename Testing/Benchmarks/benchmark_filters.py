# Loom filter benchmark harness (pvpython): each Loom filter beside ParaView's built-in filter and the
# VTK-m plugin's filter (VTKmFilters) on the same data in one process: the wavelet at 128^3 and 256^3
# points, as image data and as an unstructured grid of hexahedra. Loom runs on Serial and TBB, unmasked
# and with masks selecting 1% of the output (a block, as a region of interest would be). Every row is
# repeated; min and median seconds and the ratio to VTK's filter (median) are printed and written to
# CSV, with a PNG plot. Times include Loom's VTK conversion (the whole vtkAlgorithm::Update).
# Tetrahedralize rows: Loom Tetrahedralize (Serial, TBB) beside ParaView's Tetrahedralize
# (vtkDataSetTriangleFilter) on the image at every size and on the hexahedra at 128^3.
# Environment: LOOM_BENCH_SIZES (default 128,256), LOOM_BENCH_REPEATS (default 5),
# Threshold rows: Loom Threshold beside ParaView's Threshold (and vtkmThreshold) on RTData in [150, 200],
# on the image and the hexahedra. Rows timed by time_variants also report the first execution (the
# first Update of that filter in the process, before the repeats), run their repeats round by round
# (every variant once per round) and print Loom TBB / Loom Serial paired by round.
# Surface rows: Loom Extract Surface beside ParaView's Extract Surface on the image and the hexahedra
# (at 256^3 too).
# Clean rows: Loom Clean to Grid beside ParaView's Clean to Grid on the 8 octants of the hexahedral wavelet
# appended without merging (the seam points duplicated), at 128^3.
# Level-of-detail rows ('lod'): Loom Level of Detail beside ParaView's Quadric Clustering (both with
# ParaView's defaults: 50^3 bins, input points) on the wavelet's RTData = 157 contour (ParaView's Contour,
# its defaults), at every size.
# Gradient rows ('gradient'): Loom Gradient beside ParaView's Gradient (vtkGradientFilter) of RTData, and
# of a 3-component point array (the wavelet's own gradient) with vorticity and Q-criterion, unmasked and
# with 1% of the points selected by ids (a block) or by the same block as a ParaView selection; on the image at every size, on the hexahedra at 128^3
# (ParaView's takes about 30 s there).
# Point-map rows ('pointmap'): Loom Transform (translate, rotate, scale; the wavelet's gradient transformed
# too), Elevation, Warp By Scalar (RTData, scale 0.01) and Warp By Vector (the wavelet's gradient) beside
# ParaView's Transform, Elevation, Warp By Scalar and Warp By Vector, on the image and the hexahedra, at every
# size.
# Slice rows: Loom Slice beside ParaView's Slice (a plane through the center, default normal) on the image
# and the hexahedra; on the image also at three offsets of a tilted plane (slice-offsets) and by a sphere
# (slice-sphere), and Clip by the sphere (clip-sphere) and by a plane across a corner (clip-corner). On the image, contour-peak, threshold-peak and clip-peak
# contour, threshold and clip near the wavelet's peak (RTData 250): a small part of the grid, which Loom's
# repeats read alone.
# Point-mask rows ('pointmask'): Loom Contour, Slice and Clip (plane) unmasked and with 1% of the points by
# ids, beside ParaView's filters, on the wavelet with four more point arrays to interpolate.
# Cell-size rows ('cellsize'): Loom Cell Size beside ParaView's Cell Size with Compute Sum, on the hexahedra
# and on the tetrahedralized wavelet (ParaView's general path) at 128^3 and below.
# Integrate rows ('integrate'): Loom Integrate Variables beside ParaView's Integrate Variables on the image
# and the hexahedra (RTData and its gradient on the points, RTData on the cells) at 128^3 and below.
# Histogram rows ('histogram'): Loom Histogram beside ParaView's Histogram of RTData (10 bins, ParaView's default)
# and of the magnitude of the wavelet's gradient (256 bins), on the image and the hexahedra at 128^3 and below.
# Connectivity rows ('connectivity'): Loom Connectivity beside ParaView's Connectivity (its defaults: all regions,
# colored) of a threshold of RTData (the upper 60% of its range: several blobs), on the image and the hexahedra
# at 128^3 and below.
# Subset rows ('subset'): Loom Extract Subset beside ParaView's Extract Subset on the image (its only
# structured layout here): the middle half of each axis at rate 1, and the whole extent at rate 2, 128^3 and below.
# Quality rows ('quality'): Loom Mesh Quality beside ParaView's Mesh Quality with its defaults, on the tetrahedral
# wavelet (Tetrahedralize of the image: Radius Ratio) and the hexahedra (Maximum Aspect Frobenius), 128^3 and below.
# Resample rows ('resample'): Loom Resample To Image beside ParaView's Resample To Image onto a 100^3 image
# (ParaView's default), and Loom Resample With Dataset beside ParaView's onto a 49^3 tetrahedralized wavelet
# over the input's bounds, on the image and the hexahedra at 128^3 and below.
# Probe rows ('probe'): Loom Plot Over Line (the input's diagonal, 10000 segments) and Loom Probe Location (a
# cloud of 100000 points in a ball through the input) beside ParaView's, at 128^3 and below; their repeats
# reuse Loom's locator (the input is unchanged), the first executions build it.
# Normals rows ('normals'): Loom Generate Surface Normals beside ParaView's Generate Surface Normals (its
# defaults: Feature Angle 30, Splitting, Consistency) on the wavelet's RTData = 157 contour, at every size.
# Stream rows ('stream'): Loom Stream Tracer beside ParaView's Stream Tracer of V = (RTData, RTData / 2, z) from
# a Line of 10, 100, 1000 and 10000 seeds (LOOM_BENCH_SEEDS) through the image and the hexahedra, at 128^3 and
# below.
# LOOM_BENCH_FILTERS (comma-separated groups to run: average, tetrahedralize, contour, threshold, slice, clip,
# surface, clean, lod, gradient, pointmap, pointmask, cellsize, integrate, histogram, connectivity, subset,
# quality, resample, probe, normals, stream;
# default all),
# LOOM_BENCH_DEVICES (Loom devices to time, default Serial,TBB; Serial,TBB,CUDA where a GPU is),
# LOOM_BENCH_STATE (the process states to time each row in: 'holding', 'lean' or 'holding,lean'; default
# holding). Holding: one process builds every input of a size (the image, its hexahedra, its tetrahedra)
# and times every row while holding them all, as a user's session holds several datasets. Lean: each group
# of rows of each input in a fresh pvpython process that holds that input alone (a hexahedral or
# tetrahedral input is handed to a plain producer and its image pipeline deleted): the state of a script
# that loads one dataset and runs one filter. A row reports its state, its first execution, its min and
# median and its spread (the max over the min of its repeats); ParaView's filter is timed in the same
# process as Loom's, so each ratio compares two filters in one state.
import csv
import os
import shutil
import statistics
import subprocess
import sys
import time

from paraview.simple import *

# ParaView's filters are the references: they run ParaView's own code in this harness (Accelerate ParaView
# Filters off, as with LOOM_ACCELERATE=0), unless LOOM_ACCELERATE is set for the run. With it on, ParaView's
# Contour, Slice and the others would run on Loom, and the ratios would compare Loom with itself.
if 'LOOM_ACCELERATE' not in os.environ:
    try:
        from loom import vtkLoomSettings
        vtkLoomSettings.GetInstance().SetAccelerateParaViewFilters(False)
    except ImportError:
        pass  # no plugin: nothing accelerates

out_dir = sys.argv[1] if len(sys.argv) > 1 else 'output/benchmarks'
sizes = [int(s) for s in os.environ.get('LOOM_BENCH_SIZES', '128,256').split(',')]
repeats = int(os.environ.get('LOOM_BENCH_REPEATS', '5'))
groups = os.environ.get('LOOM_BENCH_FILTERS', 'average,tetrahedralize,contour,threshold,slice,clip,surface,clean,lod,gradient,pointmap,pointmask,cellsize,integrate,histogram,connectivity,subset,quality,resample,probe,normals,stream').split(',')
# Loom's devices to time; add CUDA on a machine with a GPU (LOOM_BENCH_DEVICES=Serial,TBB,CUDA).
devices = os.environ.get('LOOM_BENCH_DEVICES', 'Serial,TBB').split(',')
states = os.environ.get('LOOM_BENCH_STATE', 'holding').split(',')
# Set by this script for its own lean children: the one input layout (image, hexahedra, tetrahedra,
# octants, contour) this process builds and times.
only_layout = os.environ.get('LOOM_BENCH_LEAN_LAYOUT')
os.makedirs(out_dir, exist_ok=True)
LoadDistributedPlugin('Loom', ns=globals())
have_vtkm = True
try:
    LoadDistributedPlugin('VTKmFilters', ns=globals())
except Exception:
    # Not in the distributed plugin list of this session: load it from ParaView's plugin folder.
    import glob
    found = glob.glob('/usr/lib/*/paraview-*/plugins/VTKmFilters/VTKmFilters.so')
    try:
        LoadPlugin(found[0], ns=globals())
    except Exception:
        have_vtkm = False
print('VTK-m plugin: %s' % ('loaded' if have_vtkm else 'not available'))


def run(algorithm):
    times = []
    for _ in range(repeats):
        algorithm.Modified()
        t0 = time.perf_counter()
        algorithm.Update()
        times.append(time.perf_counter() - t0)
    # Drop the outputs between rows so memory stays bounded.
    return min(times), statistics.median(times), max(times) / min(times)


def time_variants(n, layout, name, variants):
    # Runs each proxy's algorithm, records a row per variant, prints ratios to the first (VTK's). Each
    # variant's first execution comes first; then the repeats run round by round, every variant once per
    # round, so that this VM's speed drift (up to 35% within minutes) falls on all of them alike, and the
    # ratio of Loom TBB to Loom Serial is also taken round by round (paired: the median of the rounds'
    # ratios, with their min and max).
    first = len(rows)
    algorithms, firsts = [], []
    for label, proxy in variants:
        # A proxy, or a plain VTK algorithm (for VTK filters ParaView has no proxy for).
        algorithm = proxy.GetClientSideObject() if hasattr(proxy, 'SMProxy') else proxy
        t0 = time.perf_counter()
        algorithm.Update()
        firsts.append(time.perf_counter() - t0)
        algorithms.append(algorithm)
    times = [[] for _ in variants]
    for _ in range(repeats):
        for i, algorithm in enumerate(algorithms):
            algorithm.Modified()
            t0 = time.perf_counter()
            algorithm.Update()
            times[i].append(time.perf_counter() - t0)
    labels = [label for label, _ in variants]
    paired = None
    if 'Loom Serial' in labels and 'Loom TBB' in labels:
        serial, tbb = times[labels.index('Loom Serial')], times[labels.index('Loom TBB')]
        paired = sorted(t / s for t, s in zip(tbb, serial))
    for (label, proxy), algorithm, t_first, ts in zip(variants, algorithms, firsts, times):
        rows.append(dict(size='%d^3' % n, layout=layout, filter=name, variant=label, min_s=min(ts),
                         median_s=statistics.median(ts), first_s=t_first, spread=max(ts) / min(ts),
                         state=state))
        if label == 'Loom TBB' and paired:
            rows[-1]['tbb_over_serial_paired'] = statistics.median(paired)
        if hasattr(proxy, 'SMProxy'):
            Delete(proxy)
        else:
            algorithm.RemoveAllInputs()
    for r in rows[first:]:
        r['ratio_to_vtk'] = r['median_s'] / rows[first]['median_s']
        print('%-7s %-6s %-9s %-3s %-28s first %8.4f s  min %8.4f s  median %8.4f s  spread %5.2f  %6.3fx VTK' % (
            r['state'], r['size'], r['layout'], r['filter'], r['variant'], r['first_s'], r['min_s'], r['median_s'],
            r['spread'], r['ratio_to_vtk']))
    if paired:
        print('%-6s %-9s %-3s TBB / Serial, paired by round: median %.3f (min %.3f, max %.3f)' % (
            '%d^3' % n, layout, name, statistics.median(paired), paired[0], paired[-1]))
    sys.stdout.flush()


def threshold_rows(n, layout, source):
    # Threshold of RTData in [150, 200] (all points), beside ParaView's Threshold and vtkmThreshold.
    settings = dict(Scalars=['POINTS', 'RTData'], LowerThreshold=150.0, UpperThreshold=200.0)
    data = source.GetClientSideObject().GetOutputDataObject(0)
    from vtkmodules.vtkFiltersCore import vtkThreshold
    plain = vtkThreshold()
    plain.SetInputData(data)
    plain.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
    plain.SetLowerThreshold(150.0)
    plain.SetUpperThreshold(200.0)
    variants = [('ParaView Threshold', Threshold(Input=source, **settings)), ('VTK vtkThreshold', plain)]
    if layout == 'image':
        # threshold-peak: RTData at least 250, a small part of the image; Loom's repeats (the input unchanged)
        # read only that part (docs/filters/threshold.md).
        peak = dict(Scalars=['POINTS', 'RTData'], LowerThreshold=250.0, UpperThreshold=400.0)
        peaks = [('ParaView Threshold', Threshold(Input=source, **peak))]
        for device in devices:
            peaks.append(('Loom %s' % device, LoomThreshold(Input=source, Device=device, **peak)))
        time_variants(n, layout, 'threshold-peak', peaks)
    # vtkmThreshold takes about 10x VTK's time (../shared/baselines.md): timed at 128^3 only.
    if have_vtkm and 'VTKmThreshold' in globals() and n <= 128:
        variants.append(('VTK-m vtkmThreshold', VTKmThreshold(Input=source, Scalars=['POINTS', 'RTData'],
                                                              LowerThreshold=150.0, UpperThreshold=200.0)))
    for device in devices:
        variants.append(('Loom %s' % device, LoomThreshold(Input=source, Device=device, **settings)))
    time_variants(n, layout, 'threshold', variants)


def sphere(proxy, property_name, source):
    # A sphere a fifth of the domain across, off the center (the slice-sphere and clip-sphere rows): on images,
    # Loom cuts only the part of the grid it reaches (docs/filters/slice.md).
    bounds = source.GetDataInformation().GetBounds()
    setattr(proxy, property_name, 'Sphere')
    function = getattr(proxy, property_name)
    function.Center = [bounds[0] + 0.35 * (bounds[1] - bounds[0]), (bounds[2] + bounds[3]) / 2, (bounds[4] + bounds[5]) / 2]
    function.Radius = 0.1 * (bounds[1] - bounds[0])
    return proxy


def slice_rows(n, layout, source):
    # ParaView's Slice and Loom Slice, a plane through the center of the bounds (ParaView's default); on
    # images, a sphere too.
    variants = [('ParaView Slice', Slice(Input=source))]
    for device in devices:
        variants.append(('Loom %s' % device, LoomSlice(Input=source, Device=device)))
    time_variants(n, layout, 'slice', variants)
    if layout == 'image':
        # Three offsets of a tilted plane (Loom: a band per offset).
        def offsets(proxy):
            proxy.SliceType.Normal = [0.3, 0.5, 0.8]
            proxy.SliceOffsetValues = [-0.15 * n, 0.0, 0.13 * n]
            return proxy
        variants = [('ParaView Slice', offsets(Slice(Input=source)))]
        for device in devices:
            variants.append(('Loom %s' % device, offsets(LoomSlice(Input=source, Device=device))))
        time_variants(n, layout, 'slice-offsets', variants)
        variants = [('ParaView Slice', sphere(Slice(Input=source), 'SliceType', source))]
        for device in devices:
            variants.append(('Loom %s' % device, sphere(LoomSlice(Input=source, Device=device), 'SliceType', source)))
        time_variants(n, layout, 'slice-sphere', variants)


def clip_rows(n, layout, source):
    # ParaView's Clip and Loom Clip: by the default plane (through the center of the bounds), and by
    # RTData at 157 (Invert on, ParaView's default, in both).
    for what, settings in (('clip-plane', dict(ClipType='Plane')),
                           ('clip-scalar', dict(ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=157.0))):
        variants = [('ParaView Clip', Clip(Input=source, **settings))]
        for device in devices:
            variants.append(('Loom %s' % device, LoomClip(Input=source, Device=device, **settings)))
        time_variants(n, layout, what, variants)
    if layout == 'image':
        # clip-peak: keeping RTData at least 250 (Invert off), a small part of the image; Loom's repeats (the
        # input unchanged) read only that part (docs/filters/clip.md).
        peak = dict(ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=250.0, Invert=0)
        variants = [('ParaView Clip', Clip(Input=source, **peak))]
        for device in devices:
            variants.append(('Loom %s' % device, LoomClip(Input=source, Device=device, **peak)))
        time_variants(n, layout, 'clip-peak', variants)
    if layout == 'image':
        # clip-corner: a plane across a corner keeping the corner (Invert on): Loom clips only that part.
        def corner(proxy):
            bounds = source.GetDataInformation().GetBounds()
            proxy.ClipType = 'Plane'
            proxy.ClipType.Origin = [bounds[0] + 0.15 * (bounds[1] - bounds[0]), bounds[2] + 0.12 * (bounds[3] - bounds[2]),
                                     bounds[4] + 0.14 * (bounds[5] - bounds[4])]
            proxy.ClipType.Normal = [1.0, 0.8, 1.2]
            return proxy
        variants = [('ParaView Clip', corner(Clip(Input=source)))]
        for device in devices:
            variants.append(('Loom %s' % device, corner(LoomClip(Input=source, Device=device))))
        time_variants(n, layout, 'clip-corner', variants)
    if layout == 'image':  # a sphere keeping its inside (Invert on)
        variants = [('ParaView Clip', sphere(Clip(Input=source), 'ClipType', source))]
        for device in devices:
            variants.append(('Loom %s' % device, sphere(LoomClip(Input=source, Device=device), 'ClipType', source)))
        time_variants(n, layout, 'clip-sphere', variants)


def surface_rows(n, layout, source):
    # ParaView's Extract Surface (vtkGeometryFilter) and Loom Extract Surface (and the VTK-m plugin's
    # external faces on the image: on the 128^3 hexahedra it took 62 s, 30x ParaView's).
    variants = [('ParaView Extract Surface', ExtractSurface(Input=source))]
    if have_vtkm and 'VTKmExternalFaces' in globals() and layout == 'image':
        variants.append(('VTK-m vtkmExternalFaces', VTKmExternalFaces(Input=source)))
    for device in devices:
        variants.append(('Loom %s' % device, LoomExtractSurface(Input=source, Device=device)))
    time_variants(n, layout, 'surface', variants)


def hexahedra(image):
    # The image's voxels as hexahedra in an unstructured grid (vtkImageDataToPointSet gives a
    # structured grid; vtkAppendFilter then gives hexahedra).
    to_points = ImageDatatoPointSet(Input=image)
    append = AppendDatasets(Input=to_points)
    append.UpdatePipeline()
    return append


def held_alone(proxy):
    # Lean state: the proxy's output on a plain producer and every other source deleted (consumers first;
    # their outputs freed), so the process holds this dataset only.
    producer = TrivialProducer()
    producer.GetClientSideObject().SetOutput(proxy.GetClientSideObject().GetOutputDataObject(0))
    producer.UpdatePipeline()
    others = [p for p in GetSources().values() if p != producer]
    while others:
        consumed = set()
        for p in others:
            inputs = getattr(p, 'Input', None)
            for u in (inputs if isinstance(inputs, list) else [inputs]):
                consumed.add(getattr(u, 'SMProxy', None) and u.SMProxy.GetGlobalIDAsString())
        leaves = [p for p in others if p.SMProxy.GetGlobalIDAsString() not in consumed]
        for p in leaves:
            Delete(p)
        others = [p for p in others if p not in leaves]
    return producer


def vtk_contour(cls, data, values, **settings):
    # A VTK contour filter on the dataset itself (no proxy), with the given settings.
    from vtkmodules import vtkFiltersCore
    f = getattr(vtkFiltersCore, cls)()
    f.SetInputData(data)
    f.SetInputArrayToProcess(0, 0, 0, 0, 'RTData')
    for i, v in enumerate(values):
        f.SetValue(i, v)
    for key, value in settings.items():
        getattr(f, 'Set' + key)(value)
    return f


def contour_rows(n, layout, source):
    # Contour of RTData, 1 and 3 isovalues, beside VTK's fastest filter for the layout (flying edges on
    # images, vtkContour3DLinearGrid with merged points on unstructured grids) and vtkContourFilter.
    data = source.GetClientSideObject().GetOutputDataObject(0)
    for values in ([157.0], [100.0, 157.0, 220.0], [250.0]):
        if values == [250.0] and layout != 'image':
            continue
        # contour-peak: an isovalue near the wavelet's peak, whose surface crosses a small part of the image;
        # Loom's repeats (the input unchanged) contour only that part (docs/filters/contour.md).
        name = 'contour-peak' if values == [250.0] else 'contour %d' % len(values)
        if layout == 'image':
            variants = [('VTK vtkFlyingEdges3D', vtk_contour('vtkFlyingEdges3D', data, values, ComputeNormals=0,
                                                             ComputeGradients=0, ComputeScalars=1))]
        else:
            variants = [('VTK vtkContour3DLinearGrid', vtk_contour('vtkContour3DLinearGrid', data, values,
                                                                   MergePoints=1, ComputeNormals=0,
                                                                   ComputeScalars=1))]
        variants.append(('VTK vtkContourFilter', vtk_contour('vtkContourFilter', data, values, ComputeNormals=0,
                                                             ComputeScalars=1)))
        for device in devices:
            variants.append(('Loom %s' % device, LoomContour(Input=source, ContourBy=['POINTS', 'RTData'],
                                                             Isosurfaces=values, ComputeNormals=0, Device=device)))
        time_variants(n, layout, name, variants)


def octants(image, n):
    # The image's 8 octants (sharing their seam planes) as hexahedra, appended without merging points.
    half = n // 2
    blocks = []
    for k in (0, 1):
        for j in (0, 1):
            for i in (0, 1):
                voi = []
                for side in (i, j, k):
                    voi += [-half, 0] if side == 0 else [0, half - 1]
                blocks.append(hexahedra(ExtractSubset(Input=image, VOI=voi)))
    appended = AppendDatasets(Input=blocks)
    appended.UpdatePipeline()
    return appended


def gradient_rows(n, layout, source):
    velocity = Gradient(Input=source, ScalarArray=['POINTS', 'RTData'], ResultArrayName='Velocity')
    velocity.UpdatePipeline()
    points = source.GetDataInformation().GetNumberOfPoints()
    block = list(range(points // 2, points // 2 + points // 100))
    # The same block as a ParaView selection (what SelectIDs makes).
    selection = IDSelectionSource(IDs=[v for i in block for v in (0, i)], FieldType='POINT')
    for what, src, settings in (
            ('gradient', source, dict(ScalarArray=['POINTS', 'RTData'])),
            ('gradient-vorticity-q', velocity, dict(ScalarArray=['POINTS', 'Velocity'], ComputeVorticity=1,
                                                    ComputeQCriterion=1))):
        variants = [('ParaView Gradient', Gradient(Input=src, **settings))]
        for device in devices:
            variants.append(('Loom %s' % device, LoomGradient(Input=src, Device=device, **settings)))
            variants.append(('Loom %s, 1%% ids' % device, LoomGradient(Input=src, Device=device, MaskIds=block,
                                                                        **settings)))
            variants.append(('Loom %s, 1%% selection' % device, LoomGradient(Input=src, Device=device,
                                                                              Selection=selection, **settings)))
        time_variants(n, layout, what, variants)
    Delete(velocity)
    Delete(selection)


def point_mask_rows(n, layout, source):
    # The point mask of Contour, Slice and Clip: the wavelet with four more point arrays to interpolate,
    # ParaView's filter, then each Loom filter unmasked and with 1% of the points (a block) by ids.
    calculators = []
    for i in range(4):
        calculators.append(PythonCalculator(Input=calculators[-1] if calculators else source, ArrayName='A%d' % i,
                                            Expression='inputs[0].PointData["RTData"] * %d.5' % i))
    arrays = calculators[-1]
    arrays.UpdatePipeline()
    points = source.GetDataInformation().GetNumberOfPoints()
    block = list(range(points // 2, points // 2 + points // 100))
    for what, paraview, loom in (
            ('contour', lambda: Contour(Input=arrays, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]),
             lambda **p: LoomContour(Input=arrays, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], **p)),
            ('slice', lambda: Slice(Input=arrays), lambda **p: LoomSlice(Input=arrays, **p)),
            ('clip', lambda: Clip(Input=arrays, ClipType='Plane'), lambda **p: LoomClip(Input=arrays, ClipType='Plane', **p))):
        variants = [('ParaView %s' % what.capitalize(), paraview())]
        for device in devices:
            variants.append(('Loom %s' % device, loom(Device=device)))
            variants.append(('Loom %s, 1%% ids' % device, loom(Device=device, MaskIds=block)))
        time_variants(n, layout, what + '-mask', variants)
    for calculator in reversed(calculators):
        Delete(calculator)


def point_map_rows(n, layout, source):
    velocity = Gradient(Input=source, ScalarArray=['POINTS', 'RTData'], ResultArrayName='Velocity')
    velocity.UpdatePipeline()
    bounds = source.GetDataInformation().GetBounds()
    elevation = dict(LowPoint=[bounds[0], bounds[2], bounds[4]], HighPoint=[bounds[1], bounds[3], bounds[5]])
    for what, paraview, loom, src, settings in (
            ('transform', Transform, LoomTransform, velocity, dict()),
            ('elevation', Elevation, LoomElevation, source, elevation),
            ('warp-scalar', WarpByScalar, LoomWarpByScalar, source, dict(Scalars=['POINTS', 'RTData'], ScaleFactor=0.01)),
            ('warp-vector', WarpByVector, LoomWarpByVector, velocity, dict(Vectors=['POINTS', 'Velocity']))):
        variants = [('ParaView %s' % what, paraview(Input=src, **settings))]
        for device in devices:
            variants.append(('Loom %s' % device, loom(Input=src, Device=device, **settings)))
        if what == 'transform':
            # A rotation about an axis, an uneven scale and a translation; the gradient transformed too.
            for _, proxy in variants:
                proxy.Transform = 'Transform'
                proxy.Transform.Translate = [1.0, -2.0, 0.5]
                proxy.Transform.Rotate = [10.0, 20.0, 30.0]
                proxy.Transform.Scale = [2.0, 1.0, 0.5]
        time_variants(n, layout, what, variants)
    Delete(velocity)


def clean_rows(n, source):
    variants = [('ParaView Clean to Grid', CleantoGrid(Input=source))]
    for device in devices:
        variants.append(('Loom %s' % device, LoomCleantoGrid(Input=source, Device=device)))
    time_variants(n, 'octants', 'clean', variants)


def contour_rows_of(n, image, group, label, paraview, make_loom):
    """Rows of `group`: ParaView's filter `paraview` and Loom's `make_loom` (proxy makers) on the wavelet's
    RTData = 157 contour (ParaView's Contour, its defaults)."""
    contour = Contour(Input=image, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0])
    contour.UpdatePipeline()
    variants = [('ParaView %s' % label, paraview(contour))]
    for device in devices:
        variants.append(('Loom %s' % device, make_loom(contour, device)))
    time_variants(n, 'contour', group, variants)
    Delete(contour)


def lod_rows(n, image):
    contour_rows_of(n, image, 'lod', 'Quadric Clustering', lambda c: QuadricClustering(Input=c),
                    lambda c, device: LoomLevelofDetail(Input=c, Device=device))


def normals_rows(n, image):
    contour_rows_of(n, image, 'normals', 'Generate Surface Normals', lambda c: GenerateSurfaceNormals(Input=c),
                    lambda c, device: LoomGenerateSurfaceNormals(Input=c, Device=device))


def wants(layout):
    return only_layout is None or only_layout == layout


def layouts_of(n):
    # The inputs a holding process builds at size n (in its order) and the groups each is timed with.
    has = [('octants', ['clean'] if 'clean' in groups and n <= 128 else []),
           ('contour', [g for g in ('lod', 'normals') if g in groups]),
           ('image', [g for g in groups if g not in ('clean', 'lod', 'normals')])]
    if n <= 256 and ('average' in groups or 'surface' in groups or n <= 128):
        has.append(('hexahedra', [g for g in groups if g not in ('clean', 'lod', 'normals')]))
    if n <= 128 and 'contour' in groups:
        has.append(('tetrahedra', ['contour']))
    return [(layout, gs) for layout, gs in has if gs]


def lean_rows(n):
    # Each group of each input in a fresh process of this script that builds that input alone.
    for layout, layout_groups in layouts_of(n):
        for group in layout_groups:
            lean_dir = os.path.join(out_dir, 'lean-%d-%s-%s' % (n, layout, group))
            env = dict(os.environ, LOOM_BENCH_SIZES=str(n), LOOM_BENCH_FILTERS=group, LOOM_BENCH_STATE='lean',
                       LOOM_BENCH_LEAN_LAYOUT=layout)
            # pvpython's sys.executable names vtkpython, which Debian does not install: the pvpython on PATH.
            subprocess.run([shutil.which('pvpython') or 'pvpython', os.path.abspath(__file__), lean_dir], env=env,
                           check=True)
            with open(os.path.join(lean_dir, 'filters.csv')) as f:
                for row in csv.DictReader(f):
                    rows.append({k: v for k, v in row.items() if v != ''})


rows = []
state = 'lean' if only_layout else 'holding'
for n in sizes:
    if only_layout is None and 'lean' in states:
        lean_rows(n)
    if only_layout is None and 'holding' not in states:
        continue
    half = n // 2
    image = Wavelet(WholeExtent=[-half, half - 1, -half, half - 1, -half, half - 1])
    image.UpdatePipeline()
    inputs = [('image', image)] if wants('image') else []
    if n <= 256 and ('average' in groups or 'surface' in groups or n <= 128) and wants('hexahedra'):
        hex_source = hexahedra(image)
        if only_layout:
            hex_source = held_alone(hex_source)
        inputs.append(('hexahedra', hex_source))
    if n <= 128 and 'contour' in groups and wants('tetrahedra'):
        # The tetrahedralized wavelet (ParaView's Tetrahedralize: 5 tets per voxel).
        tets = Tetrahedralize(Input=image)
        tets.UpdatePipeline()
        if only_layout:
            tets = held_alone(tets)
        inputs.append(('tetrahedra', tets))
    if 'clean' in groups and n <= 128 and wants('octants'):
        clean_rows(n, octants(image, n))
    if 'lod' in groups and wants('contour'):
        lod_rows(n, image)
    if 'normals' in groups and wants('contour'):
        normals_rows(n, image)
    for layout, source in inputs:
        if layout == 'tetrahedra':
            contour_rows(n, layout, source)
            continue
        cells_source = PointDatatoCellData(Input=source)
        cells_source.UpdatePipeline()
        data = source.GetClientSideObject().GetOutputDataObject(0)
        ncells = data.GetNumberOfCells()
        npoints = data.GetNumberOfPoints()
        for direction in (['p2c', 'c2p'] if 'average' in groups else []):
            src = source if direction == 'p2c' else cells_source
            variants = []
            if direction == 'p2c':
                variants.append(('VTK vtkPointDataToCellData', PointDatatoCellData(Input=src)))
                if have_vtkm:
                    variants.append(('VTK-m vtkmAverageToCells', VTKmPointDatatoCellData(Input=src)))
            else:
                variants.append(('VTK vtkCellDataToPointData', CellDatatoPointData(Input=src)))
                if have_vtkm:
                    variants.append(('VTK-m vtkmAverageToPoints', VTKmCellDatatoPointData(Input=src)))
            make = LoomPointDatatoCellData if direction == 'p2c' else LoomCellDatatoPointData
            outputs = ncells if direction == 'p2c' else npoints
            block = list(range(outputs // 2, outputs // 2 + outputs // 100))
            for device in devices:
                variants.append(('Loom %s' % device, make(Input=src, Device=device)))
                variants.append(('Loom %s, 1%% ids' % device, make(Input=src, Device=device, MaskIds=block)))
            for label, proxy in variants:
                proxy.UpdatePipeline()
                t_min, t_med, spread = run(proxy.GetClientSideObject())
                rows.append(dict(state=state, size='%d^3' % n, layout=layout, filter=direction, variant=label,
                                 min_s=t_min, median_s=t_med, spread=spread))
                Delete(proxy)
            reference = rows[-len(variants)]['median_s']
            for r in rows[-len(variants):]:
                r['ratio_to_vtk'] = r['median_s'] / reference
                print('%-7s %-6s %-9s %-3s %-28s min %8.4f s  median %8.4f s  spread %5.2f  %6.3fx VTK' % (
                    r['state'], r['size'], r['layout'], r['filter'], r['variant'], r['min_s'], r['median_s'],
                    r['spread'], r['ratio_to_vtk']))
            sys.stdout.flush()
        Delete(cells_source)
        if 'contour' in groups:
            contour_rows(n, layout, source)
        if 'threshold' in groups:
            threshold_rows(n, layout, source)
        if 'slice' in groups:
            slice_rows(n, layout, source)
        if 'clip' in groups:
            clip_rows(n, layout, source)
        if 'surface' in groups:
            surface_rows(n, layout, source)
        if 'pointmap' in groups:
            point_map_rows(n, layout, source)
        if 'pointmask' in groups:
            point_mask_rows(n, layout, source)
        if 'gradient' in groups and (layout == 'image' or n <= 128):
            gradient_rows(n, layout, source)
        if 'cellsize' in groups and layout != 'image' and n <= 128:
            tets = Tetrahedralize(Input=source)
            for what, src in (('cellsize-hex', source), ('cellsize-tet', tets)):
                variants = [('ParaView Cell Size', CellSize(Input=src, ComputeSum=1))]
                for device in devices:
                    variants.append(('Loom %s' % device, LoomCellSize(Input=src, ComputeSum=1, Device=device)))
                time_variants(n, layout, what, variants)
            Delete(tets)
        if 'integrate' in groups and n <= 128:
            gradient = Gradient(Input=source, ScalarArray=['POINTS', 'RTData'])
            fields = PointDatatoCellData(Input=gradient, PassPointData=1)
            fields.UpdatePipeline()
            variants = [('ParaView Integrate Variables', IntegrateVariables(Input=fields))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomIntegrateVariables(Input=fields, Device=device)))
            time_variants(n, layout, 'integrate', variants)
            Delete(fields)
            Delete(gradient)
        if 'histogram' in groups and n <= 128:
            gradient = Gradient(Input=source, ScalarArray=['POINTS', 'RTData'])
            gradient.UpdatePipeline()
            for what, src, settings in (('histogram', source, {'SelectInputArray': ['POINTS', 'RTData']}),
                                        ('histogram-magnitude', gradient,
                                         {'SelectInputArray': ['POINTS', 'Gradient'], 'Component': 3, 'BinCount': 256})):
                variants = [('ParaView Histogram', Histogram(Input=src, **settings))]
                for device in devices:
                    variants.append(('Loom %s' % device, LoomHistogram(Input=src, Device=device, **settings)))
                time_variants(n, layout, what, variants)
            Delete(gradient)
        if 'connectivity' in groups and n <= 128:
            low, high = source.PointData['RTData'].GetRange()
            blobs = Threshold(Input=source, Scalars=['POINTS', 'RTData'], LowerThreshold=low + 0.4 * (high - low),
                              UpperThreshold=high)
            blobs.UpdatePipeline()
            variants = [('ParaView Connectivity', Connectivity(Input=blobs))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomConnectivity(Input=blobs, Device=device)))
            time_variants(n, layout, 'connectivity', variants)
            Delete(blobs)
        if 'quality' in groups and n <= 128:
            # Mesh Quality with ParaView's defaults: the tetrahedral wavelet (Radius Ratio, ParaView's default
            # tetrahedron measure; from the image layout) and the hexahedra (Maximum Aspect Frobenius).
            if layout == 'image':
                src = Tetrahedralize(Input=source)
                src.UpdatePipeline()
                what = 'quality-tet'
            else:
                src, what = source, 'quality-hex'
            variants = [('ParaView Mesh Quality', MeshQuality(Input=src))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomMeshQuality(Input=src, Device=device)))
            time_variants(n, layout, what, variants)
            if src is not source:
                Delete(src)
        if 'subset' in groups and layout == 'image' and n <= 128:
            e = source.GetDataInformation().GetExtent()
            half = [e[2 * a] + (e[2 * a + 1] - e[2 * a]) // 4 + k * (e[2 * a + 1] - e[2 * a]) // 2
                    for a in range(3) for k in range(2)]
            for what, settings in (('subset-half', {'VOI': half}),
                                   ('subset-rate2', {'VOI': list(e), 'SampleRateI': 2, 'SampleRateJ': 2,
                                                     'SampleRateK': 2})):
                variants = [('ParaView Extract Subset', ExtractSubset(Input=source, **settings))]
                for device in devices:
                    variants.append(('Loom %s' % device, LoomExtractSubset(Input=source, Device=device, **settings)))
                time_variants(n, layout, what, variants)
        if 'resample' in groups and n <= 128:
            variants = [('ParaView Resample To Image', ResampleToImage(Input=source))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomResampleToImage(Input=source, Device=device)))
            time_variants(n, layout, 'resample-image', variants)
            # Resample With Dataset onto a 49^3 tetrahedralized wavelet over the input's bounds (ParaView's
            # Resample To Image of it, tetrahedralized).
            grid = ResampleToImage(Input=source, SamplingDimensions=[49, 49, 49])
            tets = Tetrahedralize(Input=grid)
            tets.UpdatePipeline()
            variants = [('ParaView Resample With Dataset', ResampleWithDataset(SourceDataArrays=source, DestinationMesh=tets))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomResampleWithDataset(SourceDataArrays=source, DestinationMesh=tets,
                                                                            Device=device)))
            time_variants(n, layout, 'resample-dataset', variants)
            Delete(tets)
            Delete(grid)
        if 'probe' in groups and n <= 128:
            # Plot Over Line corner to corner (ParaView's default line) at 10000 segments; Probe Location at a
            # cloud of 100000 points through the input (one cloud for both filters).
            variants = [('ParaView Plot Over Line', PlotOverLine(Input=source, Resolution=10000))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomPlotOverLine(Input=source, Resolution=10000, Device=device)))
            time_variants(n, layout, 'plot-over-line', variants)
            from vtkmodules.vtkFiltersSources import vtkPointSource
            points = vtkPointSource()
            points.SetNumberOfPoints(100000)
            points.SetRadius(n / 2.0)
            points.Update()
            cloud = TrivialProducer()
            cloud.GetClientSideObject().SetOutput(points.GetOutput())
            variants = [('ParaView Probe Location', ProbeLocation(Input=source, ProbeType=cloud))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomProbeLocation(Input=source, ProbeType=cloud, Device=device)))
            time_variants(n, layout, 'probe-location', variants)
            Delete(cloud)
        if 'stream' in groups and n <= 128:
            # Stream Tracer of V = (RTData, RTData / 2, z) from a Line through the input (corner to corner), with
            # ParaView's defaults (Runge-Kutta 4-5, both directions, 0.2 cell lengths, the largest extent), at
            # 10, 100, 1000 and 10000 seeds (LOOM_BENCH_SEEDS); the repeats reuse Loom's locator.
            field = Calculator(Input=source, ResultArrayName='V', Function='RTData*iHat+RTData/2*jHat+coordsZ*kHat')
            field.UpdatePipeline()
            b = source.GetDataInformation().GetBounds()
            for seeds in [int(k) for k in os.environ.get('LOOM_BENCH_SEEDS', '10,100,1000,10000').split(',')]:
                def tracer(make, **extra):
                    proxy = make(Input=field, Vectors=['POINTS', 'V'], SeedType='Line', **extra)
                    proxy.SeedType.Point1 = [b[0], b[2], b[4]]
                    proxy.SeedType.Point2 = [b[1], b[3], b[5]]
                    proxy.SeedType.Resolution = seeds - 1
                    proxy.MaximumStreamlineLength = b[1] - b[0]
                    return proxy
                variants = [('ParaView Stream Tracer', tracer(StreamTracer))]
                for device in devices:
                    variants.append(('Loom %s' % device, tracer(LoomStreamTracer, Device=device)))
                time_variants(n, layout, 'stream-%d' % seeds, variants)
            Delete(field)
        if 'tetrahedralize' in groups and (layout == 'image' or n <= 128):
            variants = [('VTK vtkDataSetTriangleFilter', Tetrahedralize(Input=source))]
            for device in devices:
                variants.append(('Loom %s' % device, LoomTetrahedralize(Input=source, Device=device)))
            time_variants(n, layout, 'tet', variants)

with open(os.path.join(out_dir, 'filters.csv'), 'w', newline='') as f:
    writer = csv.DictWriter(f, fieldnames=['state', 'size', 'layout', 'filter', 'variant', 'first_s', 'min_s',
                                           'median_s', 'spread', 'ratio_to_vtk', 'tbb_over_serial_paired'],
                            restval='')
    writer.writeheader()
    writer.writerows(rows)

try:
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    groups = sorted(set((r['state'], r['size'], r['layout'], r['filter']) for r in rows))
    variants = sorted(set(r['variant'] for r in rows))
    fig, ax = plt.subplots(figsize=(12, 6))
    width = 0.8 / len(variants)
    for i, v in enumerate(variants):
        ys = [next((float(r['ratio_to_vtk']) for r in rows
                    if (r['state'], r['size'], r['layout'], r['filter']) == g and r['variant'] == v), 0)
              for g in groups]
        ax.bar([k + i * width for k in range(len(groups))], ys, width, label=v)
    ax.set_xticks([k + 0.4 for k in range(len(groups))])
    ax.set_xticklabels(['%s %s %s %s' % g for g in groups], rotation=30, ha='right')
    ax.set_yscale('log')
    ax.set_ylabel('median time / VTK filter (log)')
    ax.set_title('Loom filters vs VTK (and VTK-m) filters, median time ratio (lower is better)')
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, 'filters.png'), dpi=100)
    print('wrote %s' % os.path.join(out_dir, 'filters.png'))
except ImportError:
    print('matplotlib not available: no plot')
print('wrote %s' % os.path.join(out_dir, 'filters.csv'))
