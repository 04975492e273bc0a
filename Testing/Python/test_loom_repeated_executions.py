# Loom pvpython test: executing a Loom filter again and again does not grow the process. Loom Slice's
# temporaries on the 256^3 wavelet are lists of a few MiB; left to malloc they fragmented glibc's heap
# and the process grew by about 3 MB on every execution (40 executions: 402 to 521 MB; ParaView's Slice
# stays flat). Large blocks are Loom's own page mappings now (Worklets/loom/cont/internal/Buffer.cxx).
# Each filter runs 20 times on each CPU device; the resident size after the 20th may exceed that after the
# 5th by at most 12 MB (the growth was 3 MB per execution: about 45 MB over those 15; now it settles).
import os
import sys

from paraview import simple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices  # noqa: E402

simple.LoadDistributedPlugin('Loom', ns=vars(simple))


def resident_mb():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE') / 1e6


wavelet = simple.Wavelet(WholeExtent=[-128, 127] * 3)
wavelet.UpdatePipeline()
failures = []
cases = [
    ('LoomSlice', lambda device: simple.LoomSlice(Input=wavelet, Device=device)),
    ('LoomContour', lambda device: simple.LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'],
                                                      Isosurfaces=[157.0], Device=device)),
]
for name, make in cases:
    for device in devices():
        proxy = make(device)
        algorithm = proxy.GetClientSideObject()
        settled = None
        for run in range(20):
            algorithm.Modified()
            algorithm.Update()
            check(algorithm.GetOutputDataObject(0).GetNumberOfCells() > 10000, '%s %s: too few cells' % (name, device))
            if run == 4:
                settled = resident_mb()
        gained = resident_mb() - settled
        sys.__stdout__.write('%s %s: %.1f MB gained over 15 executions\n' % (name, device, gained))
        if gained > 12.0:
            failures.append('%s on %s gained %.1f MB over 15 executions' % (name, device, gained))
        simple.Delete(proxy)
check(not failures, 'the process grows: ' + '; '.join(failures))
print('Loom repeated-executions pvpython test passed')
sys.exit(0)
