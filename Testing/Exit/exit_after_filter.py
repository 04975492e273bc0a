# Loom exit tests, the script under test (pvpython, pvbatch, or pvbatch --symmetric on 2 MPI ranks):
# run one filter, keep its output (or delete it first), and end with sys.exit(code).
# Arguments: proxy name, exit code, 'keep' or 'delete'.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loom_proxy_table
from paraview import simple

name, code, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
simple.LoadDistributedPlugin('Loom', ns=globals())
made = loom_proxy_table.make(name, simple)
proxy = made[0]
proxy.UpdatePipeline()
output = proxy.GetClientSideObject().GetOutputDataObject(0)
cells = output.GetNumberOfCells()
if cells <= 0:
    raise RuntimeError('%s made no cells' % name)
print('%s: %d cells, exiting with %d (%s)' % (name, cells, code, mode), flush=True)
if mode == 'delete':
    del output
    for p in made:
        simple.Delete(p)
    del made, proxy, p
sys.exit(code)
