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
from loom_mpi_testing import controller as mpi_controller, reduce, stats, total  # noqa: E402
from loom_testing import check, fetch, wavelet_source  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
controller = mpi_controller()
ranks = controller.GetNumberOfProcesses()
rank = controller.GetLocalProcessId()

extent = [-24, 23, -24, 23, -24, 23]
contour = Contour(Input=Wavelet(WholeExtent=extent), ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0],
                  ComputeScalars=1)

settings = dict(NumberofDimensions=[16, 16, 16])
loom = fetch(LoomLevelofDetail(Input=contour, **settings))
paraview_piece = fetch(QuadricClustering(Input=contour, **settings))
check(loom.GetNumberOfPoints() == paraview_piece.GetNumberOfPoints() and
      numpy.array_equal(vtk_to_numpy(loom.GetPoints().GetData()), vtk_to_numpy(paraview_piece.GetPoints().GetData())) and
      numpy.array_equal(vtk_to_numpy(loom.GetPolys().GetConnectivityArray()).astype(numpy.int64),
                        vtk_to_numpy(paraview_piece.GetPolys().GetConnectivityArray()).astype(numpy.int64)) and
      numpy.array_equal(vtk_to_numpy(loom.GetPointData().GetArray('RTData')),
                        vtk_to_numpy(paraview_piece.GetPointData().GetArray('RTData'))),
      'rank %d: Loom\'s piece differs from ParaView\'s' % rank)

from vtkmodules.vtkFiltersCore import vtkContourFilter  # noqa: E402
source = wavelet_source(extent)
whole = vtkContourFilter()
whole.SetInputConnection(source.GetOutputPort())
whole.SetValue(0, 157.0)
whole.Update()
mine = fetch(contour)
check(ranks == 1 or 0 < mine.GetNumberOfCells() < whole.GetOutput().GetNumberOfCells(),
      'rank %d holds %d of the contour\'s %d triangles: the contour was not split' % (
          rank, mine.GetNumberOfCells(), whole.GetOutput().GetNumberOfCells()))
count = lambda d: d.GetNumberOfPoints()
got = reduce(controller, stats(loom, 'Area', count=count))
expected = reduce(controller, stats(paraview_piece, 'Area', count=count))
cells = total(controller, loom.GetNumberOfCells())
paraview_cells = total(controller, paraview_piece.GetNumberOfCells())
check(got[0] == expected[0] and cells == paraview_cells and abs(got[1] - expected[1]) <= 1e-9 * expected[1] and
      got[2:] == expected[2:],
      '%d ranks: Loom %r (%d cells), ParaView %r (%d cells)' % (ranks, got, cells, expected, paraview_cells))
print('pvbatch Loom level of detail MPI test passed (%d ranks, %d clusters, %d cells)' % (ranks, got[0], cells))
# Ends by returning: pvbatch on several ranks does not finalize MPI on sys.exit, which mpiexec reports as a
# failure (Testing/Exit covers sys.exit itself).
