# Loom registry test: Filters/registry.json, the one table of Loom's filters, agrees with what is built and
# with everything that reads it: the vtkLoomRegistry table the build made from it, the classes
# Filters/CMakeLists.txt builds (every concrete vtkLoom* algorithm is registered), the filter proxies of the
# plugin's XML (written from Plugin/xml/ by the build; name, class, label), ParaView's filters beside them, the worklet families, the pages
# in docs/filters/, the exit tests' proxy table, and the README's table of filters.
import json
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, 'Testing', 'Exit'))
from loom_testing import check

from paraview import simple

simple.LoadDistributedPlugin('Loom', ns=vars(simple))
import loom
import loom_proxy_table

with open(os.path.join(ROOT, 'Filters', 'registry.json')) as f:
    registry = json.load(f)['filters']
names = [e['class'] for e in registry]
check(len(set(names)) == len(names), 'a class registered twice: %s' % names)

# The table the build made from the JSON file.
table = loom.vtkLoomRegistry
check(table.GetNumberOfFilters() == len(registry),
      'vtkLoomRegistry has %d filters, registry.json %d' % (table.GetNumberOfFilters(), len(registry)))
for i, e in enumerate(registry):
    built = (table.GetFilterClassName(i), table.GetProxyName(i), table.GetLabel(i), table.GetParaViewProxyName(i),
             table.GetFamily(i), table.GetInputTypes(i).split(), table.GetDocumentation(i), table.GetTestInput(i))
    wanted = (e['class'], e['proxy'], e['label'], e['paraview'], e['family'], e['inputs'], e['doc'],
              e['test']['input'])
    check(built == wanted, 'vtkLoomRegistry entry %d is %s, registry.json says %s' % (i, built, wanted))
    check(table.FindFilter(e['proxy']) == i and table.FindFilter(e['label']) == i, 'FindFilter(%s)' % e['proxy'])
    made = table.NewFilter(i)
    check(made is not None and made.GetClassName() == e['class'], 'NewFilter(%d) made %s' % (i, made))

# Every concrete vtkLoom* algorithm Filters/CMakeLists.txt builds is registered, and nothing else is (the
# accelerated subclasses of VTK's filters aside).
with open(os.path.join(ROOT, 'Filters', 'CMakeLists.txt')) as f:
    built_classes = re.search(r'set\(classes\s+([^)]*)\)', f.read()).group(1).split()
algorithms = []
for name in built_classes:
    cls = getattr(loom, name, None)
    check(cls is not None, '%s is built but not wrapped in the loom module' % name)
    try:
        instance = cls()
    except TypeError:
        continue  # an abstract base (vtkLoomFieldFilter, vtkLoomDataAverageFilter, vtkLoomWarpFilter)
    if name.startswith('vtkLoomAccelerated'):
        # Not Loom filters of their own: the object factory's subclasses of VTK's filters (Python.Accelerate).
        vtk_class = 'vtk' + name[len('vtkLoomAccelerated'):]
        check(instance.IsA(vtk_class), '%s is not a %s' % (name, vtk_class))
        continue
    if instance.IsA('vtkAlgorithm'):
        algorithms.append(name)
check(sorted(algorithms) == sorted(names),
      'the concrete Loom algorithms built (%s) are not the registered ones (%s)' % (sorted(algorithms), sorted(names)))

# The plugin's filter proxies are the registered ones, with the same classes and labels.
root = ElementTree.parse(os.environ['LOOM_PLUGIN_XML']).getroot()  # written from Plugin/xml/ by the build
proxies = {p.get('name'): (p.get('class'), p.get('label')) for g in root.iter('ProxyGroup')
           if g.get('name') == 'filters' for p in g if p.tag == 'SourceProxy'}
# Each filter's proxy and its variants' (other proxies of the same class, as ParaView's Stream Tracer With Custom
# Source beside its Stream Tracer).
proxy_entries = loom_proxy_table.proxy_entries(registry)
registered = {e['proxy']: (e['class'], e['label']) for e in proxy_entries}
check(proxies == registered, 'the plugin XML\'s filters %s, registry.json %s' % (proxies, registered))

for e in proxy_entries:
    # ParaView's own filter beside it, the family folder, the page.
    check(hasattr(simple, e['paraview']), '%s: paraview.simple has no %s' % (e['proxy'], e['paraview']))
    check(hasattr(simple, e['proxy']), '%s: the plugin gives paraview.simple no such proxy' % e['proxy'])
    check(os.path.isdir(os.path.join(ROOT, 'Worklets', 'loom', 'algorithms', e['family'])),
          '%s: no family folder %s' % (e['proxy'], e['family']))
    check(os.path.isfile(os.path.join(ROOT, e['doc'])), '%s: no page %s' % (e['proxy'], e['doc']))
    check(e['test']['input'] in ('Wavelet', 'WaveletCells', 'WaveletContour', 'WaveletGradient'), '%s: test input' % e['proxy'])

# The tables that read the registry: the exit tests' (also the MPI table's and the memory harness's).
check(sorted(loom_proxy_table.PROXIES) == sorted(registered), 'the exit tests\' proxies are not the registry')
# The README's table of filters links every filter's page.
with open(os.path.join(ROOT, 'README.md')) as f:
    readme = f.read()
for e in registry:
    check(e['doc'] in readme, 'README.md does not link %s (%s)' % (e['doc'], e['label']))

print('Loom registry test passed (%d filters)' % len(registry))
