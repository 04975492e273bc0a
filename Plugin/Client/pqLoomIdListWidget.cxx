// Loom plugin: pqLoomIdListWidget, the Mask Ids widget of the Loom field filters.
#include "pqLoomIdListWidget.h"

#include <pqActiveObjects.h>
#include <pqCoreUtilities.h>

#include <vtkSMPropertyHelper.h>
#include <vtkSMSelectionHelper.h>
#include <vtkSMProxy.h>
#include <vtkSMSessionProxyManager.h>
#include <vtkSMSourceProxy.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <string>

pqLoomIdListWidget::pqLoomIdListWidget(vtkSMProxy* proxy, vtkSMProperty* property, QWidget* parent)
  : Superclass(proxy, parent)
{
  this->Text = new QLineEdit(this);
  this->Text->setObjectName("Ids");
  this->Text->setPlaceholderText(tr("ids and ranges: 0 5 9-20"));
  this->Text->setToolTip(tr("The ids to compute, separated by spaces or commas; a-b is the range a to b."));
  this->Status = new QLabel(this);
  this->Status->setObjectName("Status");
  this->Status->setWordWrap(true);
  this->FromSelection = new QPushButton(tr("Use Active Selection"), this);
  this->FromSelection->setObjectName("UseActiveSelection");
  this->FromSelection->setToolTip(
    tr("Mask by the selection made on this filter's input (Select Points On, Select Cells On, Find Data): "
       "it becomes the filter's Selection input."));

  auto* row = new QHBoxLayout;
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(this->Text, 1);
  row->addWidget(this->FromSelection);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(row);
  layout->addWidget(this->Status);

  this->addPropertyLink(this, "ids", SIGNAL(idsChanged()), property);
  this->setChangeAvailableAsChangeFinished(true);
  QObject::connect(this->Text, &QLineEdit::editingFinished, this, &pqLoomIdListWidget::textEdited);
  QObject::connect(this->FromSelection, &QPushButton::clicked, this, &pqLoomIdListWidget::useActiveSelection);
  this->FromSelection->setEnabled(proxy->GetProperty("Selection") != nullptr);
}

pqLoomIdListWidget::~pqLoomIdListWidget() = default;

bool pqLoomIdListWidget::parse(const QString& text, QList<QVariant>& ids, QString& error, qlonglong limit)
{
  ids.clear();
  const QStringList words = text.split(QRegularExpression("[\\s,;]+"), Qt::SkipEmptyParts);
  static const QRegularExpression range("^(\\d+)\\s*-\\s*(\\d+)$");
  for (int w = 0; w < words.size(); ++w)
  {
    const QString& word = words[w];
    bool ok = false;
    const qlonglong id = word.toLongLong(&ok);
    if (ok)
    {
      if (id < 0)
      {
        error = tr("Mask Ids: entry %1 ('%2') is negative; ids start at 0.").arg(w + 1).arg(word);
        return false;
      }
      ids.append(id);
    }
    else
    {
      const QRegularExpressionMatch m = range.match(word);
      if (!m.hasMatch())
      {
        error = tr("Mask Ids: entry %1 ('%2') is not an id or a range a-b.").arg(w + 1).arg(word);
        return false;
      }
      const qlonglong first = m.captured(1).toLongLong(), last = m.captured(2).toLongLong();
      if (last < first)
      {
        error = tr("Mask Ids: entry %1 ('%2') ends before it starts.").arg(w + 1).arg(word);
        return false;
      }
      if (last - first + 1 + ids.size() > limit)
      {
        error = tr("Mask Ids: entry %1 ('%2') makes more than %3 ids.").arg(w + 1).arg(word).arg(limit);
        return false;
      }
      for (qlonglong i = first; i <= last; ++i)
        ids.append(i);
    }
    if (ids.size() > limit)
    {
      error = tr("Mask Ids: more than %1 ids.").arg(limit);
      return false;
    }
  }
  return true;
}

