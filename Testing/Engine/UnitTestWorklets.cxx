// Loom tests: signatures, dispatch, scatters and masks against brute-force loops, on the device under
// test, through both the CPU fast paths and the seeds' per-output path.
#include "TestingDevice.h"

#include <loom/cont/Invoker.h>
#include <loom/worklet/MaskIndices.h>
#include <loom/worklet/MaskSelect.h>
#include <loom/worklet/ScatterCounting.h>
#include <loom/worklet/ScatterPermutation.h>
#include <loom/worklet/ScatterUniform.h>
#include <loom/worklet/WorkletMapField.h>
#include <loom/worklet/internal/MapsCuda.h>

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <vector>

using namespace loom;
using loom::cont::ArrayHandle;
using loom::cont::Invoker;

namespace
{
const std::vector<Id> Sizes = { 0, 1, 2, 1023, 1024, 1025, 300007 };

// ---- worklets -------------------------------------------------------------------------------

// out = a * x + y, as a return value.
struct Saxpy : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldIn, FieldOut);
  using ExecutionSignature = _3(_1, _2);
  Float32 A = 2.f;
  LOOM_EXEC Float32 operator()(Float32 x, Float32 y) const { return this->A * x + y; }
};

// Records every index tag; used under every scatter and mask.
struct RecordIndices : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut, FieldOut, FieldOut);
  using ExecutionSignature = void(_1, InputIndex, VisitIndex, _2, _3, _4);
  LOOM_EXEC void operator()(Id inputValue, Id inputIndex, IdComponent visit, Id& outInput,
                            IdComponent& outVisit, Id& check) const
  {
    outInput = inputIndex;
    outVisit = visit;
    check = inputValue * 10 + visit;
  }
};
template <typename Scatter, typename Mask = loom::worklet::MaskNone>
struct RecordIndicesWith : RecordIndices
{
  using ScatterType = Scatter;
  using MaskType = Mask;
};

// Uses WorkIndex and OutputIndex: forces the per-output path under masks.
struct RecordThreadIndex : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldOut, FieldOut);
  using ExecutionSignature = void(_1, WorkIndex, OutputIndex, _2, _3);
  LOOM_EXEC void operator()(Id, Id work, Id output, Id& outWork, Id& outOutput) const
  {
    outWork = work;
    outOutput = output;
  }
};
struct RecordThreadIndexSelect : RecordThreadIndex
{
  using MaskType = loom::worklet::MaskSelect;
};

// Increments in place: a masked FieldInOut keeps the old values of unselected entries.
template <typename Mask>
struct Increment : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldInOut);
  using ExecutionSignature = void(_1);
  using MaskType = Mask;
  LOOM_EXEC void operator()(Float32& v) const { v += 1.f; }
};

// Ten parameters, whole arrays and an execution object.
struct Offset : loom::cont::ExecutionObjectBase
{
  struct Exec
  {
    Id Value;
  };
  Id Value = 0;
  template <typename Device>
  Exec PrepareForExecution(Device) const
  {
    return Exec{ this->Value };
  }
};
struct ManyParameters : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, FieldIn, FieldIn, FieldIn, FieldIn, FieldIn, FieldIn,
                                WholeArrayIn, ExecObject, FieldOut);
  using ExecutionSignature = _10(_1, _2, _3, _4, _5, _6, _7, _8, _9, WorkIndex);
  template <typename Portal>
  LOOM_EXEC Id operator()(Id a, Id b, Id c, Id d, Id e, Id f, Id g, const Portal& table,
                          const Offset::Exec& offset, Id work) const
  {
    return a + b + c + d + e + f + g + table.Get(work % table.GetNumberOfValues()) + offset.Value;
  }
};
// Writes through a whole output array.
struct ScatterToWhole : loom::worklet::WorkletMapField
{
  using ControlSignature = void(FieldIn, WholeArrayOut);
  using ExecutionSignature = void(_1, _2, InputIndex);
  template <typename Portal>
  LOOM_EXEC void operator()(Id target, const Portal& out, Id index) const
  {
    out.Set(target, index);
  }
};

