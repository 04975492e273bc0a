#!/usr/bin/env python3
# Loom: derives the clip family's case tables by running VTK's vtkTableBasedClipDataSet (the filter behind
# ParaView's Clip) on single cells, many runs per case, and writes them as C++ data to
# Worklets/loom/algorithms/clip/ClipCaseTables.h. No table text of VTK's is read: each case's output cells
# are observed. Every output point is identified as an input vertex, a point on a cut edge, or an extra
# point inside the cell; the extra points' weights (over the kept vertices and edge points) are solved by
# least squares over 16 runs with distorted cells and random values, rounded to fractions and checked.
# Run with a Python that has ParaView's VTK: /usr/bin/python3 scripts/derive_clip_tables.py
# Testing/Filters/TestLoomClip.cxx compares every case with VTK at test time.
import os
import random
from fractions import Fraction

import numpy as np
from vtkmodules.vtkCommonCore import vtkDoubleArray, vtkIdList, vtkPoints, vtkVersion
from vtkmodules.vtkCommonDataModel import (vtkHexahedron, vtkLine, vtkPixel, vtkPyramid, vtkQuad,
                                           vtkStructuredGrid, vtkTetra, vtkTriangle, vtkUnstructuredGrid,
                                           vtkVertex, vtkVoxel, vtkWedge)
from vtkmodules.vtkFiltersGeneral import vtkTableBasedClipDataSet

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'Worklets', 'loom', 'algorithms', 'clip', 'ClipCaseTables.h')
RUNS = 16
rng = random.Random(20261124)

# (table name, VTK cell class whose vertices/edges define the numbering, input kind, description)
KINDS = [
    ('Vertex', vtkVertex, 'cell', 'a vertex cell'),
    ('Line', vtkLine, 'cell', 'a line cell'),
    ('Triangle', vtkTriangle, 'cell', 'a triangle cell'),
    ('Pixel', vtkPixel, 'cell', 'a pixel cell'),
    ('Quad', vtkQuad, 'cell', 'a quad cell'),
    ('Tetra', vtkTetra, 'cell', 'a tetrahedron cell'),
    ('Voxel', vtkVoxel, 'cell', 'a voxel cell'),
    ('Hexahedron', vtkHexahedron, 'cell', 'a hexahedron cell'),
    ('Wedge', vtkWedge, 'cell', 'a wedge cell'),
    ('Pyramid', vtkPyramid, 'cell', 'a pyramid cell'),
    ('Structured2', vtkPixel, 'structured', 'the cell of a 2x2x1 structured grid (i fastest)'),
    ('Structured3', vtkVoxel, 'structured', 'the cell of a 2x2x2 structured grid (i fastest)'),
]


def cell_info(cls):
    c = cls()
    n = c.GetNumberOfPoints()
    for v in range(n):
        c.GetPointIds().SetId(v, v)
    pc = c.GetParametricCoords()
    verts = [np.array([pc[3 * v], pc[3 * v + 1], pc[3 * v + 2]]) for v in range(n)]
    edges = []
    for e in range(c.GetNumberOfEdges()):
        ids = c.GetEdge(e).GetPointIds()
        edges.append((ids.GetId(0), ids.GetId(1)))
    if cls is vtkLine:
        edges = [(0, 1)]  # a line has no edge cells; its one edge is itself
    return c.GetCellType(), n, verts, edges


def run_vtk(kind, cls, pts, vals, inside_out):
    points = vtkPoints()
    points.SetDataTypeToDouble()
    for p in pts:
        points.InsertNextPoint(*p)
    if kind == 'structured':
        ds = vtkStructuredGrid()
        ds.SetDimensions(2, 2, 2 if len(pts) == 8 else 1)
        ds.SetPoints(points)
    else:
        ctype, n, _, _ = cell_info(cls)
        ds = vtkUnstructuredGrid()
        ds.SetPoints(points)
        ds.Allocate(1)
        ids = vtkIdList()
        for v in range(n):
            ids.InsertNextId(v)
        ds.InsertNextCell(ctype, ids)
    s = vtkDoubleArray()
    s.SetName('s')
    for x in vals:
        s.InsertNextValue(x)
    ds.GetPointData().SetScalars(s)
    f = vtkTableBasedClipDataSet()
    f.SetInputData(ds)
    f.SetValue(0.0)
    f.SetInsideOut(inside_out)
    f.Update()
    o = f.GetOutput()
    opts = [np.array(o.GetPoint(i)) for i in range(o.GetNumberOfPoints())]
    cells = []
    for i in range(o.GetNumberOfCells()):
        c = o.GetCell(i)
        cells.append((o.GetCellType(i), [c.GetPointId(k) for k in range(c.GetNumberOfPoints())]))
    return opts, cells


