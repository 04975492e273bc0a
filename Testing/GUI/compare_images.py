# Loom GUI test: compare a screenshot with the baseline using VTK's vtkImageDifference (the measure
# VTK's own regression tests use). Exit 0 when the error is under the threshold.
import sys
from vtkmodules.vtkIOImage import vtkPNGReader
from vtkmodules.vtkImagingCore import vtkImageDifference

image, baseline, threshold = sys.argv[1], sys.argv[2], float(sys.argv[3])
readers = []
for name in (image, baseline):
    r = vtkPNGReader()
    r.SetFileName(name)
    r.Update()
    readers.append(r)
diff = vtkImageDifference()
diff.SetInputConnection(readers[0].GetOutputPort())
diff.SetImageConnection(readers[1].GetOutputPort())
diff.Update()
error = diff.GetThresholdedError()
print('image difference: %g (threshold %g)' % (error, threshold))
sys.exit(0 if error <= threshold else 1)
