// Loom filter tests: the point mask of Contour, Slice and Clip (Mask Array, Mask Ids, a selection on
// the second input, Fill With NaN, Fill Value). An output point is computed when every input point it is
// made from (with a non-zero weight) is selected. Reference: an indicator point array (1 on selected
// points, -1e12 elsewhere, so that an end with a weight of 1e-20 still shows) interpolated by the unmasked
// filter is 1 exactly there (within 1e-9 for clip points inside a cut cell, whose weights add up to 1 within
// rounding). Selected points carry the unmasked run's values bit for bit; the others NaN (integers 0) or
// the fill value; positions and cells are those of the unmasked run. A selection on a multiblock input masks
// each block by its own nodes.
#include "LoomFilterTesting.h"

#include "vtkLoomClip.h"
#include "vtkLoomContour.h"
#include "vtkLoomSlice.h"

#include <vtkBox.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkIdList.h>
#include <vtkIdTypeArray.h>
#include <vtkIntArray.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkPlane.h>
#include <vtkPointData.h>
#include <vtkPointSet.h>
#include <vtkSelection.h>
#include <vtkSelectionNode.h>
#include <vtkInformation.h>
#include <vtkSphere.h>

#include <functional>
#include <limits>

namespace
{
using loomtest::Outcome;

/// The wavelet with "Selected" (the mask: 1 in a block and on every 11th point, 0 elsewhere), "Indicator"
/// (1 where selected, -1e12 elsewhere), "Count" (an integer array) beside RTData; the selected ids go to `ids`.
vtkSmartPointer<vtkDataSet> MaskedInput(bool hexahedra, vtkIdTypeArray* ids)
{
  vtkSmartPointer<vtkImageData> image = loomtest::Wavelet(12);
  vtkSmartPointer<vtkDataSet> data = image;
  if (hexahedra)
    data = loomtest::Hexahedra(image);
  vtkNew<vtkIntArray> selected, count;
  vtkNew<vtkDoubleArray> indicator;
  selected->SetName("Selected");
  count->SetName("Count");
  indicator->SetName("Indicator");
  const vtkIdType n = data->GetNumberOfPoints();
  selected->SetNumberOfTuples(n);
  count->SetNumberOfTuples(n);
  indicator->SetNumberOfTuples(n);
  for (vtkIdType p = 0; p < n; ++p)
  {
    double x[3];
    data->GetPoint(p, x);
    const int s = (x[0] < 2.5 && x[1] > -4.5) || p % 11 == 0;
    selected->SetValue(p, s);
    indicator->SetValue(p, s ? 1.0 : -1e12);
    count->SetValue(p, static_cast<int>(p % 1000) - 300);
    if (s)
      ids->InsertNextValue(p);
  }
  data->GetPointData()->AddArray(selected);
  data->GetPointData()->AddArray(count);
  data->GetPointData()->AddArray(indicator);
  return data;
}

/// A plane through no grid point, tilted against every axis.
vtkSmartPointer<vtkPlane> TiltedPlane()
{
  auto plane = vtkSmartPointer<vtkPlane>::New();
  plane->SetOrigin(0.3, 0.2, 0.1);
  plane->SetNormal(1.0, 0.4, 0.2);
  return plane;
}

/// Runs `filter` on `input` unmasked, then masked by the array and by the ids (and with a fill value), and
/// compares each masked output with the unmasked one point by point.
template <typename Filter>
void CheckMasked(const char* what, vtkDataSet* input, vtkIdTypeArray* ids, const std::function<void(Filter*)>& setUp,
                 std::vector<const char*> names = { "RTData", "Count", "Indicator" })
{
  SCOPED_TRACE(what);
  vtkNew<Filter> plain;
  setUp(plain);
  plain->SetInputData(input);
  const Outcome reference = loomtest::UpdateCapturing(plain);
  ASSERT_EQ(reference.Errors, "");
  auto* out = vtkPointSet::SafeDownCast(reference.Output);
  ASSERT_NE(out, nullptr);
  const vtkIdType n = out->GetNumberOfPoints();
  ASSERT_GT(n, 100);
  vtkDataArray* indicator = out->GetPointData()->GetArray("Indicator");
  ASSERT_NE(indicator, nullptr);
  std::vector<bool> expected(static_cast<std::size_t>(n));
  vtkIdType selectedCount = 0;
  for (vtkIdType p = 0; p < n; ++p)
    selectedCount += expected[static_cast<std::size_t>(p)] = std::abs(indicator->GetComponent(p, 0) - 1.0) < 1e-9;
  EXPECT_GT(selectedCount, n / 20);
  EXPECT_LT(selectedCount, n - n / 20);

  for (int how = 0; how < 3; ++how) // the array, the ids, the array with a fill value
  {
    vtkNew<Filter> masked;
    setUp(masked);
    masked->SetInputData(input);
    if (how == 1)
      masked->SetMaskIds(ids);
    else
      masked->SetMaskArrayName("Selected");
    const double fill = how == 2 ? -123.5 : std::numeric_limits<double>::quiet_NaN();
    if (how == 2)
    {
      masked->SetFillWithNaN(false);
      masked->SetFillValue(fill);
    }
    const Outcome o = loomtest::UpdateCapturing(masked);
    ASSERT_EQ(o.Errors, "") << "mask " << how;
    auto* m = vtkPointSet::SafeDownCast(o.Output);
    ASSERT_EQ(m->GetNumberOfPoints(), n);
    ASSERT_EQ(m->GetNumberOfCells(), out->GetNumberOfCells());
    for (vtkIdType p = 0; p < n; p += 7)
      for (int d = 0; d < 3; ++d)
        ASSERT_EQ(m->GetPoint(p)[d], out->GetPoint(p)[d]);
    for (const char* name : names)
    {
      vtkDataArray* a = out->GetPointData()->GetArray(name);
      vtkDataArray* b = m->GetPointData()->GetArray(name);
      ASSERT_NE(a, nullptr) << name;
      ASSERT_NE(b, nullptr) << name;
      const bool integer = !b->IsA("vtkFloatArray") && !b->IsA("vtkDoubleArray");
      for (vtkIdType p = 0; p < n; ++p)
      {
        const double v = b->GetComponent(p, 0);
        if (expected[static_cast<std::size_t>(p)])
          ASSERT_EQ(v, a->GetComponent(p, 0)) << name << " at " << p << " indicator " << indicator->GetComponent(p, 0)
                                              << " masked indicator "
                                              << m->GetPointData()->GetArray("Indicator")->GetComponent(p, 0);
        else if (how == 2)
          ASSERT_EQ(v, integer ? std::floor(fill) + (fill < 0 ? 1 : 0) : fill) << name << " at " << p;
        else if (integer)
          ASSERT_EQ(v, 0.0) << name << " at " << p;
        else
          ASSERT_TRUE(std::isnan(v)) << name << " at " << p;
      }
    }
  }
}
} // namespace

