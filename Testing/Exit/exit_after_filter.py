# Loom exit tests, the script under test (pvpython, pvbatch, or pvbatch --symmetric on 2 MPI ranks):
# run filters one after the other, keep their outputs (or delete each first), and end with sys.exit(code).
# Arguments: proxy names joined by commas, exit code, 'keep' or 'delete'.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loom_proxy_table
from paraview import simple

names, code, mode = sys.argv[1].split(','), int(sys.argv[2]), sys.argv[3]
simple.LoadDistributedPlugin('Loom', ns=globals())
_controller = simple.servermanager.vtkProcessModule.GetProcessModule().GetGlobalController()
rank = _controller.GetLocalProcessId() if _controller else 0
kept = []
for name in names:
    made = loom_proxy_table.make(name, simple)
    proxy = made[0]
    proxy.UpdatePipeline()
    output = proxy.GetClientSideObject().GetOutputDataObject(0)
    # Cells of a dataset, rows of a table (Histogram's bins).
    cells = output.GetNumberOfRows() if output.IsA('vtkTable') else output.GetNumberOfCells()
    # Filters whose output ParaView gathers on the first rank (the registry's "gathered"): the others' are empty.
    gathered = loom_proxy_table.GATHERED.get(name) and rank != 0
    if loom_proxy_table.SEEDED.get(name) and _controller and _controller.GetNumberOfProcesses() > 1:
        # Lines on the ranks that held their seeds (the registry's "seeded"): a rank may hold none, not every rank.
        from vtkmodules.vtkCommonCore import vtkIdTypeArray
        mine, total = vtkIdTypeArray(), vtkIdTypeArray()
        mine.InsertNextValue(cells)
        _controller.AllReduce(mine, total, 2)  # vtkCommunicator's SUM
        gathered = total.GetValue(0) > 0
    if cells <= 0 and not gathered:
        raise RuntimeError('%s made no cells' % name)
    print('%s: %d cells' % (name, cells), flush=True)
    if mode == 'delete':
        del output
        for p in made:
            simple.Delete(p)
        del made, proxy, p
    else:
        kept.append((made, output))
print('exiting with %d (%s)' % (code, mode), flush=True)
sys.exit(code)
