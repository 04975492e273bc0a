# Loom pvbatch tests on 2 MPI ranks: what the rank tests share. Each rank measures its piece (count,
# size, RTData range), the measures are reduced over the ranks (sum, sum, min, max), and the result is
# compared with a one-piece VTK run on the whole dataset.
from paraview import servermanager
from vtkmodules.vtkCommonCore import vtkDoubleArray


def controller():
    """The global controller; RuntimeError unless there are at least 2 ranks."""
    c = servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
    if c.GetNumberOfProcesses() < 2:
        raise RuntimeError('this test must run on 2 MPI ranks, got %d' % c.GetNumberOfProcesses())
    return c


def stats(data, size='Volume', count=None):
    """[count, size, RTData low, RTData high] of a dataset: its cells (or `count(data)`), the sum of
    vtkCellSizeFilter's `size` array ('Volume', 'Area'), and +inf, -inf for the range when empty."""
    from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter
    total = 0.0
    if data.GetNumberOfCells():
        sizes = vtkCellSizeFilter()
        sizes.SetInputData(data)
        sizes.ComputeSumOn()
        sizes.Update()
        total = sizes.GetOutput().GetFieldData().GetArray(size).GetValue(0)
    rt = data.GetPointData().GetArray('RTData')
    low, high = rt.GetRange(0) if rt is not None and data.GetNumberOfPoints() else (float('inf'), float('-inf'))
    return [float(count(data) if count else data.GetNumberOfCells()), total, low, high]


def reduce(c, values):
    """stats() over all ranks: the counts and sizes summed, the lows' minimum, the highs' maximum."""
    out = []
    for v, op in zip(values, (2, 2, 1, 0)):  # vtkCommunicator SUM, SUM, MIN, MAX
        a, b = vtkDoubleArray(), vtkDoubleArray()
        a.InsertNextValue(v)
        c.AllReduce(a, b, op)
        out.append(b.GetValue(0))
    return out
