# Loom Python tests: what the test scripts share.
#
# A test fails in one way: check(condition, message). It raises AssertionError with the message, so the
# script stops with a traceback and a non-zero status before its pass line, which it prints last and which
# CTest's PASS_REGULAR_EXPRESSION looks for (on MPI ranks, the traceback fails the test too). A test that
# collects several mismatches before failing ends with check(not failures, ...).
#
# The helpers: fetching a proxy's output (with the errors and warnings it left), integrating it, summing
# its cell sizes, comparing its arrays with ParaView's filter's, and the wavelet as VTK's source or as
# hexahedra.
# ParaView, VTK and numpy are imported where they are used: `Python.ImportLoom.python3` runs under a
# plain python3 and needs only check().
#
# Beware: once a ProgrammableFilter has run, pvpython's __main__ (the test script's globals) holds VTK's
# numpy algorithms for abs, all, any, divmod, max, min and sum; any() over a generator is then always
# true. A script that runs one calls builtins.<name> for those, or a helper here, after it.


# A Programmable Filter's script that passes its input and adds the input cell ids as a cell array 'Ids'
# (ParaView 5.11's Generate Ids drops the other arrays): the tests that compare kept cells carry it.
IDS_SCRIPT = """
import numpy
from vtkmodules.util.numpy_support import numpy_to_vtkIdTypeArray
data = self.GetInputDataObject(0, 0)
out = self.GetOutputDataObject(0)
out.ShallowCopy(data)
ids = numpy_to_vtkIdTypeArray(numpy.arange(data.GetNumberOfCells(), dtype=numpy.int64), deep=1)
ids.SetName('Ids')
out.GetCellData().AddArray(ids)
"""


def check(condition, message):
    """Fails the test unless `condition` holds: raises AssertionError(message). Used instead of `assert`
    (python -O drops it), of raising another exception, and of printing a failure and exiting. `message`
    may be a function giving the text, called only on failure (where making it costs, or needs the failure)."""
    if not condition:
        raise AssertionError(message() if callable(message) else message)


def devices():
    """The devices a test runs each Loom proxy on: ['CUDA'] in a `.cuda` twin (LOOM_DEVICE=cuda, which CTest
    sets for it), else ['Serial', 'TBB']. Every test takes its device loop from here, never a list of its own
    (a twin would run the CPU again: Filters.TwinsAskForCuda looks for such lists)."""
    import os
    return ['CUDA'] if os.environ.get('LOOM_DEVICE', '').lower() == 'cuda' else ['Serial', 'TBB']


def expect_ran_on(proxy, device, what):
    """On 'CUDA' (a twin on a GPU): the proxy's last execution record names CUDA among the devices that ran
    its family's work, so a silent CPU fallback fails the twin. Nothing to check on the CPU devices, nor where
    the filter handed its input to VTK (the record says so) or had nothing to do (devices "none"), as
    loomtest::ExpectRanOn in the C++ tests."""
    if device != 'CUDA':
        return
    import os
    import loom
    record = loom.vtkLoomExecution.GetLast(proxy.GetClientSideObject())
    if record is None or record.GetFallback() or record.GetDevices() == 'none' or \
            os.environ.get('LOOM_TEST_CUDA_STAND_IN'):  # (a machine without a GPU made to run a twin's list)
        return
    check('CUDA' in (record.GetDevices() or ''), '%s: asked for CUDA, ran on %s' % (what, record.GetDevices()))


def fetch(proxy):
    """The proxy's output data object, updated (on MPI ranks, this rank's piece)."""
    proxy.UpdatePipeline()
    return proxy.GetClientSideObject().GetOutputDataObject(0)


def fetch_with_messages(proxy):
    """fetch(proxy) and the text its update sent to VTK's output window (errors and warnings, each as
    'ERROR: In <file>, line <n>\\n<class> (<address>): <message>')."""
    from vtkmodules.vtkCommonCore import vtkOutputWindow, vtkStringOutputWindow
    previous = vtkOutputWindow.GetInstance()
    log = vtkStringOutputWindow()
    vtkOutputWindow.SetInstance(log)
    try:
        data = fetch(proxy)
    finally:
        vtkOutputWindow.SetInstance(previous)
    return data, log.GetOutput()


def reported(messages, text='', kind='ERROR'):
    """The entries of `kind` ('ERROR' or 'Warning') in the output window's `messages` (fetch_with_messages)
    that contain `text`: the '<class> (<address>): <message>' line of each. (A test checks the list, not
    any() over it: see the note on ProgrammableFilter above.)"""
    import re
    return [e for e in re.findall(r'^%s: In [^\n]*\n([^\n]*)' % kind, messages, re.MULTILINE) if text in e]


def integrated(proxy, name):
    """IntegrateVariables' `name` ('Volume', 'Area', 'Length') of the proxy's output (0 when absent)."""
    from paraview.simple import Delete, IntegrateVariables
    integrate = IntegrateVariables(Input=proxy)
    data = fetch(integrate)
    array = data.GetCellData().GetArray(name)
    value = array.GetValue(0) if array is not None else 0.0
    Delete(integrate)
    return value


