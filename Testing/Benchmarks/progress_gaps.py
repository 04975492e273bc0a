# Loom benchmark: how long a user waits between progress events (the reports by time, every 10 ms by
# default), per filter and device, on the wavelet as N^3 hexahedra: the run's time, its events, the largest
# gap between two events (and its share of the run) and the largest step of the bar. What Filters.Progress
# used to assert on the clock; the test now judges by work, and this measures the machine.
#   pvpython Testing/Benchmarks/progress_gaps.py 112        (N; LOOM_PYTHON_DIR: the build, default ./build)
import os
import sys
import time

sys.path.insert(0, os.environ.get('LOOM_PYTHON_DIR', os.path.join(os.getcwd(), 'build')))
from vtkmodules.vtkCommonCore import vtkCommand  # noqa: E402
from vtkmodules.vtkFiltersCore import vtkAppendFilter  # noqa: E402
from vtkmodules.vtkFiltersGeneral import vtkImageDataToPointSet  # noqa: E402
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
import loom  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 112
source = vtkRTAnalyticSource()
source.SetWholeExtent(-(N // 2), N // 2 - 1, -(N // 2), N // 2 - 1, -(N // 2), N // 2 - 1)
to_points = vtkImageDataToPointSet()
to_points.SetInputConnection(source.GetOutputPort())
append = vtkAppendFilter()
append.SetInputConnection(to_points.GetOutputPort())
append.Update()
grid = append.GetOutput()


def make(name, device, array=None, calls=()):
    f = getattr(loom, name)()
    f.SetDevice(device)
    if array:
        f.SetInputArrayToProcess(0, 0, 0, 0, array)
    for method, args in calls:
        getattr(f, method)(*args)
    return f


CASES = [
    ('Point Data to Cell Data', 'vtkLoomPointDataToCellData', None, ()),
    ('Contour (8 values)', 'vtkLoomContour', 'RTData', [('SetValue', (v, 80.0 + 20.0 * v)) for v in range(8)]),
    ('Tetrahedralize', 'vtkLoomTetrahedralize', None, ()),
    ('Threshold', 'vtkLoomThreshold', 'RTData', [('SetLowerThreshold', (100.0,)), ('SetUpperThreshold', (250.0,))]),
    ('Clip', 'vtkLoomClip', 'RTData', [('SetValue', (160.0,))]),
    ('Extract Surface', 'vtkLoomExtractSurface', None, ()),
    ('Clean to Grid', 'vtkLoomCleanGrid', None, ()),
    ('Gradient', 'vtkLoomGradient', 'RTData', ()),
    ('Elevation', 'vtkLoomElevation', None, ()),
]

print('| filter | device | run s | events | largest gap ms | gap / run | largest step |')
print('|---|---|---|---|---|---|---|')
for label, name, array, calls in CASES:
    for device, device_name in ((1, 'Serial'), (2, 'TBB')):
        f = make(name, device, array, calls)
        f.SetInputData(grid)
        events = []
        f.AddObserver(vtkCommand.ProgressEvent, lambda caller, event: events.append((time.perf_counter(),
                                                                                    caller.GetProgress())))
        start = time.perf_counter()
        f.Update()
        seconds = time.perf_counter() - start
        times = [start] + [t for t, _ in events]
        gap = max(b - a for a, b in zip(times, times[1:])) if len(times) > 1 else seconds
        values = [0.0] + [v for _, v in events if v < 1.0]
        step = max((b - a for a, b in zip(values, values[1:])), default=0.0)
        print('| %s | %s | %.3f | %d | %.1f | %.1f%% | %.3f |' % (label, device_name, seconds, len(events), 1e3 * gap,
                                                                 100.0 * gap / seconds, step))
