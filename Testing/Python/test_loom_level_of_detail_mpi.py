# Loom pvbatch test on 2 MPI ranks (symmetric): Loom Level of Detail and ParaView's Quadric Clustering on
# each rank's piece of the wavelet's contour (both cluster the piece on its own bounds, as ParaView does
# in parallel): on every rank the same points, triangles and point data as ParaView's filter there; the
# pieces really split (each holds less than the whole contour); summed over the ranks, the same cluster
# count, triangle count and area (to 1e-9) as ParaView's.
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, reduce, stats  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()

extent = [-24, 23, -24, 23, -24, 23]
contour = Contour(Input=Wavelet(WholeExtent=extent), ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0],
                  ComputeScalars=1)


def piece(proxy):
    proxy.UpdatePipeline()
    return proxy.GetClientSideObject().GetOutputDataObject(0)


settings = dict(NumberofDimensions=[16, 16, 16])
loom = piece(LoomLevelofDetail(Input=contour, **settings))
paraview_piece = piece(QuadricClustering(Input=contour, **settings))
if loom.GetNumberOfPoints() != paraview_piece.GetNumberOfPoints() or \
        not numpy.array_equal(vtk_to_numpy(loom.GetPoints().GetData()), vtk_to_numpy(paraview_piece.GetPoints().GetData())) or \
        not numpy.array_equal(vtk_to_numpy(loom.GetPolys().GetConnectivityArray()).astype(numpy.int64),
                              vtk_to_numpy(paraview_piece.GetPolys().GetConnectivityArray()).astype(numpy.int64)) or \
        not numpy.array_equal(vtk_to_numpy(loom.GetPointData().GetArray('RTData')),
                              vtk_to_numpy(paraview_piece.GetPointData().GetArray('RTData'))):
    raise RuntimeError('rank %d: Loom\'s piece differs from ParaView\'s' % rank)

from vtkmodules.vtkImagingCore import vtkRTAnalyticSource  # noqa: E402
from vtkmodules.vtkFiltersCore import vtkContourFilter  # noqa: E402
source = vtkRTAnalyticSource()
source.SetWholeExtent(*extent)
whole = vtkContourFilter()
whole.SetInputConnection(source.GetOutputPort())
whole.SetValue(0, 157.0)
whole.Update()
mine = piece(contour)
if ranks > 1 and not 0 < mine.GetNumberOfCells() < whole.GetOutput().GetNumberOfCells():
    raise RuntimeError('rank %d holds %d of the contour\'s %d triangles: the contour was not split' % (
        rank, mine.GetNumberOfCells(), whole.GetOutput().GetNumberOfCells()))
count = lambda d: d.GetNumberOfPoints()
got = reduce(controller, stats(loom, 'Area', count=count))
expected = reduce(controller, stats(paraview_piece, 'Area', count=count))
cells = reduce(controller, [float(loom.GetNumberOfCells()), 0.0, 0.0, 0.0])[0]
paraview_cells = reduce(controller, [float(paraview_piece.GetNumberOfCells()), 0.0, 0.0, 0.0])[0]
if got[0] != expected[0] or cells != paraview_cells or abs(got[1] - expected[1]) > 1e-9 * expected[1] or \
        got[2:] != expected[2:]:
    raise RuntimeError('%d ranks: Loom %r (%d cells), ParaView %r (%d cells)' % (ranks, got, cells, expected,
                                                                                paraview_cells))
print('pvbatch Loom level of detail MPI test passed (%d ranks, %d clusters, %d cells)' % (ranks, got[0], cells))
# Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec reports as a
# failure (Testing/Exit covers sys.exit itself).