TEST(LoomPointMasks, ContourComputesOnlyPointsOnSelectedEdges)
{
  for (bool hexahedra : { false, true })
  {
    vtkNew<vtkIdTypeArray> ids;
    vtkSmartPointer<vtkDataSet> input = MaskedInput(hexahedra, ids);
    CheckMasked<vtkLoomContour>(hexahedra ? "contour, hexahedra" : "contour, image", input, ids, [](vtkLoomContour* f) {
      f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
      f->SetValue(0, 157.0);
      f->SetValue(1, 210.0);
    }, { "Count", "Indicator" }); // RTData is the contour's scalars (the isovalues), not masked
  }
}

TEST(LoomPointMasks, SliceComputesOnlyPointsOnSelectedEdges)
{
  for (bool hexahedra : { false, true })
  {
    vtkNew<vtkIdTypeArray> ids;
    vtkSmartPointer<vtkDataSet> input = MaskedInput(hexahedra, ids);
    // A plane (the band path on the image), and a sphere (the contour of the function's values).
    CheckMasked<vtkLoomSlice>(hexahedra ? "slice plane, hexahedra" : "slice plane, image", input, ids,
                              [](vtkLoomSlice* f) {
                                f->SetCutFunction(TiltedPlane());
                              });
    CheckMasked<vtkLoomSlice>(hexahedra ? "slice sphere, hexahedra" : "slice sphere, image", input, ids,
                              [](vtkLoomSlice* f) {
                                vtkNew<vtkSphere> sphere;
                                sphere->SetCenter(0.5, 0.3, -0.2);
                                sphere->SetRadius(7.3);
                                f->SetCutFunction(sphere);
                              });
  }
}

