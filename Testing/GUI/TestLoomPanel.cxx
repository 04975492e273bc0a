// Loom GUI test: ParaView's client core (pqPVApplicationCore, a builtin or a remote session) with the Loom
// plugin loaded through ParaView's plugin manager. The Loom panel comes from the plugin's dock-window
// interface and the Mask Ids widget from its property-widget interface, inside ParaView's own Properties
// panel widget (pqProxyWidget). Checks: the panel lists the server's devices; a Loom Contour and a Loom
// Tetrahedralize appear in its table with their device and time; the default-device chooser set to Serial
// makes the next execution report Serial; in a remote session every rank reports. Mask Ids typed as text
// become the MaskIds property and mask the next execution; "Use Active Selection" makes the input's
// selection the Selection input. Saves a picture of the panel.
// Arguments: the plugin library, then optionally --server URL, --ranks N, --screenshot FILE.
#include <pqActiveObjects.h>
#include <pqApplicationCore.h>
#include <pqDockWindowInterface.h>
#include <pqInterfaceTracker.h>
#include <pqObjectBuilder.h>
#include <pqPVApplicationCore.h>
#include <pqPipelineSource.h>
#include <pqProxyWidget.h>
#include <pqServer.h>
#include <pqServerResource.h>
#include <pqStandardPropertyWidgetInterface.h>

#include <vtkDataObject.h>
#include <vtkSMPluginManager.h>
#include <vtkSMSelectionHelper.h>
#include <vtkSMPropertyHelper.h>
#include <vtkSMProxyManager.h>
#include <vtkSMSessionProxyManager.h>
#include <vtkSMSourceProxy.h>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPixmap>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>

#include <cstdlib>
#include <iostream>
#include <string>

namespace
{
int failures = 0;
void Check(bool ok, const std::string& what)
{
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << std::endl;
  if (!ok)
    ++failures;
}

void Settle()
{
  for (int i = 0; i < 5; ++i)
    QApplication::processEvents();
}

// The table row of the filter named `name`: its cells by column (columns: filter, device, ms, cells
// "in -> out", message), then the filter cell's tooltip (the sizes, runs and message in full); empty when
// absent.
QStringList Row(QTableWidget* table, const QString& name)
{
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, 0) && table->item(r, 0)->text() == name)
    {
      QStringList cells;
      for (int c = 0; c < table->columnCount(); ++c)
        cells << (table->item(r, c) ? table->item(r, c)->text() : QString());
      cells << table->item(r, 0)->toolTip();
      return cells;
    }
  return QStringList();
}

void Update(pqPipelineSource* source)
{
  source->getProxy()->UpdateVTKObjects();
  vtkSMSourceProxy::SafeDownCast(source->getProxy())->UpdatePipeline();
  Settle();
}
} // namespace

