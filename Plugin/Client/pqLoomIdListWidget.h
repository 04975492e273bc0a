// Loom plugin: the Properties-panel widget of a Loom field filter's Mask Ids: ids and ranges typed as text
// ("0 5 9-20"), and a button that makes the input's active selection the filter's mask.
#ifndef pqLoomIdListWidget_h
#define pqLoomIdListWidget_h

#include <pqPropertyWidget.h>

#include <QList>
#include <QVariant>

class QLabel;
class QLineEdit;
class QPushButton;
class vtkSMProperty;

class pqLoomIdListWidget : public pqPropertyWidget
{
  Q_OBJECT
  Q_PROPERTY(QList<QVariant> ids READ ids WRITE setIds NOTIFY idsChanged)
  typedef pqPropertyWidget Superclass;

public:
  pqLoomIdListWidget(vtkSMProxy* proxy, vtkSMProperty* property, QWidget* parent = nullptr);
  ~pqLoomIdListWidget() override;

  /// The ids the text names, in its order, ranges expanded.
  QList<QVariant> ids() const { return this->Ids; }
  /// Shows `ids` as text, runs of consecutive ids as ranges ("3-9").
  void setIds(const QList<QVariant>& ids);

  /// Parses "0 5, 9-20": ids and inclusive ranges separated by spaces or commas; false with `error` set
  /// (naming the entry) for a negative id, a reversed range or a word that is not an id; at most
  /// `limit` ids.
  static bool parse(const QString& text, QList<QVariant>& ids, QString& error, qlonglong limit = 100000000);
  /// The text of `ids`: runs of consecutive ids as ranges.
  static QString format(const QList<QVariant>& ids);

Q_SIGNALS:
  void idsChanged();

private Q_SLOTS:
  void textEdited();
  void useActiveSelection();

private:
  QLineEdit* Text;
  QLabel* Status;
  QPushButton* FromSelection;
  QList<QVariant> Ids;
};

#endif