// A custom mask: every N-th output from an offset. A new mask is a small class.
class MaskEveryNth
{
public:
  using ThreadToOutputMapType = loom::cont::ArrayHandleCounting<Id>;
  MaskEveryNth(Id stride = 1, Id offset = 0)
    : Stride(stride)
    , Offset(offset)
  {
  }
  Id GetThreadRange(Id outputRange) const
  {
    return outputRange > this->Offset ? (outputRange - this->Offset + this->Stride - 1) / this->Stride : 0;
  }
  ThreadToOutputMapType GetThreadToOutputMap(Id outputRange) const
  {
    return ThreadToOutputMapType(this->Offset, this->Stride, this->GetThreadRange(outputRange));
  }

private:
  Id Stride;
  Id Offset;
};

// ---- helpers --------------------------------------------------------------------------------

std::vector<IdComponent> RandomCounts(Id n, int maxCount, unsigned seed)
{
  std::mt19937 rng(seed);
  std::vector<IdComponent> counts(static_cast<std::size_t>(n));
  for (auto& c : counts)
    c = static_cast<IdComponent>(rng() % (maxCount + 1));
  return counts;
}

std::vector<UInt8> RandomSelection(Id n, double fraction, unsigned seed)
{
  std::mt19937 rng(seed);
  std::vector<UInt8> s(static_cast<std::size_t>(n));
  for (auto& x : s)
    x = (std::uniform_real_distribution<double>(0, 1)(rng) < fraction) ? 1 : 0;
  return s;
}

// Reference for RecordIndices under a scatter given as output->input and visit, and a selection.
struct Expected
{
  std::vector<Id> Input;
  std::vector<IdComponent> Visit;
  std::vector<Id> Check;
};
Expected Reference(const std::vector<Id>& outToIn, const std::vector<IdComponent>& visit,
                   const std::vector<UInt8>& selected, Id fill)
{
  Expected e;
  const std::size_t n = outToIn.size();
  e.Input.assign(n, fill);
  e.Visit.assign(n, static_cast<IdComponent>(fill));
  e.Check.assign(n, fill);
  for (std::size_t o = 0; o < n; ++o)
  {
    if (!selected[o])
      continue;
    e.Input[o] = outToIn[o];
    e.Visit[o] = visit[o];
    e.Check[o] = (outToIn[o] + 100) * 10 + visit[o];
  }
  return e;
}

ArrayHandle<Id> Filled(Id n, Id value)
{
  ArrayHandle<Id> a;
  a.Allocate(n);
  std::fill(a.GetPointer(), a.GetPointer() + n, value);
  return a;
}
ArrayHandle<IdComponent> FilledComponent(Id n, IdComponent value)
{
  ArrayHandle<IdComponent> a;
  a.Allocate(n);
  std::fill(a.GetPointer(), a.GetPointer() + n, value);
  return a;
}

// Runs RecordIndices with `scatter`/`mask` through both paths and compares with the reference.
template <typename Worklet, typename... ScatterAndMask>
void CheckRecord(const std::string& what, Id inputs, const Expected& expected,
                 const ScatterAndMask&... scatterAndMask)
{
  const Id outputs = static_cast<Id>(expected.Input.size());
  auto inputValues = cont::make_ArrayHandle([&] {
    std::vector<Id> v(static_cast<std::size_t>(inputs));
    std::iota(v.begin(), v.end(), Id(100));
    return v;
  }());
  for (bool perOutput : { false, true })
  {
    // Pre-filled outputs of the right size: entries a mask leaves out keep -1.
    auto outInput = Filled(outputs, -1);
    auto outVisit = FilledComponent(outputs, -1);
    auto outCheck = Filled(outputs, -1);
    Invoker invoke(test::Device());
    invoke.SetUsePerOutputPath(perOutput);
    invoke(Worklet{}, scatterAndMask..., inputValues, outInput, outVisit, outCheck);
    const std::string label = what + (perOutput ? " [per-output path]" : " [fast path]") +
                              " inputs=" + std::to_string(inputs);
    ASSERT_EQ(outputs, outInput.GetNumberOfValues()) << label;
    const Id* gotInput = outInput.GetPointer();
    const IdComponent* gotVisit = outVisit.GetPointer();
    const Id* gotCheck = outCheck.GetPointer();
    for (Id o = 0; o < outputs; ++o)
    {
      const std::size_t k = static_cast<std::size_t>(o);
      ASSERT_EQ(expected.Input[k], gotInput[o]) << label << " output " << o;
      ASSERT_EQ(expected.Visit[k], gotVisit[o]) << label << " output " << o;
      ASSERT_EQ(expected.Check[k], gotCheck[o]) << label << " output " << o;
    }
  }
}

