# Loom pvpython test: LoomPlotOverLine as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Plot Over Line with ParaView's property names: the wavelet as image, hexahedra and
# tetrahedra, lines inside, partly outside and corner to corner (the proxy's default): the same points and every
# array point for point (1e-6 relative, NaN where ParaView has NaN), the proxy's defaults and its chart view.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, same_samples, sampling_sources  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


def against_paraview(source, what, **properties):
    reference = fetch(PlotOverLine(Input=source, **properties))
    for device in devices():
        loom = LoomPlotOverLine(Input=source, Device=device, **properties)
        out = fetch(loom)
        expect_ran_on(loom, device, what)
        at = '%s (%s)' % (what, device)
        check(out.GetNumberOfCells() == 1, at + ': one polyline')
        valid = same_samples(reference, out, at)
    return valid


sources = sampling_sources(sys.modules["paraview.simple"])
(with_cells, _), (hexahedra, _), (tetrahedra, _) = sources
for source, what in sources:
    inside = against_paraview(source, what, Point1=[-7.25, -5.5, -6.0], Point2=[6.5, 5.75, 4.25], Resolution=97)
    check(inside == 98, '%s: %d valid points inside' % (what, inside))
    partly = against_paraview(source, what + ', partly outside', Point1=[-11.0, -2.3, 0.7], Point2=[3.1, 9.6, -1.2],
                              Resolution=64)
    check(10 < partly < 65, '%s: %d valid points partly outside' % (what, partly))
    corners = against_paraview(source, what + ', corner to corner', Point1=[-8, -8, -8], Point2=[8, 8, 8], Resolution=200)
    check(corners == 201, '%s: %d valid points corner to corner' % (what, corners))

# ParaView's defaults on the proxy: the input's bounds' corners, 1000 segments, uniform sampling.
loom = LoomPlotOverLine(Input=hexahedra)
check(list(loom.Point1) == [-8, -8, -8] and list(loom.Point2) == [8, 8, 8] and loom.Resolution == 1000 and
      loom.SamplingPattern == 'Sample Uniformly', 'the proxy\'s defaults: %s %s' % (list(loom.Point1), list(loom.Point2)))
check(fetch(loom).GetNumberOfPoints() == 1001, 'the default line')

print('pvpython Loom plot over line test passed')