def cell_size_sums(data):
    """The sums of the cell sizes of `data` (a dataset, not a proxy) over its cells that are not ghosts, as
    vtkCellSizeFilter's ComputeSum gives them: a dict of 'VertexCount', 'Length', 'Area' and 'Volume' (all 0
    when it has no cells).

    The instrument the comparison scripts measure ParaView's output and Loom's with. Loom's Cell Size measures
    (Filters.CellSize holds its arrays to vtkCellSizeFilter's value for value, 1e-9 relative, on every cell
    shape, and it falls back to VTK's filter where it cannot): VTK's filter triangulates every cell that is
    not a simplex, voxel or pixel, which made it most of these scripts' time. Its per-cell arrays are summed
    here, rank by rank (its own sums are every rank's total under MPI)."""
    sums = dict.fromkeys(('VertexCount', 'Length', 'Area', 'Volume'), 0.0)
    if data.GetNumberOfCells():
        from loom import vtkLoomCellSize  # Loom's Python module, shipped in the plugin
        from vtkmodules.util.numpy_support import vtk_to_numpy
        sizes = vtkLoomCellSize()
        sizes.SetInputData(data)
        sizes.Update()
        ghosts = data.GetCellData().GetArray('vtkGhostType')
        keep = vtk_to_numpy(ghosts) == 0 if ghosts is not None else slice(None)
        for name in sums:
            sums[name] = float(vtk_to_numpy(sizes.GetOutput().GetCellData().GetArray(name))[keep].sum())
    return sums


def same_arrays(expected, got, what):
    """Every array of `expected` is in `got` with equal values, and no array more."""
    import numpy
    from vtkmodules.util.numpy_support import vtk_to_numpy
    check(expected.GetNumberOfArrays() == got.GetNumberOfArrays(), '%s: %d arrays, ParaView %d' % (
        what, got.GetNumberOfArrays(), expected.GetNumberOfArrays()))
    for i in range(expected.GetNumberOfArrays()):
        e = expected.GetArray(i)
        if e is None:
            continue
        g = got.GetArray(e.GetName())
        check(g is not None, '%s: no array %s' % (what, e.GetName()))
        check(numpy.array_equal(vtk_to_numpy(e), vtk_to_numpy(g)), '%s: array %s differs' % (what, e.GetName()))


def wavelet_source(extent):
    """VTK's wavelet source (ParaView's Wavelet, RTData) over `extent` (6 values), updated: the one-piece
    runs the MPI tests compare with. Hold it in a variable while it feeds a filter: an output port does not
    keep its algorithm alive."""
    from vtkmodules.vtkImagingCore import vtkRTAnalyticSource
    source = vtkRTAnalyticSource()
    source.SetWholeExtent(*extent)
    source.Update()
    return source


def wavelet_hexahedra(extent):
    """ParaView's Wavelet over `extent` (6 values) as an unstructured grid of hexahedra (not voxels)."""
    from vtkmodules.vtkFiltersCore import vtkAppendFilter
    from vtkmodules.vtkFiltersGeneral import vtkImageDataToPointSet
    source = wavelet_source(extent)
    to_points = vtkImageDataToPointSet()
    to_points.SetInputConnection(source.GetOutputPort())
    append = vtkAppendFilter()
    append.SetInputConnection(to_points.GetOutputPort())
    append.Update()
    return append.GetOutput()


def sampling_sources(simple, extent=(-8, 8, -8, 8, -8, 8)):
    """The sampling filters' test inputs through ParaView's proxies (module `simple`): the Wavelet with its
    point data also averaged to cells, as an image, as hexahedra and as tetrahedra; (proxy, name) pairs."""
    wavelet = simple.Wavelet(WholeExtent=list(extent))
    with_cells = simple.PointDatatoCellData(Input=wavelet, PassPointData=1)
    hexahedra = simple.AppendDatasets(Input=simple.ImageDatatoPointSet(Input=with_cells))
    tetrahedra = simple.Tetrahedralize(Input=hexahedra)
    return ((with_cells, 'image'), (hexahedra, 'hexahedra'), (tetrahedra, 'tetrahedra'))


def point_cloud(simple, center, count, radius):
    """`count` random points in a ball (vtkPointSource, as ParaView's Fixed Radius Point Source makes them) held
    by a trivial producer (module `simple`): one draw that several filters share (the source would draw new
    points for each)."""
    from vtkmodules.vtkFiltersSources import vtkPointSource
    points = vtkPointSource()
    points.SetCenter(*center)
    points.SetNumberOfPoints(count)
    points.SetRadius(radius)
    points.Update()
    cloud = simple.TrivialProducer()
    cloud.GetClientSideObject().SetOutput(points.GetOutput())
    return cloud


def same_samples(reference, out, at):
    """A probe's output (Plot Over Line, Probe Location) equals ParaView's: the points and cells, every point
    array by name and type, each value within 1e-6 relative (NaN where ParaView has NaN); returns ParaView's
    valid points."""
    from vtkmodules.util.numpy_support import vtk_to_numpy
    check(out.GetNumberOfPoints() == reference.GetNumberOfPoints() and
          out.GetNumberOfCells() == reference.GetNumberOfCells(), at + ': points and cells')
    a, b = vtk_to_numpy(reference.GetPoints().GetData()), vtk_to_numpy(out.GetPoints().GetData())
    check((a == b).all(), at + ': other points')
    x, y = reference.GetPointData(), out.GetPointData()
    names = [x.GetArrayName(i) for i in range(x.GetNumberOfArrays())]
    check(names == [y.GetArrayName(i) for i in range(y.GetNumberOfArrays())], '%s arrays %s' % (at, names))
    for name in names:
        u, v = vtk_to_numpy(x.GetArray(name)).astype(float), vtk_to_numpy(y.GetArray(name)).astype(float)
        check(x.GetArray(name).GetDataType() == y.GetArray(name).GetDataType(), '%s %s: type' % (at, name))
        agree = (abs(u - v) <= 1e-6 * abs(u).clip(1e-300)) | (u != u) & (v != v)
        check(agree.all(), '%s %s: %d values differ' % (at, name, (~agree).sum()))
    return int(vtk_to_numpy(x.GetArray('vtkValidPointMask')).sum())