void CountingMaps(const std::vector<IdComponent>& counts, std::vector<Id>& outToIn,
                  std::vector<IdComponent>& visit)
{
  outToIn.clear();
  visit.clear();
  for (std::size_t i = 0; i < counts.size(); ++i)
    for (IdComponent v = 0; v < counts[i]; ++v)
    {
      outToIn.push_back(static_cast<Id>(i));
      visit.push_back(v);
    }
}
} // namespace

// ---- tests ----------------------------------------------------------------------------------

TEST(Worklet, MapFieldWithReturnValue)
{
  for (Id n : Sizes)
  {
    std::vector<Float32> x(static_cast<std::size_t>(n)), y(static_cast<std::size_t>(n));
    for (Id i = 0; i < n; ++i)
    {
      x[static_cast<std::size_t>(i)] = static_cast<Float32>(i % 97);
      y[static_cast<std::size_t>(i)] = static_cast<Float32>(i % 13) - 6.f;
    }
    ArrayHandle<Float32> out;
    Invoker(test::Device())(Saxpy{}, cont::make_ArrayHandle(x), cont::make_ArrayHandle(y), out);
    ASSERT_EQ(n, out.GetNumberOfValues());
    for (Id i = 0; i < n; ++i)
      ASSERT_EQ(2.f * x[static_cast<std::size_t>(i)] + y[static_cast<std::size_t>(i)],
                out.ReadPortal().Get(i));
  }
}

TEST(Worklet, TenParametersWholeArraysAndExecObject)
{
  const Id n = 5000;
  auto a = cont::make_ArrayHandle([&] {
    std::vector<Id> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), Id(0));
    return v;
  }());
  auto table = cont::make_ArrayHandle(std::vector<Id>{ 1000, 2000, 3000 });
  Offset offset;
  offset.Value = 7;
  ArrayHandle<Id> out;
  // Implicit arrays are accepted as FieldIn too.
  Invoker(test::Device())(ManyParameters{}, a, a, a, a, a, a, cont::ArrayHandleIndex(n), table, offset, out);
  for (Id i = 0; i < n; ++i)
    ASSERT_EQ(7 * i + (i % 3 + 1) * 1000 + 7, out.ReadPortal().Get(i)) << i;

  auto targets = cont::make_ArrayHandle(std::vector<Id>{ 4, 0, 2 });
  auto whole = Filled(5, -1);
  Invoker(test::Device())(ScatterToWhole{}, targets, whole);
  EXPECT_EQ((std::vector<Id>{ 1, -1, 2, -1, 0 }), cont::ToVector(whole));
}

TEST(Worklet, ScatterIdentityAndUniform)
{
  for (Id n : Sizes)
  {
    std::vector<Id> outToIn;
    std::vector<IdComponent> visit;
    CountingMaps(std::vector<IdComponent>(static_cast<std::size_t>(n), 1), outToIn, visit);
    CheckRecord<RecordIndices>("identity", n,
                               Reference(outToIn, visit, std::vector<UInt8>(outToIn.size(), 1), -1));
    CountingMaps(std::vector<IdComponent>(static_cast<std::size_t>(n), 5), outToIn, visit);
    CheckRecord<RecordIndicesWith<loom::worklet::ScatterUniform<5>>>(
      "uniform<5>", n, Reference(outToIn, visit, std::vector<UInt8>(outToIn.size(), 1), -1));
  }
}

