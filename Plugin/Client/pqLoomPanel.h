// Loom plugin: the "Loom" dock panel of the ParaView client: the server's devices, the default device of
// every Loom filter left on Auto, and each Loom filter's last execution (device, time, sizes, mask, message).
#ifndef pqLoomPanel_h
#define pqLoomPanel_h

#include <QDockWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;
class pqPipelineSource;
class pqServer;
class vtkSMProxy;

class pqLoomPanel : public QDockWidget
{
  Q_OBJECT
  /// "LoomContour1: TBB; LoomTetrahedralize1: Serial": each Loom filter and the devices of its last
  /// execution, in table order (what scripted checks of the client read).
  Q_PROPERTY(QString devicesByFilter READ devicesByFilter)
  typedef QDockWidget Superclass;

public:
  pqLoomPanel(QWidget* parent = nullptr);
  ~pqLoomPanel() override;

  QString devicesByFilter() const;

public Q_SLOTS:
  /// Reads the devices and the default device from the active server's Loom settings.
  void refreshDevices();
  /// Reads every Loom filter's last execution from the server (all ranks).
  void refreshExecutions();

private Q_SLOTS:
  void defaultDeviceChosen(int index);
  void sourceUpdated(pqPipelineSource* source);

private:
  /// The active server's "LoomSettings" settings proxy (created if the plugin came after the session).
  vtkSMProxy* settings() const;

  QLabel* Devices;
  QComboBox* DefaultDevice;
  QCheckBox* Accelerate;
  QTableWidget* Executions;
  bool Updating = false;
  bool DevicesKnown = false; // the server's device report has been read

};

#endif
