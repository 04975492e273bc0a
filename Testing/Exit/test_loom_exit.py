# Loom exit tests: every proxy of the plugin (loom_proxy_table.py, checked against the plugin XML (Plugin/xml/)) run
# by one script that keeps their outputs, or deletes them, and ends with sys.exit(0) or sys.exit(3), under one
# runner: pvpython, pvbatch, pvbatch --symmetric on 2 MPI ranks, or the ParaView client under Xvfb
# (the filters applied through its menus, the client closed with their outputs shown).
# Usage: test_loom_exit.py RUNNER PLUGIN_XML OUTPUT_DIR   (PV_PLUGIN_PATH must name the plugin folder)
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import loom_proxy_table

# A script that hangs (the bug this guards against hangs after the crash) is caught by CTest's TIMEOUT on
# the test: the lines printed before it name the runs that ended.
CRASH = re.compile(r'Segmentation fault|SIGSEGV|SIGABRT|corrupted|double free|free\(\): invalid|'
                   r'AddressSanitizer|terminate called')


def run(command, log_path, env=None):
    """Runs command to its end; returns (status, output)."""
    with open(log_path, 'w') as log:
        status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    with open(log_path) as log:
        return status, log.read()


def script_command(runner, name, code, mode):
    script = [os.path.join(HERE, 'exit_after_filter.py'), name, str(code), mode]
    if runner == 'pvpython':
        return [shutil.which('pvpython'), '--force-offscreen-rendering'] + script
    if runner == 'pvbatch':
        return [shutil.which('pvbatch')] + script
    if runner == 'mpi2':
        return [shutil.which('mpiexec'), '--oversubscribe', '-np', '2', shutil.which('pvbatch'),
                '--symmetric'] + script
    raise SystemExit('unknown runner ' + runner)


def scripts(runner, out_dir):
    failures = []
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1')
    expected = {}
    # The control first: ParaView's own filter in the same script. pvpython and pvbatch exit with the
    # script's code; mpiexec reports 1 for sys.exit(0) on 2 ranks (pvbatch does not call MPI_Finalize
    # on sys.exit), and Loom must exit exactly as ParaView does.
    # Every Loom proxy runs in one script per exit code and mode (what it leaves behind at exit is the
    # union of theirs); each proxy's name in the output shows that it ran. The control runs once per exit
    # code (with its output kept): the status it sets does not depend on the mode.
    reference = loom_proxy_table.REFERENCE[0]
    loom = sorted(loom_proxy_table.PROXIES)
    for code in (0, 3):
        for mode in ('keep', 'delete'):
            for names in ([[reference], loom] if mode == 'keep' else [loom]):
                label = names[0] if len(names) == 1 else 'every Loom proxy'
                log_path = os.path.join(out_dir, '%s-%s-%d-%s.log' % (runner, names[0] if len(names) == 1
                                                                        else 'loom', code, mode))
                status, output = run(script_command(runner, ','.join(names), code, mode), log_path, env)
                if names == [reference]:
                    expected[code] = status if runner == 'mpi2' and code == 0 else code
                want = expected[code]
                crashed = CRASH.search(output)
                missing = [n for n in names if '%s: ' % n not in output]
                verdict = 'ok' if status == want and not crashed and not missing else 'FAILED'
                print('%-8s %-17s sys.exit(%d) %-6s -> status %s (expected %s) %s%s' %
                      (runner, label, code, mode, status, want, verdict,
                       ' (did not run: %s)' % ', '.join(missing) if missing else ''), flush=True)
                if verdict != 'ok':
                    failures.append(log_path)
                    print(output[-3000:])
    if expected.get(3) != 3:
        failures.append('ParaView\'s own filter did not exit with 3 under ' + runner)
    return failures