def derive_case(kind, cls, mask, inside_out):
    """The output of one case (kept vertices = the bits of mask) as cells over references
    ('v', vertex), ('e', edge), ('c', extra point), and the extra points' weights."""
    _, n, verts, edges = cell_info(cls)
    flat = cls in (vtkTriangle, vtkQuad, vtkPixel, vtkVertex) or (kind == 'structured' and n == 4)
    runs = []
    for r in range(RUNS):
        pts = [p + (np.array([rng.uniform(-.15, .15) for _ in range(3)]) if r else 0) for p in verts]
        if flat:
            pts = [np.array([p[0], p[1], 0.0]) for p in pts]
        kept = [(mask >> v) & 1 for v in range(n)]
        vals = [(rng.uniform(.2, 1) if r else 1.0) * (1 if k else -1) for k in kept]
        if inside_out:
            vals = [-x for x in vals]
        opts, cells = run_vtk(kind, cls, pts, vals, inside_out)
        basis = {}
        for v in range(n):
            if kept[v]:
                basis[('v', v)] = pts[v]
        for e, (a, b) in enumerate(edges):
            if kept[a] != kept[b]:
                t = vals[a] / (vals[a] - vals[b])
                basis[('e', e)] = pts[a] + t * (pts[b] - pts[a])
        runs.append((opts, cells, basis))
    keys = list(runs[0][2].keys())
    for opts, cells, _ in runs[1:]:
        assert cells == runs[0][1], f'{kind} {cls.__name__} case {mask}: output topology depends on the values'
    refs, extra = [], []
    for i in range(len(runs[0][0])):
        found = next((k for k in keys if all(np.linalg.norm(r[0][i] - r[2][k]) < 1e-9 for r in runs)), None)
        if found is None:
            a = np.vstack([np.column_stack([r[2][k] for k in keys]) for r in runs])
            b = np.concatenate([r[0][i] for r in runs])
            w = np.linalg.lstsq(a, b, rcond=None)[0]
            fr = [Fraction(x).limit_denominator(64) for x in w]
            res = np.abs(a @ np.array([float(x) for x in fr]) - b).max()
            assert res < 1e-9, f'{kind} {cls.__name__} case {mask}: extra point {i} not solved ({res})'
            found = ('c', len(extra))
            extra.append([(keys[j], fr[j]) for j in range(len(keys)) if fr[j] != 0])
        refs.append(found)
    return [(t, [refs[p] for p in ids]) for t, ids in runs[0][1]], extra


def ref_code(ref, nverts):
    kind, i = ref
    return {'v': 0, 'e': 8, 'c': 20}[kind] + i


