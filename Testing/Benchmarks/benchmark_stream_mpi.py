# Loom benchmark: Stream Tracer on several MPI ranks, Loom beside ParaView's (vtkPStreamTracer) in one run.
#   mpiexec -np R pvbatch --symmetric benchmark_stream_mpi.py [N] [SEEDS] [REPEATS]
# The wavelet at N^3 points (default 128) split by the ranks, V = (RTData, RTData / 2, z), SEEDS seeds (default
# 1000) on a Line from corner to corner, ParaView's Stream Tracer defaults (Runge-Kutta 4-5, both directions,
# 0.2 cell lengths, the largest extent). Each variant's first execution, then REPEATS (default 3) executions of
# the same filter after Modified(); every rank times its own filter and rank 0 prints the slowest rank's times
# (a parallel filter ends when its last rank does), with the lines and points over all ranks. Loom runs on TBB
# (LOOM_BENCH_DEVICE to change). A rank spins while it waits for the others (Open MPI): give each rank a core.
import os
import statistics
import sys
import time

from paraview import servermanager, simple
from vtkmodules.vtkCommonCore import vtkDoubleArray

n = int(sys.argv[1]) if len(sys.argv) > 1 else 128
seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
simple.LoadDistributedPlugin('Loom', ns=vars(simple))
controller = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
ranks = controller.GetNumberOfProcesses()
half = n // 2
source = simple.Wavelet(WholeExtent=[-half, half - 1] * 3)
field = simple.Calculator(Input=source, ResultArrayName='V', Function='RTData*iHat+RTData/2*jHat+coordsZ*kHat')
field.UpdatePipeline()
b = [-half, half - 1] * 3


def reduce(values, op):
    """The values over every rank (op: 0 max, 2 sum: vtkCommunicator's)."""
    mine, every = vtkDoubleArray(), vtkDoubleArray()
    for v in values:
        mine.InsertNextValue(v)
    controller.AllReduce(mine, every, op)
    return [every.GetValue(i) for i in range(every.GetNumberOfTuples())]


def run(label, make, **extra):
    proxy = make(Input=field, Vectors=['POINTS', 'V'], SeedType='Line', **extra)
    proxy.SeedType.Point1 = [b[0], b[2], b[4]]
    proxy.SeedType.Point2 = [b[1], b[3], b[5]]
    proxy.SeedType.Resolution = seeds - 1
    proxy.MaximumStreamlineLength = b[1] - b[0]
    proxy.UpdateVTKObjects()
    algorithm = proxy.GetClientSideObject()
    times = []
    for _ in range(1 + repeats):
        algorithm.Modified()
        controller.Barrier()
        t0 = time.perf_counter()
        algorithm.Update()
        times.append(time.perf_counter() - t0)
    out = algorithm.GetOutputDataObject(0)
    slowest = reduce(times, 0)
    lines, points = reduce([out.GetNumberOfCells(), out.GetNumberOfPoints()], 2)
    if controller.GetLocalProcessId() == 0:
        print('| %d | %d^3 | %d | %s | %.3f | %.3f | %.3f | %d | %d |' % (
            ranks, n, seeds, label, slowest[0], min(slowest[1:]), statistics.median(slowest[1:]), lines, points),
            flush=True)
    simple.Delete(proxy)
    return statistics.median(slowest[1:])


if controller.GetLocalProcessId() == 0:
    print('| ranks | size | seeds | variant | first s | min s | median s | lines | points |')
    print('|---|---|---|---|---|---|---|---|---|')
paraview = run('ParaView Stream Tracer (vtkPStreamTracer)', simple.StreamTracer)
loom = run('Loom Stream Tracer', simple.LoomStreamTracer, Device=os.environ.get('LOOM_BENCH_DEVICE', 'TBB'))
if controller.GetLocalProcessId() == 0:
    print('Loom / ParaView, median of the repeats: %.3f' % (loom / paraview))