GUI_EVENTS = '''<?xml version="1.0" ?>
<pqevents>
  <pqevent object="pqClientMainWindow/menubar" command="activate" arguments="menuSources" />
  <pqevent object="pqClientMainWindow/menubar/menuSources/Alphabetical" command="activate" arguments="RTAnalyticSource" />
  <pqevent object="pqClientMainWindow/propertiesDock/propertiesPanel/Accept" command="activate" arguments="" />
%s</pqevents>
'''
# Select the Wavelet (the first source under the builtin server) in the Pipeline Browser.
GUI_SELECT_WAVELET = '''  <pqevent object="pqClientMainWindow/pipelineBrowserDock/pipelineBrowser" command="mousePress" arguments="1,1,0,40,8,/0:0/0:0" />
  <pqevent object="pqClientMainWindow/pipelineBrowserDock/pipelineBrowser" command="mouseRelease" arguments="1,0,0,40,8,/0:0/0:0" />
'''
# Apply a filter from Filters > Alphabetical to the active source.
GUI_APPLY = '''  <pqevent object="pqClientMainWindow/menubar" command="activate" arguments="menuFilters" />
  <pqevent object="pqClientMainWindow/menubar/menuFilters/Alphabetical" command="activate" arguments="%s" />
  <pqevent object="pqClientMainWindow/propertiesDock/propertiesPanel/Accept" command="activate" arguments="" />
'''
# The same for a filter of two inputs (Resample With Dataset): its dialog (ParaView's Select Input) takes the
# active source as the first input property, and the Wavelet as the second.
GUI_APPLY_TWO = '''  <pqevent object="pqClientMainWindow/menubar" command="activate" arguments="menuFilters" />
  <pqevent object="pqClientMainWindow/menubar/menuFilters/Alphabetical" command="activate" arguments="%s" />
  <pqevent object="pqClientMainWindow/SelectInputDialog/buttonFrame/%s" command="set_boolean" arguments="true" />
  <pqevent object="pqClientMainWindow/SelectInputDialog/pipelineView" command="mousePress" arguments="1,1,0,40,8,/0:0/0:0" />
  <pqevent object="pqClientMainWindow/SelectInputDialog/pipelineView" command="mouseRelease" arguments="1,0,0,40,8,/0:0/0:0" />
  <pqevent object="pqClientMainWindow/SelectInputDialog/buttonBox/1QPushButton0" command="activate" arguments="" />
  <pqevent object="pqClientMainWindow/propertiesDock/propertiesPanel/Accept" command="activate" arguments="" />
'''


GUI_SAVE_STATE = '''  <pqevent object="pqClientMainWindow/menubar" command="activate" arguments="menu_File" />
  <pqevent object="pqClientMainWindow/menubar/menu_File" command="activate" arguments="actionFileSaveServerState" />
  <pqevent object="pqClientMainWindow/FileSaveServerStateDialog" command="filesSelected" arguments="%s" />
'''


def check_state(state_path):
    """Every Loom proxy of the table is in the saved state, on the Wavelet (through ParaView's Point
    Data to Cell Data where its input is cell data), with a visible representation."""
    if not os.path.exists(state_path):
        return ['the client saved no state at ' + state_path]
    root = ElementTree.parse(state_path).getroot()
    proxies = {p.get('id'): p for p in root.iter('Proxy') if p.get('group') and p.get('type')}

    def inputs(proxy):  # its first input property's (Input; Destination Mesh for Resample With Dataset)
        first = loom_proxy_table.INPUT_PROPERTIES.get(proxy.get('type'), ['Input'])[0]
        return [v.get('value') for prop in proxy.findall('Property') if prop.get('name') == first
                for v in prop.findall('Proxy')]

    def visible(proxy_id):  # some representation of its output (there are several) is visible
        return any(p.get('group') == 'representations' and proxy_id in inputs(p) and
                   any(e.get('value') == '1' for prop in p.findall('Property')
                       if prop.get('name') == 'Visibility' for e in prop.findall('Element'))
                   for p in proxies.values())

    def representations(proxy_id, kind):
        return [p for p in proxies.values() if p.get('group') == 'representations' and p.get('type') == kind and
                proxy_id in inputs(p)]

    def spreadsheet_shown(proxy_id):
        # A spreadsheet view shows one dataset at a time: a filter ParaView showed in one (its representation
        # is there) counts as shown when a later filter's output has taken the view (is visible in one).
        shown_there = [p for p in proxies.values() if p.get('group') == 'representations' and
                       p.get('type') == 'SpreadSheetRepresentation' and
                       any(e.get('value') == '1' for prop in p.findall('Property')
                           if prop.get('name') == 'Visibility' for e in prop.findall('Element'))]
        return bool(representations(proxy_id, 'SpreadSheetRepresentation')) and \
            any(proxy_id not in inputs(p) for p in shown_there)

    failures = []
    for name, (source, _) in sorted(loom_proxy_table.PROXIES.items()):
        found = [p for p in proxies.values() if p.get('group') == 'filters' and p.get('type') == name]
        want = ['RTAnalyticSource'] + loom_proxy_table.BETWEEN.get(source, [])
        ok = False
        for p in found:
            chain, current = [], p
            while inputs(current):
                current = proxies[inputs(current)[0]]
                chain.append(current.get('type'))
            ok = ok or (list(reversed(chain)) == want and (visible(p.get('id')) or spreadsheet_shown(p.get('id'))))
        print('gui: %s %s' % (name, 'applied to %s and shown' % ' > '.join(want) if ok else 'NOT applied and shown'))
        if not ok:
            failures.append('%s was not applied to %s and shown in the client' % (name, ' > '.join(want)))
    return failures