int main(int argc, char** argv)
{
  if (argc < 2)
  {
    std::cerr << "usage: TestLoomPanel PLUGIN [--server URL] [--ranks N] [--screenshot FILE]" << std::endl;
    return 2;
  }
  const std::string plugin = argv[1];
  QString url = "builtin:", screenshot;
  int ranks = 1;
  for (int i = 2; i + 1 < argc; i += 2)
  {
    const std::string option = argv[i];
    if (option == "--server")
      url = argv[i + 1];
    else if (option == "--ranks")
      ranks = std::atoi(argv[i + 1]);
    else if (option == "--screenshot")
      screenshot = argv[i + 1];
  }
  // The client sees the program's name and --dr (no user settings: a saved Loom default device must not
  // change what the test expects); argv[argc] must be null for ParaView's logger.
  char disableRegistry[] = "--dr";
  int qtArgc = 2;
  char* qtArgv[] = { argv[0], disableRegistry, nullptr };
  QApplication app(qtArgc, qtArgv);
  pqPVApplicationCore core(qtArgc, qtArgv);
  // ParaView's own property widgets and decorators, as the client registers them.
  core.interfaceTracker()->addInterface(new pqStandardPropertyWidgetInterface(&core));
  pqObjectBuilder* builder = core.getObjectBuilder();
  pqServer* server = builder->createServer(pqServerResource(url));
  if (!server)
  {
    std::cerr << "could not connect to " << url.toStdString() << std::endl;
    return 1;
  }
  pqActiveObjects::instance().setActiveServer(server);
  vtkSMPluginManager* plugins = vtkSMProxyManager::GetProxyManager()->GetPluginManager();
  Check(plugins->LoadLocalPlugin(plugin.c_str()), "the client loads the Loom plugin");
  if (url != "builtin:")
    Check(plugins->LoadRemotePlugin(plugin.c_str(), server->session()), "the server loads the Loom plugin");
  Settle();

  // The panel, made by the plugin's dock-window interface as the client's main window makes it.
  QMainWindow window;
  QDockWidget* panel = nullptr;
  for (pqDockWindowInterface* dock : core.interfaceTracker()->interfaces<pqDockWindowInterface*>())
    if (QDockWidget* made = dock->dockWindow(&window))
      if (made->windowTitle() == "Loom")
        panel = made;
  Check(panel != nullptr, "the plugin adds a dock window titled Loom");
  if (!panel)
    return 1;
  window.addDockWidget(Qt::RightDockWidgetArea, panel);
  window.resize(900, 420);
  window.show();
  auto* devices = panel->findChild<QLabel*>("LoomDevices");
  auto* chooser = panel->findChild<QComboBox*>("LoomDefaultDevice");
  auto* table = panel->findChild<QTableWidget*>("LoomExecutions");
  Check(devices && chooser && table, "the panel has its device list, default-device chooser and table");
  if (!devices || !chooser || !table)
    return 1;
  QMetaObject::invokeMethod(panel, "refreshDevices");
  const QString deviceText = devices->text();
  std::cout << "devices:\n" << deviceText.toStdString() << std::endl;
  Check(deviceText.contains("Serial: 1 thread") && deviceText.contains("TBB:") && deviceText.contains("CUDA:"),
        "the panel lists Serial, TBB and CUDA (with the GPU or why it is unavailable)");

  // A wavelet, a Loom Contour and a Loom Tetrahedralize.
  pqPipelineSource* wavelet = builder->createSource("sources", "RTAnalyticSource", server);
  pqPipelineSource* contour = builder->createFilter("filters", "LoomContour", wavelet);
  vtkSMPropertyHelper(contour->getProxy(), "ContourBy").SetInputArrayToProcess(vtkDataObject::POINT, "RTData");
  vtkSMPropertyHelper(contour->getProxy(), "ContourValues").Set(157.0);
  pqPipelineSource* tets = builder->createFilter("filters", "LoomTetrahedralize", wavelet);
  Update(contour);
  Update(tets);
  QStringList c = Row(table, contour->getSMName()), t = Row(table, tets->getSMName());
  std::cout << "contour row: " << c.join(" | ").toStdString() << "\ntetrahedralize row: "
            << t.join(" | ").toStdString() << std::endl;
  auto ran = [](const QStringList& row) {
    return row.size() > 2 && (row[1] == "TBB" || row[1] == "Serial" || row[1].startsWith("CUDA")) &&
      row[2].toDouble() > 0;
  };
  Check(ran(c), "the table shows Loom Contour's device and time");
  Check(ran(t), "the table shows Loom Tetrahedralize's device and time");
  // Cells add up over the ranks' pieces; the points of the planes the pieces share count once per piece.
  const QString points = ranks > 1 ? "9702 pts" : "9261 pts";
  // (Five tetrahedra per voxel: as ParaView's Tetrahedralize splits an image.)
  Check(t.size() > 5 && t[3] == QString("8000 \u2192 40.0k") &&
          t[5].contains("Input: " + points + " / 8000 cells") && t[5].contains("Output: " + points + " / 40000 cells"),
        "Loom Tetrahedralize's input and output sizes, summed over the ranks");
  if (ranks > 1)
    Check(c.size() > 5 && c[5].contains(QString("(%1 ranks)").arg(ranks)), "every rank of the server reports");
  // A first execution reads the whole grid: its tooltip says nothing of a part.
  Check(c.size() > 5 && !c[5].contains("Read a part"), "a first execution reads the whole grid");
  // Every column fits the panel: no horizontal scrolling.
  Check(table->horizontalHeader()->length() <= table->viewport()->width() + 1,
        "the table's columns fit the panel's width");

  // The default device: Serial from the next execution on.
  chooser->setCurrentIndex(1);
  Settle();
  vtkSMPropertyHelper(contour->getProxy(), "ContourValues").Set(120.0);
  Update(contour);
  c = Row(table, contour->getSMName());
  Check(c.size() > 1 && c[1] == "Serial", "Default device Serial: the next execution reports Serial (" +
          (c.size() > 1 ? c[1].toStdString() : std::string("no row")) + ")");
  chooser->setCurrentIndex(0);
  Settle();

  // A filter that fails shows "failed" and its error, labelled with the filter's name.
  pqPipelineSource* bad = builder->createFilter("filters", "LoomContour", wavelet);
  vtkSMPropertyHelper(bad->getProxy(), "ContourBy").SetInputArrayToProcess(vtkDataObject::POINT, "NoSuchArray");
  vtkSMPropertyHelper(bad->getProxy(), "ContourValues").Set(157.0);
  Update(bad);
  const QStringList b = Row(table, bad->getSMName());
  std::cout << "failed row: " << b.join(" | ").toStdString() << std::endl;
  Check(b.size() > 4 && b[1] == "failed" && b[4].startsWith("Loom Contour: ") && b[4].contains("'NoSuchArray'"),
        "a failed Loom Contour shows 'failed' and its error");
  builder->destroy(bad);
  Settle();

  // Mask Ids in ParaView's Properties panel widget for a Loom Gradient.
  pqPipelineSource* gradient = builder->createFilter("filters", "LoomGradient", wavelet);
  vtkSMPropertyHelper(gradient->getProxy(), "SelectInputScalars").SetInputArrayToProcess(vtkDataObject::POINT, "RTData");
  {
    pqProxyWidget properties(gradient->getProxy());
    properties.filterWidgets(true);
    // pqProxyWidget names each property's widget after the property.
    QWidget* ids = properties.findChild<QWidget*>("MaskIds");
    if (ids && QString(ids->metaObject()->className()) != "pqLoomIdListWidget")
      ids = nullptr;
    Check(ids != nullptr, "the Properties panel shows a Mask Ids widget (advanced)");
    auto* text = ids ? ids->findChild<QLineEdit*>("Ids") : nullptr;
    if (text)
    {
      text->setText("0-9, 100");
      Q_EMIT text->editingFinished();
      properties.apply();
      vtkSMPropertyHelper mask(gradient->getProxy(), "MaskIds");
      Check(mask.GetNumberOfElements() == 11 && mask.GetAsIdType(9) == 9 && mask.GetAsIdType(10) == 100,
            "'0-9, 100' typed in the widget sets Mask Ids to 0..9 and 100");
      Update(gradient);
      QStringList g = Row(table, gradient->getSMName());
      Check(g.size() > 1 && g[1].endsWith(", masked"), "the masked Loom Gradient shows as masked in the panel");

      text->setText("");
      Q_EMIT text->editingFinished();
      properties.apply();
      Check(vtkSMPropertyHelper(gradient->getProxy(), "MaskIds").GetNumberOfElements() == 0,
            "an empty text empties Mask Ids");
      text->setText("0-9, 100");
      Q_EMIT text->editingFinished();
      properties.apply();

      text->setText("4 x");
      Q_EMIT text->editingFinished();
      auto* status = ids->findChild<QLabel*>("Status");
      Check(status && status->text().contains("entry 2 ('x')"), "a bad entry is named in the widget");
    }
    // The active selection as the mask.
    vtkSMSessionProxyManager* pxm = server->proxyManager();
    vtkSmartPointer<vtkSMProxy> selection;
    selection.TakeReference(pxm->NewProxy("sources", "IDSelectionSource"));
    vtkSMPropertyHelper(selection, "FieldType").Set(1); // points
    const vtkIdType pairs[] = { 0, 5, 0, 6 };
    vtkSMPropertyHelper(selection, "IDs").Set(pairs, 4);
    selection->UpdateVTKObjects();
    // The active selection as the client holds it: an AppendSelections over the selection sources.
    vtkSmartPointer<vtkSMProxy> active;
    active.TakeReference(
      vtkSMSelectionHelper::NewAppendSelectionsFromSelectionSource(vtkSMSourceProxy::SafeDownCast(selection)));
    active->UpdateVTKObjects();
    vtkSMSourceProxy::SafeDownCast(wavelet->getProxy())
      ->SetSelectionInput(0, vtkSMSourceProxy::SafeDownCast(active.GetPointer()), 0);
    auto* use = ids ? ids->findChild<QPushButton*>("UseActiveSelection") : nullptr;
    Check(use && use->isEnabled(), "the Mask Ids widget offers Use Active Selection");
    if (use)
    {
      use->click();
      properties.apply();
      vtkSMProxy* copy = vtkSMPropertyHelper(gradient->getProxy(), "Selection").GetAsProxy();
      Check(copy && std::string(copy->GetXMLName()) == "AppendSelections" && copy != active.GetPointer() &&
              vtkSMPropertyHelper(copy, "Input").GetAsProxy(0) == selection.GetPointer(),
            "Use Active Selection sets a copy of the input's selection as the Selection input");
      Check(vtkSMPropertyHelper(gradient->getProxy(), "MaskIds").GetNumberOfElements() == 0,
            "and empties Mask Ids, which would take precedence");
      Update(gradient);
      QStringList g = Row(table, gradient->getSMName());
      Check(g.size() > 1 && g[1].endsWith(", masked"), "the Loom Gradient masked by the selection shows as masked");
    }
  }
  Settle();
  if (!screenshot.isEmpty())
  {
    panel->resize(900, 420);
    Settle();
    Check(panel->grab().save(screenshot), "the panel's picture is saved");
  }
  // After the picture, which a row more would change: re-executed near the peak on an unchanged wavelet, a Loom
  // Contour reads only the part of the grid its value reaches (from its second execution on: the value blocks are
  // made then); the tooltip says so, with the points summed over the ranks (through the information's stream in a
  // remote session).
  pqPipelineSource* large = builder->createSource("sources", "RTAnalyticSource", server);
  const int extent[] = { -32, 31, -32, 31, -32, 31 }; // 64^3 points: the peak's blocks are a small part of it
  vtkSMPropertyHelper(large->getProxy(), "WholeExtent").Set(extent, 6);
  large->getProxy()->UpdateVTKObjects();
  pqPipelineSource* peak = builder->createFilter("filters", "LoomContour", large);
  vtkSMPropertyHelper(peak->getProxy(), "ContourBy").SetInputArrayToProcess(vtkDataObject::POINT, "RTData");
  for (double value : { 250.0, 251.0 })
  {
    vtkSMPropertyHelper(peak->getProxy(), "ContourValues").Set(value);
    Update(peak);
  }
  const QStringList p = Row(table, peak->getSMName());
  std::cout << "re-executed contour row: " << p.join(" | ").toStdString() << std::endl;
  const int part = p.size() > 5 ? QRegularExpression("Read a part of (\\d+) pts").match(p[5]).captured(1).toInt() : 0;
  Check(part > 0 && 2 * part <= 64 * 64 * (ranks > 1 ? 65 : 64),
        "a re-execution on unchanged input reads a part of at most half of the grid, and the tooltip says so");
  // The device list's value-blocks line counts the blocks that re-execution made (on the server's first rank).
  QMetaObject::invokeMethod(panel, "refreshDevices");
  const QRegularExpressionMatch made =
    QRegularExpression("Value blocks: (\\d+) arrays, [0-9.]+ of 256 MiB; (\\d+) made").match(devices->text());
  std::cout << "devices after the re-execution:\n" << devices->text().toStdString() << std::endl;
  Check(made.hasMatch() && made.captured(1).toInt() >= 1 && made.captured(2).toInt() >= 1,
        "the device list counts the value blocks made for the re-executed contour");
  // ParaView's own filters that run on Loom have rows: a redefined proxy (Cell Size: its class is Loom's) and one
  // whose VTK filter the factory replaces (Contour); one Loom does not accelerate (Shrink) has none.
  pqPipelineSource* sizes = builder->createFilter("filters", "CellSize", large);
  pqPipelineSource* own = builder->createFilter("filters", "Contour", large);
  pqPipelineSource* shrunk = builder->createFilter("filters", "ShrinkFilter", large);
  for (pqPipelineSource* made : { sizes, own, shrunk })
    Update(made);
  Check(!Row(table, sizes->getSMName()).isEmpty() && !Row(table, own->getSMName()).isEmpty(),
        "ParaView's Cell Size and Contour, which run on Loom, have rows");
  Check(Row(table, shrunk->getSMName()).isEmpty(), "ParaView's Shrink, which Loom does not run, has no row");
  builder->destroySources(server);
  Settle();
  std::cout << (failures ? "TestLoomPanel failed" : "TestLoomPanel passed") << std::endl;
  return failures ? 1 : 0;
}
