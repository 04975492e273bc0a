// Loom plugin: pqLoomPanel, the Loom dock panel.
#include "pqLoomPanel.h"

#include "vtkLoomExecution.h"
#include "vtkPVLoomDeviceInformation.h"
#include "vtkPVLoomExecutionInformation.h"

#include <pqActiveObjects.h>
#include <pqApplicationCore.h>
#include <pqPluginManager.h>
#include <pqPipelineSource.h>
#include <pqServer.h>
#include <pqServerManagerModel.h>

#include <vtkNew.h>
#include <vtkPVSession.h>
#include <vtkSMParaViewPipelineController.h>
#include <vtkSMPropertyHelper.h>
#include <vtkSMProxy.h>
#include <vtkSMSession.h>
#include <vtkSMSessionProxyManager.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QVector>

namespace
{
enum Column
{
  FILTER,
  DEVICE,
  TIME,
  CELLS,
  MESSAGE,
  COLUMNS
};

QString Sizes(vtkIdType points, vtkIdType cells)
{
  return QString("%1 pts / %2 cells").arg(points).arg(cells);
}

// What an execution moved and what it spared: the GPU link's traffic, the device copies found in the GPU input
// cache, and the part of a grid read; one tooltip line each, only where there is something to say.
QString Traffic(vtkLoomExecution* r)
{
  QString lines;
  auto mb = [](vtkTypeUInt64 bytes) { return QString::number(bytes / 1e6, 'f', bytes < 10000000 ? 2 : 0); };
  if (r->GetBytesToDevice() || r->GetBytesToHost())
    lines += "\n" + QObject::tr("GPU link: %1 MB sent, %2 MB back").arg(mb(r->GetBytesToDevice()), mb(r->GetBytesToHost()));
  if (r->GetDeviceCopiesReused())
    lines += "\n" +
      QObject::tr("Found on the GPU: %1 MB (%2 %3)")
        .arg(mb(r->GetBytesReusedOnDevice()))
        .arg(r->GetDeviceCopiesReused())
        .arg(r->GetDeviceCopiesReused() == 1 ? QObject::tr("array") : QObject::tr("arrays"));
  if (r->GetPartPoints())
    lines += "\n" + QObject::tr("Read a part of %1 pts").arg(r->GetPartPoints());
  return lines;
}

// Cell counts as a narrow column shows them: 5504 -> "5504", 48000 -> "48.0k", 2048383 -> "2048k".
QString Count(vtkIdType n)
{
  if (n < 10000)
    return QString::number(n);
  if (n < 10000000)
    return QString::number(n / 1e3, 'f', n < 100000 ? 1 : 0) + "k";
  return QString::number(n / 1e6, 'f', 1) + "M";
}

/// ParaView's filters that run on Loom (Accelerate ParaView Filters): the proxies the plugin redefines (their class
/// is Loom's subclass of ParaView's, Plugin/xml/redefine_paraview_proxies.py), and those whose VTK filter Loom's
/// object factory replaces (Filters/Interop/LoomAcceleration.cxx).
bool IsAccelerated(pqPipelineSource* source)
{
  vtkSMProxy* proxy = source ? source->getProxy() : nullptr;
  if (!proxy || !proxy->GetXMLGroup() || QString(proxy->GetXMLGroup()) != "filters" || !proxy->GetXMLName())
    return false;
  if (proxy->GetVTKClassName() && QString(proxy->GetVTKClassName()).startsWith("vtkLoomAccelerated"))
    return true;
  static const QStringList madeByTheFactory = { "Contour", "Gradient", "CellDataToPointData", "PointDataToCellData" };
  return madeByTheFactory.contains(QString(proxy->GetXMLName()));
}

/// A Loom filter's proxy, or one of ParaView's filters that Loom accelerates: a row of the panel.
bool IsLoomFilter(pqPipelineSource* source)
{
  vtkSMProxy* proxy = source ? source->getProxy() : nullptr;
  return (proxy && proxy->GetXMLGroup() && QString(proxy->GetXMLGroup()) == "filters" && proxy->GetXMLName() &&
           QString(proxy->GetXMLName()).startsWith("Loom")) ||
    IsAccelerated(source);
}
} // namespace

