#!/usr/bin/env python3
# Loom: derives the contour family's case tables by running VTK's own contour filter (the one ParaView's
# Contour uses for each kind of input) on single cells, one run per case, and writes them as C++ data to
# Worklets/loom/algorithms/contour/DerivedCaseTables.h. No table text of VTK's is read: each case's
# primitives are observed in the filter's output (values 1 at the case's inside vertices and 0 elsewhere,
# contoured at 0.5, so each output point is the midpoint of the edge it lies on).
# Run with a Python that has ParaView's VTK: /usr/bin/python3 scripts/derive_contour_tables.py
# Testing/Filters/TestLoomContourCases.cxx checks the result against VTK on every case at test time.
import os

from vtkmodules.vtkCommonCore import vtkDoubleArray, vtkPoints, vtkVersion
from vtkmodules.vtkCommonDataModel import (vtkHexahedron, vtkImageData, vtkPixel, vtkPyramid, vtkQuad,
                                           vtkRectilinearGrid, vtkTetra, vtkTriangle, vtkUnstructuredGrid,
                                           vtkVoxel, vtkWedge)
from vtkmodules.vtkFiltersCore import vtkContourFilter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'Worklets', 'loom', 'algorithms', 'contour', 'DerivedCaseTables.h')


def edges_of(cell_class):
    """The cell's edges as VTK numbers them (pairs of local vertex ids)."""
    cell = cell_class()
    n = cell.GetNumberOfPoints()
    for v in range(n):
        cell.GetPointIds().SetId(v, v)
    result = []
    for e in range(cell.GetNumberOfEdges()):
        ids = cell.GetEdge(e).GetPointIds()
        result.append((ids.GetId(0), ids.GetId(1)))
    return result


def parametric_points(cell_class):
    cell = cell_class()
    p = cell.GetParametricCoords()
    return [tuple(p[3 * v + d] for d in range(3)) for v in range(cell.GetNumberOfPoints())]


def contour(dataset, values):
    scalars = vtkDoubleArray()
    scalars.SetName('s')
    for value in values:
        scalars.InsertNextValue(value)
    dataset.GetPointData().SetScalars(scalars)
    f = vtkContourFilter()
    f.SetInputData(dataset)
    f.SetValue(0, 0.5)
    f.ComputeNormalsOff()
    f.ComputeScalarsOff()
    f.Update()
    return f.GetOutput()


def primitives(output, dimension):
    """The output's primitives (triangles, or line segments) as tuples of point coordinates."""
    cells = output.GetPolys() if dimension == 3 else output.GetLines()
    result = []
    ids = cells.GetConnectivityArray()
    offsets = cells.GetOffsetsArray()
    for c in range(cells.GetNumberOfCells()):
        begin, end = int(offsets.GetValue(c)), int(offsets.GetValue(c + 1))
        result.append(tuple(tuple(round(x, 9) for x in output.GetPoint(int(ids.GetValue(q))))
                            for q in range(begin, end)))
    return result


def derive(name, vertices, edges, dimension, run):
    """Per case: the primitives as edge indices. run(values) gives VTK's output for vertex values."""
    midpoints = {tuple(round((vertices[a][d] + vertices[b][d]) / 2, 9) for d in range(3)): e
                 for e, (a, b) in enumerate(edges)}
    if len(midpoints) != len(edges):
        raise SystemExit(name + ': edge midpoints are not distinct')
    cases = []
    for case in range(1 << len(vertices)):
        values = [1.0 if (case >> v) & 1 else 0.0 for v in range(len(vertices))]
        prims = []
        for prim in primitives(run(values), dimension):
            if any(p not in midpoints for p in prim):
                raise SystemExit('%s case %d: an output point is not an edge midpoint: %s' % (name, case, prim))
            prims.append([midpoints[p] for p in prim])
        cases.append(prims)
    return cases


def single_cell(cell_class, vtk_type):
    vertices = parametric_points(cell_class)

    def run(values):
        grid = vtkUnstructuredGrid()
        points = vtkPoints()
        points.SetDataTypeToDouble()
        for p in vertices:
            points.InsertNextPoint(p)
        grid.SetPoints(points)
        grid.InsertNextCell(vtk_type, len(vertices), list(range(len(vertices))))
        return contour(grid, values)
    return vertices, run


def image_cell(dimension, rectilinear=False):
    """A 2x2x2 (or 2x2x1) image (or rectilinear grid); vertices in hexahedron (or quad) order."""
    if dimension == 3:
        vertices = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]
    else:
        vertices = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)]

    def run(values):
        image = vtkRectilinearGrid() if rectilinear else vtkImageData()
        image.SetDimensions(2, 2, 2 if dimension == 3 else 1)
        if rectilinear:
            for d, set_axis in enumerate((image.SetXCoordinates, image.SetYCoordinates, image.SetZCoordinates)):
                axis = vtkDoubleArray()
                for x in range(2 if d < dimension else 1):
                    axis.InsertNextValue(x)
                set_axis(axis)
        ordered = [0.0] * len(vertices)
        for v, (i, j, k) in enumerate(vertices):
            ordered[i + 2 * j + 4 * k] = values[v]
        return contour(image, ordered)
    return [tuple(float(x) for x in v) for v in vertices], run


