# Loom pvpython test: Loom Extract Subset as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Extract Subset, with the same property names and defaults: the wavelet as image, rectilinear
# grid and structured grid with point and cell data, VOIs inside, across and beyond the extent, sample rates and
# Include Boundary (images ignore it, as ParaView's), on Serial and TBB: the same type, extent, geometry and every
# array value for value (an image sampled along some axes only: ParaView's origin moves along the others too,
# shifting its points; Loom's first point is checked against the input's instead); the default VOI (the
# ExtentDomain's whole extent); bad input.
import builtins
import os
import sys

import numpy
from paraview.simple import *
from vtkmodules.util.numpy_support import vtk_to_numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, fetch_with_messages, reported  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def geometry(data, mixed=False):
    """What places the points: an image's extent, origin and spacing (not its origin where `mixed`); the
    others' extent and points."""
    extent = tuple(data.GetExtent())
    if data.IsA('vtkImageData'):
        return (extent, tuple(data.GetSpacing())) if mixed else (extent, tuple(data.GetOrigin()),
                                                                  tuple(data.GetSpacing()))
    points = numpy.array([data.GetPoint(p) for p in range(data.GetNumberOfPoints())])
    return extent, points.tobytes()


def arrays(data):
    out = {}
    for where, attributes in (('point', data.GetPointData()), ('cell', data.GetCellData())):
        for a in range(attributes.GetNumberOfArrays()):
            array = attributes.GetAbstractArray(a)
            values = vtk_to_numpy(array).tobytes() if array.IsA('vtkDataArray') else \
                str([array.GetValue(i) for i in range(array.GetNumberOfValues())])
            out[(where, array.GetName())] = (array.GetDataType(), values, array.GetNumberOfTuples())
    return out


def same(expected, got, at, mixed=False):
    check(got.GetClassName() == expected.GetClassName(), '%s: %s, expected %s' % (
        at, got.GetClassName(), expected.GetClassName()))
    check(geometry(got, mixed) == geometry(expected, mixed), '%s: extent %s, expected %s' % (
        at, got.GetExtent(), expected.GetExtent()))
    e, g = arrays(expected), arrays(got)
    check(set(e) == set(g), '%s: arrays %s, expected %s' % (at, sorted(g), sorted(e)))
    for key in e:
        count = got.GetNumberOfCells() if key[0] == 'cell' else got.GetNumberOfPoints()
        check(g[key][2] == count, '%s: %s has %d tuples for %d' % (at, key, g[key][2], count))
        if e[key][2] < count:
            # ParaView's cell arrays of a sampled grid whose cell indices pass the input's cell extent: it
            # clamps one with the other (two index spaces) and leaves the last cells unwritten (its array is
            # short). Loom's are checked against its point data's kept cells in the C++ test's reference.
            continue
        check(g[key] == e[key], '%s: %s differs' % (at, key))


wavelet = Wavelet(WholeExtent=[-8, 8, -7, 9, -6, 5])
cells = PointDatatoCellData(Input=wavelet, PassPointData=1)
rect_grid = ProgrammableFilter(Input=cells, OutputDataSetType='vtkRectilinearGrid', Script="""
from vtkmodules.vtkCommonCore import vtkDoubleArray
data = self.GetInputDataObject(0, 0)
out = self.GetOutputDataObject(0)
e = data.GetExtent()
out.SetExtent(e)
for a, setter in enumerate((out.SetXCoordinates, out.SetYCoordinates, out.SetZCoordinates)):
    c = vtkDoubleArray()
    for i in range(e[2 * a], e[2 * a + 1] + 1):
        c.InsertNextValue(0.3 * a + i + 0.04 * i * i)
    setter(c)
out.GetPointData().ShallowCopy(data.GetPointData())
out.GetCellData().ShallowCopy(data.GetCellData())
""")
structured = ImageDatatoPointSet(Input=cells)
vois = ([-8, 8, -7, 9, -6, 5], [-5, 3, -7, 2, 0, 5], [-20, 0, 4, 30, -6, -6], [2, 2, -3, 6, -4, 4])
checked = 0
for name, upstream in (('image', cells), ('rectilinear grid', rect_grid), ('structured grid', structured)):
    for voi in vois:
        for rates in ((1, 1, 1), (2, 1, 3), (3, 3, 2)):
            for boundary in (0, 1):
                props = dict(VOI=voi, SampleRateI=rates[0], SampleRateJ=rates[1], SampleRateK=rates[2],
                             IncludeBoundary=boundary)
                # ParaView's fails on a VOI beyond the extent at rate 1 (its pipeline asks for the VOI itself):
                # it is given the VOI clamped to the extent, which Loom takes it to mean.
                e = fetch(upstream).GetExtent()
                clamped = [builtins.max(voi[k], e[k]) if k % 2 == 0 else builtins.min(voi[k], e[k]) for k in range(6)]
                ref = ExtractSubset(Input=upstream, **dict(props, VOI=clamped))
                expected = fetch(ref)
                mixed = name == 'image' and 1 in rates and rates != (1, 1, 1)
                for device in devices():
                    at = '%s %r on %s' % (name, props, device)
                    loom = LoomExtractSubset(Input=upstream, Device=device, **props)
                    got = fetch(loom)
                    expect_ran_on(loom, device, at)
                    same(expected, got, at, mixed)
                    if name == 'image':
                        # The first kept point where the input has it: the VOI's minimum clamped to the extent.
                        e = fetch(upstream).GetExtent()
                        first = [builtins.max(voi[2 * a], e[2 * a]) for a in range(3)]  # (the star import's max is numpy's)
                        at_input = fetch(upstream).GetPoint(fetch(upstream).ComputePointId(first))
                        check(got.GetPoint(0) == at_input, '%s: first point %r, the input has %r there' % (
                            at, got.GetPoint(0), at_input))
                    checked += 1
                    Delete(loom)
                Delete(ref)
check(checked >= 100, 'only %d comparisons' % checked)

# The defaults: the VOI is the input's whole extent (the extent domain), the rates 1: the input itself.
loom, ref = LoomExtractSubset(Input=structured), ExtractSubset(Input=structured)
check(list(loom.VOI) == list(ref.VOI) == [-8, 8, -7, 9, -6, 5], 'default VOI %r, ParaView %r' % (
    list(loom.VOI), list(ref.VOI)))
same(fetch(ref), fetch(loom), 'defaults')

# Bad input: a VOI outside the extent and a sample rate of 0, errors naming the filter and the property.
for props, named in ((dict(VOI=[20, 30, -7, 9, -6, 5]), 'VOI'), (dict(SampleRateJ=0), 'Sample Rate J')):
    bad = LoomExtractSubset(Input=wavelet, **props)
    out, messages = fetch_with_messages(bad)
    check(reported(messages, 'Loom Extract Subset') and reported(messages, named), messages)
    Delete(bad)
print('pvpython Loom extract subset test passed')