TEST(Worklet, ScatterCounting)
{
  using W = RecordIndicesWith<loom::worklet::ScatterCounting>;
  for (Id n : Sizes)
  {
    // Marching-cubes-like 0..5 outputs per input, all zero, all one, and up to 40 per input (more
    // than the CPU fast path's table takes, so its nested-loop fallback runs too).
    for (int variant = 0; variant < 4; ++variant)
    {
      auto counts = variant == 0   ? RandomCounts(n, 5, 11)
                    : variant == 3 ? RandomCounts(n, 40, 12)
                                   : std::vector<IdComponent>(static_cast<std::size_t>(n), variant == 1 ? 0 : 1);
      std::vector<Id> outToIn;
      std::vector<IdComponent> visit;
      CountingMaps(counts, outToIn, visit);
      loom::worklet::ScatterCounting scatter(cont::make_ArrayHandle(counts), test::Device());
      EXPECT_EQ(static_cast<Id>(outToIn.size()), scatter.GetOutputRange(n));
      CheckRecord<W>("counting variant " + std::to_string(variant), n,
                     Reference(outToIn, visit, std::vector<UInt8>(outToIn.size(), 1), -1), scatter);
      // The input-to-output offsets are kept.
      auto offsets = cont::ToVector(scatter.GetInputToOutputMap());
      ASSERT_EQ(static_cast<std::size_t>(n) + 1, offsets.size());
      Id running = 0;
      for (std::size_t i = 0; i < counts.size(); ++i)
      {
        ASSERT_EQ(running, offsets[i]);
        running += counts[i];
      }
      ASSERT_EQ(running, offsets.back());
    }
  }
}

// The bodies of the CUDA kernels that make ScatterCounting's offsets and maps (one thread per
// value), run here one index at a time against the brute-force maps: the GPU's search is checked
// on every machine, with zero counts first, last and in runs.
TEST(Worklet, ScatterCountingGpuMapBodies)
{
  namespace maps = loom::worklet::internal::maps_cuda;
  for (Id n : Sizes)
    for (int variant = 0; variant < 3; ++variant)
    {
      std::vector<IdComponent> counts = RandomCounts(n, variant == 2 ? 1 : 5, 21 + variant);
      if (variant == 1 && n > 2)
      {
        counts.front() = 0;
        counts.back() = 0;
      }
      std::vector<Id> wide(counts.size() + 1, -7);
      const maps::WidenCounts widen{ counts.data(), wide.data(), n };
      for (Id i = 0; i <= n; ++i)
        widen(i);
      ASSERT_EQ(0, wide.back());
      std::vector<Id> offsets(wide.size());
      std::exclusive_scan(wide.begin(), wide.end(), offsets.begin(), Id(0));
      std::vector<Id> outToIn, expectedOut;
      std::vector<IdComponent> visit, expectedVisit;
      CountingMaps(counts, expectedOut, expectedVisit);
      const Id total = offsets.back();
      ASSERT_EQ(static_cast<Id>(expectedOut.size()), total);
      outToIn.assign(static_cast<std::size_t>(total), -1);
      visit.assign(static_cast<std::size_t>(total), -1);
      const maps::OutputToInput search{ offsets.data(), n, outToIn.data(), visit.data() };
      for (Id o = 0; o < total; ++o)
        search(o);
      EXPECT_EQ(expectedOut, outToIn) << "n " << n << " variant " << variant;
      EXPECT_EQ(expectedVisit, visit) << "n " << n << " variant " << variant;
    }
}

TEST(Worklet, ScatterPermutation)
{
  using W = RecordIndicesWith<loom::worklet::ScatterPermutation>;
  std::mt19937 rng(5);
  for (Id n : Sizes)
  {
    if (n == 0)
      continue;
    std::vector<Id> perm(static_cast<std::size_t>(n / 2 + 3));
    for (auto& p : perm)
      p = static_cast<Id>(rng() % n); // repeats allowed
    std::vector<IdComponent> visit(perm.size(), 0);
    CheckRecord<W>("permutation", n, Reference(perm, visit, std::vector<UInt8>(perm.size(), 1), -1),
                   loom::worklet::ScatterPermutation(cont::make_ArrayHandle(perm)));
  }
}

