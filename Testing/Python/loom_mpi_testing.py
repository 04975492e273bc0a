# Loom pvbatch tests on 2 MPI ranks: what the rank tests share. Each rank measures its piece (count,
# size, RTData range), the measures are reduced over the ranks (sum, sum, min, max), and the result is
# compared with a one-piece VTK run on the whole dataset.
from paraview import servermanager
from vtkmodules.vtkCommonCore import vtkDoubleArray

from loom_testing import cell_size_sums, check


def controller():
    """The global controller; the test fails unless there are at least 2 ranks."""
    c = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
    check(c.GetNumberOfProcesses() >= 2, 'this test must run on 2 MPI ranks, got %d' % c.GetNumberOfProcesses())
    return c


def stats(data, size='Volume', count=None):
    """[count, size, RTData low, RTData high] of a dataset: its cells (or `count(data)`), the sum of
    the cell sizes `size` ('Volume', 'Area': cell_size_sums), and +inf, -inf for the range when empty."""
    summed = cell_size_sums(data)[size]
    rt = data.GetPointData().GetArray('RTData')
    low, high = rt.GetRange(0) if rt is not None and data.GetNumberOfPoints() else (float('inf'), float('-inf'))
    return [float(count(data) if count else data.GetNumberOfCells()), summed, low, high]


def reduce(c, values):
    """stats() over all ranks: the counts and sizes summed, the lows' minimum, the highs' maximum."""
    out = []
    for v, op in zip(values, (2, 2, 1, 0)):  # vtkCommunicator SUM, SUM, MIN, MAX
        a, b = vtkDoubleArray(), vtkDoubleArray()
        a.InsertNextValue(v)
        c.AllReduce(a, b, op)
        out.append(b.GetValue(0))
    return out


def total(c, value):
    """The sum of `value` over all ranks."""
    return reduce(c, [float(value), 0.0, 0.0, 0.0])[0]
