# Loom GUI test script, run inside the ParaView GUI (--script): apply a Loom filter to a Wavelet,
# colour by the averaged array, save a screenshot of the render view; then a Loom Contour of the
# Wavelet (three isosurfaces, coloured by the contoured array) and a second screenshot.
import os
from paraview.simple import *

out = os.environ['LOOM_GUI_SCREENSHOT']
# The plugin was loaded by --plugins=Loom; its proxy must exist in this session.
wavelet = Wavelet()
loom = LoomPointDatatoCellData(Input=wavelet)
view = GetActiveViewOrCreate('RenderView')
display = Show(loom, view)
display.SetRepresentationType('Surface')
ColorBy(display, ('CELLS', 'RTData'))
display.RescaleTransferFunctionToDataRange(True)
view.OrientationAxesVisibility = 0
view.ResetCamera()
view.CameraPosition = [30, -40, 35]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
Render(view)
SaveScreenshot(out, view, ImageResolution=[400, 300])

Hide(loom, view)
contour = LoomContour(Input=wavelet, ContourBy=['POINTS', 'RTData'], Isosurfaces=[120.0, 157.0, 200.0])
surface = Show(contour, view)
ColorBy(surface, ('POINTS', 'RTData'))
surface.RescaleTransferFunctionToDataRange(True)
Render(view)
SaveScreenshot(out.replace('.png', '_contour.png'), view, ImageResolution=[400, 300])
open(out + '.done', 'w').write('ok')  # test_gui.sh waits for this, then closes the client