TEST(Worklet, MaskSelectAndIndicesWithScatters)
{
  for (Id n : Sizes)
  {
    auto counts = RandomCounts(n, 5, 21);
    std::vector<Id> outToIn;
    std::vector<IdComponent> visit;
    CountingMaps(counts, outToIn, visit);
    const Id outputs = static_cast<Id>(outToIn.size());
    for (double fraction : { 0.0, 0.01, 0.5, 1.0 })
    {
      auto selection = RandomSelection(outputs, fraction, 3);
      const auto expected = Reference(outToIn, visit, selection, -1);
      const std::string label = "fraction " + std::to_string(fraction);
      loom::worklet::ScatterCounting scatter(cont::make_ArrayHandle(counts), test::Device());
      CheckRecord<RecordIndicesWith<loom::worklet::ScatterCounting, loom::worklet::MaskSelect>>(
        "counting+select " + label, n, expected, scatter,
        loom::worklet::MaskSelect(cont::make_ArrayHandle(selection)));

      // The same selection as a list of indices, shuffled.
      std::vector<Id> indices;
      for (Id o = 0; o < outputs; ++o)
        if (selection[static_cast<std::size_t>(o)])
          indices.push_back(o);
      std::shuffle(indices.begin(), indices.end(), std::mt19937(9));
      CheckRecord<RecordIndicesWith<loom::worklet::ScatterCounting, loom::worklet::MaskIndices>>(
        "counting+indices " + label, n, expected, scatter,
        loom::worklet::MaskIndices(cont::make_ArrayHandle(indices)));

      // Identity scatter with a select mask over the inputs.
      auto inputSelection = RandomSelection(n, fraction, 4);
      std::vector<Id> identity(static_cast<std::size_t>(n));
      std::iota(identity.begin(), identity.end(), Id(0));
      CheckRecord<RecordIndicesWith<loom::worklet::ScatterIdentity, loom::worklet::MaskSelect>>(
        "identity+select " + label, n,
        Reference(identity, std::vector<IdComponent>(identity.size(), 0), inputSelection, -1),
        loom::worklet::MaskSelect(cont::make_ArrayHandle(inputSelection)));
    }
    // Uniform scatter with a custom every-third mask.
    std::vector<Id> uOutToIn;
    std::vector<IdComponent> uVisit;
    CountingMaps(std::vector<IdComponent>(static_cast<std::size_t>(n), 5), uOutToIn, uVisit);
    std::vector<UInt8> everyThird(uOutToIn.size(), 0);
    for (std::size_t o = 1; o < everyThird.size(); o += 3)
      everyThird[o] = 1;
    CheckRecord<RecordIndicesWith<loom::worklet::ScatterUniform<5>, MaskEveryNth>>(
      "uniform<5>+every-third", n, Reference(uOutToIn, uVisit, everyThird, -1), MaskEveryNth(3, 1));
  }
}

TEST(Worklet, MaskedInOutKeepsUnselectedValues)
{
  for (Id n : Sizes)
  {
    auto selection = RandomSelection(n, 0.3, 8);
    std::vector<Float32> values(static_cast<std::size_t>(n));
    std::iota(values.begin(), values.end(), 0.f);
    for (bool perOutput : { false, true })
    {
      auto array = cont::make_ArrayHandle(values);
      Invoker invoke(test::Device());
      invoke.SetUsePerOutputPath(perOutput);
      invoke(Increment<loom::worklet::MaskSelect>{},
             loom::worklet::MaskSelect(cont::make_ArrayHandle(selection)), array);
      for (Id i = 0; i < n; ++i)
      {
        const std::size_t k = static_cast<std::size_t>(i);
        ASSERT_EQ(values[k] + (selection[k] ? 1.f : 0.f), array.ReadPortal().Get(i))
          << "n=" << n << " i=" << i << " perOutput=" << perOutput;
      }
    }
  }
}

