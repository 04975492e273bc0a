# Loom exit tests: every proxy of the Loom plugin, from the filter registry (Filters/registry.json), with the
# input and properties a test makes it with. test_loom_exit.py fails when the plugin XML (Plugin/xml/) declares a proxy
# the registry lacks, so a new filter gets the exit tests (pvpython, pvbatch, 2-rank pvbatch, the GUI), the
# MPI table and the memory harness by its entry in the registry.
import json
import os
import xml.etree.ElementTree as ElementTree

# The registry (Filters/registry.json): every Loom filter, with ParaView's filter beside it and the input and
# proxy properties the tests give it. Inputs: 'Wavelet' (point data RTData), 'WaveletCells' (the wavelet's
# point data averaged to cells by ParaView's Point Data to Cell Data), 'WaveletContour' (the wavelet's
# RTData = 157 isosurface by ParaView's Contour: polygonal data), 'WaveletGradient' (the gradient of RTData by
# ParaView's Gradient: point vectors 'Gradient').
REGISTRY_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Filters', 'registry.json')
with open(REGISTRY_PATH) as _file:
    FILTERS = json.load(_file)['filters']


def proxy_entries(filters):
    """Every proxy of the registry's filters: each entry, then its variants (other proxies of the same class,
    with the entry's class, family, inputs and page)."""
    entries = []
    for entry in filters:
        entries.append(entry)
        for variant in entry.get('variants', []):
            entries.append(dict({key: entry[key] for key in ('class', 'family', 'inputs', 'doc')}, **variant))
    return entries


REGISTRY = proxy_entries(FILTERS)
# proxy name -> (input, properties).
PROXIES = {entry['proxy']: (entry['test']['input'], entry['test']['properties']) for entry in REGISTRY}
# proxy name -> True where, under MPI, the first rank holds the whole output and the others' are empty (as
# ParaView's filter beside it gathers: Plot Over Line, Probe Location).
GATHERED = {entry['proxy']: entry.get('gathered', False) for entry in REGISTRY}
# proxy name -> True where, under MPI, each output line is on the rank that held its seed (the Stream Tracers): a
# rank may hold none.
SEEDED = {entry['proxy']: entry.get('seeded', False) for entry in REGISTRY}
# proxy name -> its input properties, each given the test input (Resample With Dataset: DestinationMesh and
# SourceDataArrays; the others: Input).
INPUT_PROPERTIES = {entry['proxy']: entry.get('input_properties', ['Input']) for entry in REGISTRY}
# proxy name -> the data types its input takes (the registry's "inputs").
INPUT_TYPES = {entry['proxy']: entry['inputs'] for entry in REGISTRY}


# The stream tracers' seeds in the tests: 201 points on a line through the wavelet, across the ranks' pieces.
SEED_LINE = ([-9.5, -9.3, -9.1], [9.7, 9.2, 9.6], 200)


def inputs(name, upstream, simple=None):
    """The keyword arguments that connect proxy `name`'s inputs to `upstream`; with the paraview.simple module
    `simple`, a seed input (SeedSource) gets a Line source of SEED_LINE instead (the input's every point as seeds
    would make every rank update the whole input for them)."""
    connected = {prop: upstream for prop in INPUT_PROPERTIES.get(name, ['Input'])}
    if simple is not None and 'SeedSource' in connected:
        connected['SeedSource'] = simple.Line(Point1=SEED_LINE[0], Point2=SEED_LINE[1], Resolution=SEED_LINE[2])
    return connected


# ParaView's filters between the Wavelet and the Loom filter for each input, by XML name (the GUI test
# applies them from the Filters menu with their default properties).
BETWEEN = {'WaveletCells': ['PointDataToCellData'], 'WaveletContour': ['Contour'], 'WaveletGradient': ['Gradient']}
# ParaView's own filter, run the same way as a control: a Loom filter must exit as ParaView's does.
REFERENCE = ('ParaViewContour', 'Wavelet', {'ContourBy': ['POINTS', 'RTData'], 'Isosurfaces': [157.0]})


def plugin_proxies(xml_path):
    """The names of the filter proxies the plugin XML (Plugin/xml/) declares."""
    root = ElementTree.parse(xml_path).getroot()
    return sorted(proxy.get('name') for group in root.iter('ProxyGroup') if group.get('name') == 'filters'
                  for proxy in group if proxy.tag == 'SourceProxy')


def input_property_name(xml_path, proxy_name, simple_name):
    """The XML name of proxy `proxy_name`'s input property that paraview.simple calls `simple_name` (its name, or
    its label without spaces: Stream Tracer With Custom Source's Source is SeedSource)."""
    root = ElementTree.parse(xml_path).getroot()
    for proxy in root.iter('SourceProxy'):
        if proxy.get('name') == proxy_name:
            for prop in proxy.iter('InputProperty'):
                if simple_name in (prop.get('name'), (prop.get('label') or '').replace(' ', '')):
                    return prop.get('name')
    return simple_name


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
    elif source == 'WaveletGradient':
        made.insert(0, simple.Gradient(Input=made[0], ScalarArray=['POINTS', 'RTData']))
    elif source == 'WaveletContour':
        made.insert(0, simple.Contour(Input=made[0], ContourBy=['POINTS', 'RTData'], Isosurfaces=[157.0]))
    connected = inputs(name, made[0], simple)
    made.insert(0, factory(**dict(connected, **properties)))
    made.extend(proxy for prop, proxy in connected.items() if prop == 'SeedSource')
    return made
