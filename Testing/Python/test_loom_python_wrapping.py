# Loom Python test without proxies: `from loom import ...` (vtk_module_wrap_python) in a plain VTK
# pipeline, compared with vtkPointDataToCellData. Runs under pvpython and /usr/bin/python3.
import os
import sys
sys.path.insert(0, os.environ['LOOM_PYTHON_DIR'])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loom_testing import check
from loom import vtkLoomPointDataToCellData, vtkLoomExecution, vtkLoomSettings
from vtkmodules.vtkImagingCore import vtkRTAnalyticSource
from vtkmodules.vtkFiltersCore import vtkPointDataToCellData
s = vtkRTAnalyticSource(); s.SetWholeExtent(-8, 7, -8, 7, -8, 7)
f = vtkLoomPointDataToCellData(); f.SetInputConnection(s.GetOutputPort()); f.Update()
r = vtkPointDataToCellData(); r.SetInputConnection(s.GetOutputPort()); r.Update()
a = f.GetOutput().GetCellData().GetArray('RTData'); b = r.GetOutput().GetCellData().GetArray('RTData')
d = max(abs(a.GetTuple1(i) - b.GetTuple1(i)) for i in range(a.GetNumberOfTuples()))
print('cells', a.GetNumberOfTuples(), 'max diff', d)
check(a.GetNumberOfTuples() == 15 ** 3 and d < 1e-3, 'not vtkPointDataToCellData\'s cells and values')
# The record of the last execution, and the process-wide default device.
check(vtkLoomExecution.GetLast(r) is None, 'a record for a VTK filter')
e = vtkLoomExecution.GetLast(f)
print('last execution:', e.Describe())
check(e.GetInputPoints() == 16 ** 3 and e.GetOutputCells() == 15 ** 3 and e.GetSeconds() > 0,
      'the record: ' + e.Describe())
check(e.GetDevices() in ('TBB', 'Serial', 'CUDA'), 'devices: ' + e.GetDevices())
settings = vtkLoomSettings.GetInstance()
settings.SetDefaultDevice(1)
f.Modified(); f.Update()
check(vtkLoomExecution.GetLast(f).GetDevices() == 'Serial' and e.GetExecutions() == 2,
      'the default device Serial: ' + vtkLoomExecution.GetLast(f).Describe())
settings.SetDefaultDevice(0)
check('Serial: 1 thread' in settings.GetDeviceReport(), 'the device report: ' + settings.GetDeviceReport())
# The GPU input cache's bound (MiB) and its line in the report; on the CPU nothing is reused.
check(e.GetDeviceCopiesReused() == 0 and e.GetBytesReusedOnDevice() == 0, 'reused on the GPU: ' + e.Describe())
bound = settings.GetGPUInputCacheMiB()
settings.SetGPUInputCacheMiB(512)
check(settings.GetGPUInputCacheMiB() == 512, 'the GPU input cache bound: %d' % settings.GetGPUInputCacheMiB())
report = settings.GetDeviceReport()
check('CUDA: unavailable (not compiled in)' in report or 'GPU input cache: 0 arrays, 0.0 of 512 MiB' in report,
      'the GPU input cache line: ' + report)
settings.SetGPUInputCacheMiB(bound)
print('python (no proxies) Loom test passed')