# slot, name, vertices/run, edges, primitive dimension (3: triangles, 2: segments), comment
TABLES = []


def add(slot, name, maker, edges, dimension, what):
    vertices, run = maker
    TABLES.append((slot, name, len(vertices), edges, dimension, derive(name, vertices, edges, dimension, run), what))


add(5, 'Triangle', single_cell(vtkTriangle, 5), edges_of(vtkTriangle), 2, 'a triangle cell (vtkContourFilter)')
add(8, 'Pixel', single_cell(vtkPixel, 8), edges_of(vtkPixel), 2, 'a pixel cell (vtkContourFilter)')
add(9, 'Quad', single_cell(vtkQuad, 9), edges_of(vtkQuad), 2, 'a quad cell (vtkContourFilter)')
add(10, 'Tetra', single_cell(vtkTetra, 10), edges_of(vtkTetra), 3, 'a tetrahedron cell (vtkContourFilter)')
add(11, 'Voxel', single_cell(vtkVoxel, 11), edges_of(vtkVoxel), 3, 'a voxel cell (vtkContourFilter)')
add(12, 'Hexahedron', single_cell(vtkHexahedron, 12), edges_of(vtkHexahedron), 3,
    'a hexahedron cell (vtkContourFilter); also the cells of structured grids')
add(13, 'Wedge', single_cell(vtkWedge, 13), edges_of(vtkWedge), 3, 'a wedge cell (vtkContourFilter)')
add(14, 'Pyramid', single_cell(vtkPyramid, 14), edges_of(vtkPyramid), 3, 'a pyramid cell (vtkContourFilter)')
add(15, 'ImageCell3D', image_cell(3), edges_of(vtkHexahedron), 3,
    'a 2x2x2 image (vtkContourFilter), vertices and edges numbered as a hexahedron\'s')
add(16, 'ImageCell2D', image_cell(2), edges_of(vtkQuad), 2,
    'a 2x2x1 image (vtkContourFilter), vertices and edges numbered as a quad\'s')
add(17, 'RectilinearCell2D', image_cell(2, rectilinear=True), edges_of(vtkQuad), 2,
    'a 2x2x1 rectilinear grid (vtkContourFilter), vertices and edges numbered as a quad\'s')


def main():
    lines = ['// Loom algorithms, contour family: the case tables, derived by scripts/derive_contour_tables.py from',
             '// the output of VTK %s\'s vtkContourFilter on single cells (one run per case). Generated: do not edit;'
             % vtkVersion.GetVTKVersion(),
             '// run the script again. Testing/Filters/TestLoomContourCases.cxx compares every case with VTK.',
             '#pragma once', '', '#include <loom/Types.h>', '', 'namespace loom', '{', 'namespace algorithms', '{',
             'namespace contour', '{', 'namespace derived', '{',
             '/// One derived table: vertices, edges (VTK\'s numbering), primitives per case as edge indices.',
             'struct DerivedTable', '{', '  UInt8 Slot;', '  UInt8 NumberOfVertices;', '  UInt8 NumberOfEdges;',
             '  UInt8 PrimitiveSize;', '  UInt8 EdgeVertices[12][2];', '  const UInt16* CaseOffsets;',
             '  const UInt8* CaseEdges;', '};', '']
    entries = []
    for slot, name, nv, edges, dimension, cases, what in TABLES:
        size = 3 if dimension == 3 else 2
        offsets, flat = [0], []
        for prims in cases:
            for prim in prims:
                if len(prim) != size:
                    raise SystemExit('%s: a primitive of %d points' % (name, len(prim)))
                flat += prim
            offsets.append(len(flat))
        lines.append('// %s: %s.' % (name, what))
        lines.append('inline constexpr UInt16 %sOffsets[] = { %s };' % (name, ', '.join(map(str, offsets))))
        lines.append('inline constexpr UInt8 %sEdges[] = { %s };' % (name, ', '.join(map(str, flat)) or '0'))
        pairs = ', '.join('{ %d, %d }' % e for e in edges)
        entries.append('  { %d, %d, %d, %d, { %s }, %sOffsets, %sEdges },' % (slot, nv, len(edges), size, pairs, name, name))
    lines += ['', 'inline constexpr DerivedTable Tables[] = {'] + entries + ['};',
              '} // namespace derived', '} // namespace contour', '} // namespace algorithms', '} // namespace loom', '']
    text = '\n'.join(lines)
    with open(OUT, 'w') as f:
        f.write(text)
    print('wrote %s (%d tables)' % (os.path.relpath(OUT), len(TABLES)))


if __name__ == '__main__':
    main()