TEST(LoomPointMasks, ClipComputesOnlyPointsMadeFromSelectedPoints)
{
  for (bool hexahedra : { false, true })
  {
    vtkNew<vtkIdTypeArray> ids;
    vtkSmartPointer<vtkDataSet> input = MaskedInput(hexahedra, ids);
    CheckMasked<vtkLoomClip>(hexahedra ? "clip scalar, hexahedra" : "clip scalar, image", input, ids,
                             [](vtkLoomClip* f) {
                               f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
                               f->SetValue(157.0);
                             });
    CheckMasked<vtkLoomClip>(hexahedra ? "clip plane, hexahedra" : "clip plane, image", input, ids,
                             [](vtkLoomClip* f) {
                               f->SetClipFunction(TiltedPlane());
                             });
    // Whole cells (Crinkle clip): the kept points are input points, masked as kept clip points.
    CheckMasked<vtkLoomClip>(hexahedra ? "crinkle clip, hexahedra" : "crinkle clip, image", input, ids,
                             [](vtkLoomClip* f) {
                               f->SetClipFunction(TiltedPlane());
                               f->SetPreserveInputCells(true);
                             });
    // The exact box: six cuts in turn, the mask carried from each to the next.
    CheckMasked<vtkLoomClip>(hexahedra ? "clip exact box, hexahedra" : "clip exact box, image", input, ids,
                             [](vtkLoomClip* f) {
                               vtkNew<vtkBox> box;
                               box->SetBounds(-6.3, 5.2, -7.1, 4.4, -5.5, 6.6);
                               f->SetClipFunction(box);
                               f->SetExactBoxClip(true);
                               f->SetInsideOut(true);
                             });
  }
}

TEST(LoomPointMasks, BadMasksNameTheProperty)
{
  vtkNew<vtkIdTypeArray> ids;
  vtkSmartPointer<vtkDataSet> input = MaskedInput(false, ids);
  vtkNew<vtkDoubleArray> vectors;
  vectors->SetName("Two");
  vectors->SetNumberOfComponents(2);
  vectors->SetNumberOfTuples(input->GetNumberOfPoints());
  vectors->Fill(1.0);
  input->GetPointData()->AddArray(vectors);
  vtkNew<vtkIdTypeArray> past;
  past->InsertNextValue(3);
  past->InsertNextValue(input->GetNumberOfPoints());
  auto check = [&](vtkAlgorithm* f, const char* label) {
    const std::string before = std::to_string(input->GetPointData()->GetNumberOfArrays());
    for (int bad = 0; bad < 3; ++bad)
    {
      vtkObject::SafeDownCast(f)->Modified();
      auto set = [&](auto* filter) {
        if (!filter)
          return;
        filter->SetMaskArrayName(bad == 0 ? "Missing" : bad == 1 ? "Two" : nullptr);
        if (bad == 2)
          filter->SetMaskIds(past);
      };
      set(vtkLoomContour::SafeDownCast(f));
      set(vtkLoomSlice::SafeDownCast(f));
      set(vtkLoomClip::SafeDownCast(f));
      const Outcome o = loomtest::UpdateCapturing(f);
      EXPECT_NE(o.Errors.find(label), std::string::npos) << o.Errors;
      EXPECT_NE(o.Errors.find(bad == 2 ? "Mask Ids" : "Mask Array"), std::string::npos) << o.Errors;
      EXPECT_NE(o.Errors.find(bad == 0 ? "'Missing' is not in" : bad == 1 ? "2 components" : "is not a point id"),
                std::string::npos)
        << o.Errors;
      auto* ps = vtkPointSet::SafeDownCast(o.Output);
      EXPECT_TRUE(ps && ps->GetNumberOfPoints() == 0);
    }
    EXPECT_EQ(std::to_string(input->GetPointData()->GetNumberOfArrays()), before);
  };
  vtkNew<vtkLoomContour> contour;
  contour->SetInputData(input);
  contour->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  contour->SetValue(0, 157.0);
  check(contour, "vtkLoomContour");
  vtkNew<vtkLoomSlice> slice;
  slice->SetInputData(input);
  vtkNew<vtkPlane> plane;
  slice->SetCutFunction(plane);
  check(slice, "vtkLoomSlice");
  vtkNew<vtkLoomClip> clip;
  clip->SetInputData(input);
  clip->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
  clip->SetValue(157.0);
  check(clip, "vtkLoomClip");
}

