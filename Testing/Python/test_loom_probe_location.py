# Loom pvpython test: LoomProbeLocation as a ParaView user runs it (LoadDistributedPlugin, paraview.simple)
# beside ParaView's Probe Location with ParaView's property names: the wavelet as image, hexahedra and
# tetrahedra, at ParaView's default probe (one point, the input's centre) and at a cloud of points partly
# outside; the same points and every array point for point (1e-6 relative), the proxy's defaults (Probe Type a
# Fixed Radius Point Source, its widget's Center) and its spreadsheet view.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check, devices, expect_ran_on, fetch, point_cloud, same_samples, sampling_sources  # noqa: E402

LoadDistributedPlugin('Loom', ns=globals())


# A cloud of 300 points partly outside the wavelet, one set of them for both filters.
cloud = point_cloud(sys.modules['paraview.simple'], (1.3, -2.2, 0.7), 300, 11.0)

sources = sampling_sources(sys.modules['paraview.simple'])
for source, what in sources:
    reference = fetch(ProbeLocation(Input=source, ProbeType='Fixed Radius Point Source'))
    for device in devices():
        at = '%s, the default probe (%s)' % (what, device)
        check(same_samples(reference, fetch(LoomProbeLocation(Input=source, Device=device)), at) == 1, at + ': valid')
    reference = fetch(ProbeLocation(Input=source, ProbeType=cloud))
    for device in devices():
        at = '%s, a cloud partly outside (%s)' % (what, device)
        probe = LoomProbeLocation(Input=source, ProbeType=cloud, Device=device)
        valid = same_samples(reference, fetch(probe), at)
        expect_ran_on(probe, device, at)
        check(50 < valid < 300, '%s: %d valid points' % (at, valid))

# ParaView's defaults on the proxy: a Fixed Radius Point Source at the input's centre, one point, radius 0.
with_cells = sources[0][0]
loom = LoomProbeLocation(Input=with_cells)
probe = loom.ProbeType
check(probe.GetXMLName() == 'FixedRadiusPointSource', 'Probe Type: %s' % probe.GetXMLName())
check(list(probe.Center) == [0, 0, 0] and probe.NumberOfPoints == 1 and probe.Radius == 0,
      'the probe\'s defaults: %s %s %s' % (list(probe.Center), probe.NumberOfPoints, probe.Radius))
check(loom.ComputeTolerance == 1 and loom.PassFieldArrays == 1, 'the proxy\'s defaults')
view = loom.GetHints().FindNestedElementByName('View')
check(view is not None and view.GetAttribute('type') == 'SpreadSheetView', 'a spreadsheet view by default')
probe.Center = [2.5, -1.5, 3.25]
out = fetch(loom)
check(out.GetNumberOfPoints() == 1 and abs(out.GetPoint(0)[0] - 2.5) < 1e-6, 'the probe moved')

print('pvpython Loom probe location test passed')
