# Loom pvpython tests: helpers the filter tests share (fetching a proxy's output, integrating it, and
# comparing its arrays with ParaView's filter's).
import numpy
from paraview.simple import Delete, IntegrateVariables
from vtkmodules.util.numpy_support import vtk_to_numpy


def fetch(proxy):
    """The proxy's output data object, updated."""
    proxy.UpdatePipeline()
    return proxy.GetClientSideObject().GetOutputDataObject(0)


def integrated(proxy, name):
    """IntegrateVariables' `name` ('Volume', 'Area', 'Length') of the proxy's output (0 when absent)."""
    integrate = IntegrateVariables(Input=proxy)
    data = fetch(integrate)
    array = data.GetCellData().GetArray(name)
    value = array.GetValue(0) if array is not None else 0.0
    Delete(integrate)
    return value


def same_arrays(expected, got, what):
    """Every array of `expected` is in `got` with equal values, and no array more."""
    assert expected.GetNumberOfArrays() == got.GetNumberOfArrays(), '%s: %d arrays, ParaView %d' % (
        what, got.GetNumberOfArrays(), expected.GetNumberOfArrays())
    for i in range(expected.GetNumberOfArrays()):
        e = expected.GetArray(i)
        if e is None:
            continue
        g = got.GetArray(e.GetName())
        assert g is not None, '%s: no array %s' % (what, e.GetName())
        assert numpy.array_equal(vtk_to_numpy(e), vtk_to_numpy(g)), '%s: array %s differs' % (what, e.GetName())


def wavelet_hexahedra(extent):
    """ParaView's Wavelet over `extent` (6 values) as an unstructured grid of hexahedra (not voxels)."""
    from vtkmodules.vtkFiltersCore import vtkAppendFilter
    from vtkmodules.vtkFiltersGeneral import vtkImageDataToPointSet
    from vtkmodules.vtkImagingCore import vtkRTAnalyticSource
    source = vtkRTAnalyticSource()
    source.SetWholeExtent(*extent)
    to_points = vtkImageDataToPointSet()
    to_points.SetInputConnection(source.GetOutputPort())
    append = vtkAppendFilter()
    append.SetInputConnection(to_points.GetOutputPort())
    append.Update()
    return append.GetOutput()