// A selection on the second input masks as the ids it names: selected cells select their points (the same
// output as Mask Ids listing those points), a selection naming nothing leaves every made point filled, and
// Mask Ids win over a connected selection.
TEST(LoomPointMasks, SelectionInputSelectsPointsAndCellPoints)
{
  vtkNew<vtkIdTypeArray> unused;
  vtkSmartPointer<vtkDataSet> input = MaskedInput(false, unused);
  auto selectionOf = [](int field, const std::vector<vtkIdType>& ids) {
    vtkNew<vtkIdTypeArray> list;
    for (vtkIdType id : ids)
      list->InsertNextValue(id);
    vtkNew<vtkSelectionNode> node;
    node->SetFieldType(field);
    node->SetContentType(vtkSelectionNode::INDICES);
    node->SetSelectionList(list);
    auto selection = vtkSmartPointer<vtkSelection>::New();
    selection->AddNode(node);
    return selection;
  };
  std::vector<vtkIdType> cells, cellPoints;
  for (vtkIdType c = 1500; c < 9000; c += 3)
    cells.push_back(c);
  vtkNew<vtkIdList> members;
  for (vtkIdType c : cells)
  {
    input->GetCellPoints(c, members);
    cellPoints.insert(cellPoints.end(), members->begin(), members->end());
  }
  vtkNew<vtkIdTypeArray> pointIds;
  for (vtkIdType p : cellPoints)
    pointIds->InsertNextValue(p);
  auto clip = [&](vtkSelection* selection, vtkIdTypeArray* ids) {
    vtkNew<vtkLoomClip> f;
    f->SetInputData(input);
    f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    f->SetValue(157.0);
    if (selection)
      f->SetSelectionData(selection);
    if (ids)
      f->SetMaskIds(ids);
    const Outcome o = loomtest::UpdateCapturing(f);
    EXPECT_EQ(o.Errors, "");
    return vtkSmartPointer<vtkDataArray>(vtkPointSet::SafeDownCast(o.Output)->GetPointData()->GetArray("RTData"));
  };
  auto same = [](vtkDataArray* a, vtkDataArray* b) {
    if (a->GetNumberOfTuples() != b->GetNumberOfTuples())
      return false;
    for (vtkIdType p = 0; p < a->GetNumberOfTuples(); ++p)
    {
      const double x = a->GetComponent(p, 0), y = b->GetComponent(p, 0);
      if (!(x == y || (std::isnan(x) && std::isnan(y))))
        return false;
    }
    return true;
  };
  const auto byIds = clip(nullptr, pointIds);
  const auto byCells = clip(selectionOf(vtkSelectionNode::CELL, cells), nullptr);
  vtkIdType nans = 0;
  for (vtkIdType p = 0; p < byIds->GetNumberOfTuples(); ++p)
    nans += std::isnan(byIds->GetComponent(p, 0));
  EXPECT_GT(nans, 0);
  EXPECT_LT(nans, byIds->GetNumberOfTuples());
  EXPECT_TRUE(same(byIds, byCells)) << "selected cells mask by their points";
  const auto byPoints = clip(selectionOf(vtkSelectionNode::POINT, cellPoints), nullptr);
  EXPECT_TRUE(same(byIds, byPoints)) << "selected points mask as the same ids";
  const auto nothing = clip(selectionOf(vtkSelectionNode::POINT, {}), nullptr);
  for (vtkIdType p = 0; p < nothing->GetNumberOfTuples(); ++p)
    ASSERT_TRUE(std::isnan(nothing->GetComponent(p, 0))) << "nothing selected: every made point filled";
  const auto idsWin = clip(selectionOf(vtkSelectionNode::POINT, {}), pointIds);
  EXPECT_TRUE(same(byIds, idsWin)) << "Mask Ids win over the selection";
}

