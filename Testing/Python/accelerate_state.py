# Loom: Python.Accelerate's helper, run by pvpython without the Loom plugin: loads a state file (or builds the
# pipeline and saves one, or replays a Python trace) and prints, per filter of the pipeline, its output's
# points, cells and the sums of its arrays, as JSON.
# Usage: accelerate_state.py load|save|replay|trace STATE_FILE|TRACE_SCRIPT (trace: builds the pipeline under
# ParaView's Python trace and writes the trace to TRACE_SCRIPT)
import json
import sys

from paraview.simple import *  # noqa: F403

PIPELINE = ['Contour1', 'Threshold1', 'Gradient1', 'CellDatatoPointData1', 'PointDatatoCellData1', 'Clip1', 'Slice1',
            'ExtractSurface1', 'Elevation1', 'Tetrahedralize1', 'QuadricClustering1', 'StreamTracerWithCustomSource1',
            'ResampleToImage1', 'PlotOverLine1', 'Connectivity1']


def build():
    """The pipeline Python.Accelerate saves and loads (the same in both processes)."""
    wavelet = Wavelet(WholeExtent=[-10, 10, -10, 10, -10, 10])  # noqa: F405
    RenameSource('Wavelet1', wavelet)  # noqa: F405
    for name, proxy in (
            ('Contour1', Contour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[130.0, 190.0])),  # noqa: F405
            ('Threshold1', Threshold(Input=wavelet, Scalars=['POINTS', 'RTData'], LowerThreshold=150.0,  # noqa: F405
                                     UpperThreshold=220.0)),
            ('Gradient1', Gradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])),  # noqa: F405
            ('PointDatatoCellData1', PointDatatoCellData(Input=wavelet)),  # noqa: F405
    ):
        RenameSource(name, proxy)  # noqa: F405
    RenameSource('CellDatatoPointData1', CellDatatoPointData(Input=FindSource('PointDatatoCellData1')))  # noqa: F405
    clip = Clip(Input=wavelet, ClipType='Sphere', Scalars=['POINTS', 'RTData'])  # noqa: F405
    clip.ClipType.Center, clip.ClipType.Radius = [1.0, 0.5, -0.5], 7.5
    RenameSource('Clip1', clip)  # noqa: F405
    cut = Slice(Input=wavelet, SliceOffsetValues=[-2.0, 3.0])  # noqa: F405
    cut.SliceType.Normal = [1.0, 0.4, 0.2]
    RenameSource('Slice1', cut)  # noqa: F405
    RenameSource('ExtractSurface1', ExtractSurface(Input=FindSource('Threshold1')))  # noqa: F405
    RenameSource('Elevation1', Elevation(Input=wavelet, LowPoint=[-10.0, -8.0, -10.0], HighPoint=[10.0, 9.0, 10.0]))  # noqa: F405
    RenameSource('Tetrahedralize1', Tetrahedralize(Input=wavelet))  # noqa: F405
    RenameSource('QuadricClustering1', QuadricClustering(Input=FindSource('Contour1'),  # noqa: F405
                                                         NumberofDimensions=[12, 10, 14]))
    # Seeds from a source of their own (a Line of 25 points: a trace keeps its resolution, not the seed widget's).
    seeds = Line(Point1=[-7.3, -6.1, -5.2], Point2=[6.9, 7.7, 4.4], Resolution=24)  # noqa: F405
    RenameSource('StreamTracerWithCustomSource1', StreamTracerWithCustomSource(  # noqa: F405
        Input=FindSource('Gradient1'), SeedSource=seeds, Vectors=['POINTS', 'Gradient'], MaximumStreamlineLength=15.0))
    RenameSource('ResampleToImage1', ResampleToImage(Input=wavelet, SamplingDimensions=[12, 11, 13]))  # noqa: F405
    RenameSource('PlotOverLine1', PlotOverLine(Input=wavelet, Resolution=300))  # noqa: F405
    RenameSource('Connectivity1', Connectivity(Input=FindSource('Threshold1')))  # noqa: F405


def summary():
    """Per filter: points, cells, and each array's name and sum (to 6 significant digits)."""
    from vtkmodules.util.numpy_support import vtk_to_numpy
    result = {}
    for name in PIPELINE:
        proxy = FindSource(name)  # noqa: F405
        proxy.UpdatePipeline()
        data = proxy.GetClientSideObject().GetOutputDataObject(0)
        arrays = {}
        for kind, attributes in (('point', data.GetPointData()), ('cell', data.GetCellData())):
            for i in range(attributes.GetNumberOfArrays()):
                array = attributes.GetArray(i)
                if array is not None:
                    arrays['%s %s' % (kind, array.GetName())] = float('%.6g' % vtk_to_numpy(array).astype(float).sum())
        result[name] = {'class': proxy.GetClientSideObject().GetClassName(), 'points': data.GetNumberOfPoints(),
                        'cells': data.GetNumberOfCells(), 'arrays': arrays}
    return result


if __name__ == '__main__':
    if sys.argv[1] == 'save':
        build()
        SaveState(sys.argv[2])  # noqa: F405
    elif sys.argv[1] == 'trace':
        from paraview import smtrace
        smtrace.start_trace()
        build()
        with open(sys.argv[2], 'w') as f:
            f.write(smtrace.stop_trace())
    elif sys.argv[1] == 'replay':
        with open(sys.argv[2]) as f:
            exec(compile(f.read(), sys.argv[2], 'exec'), {'__name__': '__main__'})
    else:
        LoadState(sys.argv[2])  # noqa: F405
    print('STATE ' + json.dumps(summary(), sort_keys=True))
