# Loom: Python.Accelerate's helper, run by pvpython without the Loom plugin: loads a state file (or builds the
# pipeline and saves one) and prints, per filter of the pipeline, its output's points, cells and the sums of
# its arrays, as JSON.
# Usage: accelerate_state.py load|save STATE_FILE
import json
import sys

from paraview.simple import *  # noqa: F403

PIPELINE = ['Contour1', 'Threshold1', 'Gradient1', 'CellDatatoPointData1', 'PointDatatoCellData1']


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
    else:
        LoadState(sys.argv[2])  # noqa: F405
    print('STATE ' + json.dumps(summary(), sort_keys=True))