pqLoomPanel::pqLoomPanel(QWidget* parent)
  : Superclass(parent)
{
  this->setObjectName("LoomPanel");
  this->setWindowTitle(tr("Loom"));
  auto* body = new QWidget(this);
  body->setObjectName("LoomPanelBody");
  auto* layout = new QVBoxLayout(body);

  this->Devices = new QLabel(body);
  this->Devices->setObjectName("LoomDevices");
  this->Devices->setTextInteractionFlags(Qt::TextSelectableByMouse);
  this->Devices->setWordWrap(true);
  this->DefaultDevice = new QComboBox(body);
  this->DefaultDevice->setObjectName("LoomDefaultDevice");
  this->DefaultDevice->addItems({ tr("Auto"), tr("Serial"), tr("TBB"), tr("CUDA") });
  this->DefaultDevice->setToolTip(
    tr("The device of every Loom filter whose Device is Auto, from its next execution on (on the server)."));
  this->Accelerate = new QCheckBox(tr("Accelerate ParaView filters"), body);
  this->Accelerate->setObjectName("LoomAccelerate");
  this->Accelerate->setToolTip(tr("ParaView's own filters that Loom has (Contour, Slice, Clip, Threshold, Stream "
                                  "Tracer, Resample To Image and the others: the user guide's table) run on Loom where "
                                  "Loom takes them, from their next execution on (the server decides; Edit > Settings "
                                  "> Loom has it too)."));
  auto* form = new QFormLayout;
  form->addRow(tr("Devices:"), this->Devices);
  form->addRow(tr("Default device:"), this->DefaultDevice);
  form->addRow(this->Accelerate);
  layout->addLayout(form);

  this->Executions = new QTableWidget(0, COLUMNS, body);
  this->Executions->setObjectName("LoomExecutions");
  // Five narrow columns that fit a dock of ParaView's default window; the sizes, runs and the whole
  // message are in each row's tooltips.
  this->Executions->setHorizontalHeaderLabels({ tr("Filter"), tr("Device"), tr("ms"), tr("Cells"), tr("Message") });
  this->Executions->setEditTriggers(QAbstractItemView::NoEditTriggers);
  this->Executions->verticalHeader()->hide();
  this->Executions->setWordWrap(false);
  this->Executions->setTextElideMode(Qt::ElideRight);
  this->Executions->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  this->Executions->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  this->Executions->horizontalHeader()->setSectionResizeMode(MESSAGE, QHeaderView::Stretch);
  // The time's width does not follow its digits (the layout stays put from one execution to the next).
  this->Executions->horizontalHeader()->setSectionResizeMode(TIME, QHeaderView::Fixed);
  this->Executions->horizontalHeader()->resizeSection(
    TIME, this->Executions->fontMetrics().horizontalAdvance(QStringLiteral("99999.9")) + 12);
  layout->addWidget(this->Executions, 1);
  auto* refresh = new QPushButton(tr("Refresh"), body);
  refresh->setObjectName("LoomRefresh");
  layout->addWidget(refresh, 0, Qt::AlignRight);
  this->setWidget(body);

  pqServerManagerModel* model = pqApplicationCore::instance()->getServerManagerModel();
  QObject::connect(model, &pqServerManagerModel::dataUpdated, this, &pqLoomPanel::sourceUpdated);
  QObject::connect(model, &pqServerManagerModel::sourceAdded, this, &pqLoomPanel::refreshExecutions);
  QObject::connect(
    model, &pqServerManagerModel::sourceRemoved, this, [this](pqPipelineSource*) { this->refreshExecutions(); });
  QObject::connect(&pqActiveObjects::instance(), &pqActiveObjects::serverChanged, this, [this](pqServer*) {
    this->refreshDevices();
    this->refreshExecutions();
  });
  // The plugin's settings proxy may be defined after this panel is made (the plugin loads its XML after
  // its client interfaces): read the devices again once plugins change.
  QObject::connect(pqApplicationCore::instance()->getPluginManager(), &pqPluginManager::pluginsUpdated, this,
                   [this] { this->refreshDevices(); });
  QTimer::singleShot(0, this, [this] { this->refreshDevices(); });
  QObject::connect(this->DefaultDevice, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
                   &pqLoomPanel::defaultDeviceChosen);
  QObject::connect(this->Accelerate, &QCheckBox::toggled, this, [this](bool on) {
    if (this->Updating)
      return;
    if (vtkSMProxy* proxy = this->settings())
    {
      vtkSMPropertyHelper(proxy, "AccelerateParaViewFilters").Set(on ? 1 : 0);
      proxy->UpdateVTKObjects();
    }
  });
  QObject::connect(refresh, &QPushButton::clicked, this, [this] {
    this->refreshDevices();
    this->refreshExecutions();
  });
  this->refreshDevices();
  this->refreshExecutions();
}

pqLoomPanel::~pqLoomPanel() = default;

vtkSMProxy* pqLoomPanel::settings() const
{
  pqServer* server = pqActiveObjects::instance().activeServer();
  if (!server)
    return nullptr;
  vtkSMSessionProxyManager* pxm = server->proxyManager();
  vtkSMProxy* proxy = pxm->GetProxy("settings", "LoomSettings");
  if (!proxy)
  {
    // The plugin was loaded after the session began: make the settings proxies it brings.
    vtkNew<vtkSMParaViewPipelineController> controller;
    controller->UpdateSettingsProxies(server->session());
    proxy = pxm->GetProxy("settings", "LoomSettings");
  }
  return proxy;
}