def emit_table(name, cls, kind, desc, lines):
    _, n, _, edges = cell_info(cls)
    cases = 1 << n
    tables = {}
    for inside_out in (False, True):
        tables[inside_out] = [derive_case(kind, cls, m, inside_out) for m in range(cases)]
    same = tables[False] == tables[True]
    print(f'{name}: {cases} cases, InsideOut table {"the same" if same else "different"}')
    for io in ((False,) if same else (False, True)):
        suffix = '' if io is False else 'InsideOut'
        cell_off, cell_bytes, cen_off, cen_refs, cen_w = [0], [], [0], [], []
        for cells, extra in tables[io]:
            for t, refs in cells:
                cell_bytes += [t, len(refs)] + [ref_code(r, n) for r in refs]
            cell_off.append(len(cell_bytes))
            for terms in extra:
                cen_refs.append(len(terms))
                cen_w.append('0.0')
                for r, w in terms:
                    cen_refs.append(ref_code(r, n))
                    cen_w.append(f'{w.numerator}.0 / {w.denominator}.0')
            cen_off.append(len(cen_refs))
        counts = []  # cells, connectivity size, extra points per case
        for cells, extra in tables[io]:
            counts += [len(cells), sum(len(r) for _, r in cells), len(extra)]
        lines.append(f'// {name}{suffix}: {desc}.')
        lines.append(f'inline constexpr UInt16 {name}{suffix}CellOffsets[] = {{ {", ".join(map(str, cell_off))} }};')
        lines.append(f'inline constexpr UInt8 {name}{suffix}Cells[] = {{ {", ".join(map(str, cell_bytes or [0]))} }};')
        lines.append(f'inline constexpr UInt8 {name}{suffix}Counts[] = {{ {", ".join(map(str, counts))} }};')
        lines.append(f'inline constexpr UInt16 {name}{suffix}ExtraOffsets[] = {{ {", ".join(map(str, cen_off))} }};')
        lines.append(f'inline constexpr UInt8 {name}{suffix}ExtraRefs[] = {{ {", ".join(map(str, cen_refs or [0]))} }};')
        lines.append(f'inline constexpr double {name}{suffix}ExtraWeights[] = {{ {", ".join(cen_w or ["0.0"])} }};')
    ev = ', '.join('{ %d, %d }' % e for e in edges) if edges else '{ 0, 0 }'
    lines.append(f'inline constexpr UInt8 {name}EdgeVertices[][2] = {{ {ev} }};')
    tname = lambda io: name + ('' if same or not io else 'InsideOut')
    for io in (False, True):
        t = tname(io)
        lines.append(f'inline constexpr ClipTable {name}{"InsideOut" if io else ""}Table = {{ {n}, {len(edges)}, '
                     f'{name}EdgeVertices, {t}CellOffsets, {t}Cells, {t}Counts, {t}ExtraOffsets, {t}ExtraRefs, '
                     f'{t}ExtraWeights }};')


def main():
    version = vtkVersion.GetVTKVersionFull()
    lines = [
        '// Loom algorithms, clip family: the case tables, derived by scripts/derive_clip_tables.py from the output',
        f'// of VTK {version}\'s vtkTableBasedClipDataSet on single cells (16 runs per case). Generated: do not',
        '// edit; run the script again. Testing/Filters/TestLoomClip.cxx compares every case with VTK.',
        '//',
        '// A case is the set of kept vertices (bit v: vertex v kept). Per case: the output cells as',
        '// [VTK type, point count, references...], a reference being 0-7 a vertex, 8-19 a point on edge',
        '// (reference - 8) (VTK\'s edge numbering), 20+ an extra point inside the cell; Counts holds cells,',
        '// connectivity size and extra points; an extra point is [term count, references...] with its weights',
        '// at the same positions of ExtraWeights.',
        '#pragma once',
        '',
        '#include <loom/Types.h>',
        '',
        'namespace loom',
        '{',
        'namespace algorithms',
        '{',
        'namespace clip',
        '{',
        'struct ClipTable',
        '{',
        '  UInt8 NumberOfVertices;',
        '  UInt8 NumberOfEdges;',
        '  const UInt8 (*EdgeVertices)[2];',
        '  const UInt16* CellOffsets;',
        '  const UInt8* Cells;',
        '  const UInt8* Counts;',
        '  const UInt16* ExtraOffsets;',
        '  const UInt8* ExtraRefs;',
        '  const double* ExtraWeights;',
        '};',
        'constexpr UInt8 EdgeRef = 8;',
        'constexpr UInt8 ExtraRef = 20;',
        '',
    ]
    for name, cls, kind, desc in KINDS:
        emit_table(name, cls, kind, desc, lines)
    lines += ['} // namespace clip', '} // namespace algorithms', '} // namespace loom', '']
    with open(OUT, 'w') as f:
        f.write('\n'.join(lines))
    print('wrote', os.path.normpath(OUT))


if __name__ == '__main__':
    main()
