# Loom exit tests: the one table of every proxy of the Loom plugin, with the input and properties a test
# makes it with. test_loom_exit.py fails when Plugin/Loom.xml declares a proxy this table lacks, so a
# new filter gets the exit tests (pvpython, pvbatch, 2-rank pvbatch, the GUI) by adding one line here.
import xml.etree.ElementTree as ElementTree

# proxy name -> (input, properties). Inputs: 'Wavelet' (point data RTData), 'WaveletCells' (the
# wavelet's point data averaged to cells by ParaView's Point Data to Cell Data), 'WaveletContour' (the
# wavelet's RTData = 157 isosurface by ParaView's Contour: polygonal data).
PROXIES = {
    'LoomPointDatatoCellData': ('Wavelet', {}),
    'LoomCellDatatoPointData': ('WaveletCells', {}),
    'LoomContour': ('Wavelet', {'ContourBy': ['POINTS', 'RTData'], 'Isosurfaces': [157.0]}),
    'LoomTetrahedralize': ('Wavelet', {}),
    'LoomSlice': ('Wavelet', {}),
    'LoomClip': ('Wavelet', {}),
    'LoomExtractSurface': ('Wavelet', {}),
    'LoomCleantoGrid': ('Wavelet', {}),
    'LoomLevelofDetail': ('WaveletContour', {'NumberofDimensions': [12, 12, 12]}),
    'LoomGradient': ('Wavelet', {'ScalarArray': ['POINTS', 'RTData']}),
    'LoomElevation': ('Wavelet', {}),
    'LoomWarpByScalar': ('Wavelet', {'Scalars': ['POINTS', 'RTData'], 'ScaleFactor': 0.01}),
    'LoomWarpByVector': ('WaveletContour', {'Vectors': ['POINTS', 'Normals']}),
    'LoomThreshold': ('Wavelet', {'Scalars': ['POINTS', 'RTData'], 'LowerThreshold': 150.0, 'UpperThreshold': 200.0}),
}
# ParaView's filters between the Wavelet and the Loom filter for each input, by XML name (the GUI test
# applies them from the Filters menu with their default properties).
BETWEEN = {'WaveletCells': ['PointDataToCellData'], 'WaveletContour': ['Contour']}
# ParaView's own filter, run the same way as a control: a Loom filter must exit as ParaView's does.
REFERENCE = ('ParaViewContour', 'Wavelet', {'ContourBy': ['POINTS', 'RTData'], 'Isosurfaces': [157.0]})


def plugin_proxies(xml_path):
    """The names of the filter proxies Plugin/Loom.xml declares."""
    root = ElementTree.parse(xml_path).getroot()
    return sorted(proxy.get('name') for group in root.iter('ProxyGroup') if group.get('name') == 'filters'
                  for proxy in group if proxy.tag == 'SourceProxy')


def make(name, simple):
    """The proxy `name` on its input, built with the paraview.simple module `simple`; returns every
    proxy made, the filter first, then its inputs downstream to upstream."""
    if name == REFERENCE[0]:
        source, properties, factory = REFERENCE[1], REFERENCE[2], simple.Contour
    else:
        source, properties = PROXIES[name]
        factory = getattr(simple, name)
    made = [simple.Wavelet(WholeExtent=[-16, 15, -16, 15, -16, 15])]
    if source == 'WaveletCells':
        made.insert(0, simple.PointDatatoCellData(Input=made[0]))
    elif source == 'WaveletContour':
        made.insert(0, simple.Contour(Input=made[0], ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]))
    made.insert(0, factory(Input=made[0], **properties))
    return made