void pqLoomPanel::refreshDevices()
{
  vtkSMProxy* proxy = this->settings();
  if (!proxy)
  {
    this->Devices->setText(tr("(no server, or the Loom plugin is not loaded on it)"));
    this->DevicesKnown = false;
    return;
  }
  this->DevicesKnown = true;
  // From the server's first rank (the settings proxy also lives on the client, whose own object an
  // information-only property would be read from).
  vtkNew<vtkPVLoomDeviceInformation> report;
  proxy->GatherInformation(report, vtkPVSession::DATA_SERVER); // (its result is false from a remote server)
  const QString text = QString(report->GetReport()).trimmed();
  this->Devices->setText(text.isEmpty() ? tr("(the server did not report its devices)") : text);
  this->Updating = true;
  this->DefaultDevice->setCurrentIndex(vtkSMPropertyHelper(proxy, "DefaultDevice").GetAsInt());
  this->Accelerate->setChecked(vtkSMPropertyHelper(proxy, "AccelerateParaViewFilters").GetAsInt() != 0);
  this->Updating = false;
}

void pqLoomPanel::defaultDeviceChosen(int index)
{
  if (this->Updating)
    return;
  if (vtkSMProxy* proxy = this->settings())
  {
    vtkSMPropertyHelper(proxy, "DefaultDevice").Set(index);
    proxy->UpdateVTKObjects();
  }
}

void pqLoomPanel::sourceUpdated(pqPipelineSource* source)
{
  if (IsLoomFilter(source))
    this->refreshExecutions();
}

void pqLoomPanel::refreshExecutions()
{
  // The panel may come before the session (the plugin loads at start-up): read the devices once it is there.
  if (!this->DevicesKnown)
    this->refreshDevices();
  pqServer* server = pqActiveObjects::instance().activeServer();
  QList<pqPipelineSource*> sources;
  if (server)
    for (pqPipelineSource* source :
         pqApplicationCore::instance()->getServerManagerModel()->findItems<pqPipelineSource*>(server))
      if (IsLoomFilter(source))
        sources.append(source);
  this->Executions->setRowCount(sources.size());
  for (int row = 0; row < sources.size(); ++row)
  {
    vtkNew<vtkPVLoomExecutionInformation> info;
    sources[row]->getProxy()->GatherInformation(info);
    QVector<QString> cells(COLUMNS);
    cells[FILTER] = sources[row]->getSMName();
    QString tip = cells[FILTER];
    if (info->GetExecuted())
    {
      vtkLoomExecution* r = info->GetRecord();
      // A failed execution shows "failed" and its error; a masked one says so beside its device.
      cells[DEVICE] = r->GetFailed() ? tr("failed") : QString(r->GetDevices()) + (r->GetMasked() ? tr(", masked") : "");
      cells[TIME] = QString::number(r->GetSeconds() * 1000.0, 'f', 1);
      cells[CELLS] = QString("%1 \u2192 %2").arg(Count(r->GetInputCells()), Count(r->GetOutputCells()));
      cells[MESSAGE] = r->GetMessage();
      tip += "\n" + tr("Device: %1").arg(r->GetDevices()) + "\n" +
        tr("Input: %1").arg(Sizes(r->GetInputPoints(), r->GetInputCells())) + "\n" +
        tr("Output: %1").arg(Sizes(r->GetOutputPoints(), r->GetOutputCells())) + "\n" +
        (info->GetRanks() > 1 ? tr("Runs: %1 (%2 ranks)").arg(r->GetExecutions()).arg(info->GetRanks())
                              : tr("Runs: %1").arg(r->GetExecutions())) +
        Traffic(r) + (r->GetMasked() ? "\n" + tr("Masked") : QString()) +
        (cells[MESSAGE].isEmpty() ? QString() : "\n" + cells[MESSAGE]);
    }
    else
      cells[DEVICE] = IsAccelerated(sources[row]) ? tr("ParaView") : tr("not run"); // ParaView's own code
    for (int c = 0; c < COLUMNS; ++c)
    {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setToolTip(c == MESSAGE && !cells[c].isEmpty() ? cells[c] : tip);
      this->Executions->setItem(row, c, item);
    }
  }
}

QString pqLoomPanel::devicesByFilter() const
{
  QStringList rows;
  for (int r = 0; r < this->Executions->rowCount(); ++r)
    rows << QString("%1: %2").arg(this->Executions->item(r, FILTER)->text(), this->Executions->item(r, DEVICE)->text());
  return rows.join("; ");
}