TEST(Worklet, WorkIndexUnderAMaskIsTheThreadIndex)
{
  const Id n = 10000;
  auto selection = RandomSelection(n, 0.2, 2);
  auto work = Filled(n, -1);
  auto output = Filled(n, -1);
  Invoker(test::Device())(RecordThreadIndexSelect{}, loom::worklet::MaskSelect(cont::make_ArrayHandle(selection)),
                          cont::ArrayHandleIndex(n), work, output);
  Id thread = 0;
  for (Id o = 0; o < n; ++o)
  {
    if (selection[static_cast<std::size_t>(o)])
    {
      ASSERT_EQ(thread, work.ReadPortal().Get(o));
      ASSERT_EQ(o, output.ReadPortal().Get(o));
      ++thread;
    }
    else
    {
      ASSERT_EQ(-1, work.ReadPortal().Get(o));
    }
  }
}

TEST(Worklet, BadInputThrowsBadValue)
{
  using cont::ErrorBadValue;
  Invoker invoke(test::Device());
  auto three = cont::make_ArrayHandle(std::vector<Id>{ 1, 2, 3 });
  auto counts2 = cont::make_ArrayHandle(std::vector<IdComponent>{ 1, 2 });
  ArrayHandle<Id> o1, o3;
  ArrayHandle<IdComponent> o2;
  // Counts of the wrong length.
  EXPECT_THROW(invoke(RecordIndicesWith<loom::worklet::ScatterCounting>{},
                      loom::worklet::ScatterCounting(counts2, test::Device()), three, o1, o2, o3),
               ErrorBadValue);
  // Negative counts.
  EXPECT_THROW(loom::worklet::ScatterCounting(cont::make_ArrayHandle(std::vector<IdComponent>{ 1, -1 })),
               ErrorBadValue);
  // MaskSelect of the wrong length.
  EXPECT_THROW(invoke(RecordIndicesWith<loom::worklet::ScatterIdentity, loom::worklet::MaskSelect>{},
                      loom::worklet::MaskSelect(cont::make_ArrayHandle(std::vector<UInt8>{ 1, 0 })), three,
                      o1, o2, o3),
               ErrorBadValue);
  // MaskIndices out of range, and repeated.
  using WI = RecordIndicesWith<loom::worklet::ScatterIdentity, loom::worklet::MaskIndices>;
  EXPECT_THROW(invoke(WI{}, loom::worklet::MaskIndices(cont::make_ArrayHandle(std::vector<Id>{ 0, 3 })),
                      three, o1, o2, o3),
               ErrorBadValue);
  EXPECT_THROW(invoke(WI{}, loom::worklet::MaskIndices(cont::make_ArrayHandle(std::vector<Id>{ 2, 0, 2 })),
                      three, o1, o2, o3),
               ErrorBadValue);
  // A permutation naming a missing input.
  EXPECT_THROW(invoke(RecordIndicesWith<loom::worklet::ScatterPermutation>{},
                      loom::worklet::ScatterPermutation(cont::make_ArrayHandle(std::vector<Id>{ 0, 3 })),
                      three, o1, o2, o3),
               ErrorBadValue);
  // An input shorter than the input domain; the message names the worklet and the argument.
  ArrayHandle<Float32> out;
  auto x = cont::make_ArrayHandle(std::vector<Float32>{ 1, 2, 3 });
  auto y = cont::make_ArrayHandle(std::vector<Float32>{ 1, 2 });
  EXPECT_THROW(invoke(Saxpy{}, x, y, out), ErrorBadValue);
  try
  {
    invoke(Saxpy{}, x, y, out);
  }
  catch (const ErrorBadValue& e)
  {
    const std::string message = e.what();
    EXPECT_NE(message.find("Saxpy"), std::string::npos) << message;
    EXPECT_NE(message.find("argument 2"), std::string::npos) << message;
    EXPECT_NE(message.find("FieldIn"), std::string::npos) << message;
  }
  // A refused call leaves its inputs alone.
  EXPECT_EQ((std::vector<Float32>{ 1, 2 }), cont::ToVector(y));
}
