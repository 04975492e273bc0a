# Loom pvbatch test on 2 MPI ranks (symmetric): ParaView's own filters on Loom in a distributed run. Each
# filter runs on each rank's piece of the wavelet (as image and as hexahedra, with ghost cells) with Accelerate
# ParaView Filters on and off: on every rank the record says Loom ran (Contour, Slice and Extract Surface: that
# ParaView's code ran, as pieces with ghost cells take it), and the piece's output is ParaView's (points,
# cells, every array's name and sum to 6 digits; Histogram's table on rank 0, every value); the totals over the
# ranks agree too, so the split gives the same distributed result either way.
import os
import sys

import numpy

from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_mpi_testing import controller as mpi_controller, total  # noqa: E402
from loom_testing import check  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())
import loom  # noqa: E402

controller = mpi_controller()
rank = controller.GetLocalProcessId()
settings = loom.vtkLoomSettings.GetInstance()

wavelet = Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])
hexahedra = AppendDatasets(Input=ImageDatatoPointSet(Input=wavelet))
FILTERS = [
    ('Contour', lambda s: Contour(Input=s, ContourBy=['POINTS', 'RTData'], Isosurfaces=[130.0, 190.0])),
    ('Slice', lambda s: Slice(Input=s)),
    ('Clip', lambda s: Clip(Input=s)),
    ('Threshold', lambda s: Threshold(Input=s, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0,
                                      UpperThreshold=200.0)),
    ('Extract Surface', lambda s: ExtractSurface(Input=s)),
    ('Gradient', lambda s: Gradient(Input=s, ScalarArray=['POINTS', 'RTData'])),
    ('Point Data to Cell Data', lambda s: PointDatatoCellData(Input=s)),
    ('Elevation', lambda s: Elevation(Input=s)),
    ('Warp By Scalar', lambda s: WarpByScalar(Input=s, Scalars=['POINTS', 'RTData'], ScaleFactor=0.01)),
    ('Clean to Grid', lambda s: CleantoGrid(Input=s)),
    ('Histogram', lambda s: Histogram(Input=s, SelectInputArray=['POINTS', 'RTData'], BinCount=24)),
    ('Histogram, normalized', lambda s: Histogram(Input=s, SelectInputArray=['POINTS', 'RTData'], Normalize=1)),
    ('Mesh Quality', lambda s: MeshQuality(Input=s, HexQualityMeasure='Shape and Size')),
    ('Cell Size', lambda s: CellSize(Input=s, ComputeSum=1)),
    ('Resample To Image', lambda s: ResampleToImage(Input=s, SamplingDimensions=[13, 11, 9])),
    ('Extract Subset', lambda s: ExtractSubset(Input=s, VOI=[-9, 9, -12, 5, -3, 14])),
    ('Connectivity', lambda s: Connectivity(Input=s)),
    ('Plot Over Line', lambda s: PlotOverLine(Input=s, Point1=[-15.3, 13.1, -12.2], Point2=[14.7, -11.4, 12.9])),
    ('Probe Location', lambda s: ProbeLocation(Input=s)),
    ('Stream Tracer', lambda s: StreamTracer(Input=Calculator(Input=s, ResultArrayName='Displacement', Function=(
        'RTData*0.001*iHat - RTData*0.0005*jHat + RTData*0.00025*kHat')), Vectors=['POINTS', 'Displacement'],
        SeedType='Line', MaximumStreamlineLength=30.0)),
]


def summary(data):
    arrays = {}
    if data.IsA('vtkTable'):
        # Histogram: rank 0 holds the table (the others an empty one, with Loom and without); every value.
        for c in range(data.GetNumberOfColumns()):
            arrays['row %s' % data.GetColumn(c).GetName()] = [float('%.12g' % v) for v in vtk_to_numpy(data.GetColumn(c))]
        return {'points': 0, 'cells': data.GetNumberOfRows(), 'arrays': arrays}
    for kind, attributes in (('point', data.GetPointData()), ('cell', data.GetCellData())):
        for i in range(attributes.GetNumberOfArrays()):
            array = attributes.GetArray(i)
            if array is not None and array.GetName() != 'vtkGhostType':
                arrays['%s %s' % (kind, array.GetName())] = float('%.6g' % numpy.nansum(vtk_to_numpy(array).astype(float)))
    return {'points': data.GetNumberOfPoints(), 'cells': data.GetNumberOfCells(), 'arrays': arrays}


failures = []
for source_name, source in (('image', wavelet), ('hexahedra', hexahedra)):
    for label, make in FILTERS:
        if label in ('Mesh Quality', 'Cell Size') and source_name == 'image':
            continue  # voxels: NaN on every cell, or sizes from the spacing: no device run to record
        if label == 'Extract Subset' and source_name == 'hexahedra':
            continue  # ParaView's Extract Subset takes structured data only
        results = {}
        for on in (True, False):
            settings.SetAccelerateParaViewFilters(on)
            proxy = make(source)
            proxy.UpdatePipeline()
            data = proxy.GetClientSideObject().GetOutputDataObject(0)
            record = loom.vtkLoomExecution.GetLast(proxy.GetClientSideObject())
            results[on] = (summary(data), record.GetDevices() if record is not None and on else None)
            if on and record is not None and record.GetFallback():
                results[on] = (results[on][0], 'VTK: ' + record.GetMessage())
            Delete(proxy)
        what = '%s on %s, rank %d' % (label, source_name, rank)
        # Contour, Slice, Extract Surface and the sampling filters take ParaView's code on pieces with ghost cells
        # (Loom leaves them out, or does not sample them; ParaView's filters take them), Extract Subset,
        # Connectivity and Stream Tracer on several ranks (VTK's ranks map the pieces' extents, join their regions,
        # or split the lines by rank): the record says so, the output is ParaView's.
        falls_back = label in ('Contour', 'Slice', 'Extract Surface', 'Resample To Image', 'Extract Subset',
                               'Connectivity', 'Plot Over Line', 'Probe Location', 'Stream Tracer')
        if falls_back and not (results[True][1] or '').startswith('VTK'):
            failures.append('%s: ran on %s, expected ParaView\'s code on a piece with ghost cells' % (what, results[True][1]))
        elif not falls_back and (results[True][1] in (None, 'none') or results[True][1].startswith('VTK')):
            failures.append('%s: Loom did not run it (%s)' % (what, results[True][1]))
        if results[True][0] != results[False][0]:
            failures.append('%s: %s with Loom, %s with ParaView\'s code' % (what, results[True][0], results[False][0]))
        cells_on, cells_off = total(controller, results[True][0]['cells']), total(controller, results[False][0]['cells'])
        if cells_on != cells_off:
            failures.append('%s: %g cells over the ranks with Loom, %g without' % (what, cells_on, cells_off))
        if rank == 0:
            print('%s on %s: the same on every rank (%d cells in all)' % (label, source_name, cells_on), flush=True)
settings.SetAccelerateParaViewFilters(True)
failed_anywhere = total(controller, len(failures))
check(not failures, '\n'.join(failures))
check(failed_anywhere == 0, 'another rank failed')
print('pvbatch Loom acceleration MPI test passed (rank %d)' % rank)