def gui(out_dir, plugin_xml):
    """The client applies every Loom filter to the Wavelet through its Filters menu (with ParaView's
    Point Data to Cell Data or Contour between them where the table's input says so), leaves
    every output shown, and is closed by --exit when the event script ends."""
    events = ''
    # The gathered filters last: ParaView shows them in a view of their own (a line chart, a spreadsheet),
    # which becomes the active view, where the render view's outputs after them would not be shown. Before
    # them, the filters of two inputs: the Wavelet is their second (every one of its points a seed or a
    # sample), so theirs are the largest outputs, and the client draws each shown output again at every
    # later Apply.
    def order(name):
        return (loom_proxy_table.GATHERED[name], len(loom_proxy_table.INPUT_PROPERTIES[name]) > 1, name)
    for name in sorted(loom_proxy_table.PROXIES, key=order):
        events += GUI_SELECT_WAVELET
        for between in loom_proxy_table.BETWEEN.get(loom_proxy_table.PROXIES[name][0], []):
            events += GUI_APPLY % between  # the proxy's XML name
        more = loom_proxy_table.INPUT_PROPERTIES[name][1:]
        events += GUI_APPLY_TWO % (name, loom_proxy_table.input_property_name(plugin_xml, name, more[0])) if more \
            else GUI_APPLY % name
    # Last, File > Save State: the state tells which filters the client made, on what, and shown.
    state_path = os.path.join(out_dir, 'state.pvsm')
    events += GUI_SAVE_STATE % state_path
    xml_path = os.path.join(out_dir, 'apply_every_loom_filter.xml')
    with open(xml_path, 'w') as f:
        f.write(GUI_EVENTS % events)
    display = None
    for number in range(150, 250):  # no server's lock file or socket (one a killed server left included)
        if not os.path.exists('/tmp/.X%d-lock' % number) and not os.path.exists('/tmp/.X11-unix/X%d' % number):
            display = ':%d' % number
            break
    # A small screen: the client draws every shown output again at each Apply, in software (no picture is compared).
    xvfb = subprocess.Popen(['Xvfb', display, '-screen', '0', '800x600x24', '-nolisten', 'tcp'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = []
    try:
        env = dict(os.environ, DISPLAY=display)
        for _ in range(50):
            if subprocess.call(['xdpyinfo'], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL) == 0:
                break
            time.sleep(0.2)
        for attempt in (1, 2, 3):  # rendering under load sometimes loses the X connection
            log_path = os.path.join(out_dir, 'gui-%d.log' % attempt)
            if os.path.exists(state_path):
                os.remove(state_path)  # a state left by an earlier run proves nothing
            status, output = run([shutil.which('paraview'), '--dr', '--plugins=Loom',
                                           '--test-script=' + xml_path, '--exit'], log_path, env)
            lost_x = 'X server' in output or 'XIO' in output
            print('gui: the client applied %s and exited with status %s' %
                  (', '.join(sorted(loom_proxy_table.PROXIES)), status), flush=True)
            if lost_x and status != 0:
                continue
            if status != 0 or CRASH.search(output) or 'Success =  true' not in output:
                failures.append(log_path)
                print(output[-3000:])
            failures += check_state(state_path)
            break
    finally:
        xvfb.terminate()  # Xvfb removes its lock file and socket
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
    return failures


def main():
    runner, plugin_xml, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out_dir, exist_ok=True)
    declared = loom_proxy_table.plugin_proxies(plugin_xml)
    missing = sorted(set(declared) - set(loom_proxy_table.PROXIES))
    extra = sorted(set(loom_proxy_table.PROXIES) - set(declared))
    if missing or extra:
        raise SystemExit('loom_proxy_table.PROXIES must list every proxy of %s: missing %s, not declared %s'
                         % (plugin_xml, missing, extra))
    failures = gui(out_dir, plugin_xml) if runner == 'gui' else scripts(runner, out_dir)
    if failures:
        print('FAILED: ' + ', '.join(failures))
        return 1
    print('Loom exit test passed (%s, %d proxies)' % (runner, len(declared)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
