# Loom benchmark (pvpython): re-executions on unchanged input near the 3D wavelet's peak (RTData 250): Contour at
# 250, Threshold of [250, 400] and Clip by Scalar keeping at least 250 (Invert off), each a small part of the
# image. ParaView's filter, then Loom Serial and TBB with LOOM_SUB_GRIDS=0 (the whole grid) and with the part
# (value blocks: docs/filters/contour.md), in one process. Prints the first and second executions and the median
# of the others, in ms. Run it with LOOM_ACCELERATE=0 in the environment (else ParaView's filters run on Loom
# too). SIZES (default 128,256).
import os, time, statistics
from paraview.simple import *
LoadDistributedPlugin('Loom', ns=globals())
def runs(proxy, k=9):
    alg = proxy.GetClientSideObject()
    ts = []
    for r in range(k):
        if r: alg.Modified()
        t0 = time.perf_counter(); alg.Update(); ts.append(1e3 * (time.perf_counter() - t0))
    return ts, alg.GetOutputDataObject(0).GetNumberOfCells()
for n in [int(x) for x in os.environ.get('SIZES', '128,256').split(',')]:
    src = Wavelet(WholeExtent=[-n // 2, n // 2 - 1] * 3)
    src.UpdatePipeline()
    cases = [
        ('contour', lambda: Contour(Input=src, ContourBy=['POINTS', 'RTData'], Isosurfaces=[250.0], ComputeNormals=0),
         lambda d: LoomContour(Input=src, ContourBy=['POINTS', 'RTData'], Isosurfaces=[250.0], ComputeNormals=0, Device=d)),
        ('threshold', lambda: Threshold(Input=src, Scalars=['POINTS', 'RTData'], LowerThreshold=250.0, UpperThreshold=400.0),
         lambda d: LoomThreshold(Input=src, Scalars=['POINTS', 'RTData'], LowerThreshold=250.0, UpperThreshold=400.0, Device=d)),
        ('clip', lambda: Clip(Input=src, ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=250.0, Invert=0),
         lambda d: LoomClip(Input=src, ClipType='Scalar', Scalars=['POINTS', 'RTData'], Value=250.0, Invert=0, Device=d)),
    ]
    for name, pv, loom in cases:
        p = pv()
        ts, cells = runs(p, 5)
        print('%d^3 %-9s ParaView        first %8.1f  median %8.1f  cells %d' % (n, name, ts[0], statistics.median(ts[1:]), cells), flush=True)
        Delete(p)
        for dev in ('Serial', 'TBB'):
            for sub in ('0', '1'):
                os.environ['LOOM_SUB_GRIDS'] = sub
                p = loom(dev)
                ts, c = runs(p)
                print('%d^3 %-9s Loom %-6s %s  first %8.1f  second %8.1f  median(3..9) %8.1f  cells %d' % (
                    n, name, dev, 'part ' if sub == '1' else 'whole', ts[0], ts[1], statistics.median(ts[2:]), c), flush=True)
                Delete(p)
    Delete(src)
