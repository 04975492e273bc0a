# Loom memory and first-run harness (pvpython): every Loom proxy (Testing/Exit/loom_proxy_table.py's
# inputs and properties) on the wavelet at N^3 points, each in a fresh process: the first execution's time
# beside the median of 3 repeats, and the filter's peak resident memory against the input plus the output
# (their actual sizes). The peak is the input's size plus how far the process's resident size rose above
# its size just before the filter's first execution (the kernel's high-water mark, reset there through
# /proc/self/clear_refs), so it holds the input, the filter's work and its output, and not what the
# upstream source (the wavelet, ParaView's Contour) used and let go of.
#   pvpython memory_filters.py [N ...]            every filter at each N (default 256), a table
#   pvpython memory_filters.py --one PROXY N      one filter, one line (the driver's child)
# Environment: LOOM_MEMORY_FILTERS (comma-separated proxy names, default all), LOOM_MEMORY_DEVICE
# (default TBB).
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PVPYTHON = os.environ.get('LOOM_PVPYTHON', 'pvpython')  # sys.executable is vtkpython's (absent) path there


def resident_bytes():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')


def status_bytes(key):
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith(key + ':'):
                return int(line.split()[1]) * 1024  # kB
    raise RuntimeError('no %s in /proc/self/status' % key)


def reset_peak():
    # "5" resets the process's peak resident size (VmHWM) to its current size (Linux 4.0 and later).
    with open('/proc/self/clear_refs', 'w') as f:
        f.write('5')


def one(proxy_name, n):
    from paraview import simple
    sys.path.insert(0, os.path.join(HERE, '..', 'Exit'))
    from loom_proxy_table import PROXIES, inputs
    simple.LoadDistributedPlugin('Loom', ns=vars(simple))
    kind, properties = PROXIES[proxy_name]
    half = n // 2
    source = simple.Wavelet(WholeExtent=[-half, half - 1] * 3)
    if kind == 'WaveletCells':
        source = simple.PointDatatoCellData(Input=source)
    elif kind == 'WaveletGradient':
        source = simple.Gradient(Input=source, ScalarArray=['POINTS', 'RTData'])
    elif kind == 'WaveletContour':
        source = simple.Contour(Input=source, ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0], ComputeNormals=1)
    source.UpdatePipeline()
    data_in = source.GetClientSideObject().GetOutputDataObject(0)
    input_bytes = data_in.GetActualMemorySize() * 1024
    filter_proxy = getattr(simple, proxy_name)(**dict(inputs(proxy_name, source, simple), **properties))
    if 'Device' in filter_proxy.ListProperties():
        filter_proxy.Device = os.environ.get('LOOM_MEMORY_DEVICE', 'TBB')
    filter_proxy.UpdateVTKObjects()
    algorithm = filter_proxy.GetClientSideObject()
    reset_peak()
    base = resident_bytes()
    # The filter's own Update, first and repeated (a proxy's UpdatePipeline adds ParaView's data information,
    # which ParaView's filters pay as well).
    t0 = time.perf_counter()
    algorithm.Update()
    first = time.perf_counter() - t0
    output = filter_proxy.GetClientSideObject().GetOutputDataObject(0)
    output_bytes = output.GetActualMemorySize() * 1024
    peak = input_bytes + max(0, status_bytes('VmHWM') - base)
    repeats = []
    for _ in range(3):
        algorithm.Modified()
        t0 = time.perf_counter()
        algorithm.Update()
        repeats.append(time.perf_counter() - t0)
    median = statistics.median(repeats)
    print('ROW %s %d %d %d %d %.4f %.4f' % (proxy_name, n, input_bytes, output_bytes, peak, first, median),
          flush=True)


def driver(sizes):
    sys.path.insert(0, os.path.join(HERE, '..', 'Exit'))
    from loom_proxy_table import PROXIES
    wanted = os.environ.get('LOOM_MEMORY_FILTERS')
    names = wanted.split(',') if wanted else sorted(PROXIES)
    print('| filter | N^3 | input MB | output MB | peak MB | peak / (in + out) | first s | '
          'repeat median s | first / repeat |')
    print('|---|---|---|---|---|---|---|---|---|')
    for n in sizes:
        for name in names:
            run = subprocess.run([PVPYTHON, os.path.abspath(__file__), '--one', name, str(n)],
                                 capture_output=True, text=True)
            rows = [line for line in run.stdout.splitlines() if line.startswith('ROW ')]
            if run.returncode != 0 or not rows:
                tail = (run.stdout + run.stderr).strip().splitlines()[-3:]
                print('| %s | %d | failed (status %d): %s |' % (name, n, run.returncode, ' / '.join(tail)))
                continue
            _, proxy, size, inb, outb, peak, first, median = rows[-1].split()
            inb, outb, peak = int(inb), int(outb), int(peak)
            first, median = float(first), float(median)
            print('| %s | %s | %.0f | %.0f | %.0f | %.2f | %.3f | %.3f | %.2f |' % (
                proxy, size, inb / 1e6, outb / 1e6, peak / 1e6, peak / float(inb + outb), first, median,
                first / median if median > 0 else float('nan')), flush=True)


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == '--one':
        one(sys.argv[2], int(sys.argv[3]))
    else:
        driver([int(a) for a in sys.argv[1:]] or [256])