QString pqLoomIdListWidget::format(const QList<QVariant>& ids)
{
  QStringList words;
  for (int i = 0; i < ids.size();)
  {
    const qlonglong first = ids[i].toLongLong();
    int j = i + 1;
    while (j < ids.size() && ids[j].toLongLong() == first + (j - i))
      ++j;
    const qlonglong last = ids[j - 1].toLongLong();
    if (j - i >= 3)
      words << QString("%1-%2").arg(first).arg(last);
    else
      for (int k = i; k < j; ++k)
        words << QString::number(ids[k].toLongLong());
    i = j;
  }
  return words.join(' ');
}

void pqLoomIdListWidget::setIds(const QList<QVariant>& ids)
{
  this->Ids = ids;
  this->Text->setText(format(ids));
  this->Status->setText(ids.isEmpty() ? tr("No ids: the Mask Array or the Selection input masks, if set.")
                                      : tr("%n id(s).", "", ids.size()));
}

void pqLoomIdListWidget::textEdited()
{
  QList<QVariant> ids;
  QString error;
  if (!parse(this->Text->text(), ids, error))
  {
    this->Status->setText(error);
    return;
  }
  if (ids == this->Ids)
    return;
  this->Ids = ids;
  this->Status->setText(ids.isEmpty() ? tr("No ids.") : tr("%n id(s).", "", ids.size()));
  if (ids.isEmpty())
    vtkSMPropertyHelper(this->proxy(), "MaskIds").SetNumberOfElements(0); // the link skips empty lists
  Q_EMIT this->idsChanged();
}

void pqLoomIdListWidget::useActiveSelection()
{
  vtkSMProxy* filter = this->proxy();
  vtkSMPropertyHelper input(filter, "Input");
  auto* source = vtkSMSourceProxy::SafeDownCast(input.GetAsProxy(0));
  vtkSMSourceProxy* selection = source ? source->GetSelectionInput(input.GetOutputPort(0)) : nullptr;
  if (!selection)
  {
    this->Status->setText(tr("The input has no active selection: select points or cells in a view first."));
    return;
  }
  // A copy of the active selection (an AppendSelections combining the selection sources, as ParaView's
  // Copy Active Selection makes it, sharing its sources): later selections do not change this mask. A
  // bare selection source (set by a script) is first wrapped in an AppendSelections, the form the
  // Properties panel's selection widget expects.
  vtkSMSessionProxyManager* pxm = selection->GetSessionProxyManager();
  vtkSmartPointer<vtkSMProxy> copy;
  if (std::string(selection->GetXMLName()) == "AppendSelections")
  {
    copy.TakeReference(pxm->NewProxy(selection->GetXMLGroup(), selection->GetXMLName()));
    if (copy)
      copy->Copy(selection);
  }
  else
    copy.TakeReference(vtkSMSelectionHelper::NewAppendSelectionsFromSelectionSource(selection));
  if (!copy)
  {
    this->Status->setText(tr("The active selection could not be copied."));
    return;
  }
  copy->UpdateVTKObjects();
  // Registered as the Properties panel's selection widget registers its copies (state files keep it).
  if (!pxm->GetProxyName("selection_sources", copy))
  {
    pxm->RegisterProxy("selection_sources", (std::string("selection_filter.") + copy->GetGlobalIDAsString()).c_str(), copy);
    vtkSMPropertyHelper inputs(copy, "Input");
    for (unsigned int i = 0; i < inputs.GetNumberOfElements(); ++i)
      if (vtkSMProxy* source = inputs.GetAsProxy(i))
        if (!pxm->GetProxyName("selection_sources", source))
          pxm->RegisterProxy("selection_sources",
            (std::string("selection_sources.") + source->GetGlobalIDAsString()).c_str(), source);
  }
  vtkSMPropertyHelper(filter, "Selection").Set(copy);
  // The id list would take precedence over the selection: it is emptied (the property too: an empty
  // list through the property link leaves a repeatable property as it was).
  vtkSMPropertyHelper(filter, "MaskIds").SetNumberOfElements(0);
  filter->UpdateVTKObjects();
  this->setIds(QList<QVariant>());
  Q_EMIT this->idsChanged();
  this->Status->setText(tr("The active selection (%1) is the Selection input; it masks when no Mask Array or "
                           "Mask Ids are set.")
                          .arg(selection->GetXMLLabel()));
  Q_EMIT this->changeAvailable();
  Q_EMIT this->changeFinished();
}
