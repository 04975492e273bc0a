# Loom benchmark: what the work monitor (progress and abort inside the families) costs. Eight Loom filters on
# the N^3 wavelet image in this process, minimum and median of 6 repeats after a first run; run it with
# LOOM_WORK_MONITOR=1 and =0 (the monitor off) in separate processes and compare.
#   LOOM_WORK_MONITOR=0 pvpython Testing/Benchmarks/monitor_cost.py 192 2     (N, device: 1 Serial, 2 TBB)
# Needs the build's Python package: LOOM_PYTHON_DIR (default ./build).
import os
import statistics
import sys
import time

sys.path.insert(0, os.environ.get('LOOM_PYTHON_DIR', os.path.join(os.getcwd(), 'build')))
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
import loom  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 192
DEVICE = int(sys.argv[2]) if len(sys.argv) > 2 else 2
source = vtkRTAnalyticSource()
source.SetWholeExtent(-(N // 2), N // 2 - 1, -(N // 2), N // 2 - 1, -(N // 2), N // 2 - 1)
source.Update()
image = source.GetOutput()


def make(name, **settings):
    f = getattr(loom, name)()
    f.SetDevice(DEVICE)
    if 'array' in settings:
        f.SetInputArrayToProcess(0, 0, 0, 0, settings['array'])
    for setter, value in settings.get('set', []):
        getattr(f, setter)(*value)
    return f


CASES = [
    ('Contour', make('vtkLoomContour', array='RTData', set=[('SetValue', (0, 150.0))])),
    ('Threshold', make('vtkLoomThreshold', array='RTData',
                       set=[('SetLowerThreshold', (100.0,)), ('SetUpperThreshold', (200.0,))])),
    ('Clip', make('vtkLoomClip', array='RTData', set=[('SetValue', (150.0,))])),
    ('Tetrahedralize', make('vtkLoomTetrahedralize')),
    ('Gradient', make('vtkLoomGradient', array='RTData')),
    ('PointDataToCellData', make('vtkLoomPointDataToCellData')),
    ('ExtractSurface', make('vtkLoomExtractSurface')),
    ('Elevation', make('vtkLoomElevation')),
]
print('monitor %s, N=%d, device %d: filter, min s, median s' % (os.environ.get('LOOM_WORK_MONITOR', '1'), N, DEVICE))
for name, f in CASES:
    f.SetInputData(image)
    times = []
    for _ in range(7):
        f.Modified()
        start = time.perf_counter()
        f.Update()
        times.append(time.perf_counter() - start)
    print('%-20s %8.4f %8.4f' % (name, min(times[1:]), statistics.median(times[1:])))
