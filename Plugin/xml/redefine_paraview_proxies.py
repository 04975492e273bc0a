# Loom plugin: writes the redefinitions of ParaView's own filter proxies that run on Loom, from the ParaView
# this plugin is built against (run by pvpython when the build is configured). Each proxy is ParaView's own
# definition, as that ParaView's server manager holds it (its properties, defaults, domains, widgets and
# documentation), with only its class replaced by Loom's subclass of ParaView's class; loaded after
# ParaView's, it replaces it (a later definition of the same group and name wins). A proxy whose class in
# this ParaView is not the one Loom's subclass derives from is left alone, with a message.
# Usage: pvpython redefine_paraview_proxies.py OUTPUT_XML
import sys
from xml.sax.saxutils import quoteattr

from paraview.modules.vtkRemotingServerManager import vtkSIProxyDefinitionManager

# (proxy group, proxy name, ParaView's class, Loom's subclass of it)
REDEFINED = [
    ('filters', 'Threshold', 'vtkPVThreshold', 'vtkLoomAcceleratedThreshold'),
    ('filters', 'Clip', 'vtkPVMetaClipDataSet', 'vtkLoomAcceleratedClip'),
    ('filters', 'Cut', 'vtkPVMetaSliceDataSet', 'vtkLoomAcceleratedSlice'),
    ('filters', 'ElevationFilter', 'vtkElevationFilter', 'vtkLoomAcceleratedElevationFilter'),
    ('filters', 'WarpScalar', 'vtkWarpScalar', 'vtkLoomAcceleratedWarpScalar'),
    ('filters', 'WarpVector', 'vtkWarpVector', 'vtkLoomAcceleratedWarpVector'),
    ('filters', 'DataSetTriangleFilter', 'vtkDataSetTriangleFilter', 'vtkLoomAcceleratedDataSetTriangleFilter'),
    ('filters', 'DataSetSurfaceFilter', 'vtkGeometryFilter', 'vtkLoomAcceleratedGeometryFilter'),
    ('filters', 'CleanUnstructuredGrid', 'vtkCleanUnstructuredGrid', 'vtkLoomAcceleratedCleanUnstructuredGrid'),
    ('filters', 'QuadricClustering', 'vtkQuadricClustering', 'vtkLoomAcceleratedQuadricClustering'),
    ('filters', 'IntegrateAttributes', 'vtkIntegrateAttributes', 'vtkLoomAcceleratedIntegrateAttributes'),
    ('filters', 'TransformFilter', 'vtkTransformFilter', 'vtkLoomAcceleratedTransformFilter'),
    ('filters', 'ExtractHistogram', 'vtkPExtractHistogram', 'vtkLoomAcceleratedExtractHistogram'),
    ('filters', 'MeshQuality', 'vtkMeshQuality', 'vtkLoomAcceleratedMeshQuality'),
    ('filters', 'PolyDataNormals', 'vtkPPolyDataNormals', 'vtkLoomAcceleratedPPolyDataNormals'),
    ('filters', 'CellSize', 'vtkPCellSizeFilter', 'vtkLoomAcceleratedPCellSizeFilter'),
    ('filters', 'ExtractGrid', 'vtkPVExtractVOI', 'vtkLoomAcceleratedExtractVOI'),
    # ParaView's proxy names the VTK class whose New() hands out its parallel subclass, from which Loom's derives.
    ('filters', 'ResampleToImage', 'vtkResampleToImage', 'vtkLoomAcceleratedPResampleToImage'),
    ('filters', 'PVConnectivityFilter', 'vtkConnectivityFilter', 'vtkLoomAcceleratedPConnectivityFilter'),
    ('filters', 'ResampleWithDataset', 'vtkResampleWithDataSet', 'vtkLoomAcceleratedPResampleWithDataSet'),
    ('filters', 'StreamTracer', 'vtkStreamTracer', 'vtkLoomAcceleratedPStreamTracer'),
    ('filters', 'ArbitrarySourceStreamTracer', 'vtkStreamTracer', 'vtkLoomAcceleratedPStreamTracer'),
    ('filters', 'ProbePoint', 'vtkPProbeFilter', 'vtkLoomAcceleratedPProbeFilter'),
    ('filters', 'ProbeLine', 'vtkPVProbeLineFilter', 'vtkLoomAcceleratedProbeLineFilter'),
]


def xml_text(element):
    """The element as XML text: vtkPVXMLElement.PrintXML writes it to the process's standard output, which
    is sent to a temporary file for the call."""
    import os
    import tempfile
    with tempfile.TemporaryFile(mode='w+') as captured:
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(captured.fileno(), 1)
        try:
            element.PrintXML()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        captured.seek(0)
        return captured.read()


def main():
    definitions = vtkSIProxyDefinitionManager()  # ParaView's own definitions, nothing of a plugin's
    out = ['<ServerManagerConfiguration>']
    for group, name, paraview_class, loom_class in REDEFINED:
        definition = definitions.GetCollapsedProxyDefinition(group, name, None)
        if definition is None or definition.GetAttribute('class') != paraview_class:
            print('Loom: ParaView\'s %s/%s is not a %s here (%s): left as it is' % (
                group, name, paraview_class, definition.GetAttribute('class') if definition else 'absent'))
            continue
        definition.SetAttribute('class', loom_class)
        out.append('  <ProxyGroup name=%s>' % quoteattr(group))
        out.append(xml_text(definition).rstrip())
        out.append('  </ProxyGroup>')
    out.append('</ServerManagerConfiguration>')
    with open(sys.argv[1], 'w') as f:
        f.write('\n'.join(out) + '\n')


main()
