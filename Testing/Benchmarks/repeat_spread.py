# Loom benchmark: ten consecutive executions of Loom Contour, Clip and Threshold on the wavelet in one fresh
# pvpython process, each a new filter on the same input (as a user re-applies a filter), Serial and TBB: the
# time of each execution (the filter's own record), the spread of executions 2-10 (max / min) and the page
# faults each execution took (fresh memory).
#
#   PV_PLUGIN_PATH=$PWD/build/lib/paraview-5.11/plugins/Loom pvpython Testing/Benchmarks/repeat_spread.py [HALF]
#
# HALF defaults to 64 (the 128^3 wavelet, extent -HALF..HALF-1).
import resource
import sys

from paraview import simple

simple.LoadDistributedPlugin('Loom', ns=vars(simple))
import loom  # noqa: E402  (after the plugin: the wrapped classes)

half = int(sys.argv[1]) if len(sys.argv) > 1 else 64
wavelet = simple.Wavelet(WholeExtent=[-half, half - 1] * 3)
wavelet.UpdatePipeline()
FILTERS = [
    ('Contour', lambda device: simple.LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0],
                                                  Device=device)),
    ('Clip', lambda device: simple.LoomClip(Input=wavelet, Device=device)),
    ('Threshold', lambda device: simple.LoomThreshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0,
                                                      UpperThreshold=200.0, Device=device)),
]
print('%d^3 wavelet, ten executions each (ms), spread of executions 2-10, page faults per execution' % (2 * half))
print('| filter | device | executions 1-10 (ms) | spread 2-10 | page faults (thousands) |')
print('|---|---|---|---|---|')
for name, make in FILTERS:
    for device in ('Serial', 'TBB'):
        times, faults = [], []
        for _ in range(10):
            proxy = make(device)
            before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            proxy.UpdatePipeline()
            faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
            times.append(loom.vtkLoomExecution.GetLast(proxy.GetClientSideObject()).GetSeconds())
            simple.Delete(proxy)
        later = times[1:]
        print('| %s | %s | %s | %.2f | %s |' % (name, device, ' '.join('%.0f' % (t * 1e3) for t in times),
                                               max(later) / min(later), ' '.join('%.0f' % (f / 1e3) for f in faults)),
              flush=True)
