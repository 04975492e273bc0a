# Loom GUI test script, run inside the ParaView GUI (--script): the user's way to mask a field filter
# by a selection. A Wavelet shown as a surface, cells selected with a rubber band in the render view
# (paraview.simple's SelectSurfaceCells, what the toolbar's Select Cells On does), the active selection
# given to Loom Gradient as its Selection input; the gradient magnitude is computed on the points of the
# selected cells only (NaN, drawn in the NaN colour, elsewhere). One screenshot of the render view.
import os
from paraview.simple import *

out = os.environ['LOOM_GUI_SCREENSHOT']
wavelet = Wavelet()
view = GetActiveViewOrCreate('RenderView')
view.OrientationAxesVisibility = 0
view.ViewSize = [400, 300]
shown = Show(wavelet, view)
shown.SetRepresentationType('Surface')
view.ResetCamera()
view.CameraPosition = [30, -40, 35]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
Render(view)
SetActiveSource(wavelet)
# A rubber band over the middle of the view: the visible cells under it.
SelectSurfaceCells(Rectangle=[150, 100, 250, 200], View=view)
selection = wavelet.SMProxy.GetSelectionInput(0)
assert selection is not None, 'the rubber band selected nothing'
gradient = LoomGradient(Input=wavelet, ScalarArray=['POINTS', 'RTData'])
gradient.Selection = servermanager._getPyProxy(selection)
ClearSelection(wavelet)
Hide(wavelet, view)
result = Show(gradient, view)
result.SetRepresentationType('Surface')
ColorBy(result, ('POINTS', 'Gradient', 'Magnitude'))
result.RescaleTransferFunctionToDataRange(True)
data = servermanager.Fetch(gradient)
values = data.GetPointData().GetArray('Gradient')
computed = sum(1 for i in range(values.GetNumberOfTuples()) if values.GetComponent(i, 0) == values.GetComponent(i, 0))
assert 0 < computed < values.GetNumberOfTuples(), 'the selection masked %d of %d points' % (
    computed, values.GetNumberOfTuples())
Render(view)
SaveScreenshot(out, view, ImageResolution=[400, 300])
open(out + '.done', 'w').write('ok')  # test_gui.sh waits for this, then closes the client
