# Loom GUI test script, run inside the ParaView GUI (--script): a Loom Clip of a Wavelet by a plane,
# with the plane widget ParaView's Clip shows (the proxy uses ParaView's clip_implicit_functions, so
# the client makes the same 3D widget for it), coloured by RTData; one screenshot of the render view.
import os
from paraview.simple import *

out = os.environ['LOOM_GUI_SCREENSHOT']
wavelet = Wavelet()
clip = LoomClip(Input=wavelet)
clip.ClipType = 'Plane'
clip.ClipType.Origin = [0.0, 0.0, 0.0]
clip.ClipType.Normal = [1.0, 1.0, 0.0]
view = GetActiveViewOrCreate('RenderView')
SetActiveSource(clip)
clipped = Show(clip, view)
ColorBy(clipped, ('POINTS', 'RTData'))
clipped.RescaleTransferFunctionToDataRange(True)
view.OrientationAxesVisibility = 0
view.ResetCamera()
view.CameraPosition = [30, -40, 35]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
ShowInteractiveWidgets(proxy=clip)
Render(view)
SaveScreenshot(out, view, ImageResolution=[400, 300])
open(out + '.done', 'w').write('ok')  # test_gui.sh waits for this, then closes the client