// A selection on a multiblock input masks each block by its own nodes (COMPOSITE_INDEX): Contour, Slice and
// Clip give, block by block, the output of the block alone masked by Mask Ids listing the same points.
TEST(LoomPointMasks, SelectionOnBlocksMasksEachBlock)
{
  vtkNew<vtkIdTypeArray> imageIds, hexahedraIds;
  vtkSmartPointer<vtkDataSet> image = MaskedInput(false, imageIds);
  vtkSmartPointer<vtkDataSet> hexahedra = MaskedInput(true, hexahedraIds);
  // Other points in the second block: every 5th of its selected ones.
  vtkNew<vtkIdTypeArray> sparseIds;
  for (vtkIdType i = 0; i < hexahedraIds->GetNumberOfTuples(); i += 5)
    sparseIds->InsertNextValue(hexahedraIds->GetValue(i));
  vtkNew<vtkMultiBlockDataSet> blocks; // flat indices: 0 the multiblock, 1 and 2 its blocks
  blocks->SetBlock(0, image);
  blocks->SetBlock(1, hexahedra);
  auto selection = vtkSmartPointer<vtkSelection>::New();
  const std::pair<unsigned int, vtkIdTypeArray*> named[] = { { 1u, imageIds.Get() }, { 2u, sparseIds.Get() } };
  for (const auto& [block, ids] : named)
  {
    vtkNew<vtkSelectionNode> node;
    node->SetFieldType(vtkSelectionNode::POINT);
    node->SetContentType(vtkSelectionNode::INDICES);
    node->SetSelectionList(ids);
    node->GetProperties()->Set(vtkSelectionNode::COMPOSITE_INDEX(), static_cast<int>(block));
    selection->AddNode(node);
  }
  auto same = [](vtkDataSet* a, vtkDataSet* b, const std::string& what) {
    ASSERT_NE(a, nullptr) << what;
    ASSERT_NE(b, nullptr) << what;
    ASSERT_EQ(a->GetNumberOfPoints(), b->GetNumberOfPoints()) << what;
    ASSERT_GT(a->GetNumberOfPoints(), 100) << what;
    for (const char* name : { "Count", "Indicator" })
    {
      vtkDataArray* x = a->GetPointData()->GetArray(name);
      vtkDataArray* y = b->GetPointData()->GetArray(name);
      ASSERT_NE(x, nullptr) << what << " " << name;
      ASSERT_NE(y, nullptr) << what << " " << name;
      vtkIdType filled = 0;
      for (vtkIdType p = 0; p < x->GetNumberOfTuples(); ++p)
      {
        const double u = x->GetComponent(p, 0), v = y->GetComponent(p, 0);
        filled += std::isnan(u) || (u == 0.0 && name[0] == 'C');
        ASSERT_TRUE(u == v || (std::isnan(u) && std::isnan(v))) << what << " " << name << " at " << p;
      }
      EXPECT_GT(filled, 0) << what << " " << name << ": the mask fills some points";
    }
  };
  auto run = [&](const char* what, const std::function<void(vtkAlgorithm*)>& setUp, auto make) {
    auto onBlocks = make();
    setUp(onBlocks);
    onBlocks->SetInputData(blocks);
    onBlocks->SetSelectionData(selection);
    const Outcome o = loomtest::UpdateCapturing(onBlocks);
    ASSERT_EQ(o.Errors, "") << what;
    auto* out = vtkMultiBlockDataSet::SafeDownCast(o.Output);
    ASSERT_NE(out, nullptr) << what;
    vtkDataSet* parts[] = { image, hexahedra };
    vtkIdTypeArray* partIds[] = { imageIds, sparseIds };
    for (unsigned int b = 0; b < 2; ++b)
    {
      auto alone = make();
      setUp(alone);
      alone->SetInputData(parts[b]);
      alone->SetMaskIds(partIds[b]);
      const Outcome r = loomtest::UpdateCapturing(alone);
      ASSERT_EQ(r.Errors, "") << what;
      same(vtkDataSet::SafeDownCast(r.Output), vtkDataSet::SafeDownCast(out->GetBlock(b)),
           std::string(what) + ", block " + std::to_string(b + 1));
    }
  };
  run("contour", [](vtkAlgorithm* a) {
    auto* f = vtkLoomContour::SafeDownCast(a);
    f->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "RTData");
    f->SetValue(0, 157.0);
  }, [] { return vtkSmartPointer<vtkLoomContour>::New(); });
  run("slice", [](vtkAlgorithm* a) { vtkLoomSlice::SafeDownCast(a)->SetCutFunction(TiltedPlane()); },
      [] { return vtkSmartPointer<vtkLoomSlice>::New(); });
  run("clip", [](vtkAlgorithm* a) { vtkLoomClip::SafeDownCast(a)->SetClipFunction(TiltedPlane()); },
      [] { return vtkSmartPointer<vtkLoomClip>::New(); });
}
