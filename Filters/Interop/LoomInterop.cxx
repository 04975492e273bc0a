// Loom filters: implementation of the VTK <-> Loom interop.
#include "LoomInterop.h"

#include <loom/algorithms/CheckCells.h>
#include <loom/algorithms/ShapesPresent.h>

#include <loom/cont/Algorithm.h>
#include <loom/cont/DeviceInputCache.h>
#include <loom/cont/HandOver.h>
#include <loom/cont/Logging.h>

#include <vtkAOSDataArrayTemplate.h>
#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkCommand.h>
#include <vtkCellType.h>
#include <vtkCellTypes.h>
#include <vtkDataArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRectilinearGrid.h>
#include <vtkSOADataArrayTemplate.h>
#include <vtkStructuredGrid.h>
#include <vtkTypeInt32Array.h>
#include <vtkTypeInt64Array.h>
#include <vtkUnsignedCharArray.h>
#include <vtkTypeTraits.h>
#include <vtkUnstructuredGrid.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <set>
#include <vector>
#include <mutex>
#include <type_traits>
#include <utility>

namespace loom
{
namespace interop
{
namespace
{
using loom::algorithms::FieldArray;

// The device input cache's lenders are VTK arrays: a copy kept of an array's memory goes when the array
// is deleted (before the memory can be reused by another array).
void ForgetDeletedArray(vtkObject* caller, unsigned long, void*, void*)
{
  loom::cont::ForgetDeviceCopiesOf(static_cast<const void*>(caller));
}
void WatchLenders()
{
  static std::once_flag once;
  std::call_once(once, [] {
    loom::cont::SetLenderWatch([](const void* owner) {
      vtkNew<vtkCallbackCommand> forget;
      forget->SetCallback(ForgetDeletedArray);
      static_cast<vtkObject*>(const_cast<void*>(owner))->AddObserver(vtkCommand::DeleteEvent, forget);
    });
  });
}

// The memory of a VTK array as a Loom array: the array a Loom filter handed over in this memory (with its
// device copy) when the VTK array is unmodified since, else the memory borrowed, the VTK array kept alive
// for as long as Loom's handle on it lives (a device copy made of it stays in the device input cache while
// the array is unmodified: DeviceInputCache.h).
template <typename T>
loom::cont::ArrayHandle<T> Borrow(vtkDataArray* owner, T* data, Id count)
{
  const std::size_t bytes = static_cast<std::size_t>(count) * sizeof(T);
  if (const auto made = loom::cont::FindHandedOver<loom::cont::ArrayHandle<T>>(data, bytes, owner->GetMTime()))
  {
    // A handle of its own on the same block (the found one stays as it was handed over).
    const auto& block = made->GetBuffer();
    const std::ptrdiff_t offset = reinterpret_cast<const char*>(made->GetHostAddress()) -
      static_cast<const char*>(block->GetHostAddress());
    return loom::cont::ArrayHandle<T>::FromBuffer(block, static_cast<Id>(offset / static_cast<std::ptrdiff_t>(sizeof(T))),
                                                  count);
  }
  WatchLenders();
  owner->Register(nullptr);
  return loom::cont::ArrayHandle<T>::Borrow(data, count, [owner]() { owner->UnRegister(nullptr); },
                                            loom::cont::Lender{ static_cast<vtkObject*>(owner), owner->GetMTime() });
}

// The field a Loom filter handed over as `array` (AOS: `first` is its memory; SOA: its first component's),
// when the VTK array is unmodified since and holds the same values, kind and layout; else null.
template <typename T>
std::shared_ptr<FieldArray> FindField(vtkDataArray* array, const T* first, bool soa)
{
  const Id tuples = array->GetNumberOfTuples();
  const int comps = array->GetNumberOfComponents();
  const std::size_t bytes = static_cast<std::size_t>(tuples) * (soa ? 1 : comps) * sizeof(T);
  auto made = loom::cont::FindHandedOver<FieldArray>(first, bytes, array->GetMTime());
  if (!made || made->GetKind() != loom::algorithms::ValueKindOf<T>::value || made->IsSOA() != soa ||
      made->GetNumberOfComponents() != comps || made->GetNumberOfTuples() != tuples)
    return nullptr;
  if (soa)
  {
    const auto portal = made->template GetHostPortal<T>();
    auto* typed = vtkSOADataArrayTemplate<T>::FastDownCast(array);
    for (int c = 0; c < comps; ++c)
      if (!typed || typed->GetComponentArrayPointer(c) != portal.Pointers[c])
        return nullptr;
  }
  return made;
}

template <typename T>
FieldArray FieldFromTyped(vtkDataArray* array)
{
  const Id tuples = array->GetNumberOfTuples();
  const int comps = array->GetNumberOfComponents();
  if (auto* aos = vtkAOSDataArrayTemplate<T>::FastDownCast(array))
  {
    if (tuples > 0)
      if (const auto made = FindField<T>(array, aos->GetPointer(0), false))
        return *made;
    return FieldArray::FromAOS(Borrow<T>(array, aos->GetPointer(0), tuples * comps), comps);
  }
  if (auto* soa = vtkSOADataArrayTemplate<T>::FastDownCast(array))
  {
    // GetComponentArrayPointer is null when the array stores its values interleaved.
    bool separate = comps <= loom::algorithms::MaxComponents;
    for (int c = 0; c < comps && separate; ++c)
      separate = soa->GetComponentArrayPointer(c) != nullptr;
    if (separate)
    {
      if (tuples > 0)
        if (const auto made = FindField<T>(array, soa->GetComponentArrayPointer(0), true))
          return *made;
      std::vector<loom::cont::ArrayHandle<T>> parts;
      for (int c = 0; c < comps; ++c)
        parts.push_back(Borrow<T>(array, soa->GetComponentArrayPointer(c), tuples));
      return FieldArray::FromSOA(parts);
    }
  }
  // Any other array kind: one copy, through the generic API (values read once per tuple).
  loom::cont::Log(loom::cont::LogLevel::Debug,
                  std::string("array '") + (array->GetName() ? array->GetName() : "") + "' (" +
                    array->GetClassName() + ") is copied once: Loom borrows AOS and SOA arrays only");
  loom::cont::ArrayHandle<T> copy;
  copy.Allocate(tuples * comps);
  T* out = copy.GetPointer();
  std::vector<double> tuple(static_cast<std::size_t>(comps));
  for (Id t = 0; t < tuples; ++t)
  {
    array->GetTuple(t, tuple.data());
    for (int c = 0; c < comps; ++c)
      out[t * comps + c] = static_cast<T>(tuple[static_cast<std::size_t>(c)]);
  }
  return FieldArray::FromAOS(copy, comps);
}

using loom::cont::ReleaseHandedOver;

// Memory handed over to VTK keeps its device copy (a Loom filter downstream finds it there, HandOver.h)
// unless turned off; either way the host holds the values when VTK gets them.
void PrepareHandOver(const FieldArray& field)
{
  if (loom::cont::KeepDeviceCopiesOfHandedOver())
    field.SyncHost();
  else
    field.ReleaseDeviceCopies();
}

/// The value type of the VTK array a Loom field of T becomes: 64-bit integers as VTK's own 64-bit types
/// (long long: vtkTypeInt64Array, what VTK's filters and readers make), not as long.
template <typename T>
using VTKValue = std::conditional_t<std::is_integral_v<T> && sizeof(T) == 8,
                                    std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>, T>;

template <typename T>
vtkSmartPointer<vtkDataArray> FieldToTyped(const FieldArray& field, const std::string& name)
{
  using V = VTKValue<T>;
  const Id tuples = field.GetNumberOfTuples();
  const int comps = field.GetNumberOfComponents();
  if (tuples == 0)
  {
    // Nothing to hand over (VTK never frees a null pointer, so a registration would stay forever).
    vtkSmartPointer<vtkDataArray> empty;
    empty.TakeReference(vtkDataArray::CreateDataArray(vtkTypeTraits<V>::VTK_TYPE_ID));
    empty->SetNumberOfComponents(comps);
    empty->SetName(name.c_str());
    return empty;
  }
  PrepareHandOver(field);
  const auto portal = field.GetHostPortal<T>();
  const auto owner = std::make_shared<FieldArray>(field);
  if (!field.IsSOA())
  {
    T* data = portal.Pointers[0];
    // The concrete class (vtkFloatArray, vtkIntArray, ...) so that SafeDownCasts downstream work.
    vtkSmartPointer<vtkAOSDataArrayTemplate<V>> array;
    array.TakeReference(
      vtkAOSDataArrayTemplate<V>::FastDownCast(vtkDataArray::CreateDataArray(vtkTypeTraits<V>::VTK_TYPE_ID)));
    array->SetNumberOfComponents(comps);
    loom::cont::KeepHandedOver(data, owner, static_cast<std::size_t>(tuples) * comps * sizeof(T));
    array->SetArray(reinterpret_cast<V*>(data), tuples * comps, /*save=*/0,
                    vtkAbstractArray::VTK_DATA_ARRAY_USER_DEFINED);
    array->SetArrayFreeFunction(&ReleaseHandedOver);
    array->SetName(name.c_str());
    loom::cont::StampHandedOver(data, array->GetMTime());
    return array;
  }
  auto array = vtkSmartPointer<vtkSOADataArrayTemplate<V>>::New();
  array->SetNumberOfComponents(comps);
  for (int c = 0; c < comps; ++c)
  {
    T* data = portal.Pointers[c];
    loom::cont::KeepHandedOver(data, owner, static_cast<std::size_t>(tuples) * sizeof(T));
    array->SetArray(c, reinterpret_cast<V*>(data), tuples, /*updateMaxId=*/true, /*save=*/false,
                    vtkAbstractArray::VTK_DATA_ARRAY_USER_DEFINED);
    array->SetArrayFreeFunction(c, &ReleaseHandedOver);
  }
  array->SetName(name.c_str());
  for (int c = 0; c < comps; ++c)
    loom::cont::StampHandedOver(portal.Pointers[c], array->GetMTime());
  return array;
}

template <typename OffsetsT, typename ArrayT>
loom::cont::ArrayHandle<OffsetsT> BorrowIds(ArrayT* array)
{
  static_assert(sizeof(*array->GetPointer(0)) == sizeof(OffsetsT), "id sizes must match");
  // vtkTypeInt64 may be `long long` where Loom's Int64 is `long`: same bits, no copy.
  return Borrow<OffsetsT>(array, reinterpret_cast<OffsetsT*>(array->GetPointer(0)),
                          array->GetNumberOfValues());
}

loom::algorithms::CellSetAny StructuredFromDims(const int dims[3])
{
  // Flat dimensions (1 point) are dropped: point and cell ids stay VTK's.
  Id3 compact(Id(1));
  int d = 0;
  for (int i = 0; i < 3; ++i)
    if (dims[i] > 1)
      compact[d++] = dims[i];
  if (d == 0 && dims[0] == 1 && dims[1] == 1 && dims[2] == 1)
  {
    // One point is one vertex cell in VTK (vtkImageData's VTK_SINGLE_POINT): an explicit set of one vertex.
    return loom::cont::CellSetExplicit<Int64, Int64>(1, loom::cont::make_ArrayHandle(std::vector<UInt8>{ CELL_SHAPE_VERTEX }),
                                                     loom::cont::make_ArrayHandle(std::vector<Int64>{ 0, 1 }),
                                                     loom::cont::make_ArrayHandle(std::vector<Int64>{ 0 }));
  }
  switch (d)
  {
    case 0:
    case 1:
      return loom::cont::CellSetStructured<1>(Id3(compact[0], 1, 1));
    case 2:
      return loom::cont::CellSetStructured<2>(compact);
    default:
      return loom::cont::CellSetStructured<3>(compact);
  }
}
} // namespace

loom::cont::ArrayHandle<UInt8> NonZeroFlags(vtkDataArray* array)
{
  if (array->GetNumberOfComponents() != 1)
    throw loom::cont::ErrorBadType(std::string("mask array '") + (array->GetName() ? array->GetName() : "") +
                                   "' has " + std::to_string(array->GetNumberOfComponents()) +
                                   " components; a mask has one.");
  const FieldArray field = FieldFromVTK(array);
  loom::cont::ArrayHandle<UInt8> flags;
  flags.Allocate(field.GetNumberOfTuples());
  UInt8* out = flags.GetPointer();
  auto convert = [&](auto zero) {
    using T = decltype(zero);
    const auto in = field.GetPortal<T>();
    loom::cont::Algorithm::Schedule([=](Id i) { out[i] = in.Get(i, 0) != T(0) ? 1 : 0; },
                                    field.GetNumberOfTuples());
  };
  loom::algorithms::CallWithKind(field.GetKind(), convert);
  return flags;
}

loom::algorithms::FieldArray FieldFromVTK(vtkDataArray* array)
{
  switch (array->GetDataType())
  {
    case VTK_CHAR:
    case VTK_SIGNED_CHAR:
      return FieldFromTyped<Int8>(array);
    case VTK_UNSIGNED_CHAR:
      return FieldFromTyped<UInt8>(array);
    case VTK_SHORT:
      return FieldFromTyped<Int16>(array);
    case VTK_UNSIGNED_SHORT:
      return FieldFromTyped<UInt16>(array);
    case VTK_INT:
      return FieldFromTyped<Int32>(array);
    case VTK_UNSIGNED_INT:
      return FieldFromTyped<UInt32>(array);
    case VTK_LONG:
    case VTK_LONG_LONG:
    case VTK_ID_TYPE:
      return FieldFromTyped<Int64>(array);
    case VTK_UNSIGNED_LONG:
    case VTK_UNSIGNED_LONG_LONG:
      return FieldFromTyped<UInt64>(array);
    case VTK_FLOAT:
      return FieldFromTyped<Float32>(array);
    case VTK_DOUBLE:
      return FieldFromTyped<Float64>(array);
    default:
      throw loom::cont::ErrorBadType(std::string("array '") + (array->GetName() ? array->GetName() : "") +
                                     "' holds " + array->GetDataTypeAsString() +
                                     " values, which Loom cannot average.");
  }
}

vtkSmartPointer<vtkDataArray> FieldToVTK(const loom::algorithms::FieldArray& field, const std::string& name)
{
  return loom::algorithms::CallWithKind(field.GetKind(), [&](auto zero) {
    return FieldToTyped<decltype(zero)>(field, name);
  });
}

namespace
{
// A new VTK array of class ArrayT on the handle's memory (no copy), freed with the last user.
template <typename ArrayT, typename T>
vtkSmartPointer<ArrayT> HandOver(const loom::cont::ArrayHandle<T>& values)
{
  using V = typename ArrayT::ValueType;
  static_assert(sizeof(V) == sizeof(T), "value sizes must match");
  auto array = vtkSmartPointer<ArrayT>::New();
  if (values.GetNumberOfValues() == 0)
    return array;
  // VTK reads it on the host; the device copy stays for a Loom filter downstream (see PrepareHandOver).
  if (loom::cont::KeepDeviceCopiesOfHandedOver())
    values.ReadPortal();
  else
    values.ReleaseDeviceCopy();
  T* data = values.GetHostAddress();
  const std::size_t bytes = static_cast<std::size_t>(values.GetNumberOfValues()) * sizeof(T);
  loom::cont::KeepHandedOver(data, std::make_shared<loom::cont::ArrayHandle<T>>(values), bytes);
  array->SetArray(reinterpret_cast<V*>(data), values.GetNumberOfValues(), /*save=*/0,
                  vtkAbstractArray::VTK_DATA_ARRAY_USER_DEFINED);
  array->SetArrayFreeFunction(&ReleaseHandedOver);
  loom::cont::StampHandedOver(data, array->GetMTime());
  return array;
}

} // namespace

vtkSmartPointer<vtkCellArray> CellsToVTK(const loom::cont::ArrayHandle<Id>& connectivity, Id cellSize,
                                         loom::cont::DeviceId device)
{
  const Id cells = cellSize > 0 ? connectivity.GetNumberOfValues() / cellSize : 0;
  loom::cont::ArrayHandle<Id> offsets;
  offsets.Allocate(cells + 1);
  Id* o = offsets.GetPointer();
  loom::cont::Algorithm::Schedule(device, [=](Id c) { o[c] = c * cellSize; }, cells + 1);
  auto array = vtkSmartPointer<vtkCellArray>::New();
  if (cells == 0)
    return array;
  array->SetData(HandOver<vtkIdTypeArray>(offsets), HandOver<vtkIdTypeArray>(connectivity));
  return array;
}

namespace
{
template <typename IdArray, typename T>
vtkSmartPointer<vtkCellArray> CellArrayTyped(const loom::cont::ArrayHandle<T>& offsets,
                                             const loom::cont::ArrayHandle<T>& connectivity)
{
  if (offsets.GetNumberOfValues() == 0)
    throw loom::cont::ErrorBadValue("a cell array needs one offset more than cells (none given).");
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  cells->SetData(HandOver<IdArray>(offsets), HandOver<IdArray>(connectivity));
  return cells;
}

template <typename IdArray, typename T>
void SetCellsTyped(vtkUnstructuredGrid* grid, const loom::cont::ArrayHandle<UInt8>& types,
                   const loom::cont::ArrayHandle<T>& offsets, const loom::cont::ArrayHandle<T>& connectivity)
{
  if (offsets.GetNumberOfValues() != types.GetNumberOfValues() + 1)
    throw loom::cont::ErrorBadValue(std::to_string(offsets.GetNumberOfValues()) + " offsets for " +
                                    std::to_string(types.GetNumberOfValues()) + " cells (expected one more).");
  // The two-argument SetCells looks for polyhedra with a call per cell (slow in Debian's -O0 VTK); Loom's
  // cell lists never hold one (the types are checked with memchr), so the cells are set directly.
  const Id count = types.GetNumberOfValues();
  if (count > 0 && std::memchr(types.GetPointer(), VTK_POLYHEDRON, static_cast<std::size_t>(count)))
    throw loom::cont::ErrorBadValue("a polyhedron in a cell list without faces.");
  grid->SetCells(HandOver<vtkUnsignedCharArray>(types), CellArrayTyped<IdArray>(offsets, connectivity), nullptr,
                 nullptr);
}
} // namespace

vtkSmartPointer<vtkCellArray> CellArrayToVTK(const loom::cont::ArrayHandle<Int32>& offsets,
                                             const loom::cont::ArrayHandle<Int32>& connectivity)
{
  return CellArrayTyped<vtkTypeInt32Array>(offsets, connectivity);
}

vtkSmartPointer<vtkCellArray> CellArrayToVTK(const loom::cont::ArrayHandle<Int64>& offsets,
                                             const loom::cont::ArrayHandle<Int64>& connectivity)
{
  return CellArrayTyped<vtkTypeInt64Array>(offsets, connectivity);
}

vtkSmartPointer<vtkCellArray> CellArrayToVTK(vtkCellArray* offsetsOf, const loom::cont::ArrayHandle<Int32>& connectivity)
{
  if (offsetsOf->IsStorage64Bit())
    throw loom::cont::ErrorBadValue("32-bit connectivity for a cell array of 64-bit offsets.");
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  cells->SetData(offsetsOf->GetOffsetsArray32(), HandOver<vtkTypeInt32Array>(connectivity));
  return cells;
}

vtkSmartPointer<vtkCellArray> CellArrayToVTK(vtkCellArray* offsetsOf, const loom::cont::ArrayHandle<Int64>& connectivity)
{
  if (!offsetsOf->IsStorage64Bit())
    throw loom::cont::ErrorBadValue("64-bit connectivity for a cell array of 32-bit offsets.");
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  cells->SetData(offsetsOf->GetOffsetsArray64(), HandOver<vtkTypeInt64Array>(connectivity));
  return cells;
}

void SetUnstructuredCells(vtkUnstructuredGrid* grid, const loom::cont::ArrayHandle<UInt8>& types,
                          const loom::cont::ArrayHandle<Int32>& offsets,
                          const loom::cont::ArrayHandle<Int32>& connectivity)
{
  SetCellsTyped<vtkTypeInt32Array>(grid, types, offsets, connectivity);
}

void SetUnstructuredCells(vtkUnstructuredGrid* grid, const loom::cont::ArrayHandle<UInt8>& types,
                          const loom::cont::ArrayHandle<Int64>& offsets,
                          const loom::cont::ArrayHandle<Int64>& connectivity)
{
  SetCellsTyped<vtkTypeInt64Array>(grid, types, offsets, connectivity);
}

namespace
{
// The point-to-cell connectivity of the last few unstructured grids, kept so that running a filter
// again on an unchanged grid (another array, another mask, the next pipeline update) does not build
// it again: VTK keeps its cell links on the grid the same way. An entry is keyed by the cell array
// and the times its cells and types last changed, and is dropped when the cell array is deleted.
struct ReverseKey
{
  vtkCellArray* Cells;
  vtkMTimeType CellsTime;
  vtkMTimeType TypesTime;
  Id Points;
  bool operator==(const ReverseKey& o) const
  {
    return Cells == o.Cells && CellsTime == o.CellsTime && TypesTime == o.TypesTime && Points == o.Points;
  }
};

class ReverseCache
{
public:
  using Slot = loom::cont::CellSetExplicit<Int64, Int64>::ReverseSlot;
  static ReverseCache& Get()
  {
    static ReverseCache* cache = new ReverseCache; // never destroyed (grids may die at exit)
    return *cache;
  }
  // The slot cached for the key, or `fresh` (then cached for the key).
  Slot Find(const ReverseKey& key, const Slot& fresh)
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    for (auto it = this->Entries.begin(); it != this->Entries.end(); ++it)
    {
      if (it->Key == key)
      {
        Entry found = *it;
        this->Entries.erase(it);
        this->Entries.insert(this->Entries.begin(), found);
        return found.Reverse;
      }
    }
    // A grid whose cells changed replaces its old entry.
    this->DropLocked(key.Cells);
    if (!this->Observed.count(key.Cells))
    {
      auto callback = vtkSmartPointer<vtkCallbackCommand>::New();
      callback->SetCallback([](vtkObject* caller, unsigned long, void*, void*) {
        ReverseCache::Get().Forget(static_cast<vtkCellArray*>(caller));
      });
      key.Cells->AddObserver(vtkCommand::DeleteEvent, callback);
      this->Observed.insert(key.Cells);
    }
    this->Entries.insert(this->Entries.begin(), Entry{ key, fresh });
    if (this->Entries.size() > 4)
      this->Entries.pop_back();
    return fresh;
  }
  void Forget(vtkCellArray* cells)
  {
    std::lock_guard<std::mutex> lock(this->Mutex);
    this->DropLocked(cells);
    this->Observed.erase(cells);
  }

private:
  struct Entry
  {
    ReverseKey Key;
    Slot Reverse;
  };
  void DropLocked(vtkCellArray* cells)
  {
    this->Entries.erase(std::remove_if(this->Entries.begin(), this->Entries.end(),
                                       [cells](const Entry& e) { return e.Key.Cells == cells; }),
                        this->Entries.end());
  }
  std::mutex Mutex;
  std::vector<Entry> Entries; // most recent first
  std::set<vtkCellArray*> Observed;
};
} // namespace

loom::cont::DeviceId DeviceFromChoice(int choice)
{
  switch (choice)
  {
    case 1: return loom::cont::DeviceId::Serial;
    case 2: return loom::cont::DeviceId::TBB;
    case 3: return loom::cont::DeviceId::Cuda;
    default: return loom::cont::DeviceId::Auto;
  }
}

int ChoiceFromDevice(loom::cont::DeviceId device)
{
  switch (device)
  {
    case loom::cont::DeviceId::Serial: return 1;
    case loom::cont::DeviceId::TBB: return 2;
    case loom::cont::DeviceId::Cuda: return 3;
    default: return 0;
  }
}

std::size_t BytesToDevice(vtkDataArray* array)
{
  if (!array || array->GetNumberOfTuples() == 0)
    return 0;
  const std::size_t bytes = static_cast<std::size_t>(array->GetNumberOfTuples()) *
    static_cast<std::size_t>(array->GetNumberOfComponents()) * static_cast<std::size_t>(array->GetDataTypeSize());
  if (!array->HasStandardMemoryLayout())
    return bytes;
  // The keys Borrow and FindField look the memory up by (a Loom output, then a VTK array's cached copy).
  const void* memory = array->GetVoidPointer(0);
  std::size_t toDevice = 0;
  if (loom::cont::HandedOverBytesToDevice(memory, bytes, array->GetMTime(), toDevice))
    return toDevice;
  const loom::cont::Lender lender{ static_cast<vtkObject*>(array), array->GetMTime() };
  return loom::cont::internal::HasDeviceInput(lender, memory, bytes) ? 0 : bytes;
}

std::size_t BytesToDevice(vtkDataSet* dataset)
{
  std::size_t bytes = 0;
  auto cells = [&](vtkCellArray* c) {
    if (c)
      bytes += BytesToDevice(c->GetOffsetsArray()) + BytesToDevice(c->GetConnectivityArray());
  };
  if (auto* points = vtkPointSet::SafeDownCast(dataset))
    bytes += points->GetPoints() ? BytesToDevice(points->GetPoints()->GetData()) : 0;
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(dataset))
  {
    cells(grid->GetCells());
    bytes += BytesToDevice(grid->GetCellTypesArray());
  }
  else if (auto* poly = vtkPolyData::SafeDownCast(dataset))
  {
    cells(poly->GetVerts());
    cells(poly->GetLines());
    cells(poly->GetPolys());
    cells(poly->GetStrips());
  }
  else if (auto* rectilinear = vtkRectilinearGrid::SafeDownCast(dataset))
    bytes += BytesToDevice(rectilinear->GetXCoordinates()) + BytesToDevice(rectilinear->GetYCoordinates()) +
      BytesToDevice(rectilinear->GetZCoordinates());
  if (dataset)
    for (vtkDataSetAttributes* data : { static_cast<vtkDataSetAttributes*>(dataset->GetPointData()),
                                        static_cast<vtkDataSetAttributes*>(dataset->GetCellData()) })
      for (int i = 0; i < data->GetNumberOfArrays(); ++i)
        bytes += BytesToDevice(data->GetArray(i));
  return bytes;
}

std::string PolygonalCellsNotContoured(vtkPolyData* poly)
{
  std::string kinds;
  auto add = [&kinds](const std::string& kind) { kinds += (kinds.empty() ? "" : ", ") + kind; };
  if (poly->GetNumberOfVerts() > 0)
    add("vertices");
  if (poly->GetNumberOfLines() > 0)
    add("lines");
  if (poly->GetNumberOfStrips() > 0)
    add("triangle strips");
  vtkCellArray* polys = poly->GetPolys();
  auto largest = [](const auto* offsets, vtkIdType n) {
    vtkIdType most = 0;
    for (vtkIdType c = 0; c < n; ++c)
      most = std::max<vtkIdType>(most, static_cast<vtkIdType>(offsets[c + 1] - offsets[c]));
    return most;
  };
  const vtkIdType n = polys ? polys->GetNumberOfCells() : 0;
  if (n > 0 && (polys->IsStorage64Bit() ? largest(polys->GetOffsetsArray64()->GetPointer(0), n)
                                        : largest(polys->GetOffsetsArray32()->GetPointer(0), n)) > 4)
    add("polygons");
  return kinds;
}

std::string UnsupportedCells(vtkDataSet* dataset)
{
  auto* grid = vtkUnstructuredGrid::SafeDownCast(dataset);
  vtkUnsignedCharArray* types = grid ? grid->GetCellTypesArray() : nullptr;
  if (!types)
    return "";
  const std::array<bool, 256> seen = loom::algorithms::ShapesPresent(types->GetPointer(0), types->GetNumberOfTuples());
  std::string names;
  for (int type = 0; type < 256; ++type)
    if (seen[type] && !IsSupportedCellShape(static_cast<UInt8>(type)))
      names += std::string(names.empty() ? "" : ", ") + vtkCellTypes::GetClassNameFromTypeId(type) +
        " (VTK cell type " + std::to_string(type) + ")";
  return names;
}

namespace
{
/// The verdicts of MalformedCells for the last few cell arrays: MTimes only grow, so an array
/// modified (or a new one at a freed one's address) never matches an old entry.
struct CellCheckCache
{
  struct Entry
  {
    vtkCellArray* Cells;
    vtkMTimeType CellsTime, OffsetsTime, ConnectivityTime, TypesTime;
    vtkIdType Points, Count;
    std::string Verdict;
  };
  std::mutex Mutex;
  std::vector<Entry> Entries;
};

std::string CheckCellArray(vtkCellArray* cells, vtkIdType points, vtkIdType count, const char* what,
                           vtkUnsignedCharArray* types = nullptr)
{
  if (!cells)
    return "";
  static CellCheckCache cache;
  const CellCheckCache::Entry key{ cells,  cells->GetMTime(), cells->GetOffsetsArray()->GetMTime(),
                                   cells->GetConnectivityArray()->GetMTime(), types ? types->GetMTime() : 0,
                                   points, count,  "" };
  auto same = [&](const CellCheckCache::Entry& e) {
    return e.Cells == key.Cells && e.CellsTime == key.CellsTime && e.OffsetsTime == key.OffsetsTime &&
      e.ConnectivityTime == key.ConnectivityTime && e.TypesTime == key.TypesTime && e.Points == key.Points &&
      e.Count == key.Count;
  };
  {
    std::lock_guard<std::mutex> lock(cache.Mutex);
    for (const auto& e : cache.Entries)
      if (same(e))
        return e.Verdict;
  }
  // A check, not the filter's work: the devices it ran on stay out of the execution record, and its one
  // read pass is not stopped half way by an abort (the filter stops at its next loop; the callers run the
  // check before their error handling).
  const unsigned outer = loom::cont::BeginDeviceRecord();
  const loom::cont::WorkMonitorScope unwatched(nullptr);
  std::string verdict;
  try
  {
    const loom::cont::ArrayHandle<UInt8> shapes =
      types && types->GetNumberOfTuples() > 0 ? Borrow<UInt8>(types, types->GetPointer(0), types->GetNumberOfTuples())
                                              : loom::cont::ArrayHandle<UInt8>{};
    verdict =
      loom::algorithms::CheckCellArrays(CellArrayFromVTK(cells), points, count, loom::cont::DeviceId::Auto, shapes);
  }
  catch (...)
  {
    loom::cont::DiscardDeviceRecord(outer);
    throw;
  }
  loom::cont::DiscardDeviceRecord(outer);
  if (!verdict.empty())
    verdict = std::string("the input's ") + what + " are malformed: " + verdict + ".";
  std::lock_guard<std::mutex> lock(cache.Mutex);
  cache.Entries.insert(cache.Entries.begin(), key);
  cache.Entries.front().Verdict = verdict;
  if (cache.Entries.size() > 16)
    cache.Entries.pop_back();
  return verdict;
}
} // namespace

std::string MalformedArrays(vtkDataSet* dataset, const char* maskName, bool maskOnPoints)
{
  if (!dataset)
    return "";
  for (int side = 0; side < 2; ++side)
  {
    const int cells = maskOnPoints ? side : 1 - side; // the mask's side first
    vtkDataSetAttributes* attributes = cells ? static_cast<vtkDataSetAttributes*>(dataset->GetCellData())
                                             : static_cast<vtkDataSetAttributes*>(dataset->GetPointData());
    const vtkIdType count = cells ? dataset->GetNumberOfCells() : dataset->GetNumberOfPoints();
    for (int a = 0; a < attributes->GetNumberOfArrays(); ++a)
    {
      vtkAbstractArray* array = attributes->GetAbstractArray(a);
      const bool isMask =
        maskName && array && array->GetName() && maskOnPoints == !cells && std::string(maskName) == array->GetName();
      if (isMask && array->GetNumberOfTuples() < count) // worded as the mask's own check (MaskFromVTK)
        return std::string("Mask Array '") + maskName + "' has " + std::to_string(array->GetNumberOfTuples()) +
          " values for " + std::to_string(count) + (cells ? " cells." : " points.");
      if (array && array->GetNumberOfTuples() < count)
        return std::string("the input's ") + (cells ? "cell" : "point") + " array '" +
          (array->GetName() ? array->GetName() : "") + "' has " + std::to_string(array->GetNumberOfTuples()) +
          " tuples for " + std::to_string(count) + (cells ? " cells." : " points.");
    }
  }
  return "";
}

std::string MalformedCells(vtkDataSet* dataset, const char* maskName, bool maskOnPoints)
{
  if (std::string arrays = MalformedArrays(dataset, maskName, maskOnPoints); !arrays.empty())
    return arrays;
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(dataset))
  {
    vtkCellArray* cells = grid->GetCells();
    vtkUnsignedCharArray* types = grid->GetCellTypesArray();
    const vtkIdType count = cells ? cells->GetNumberOfOffsets() - (cells->GetNumberOfOffsets() > 0) : 0;
    if (types && cells && types->GetNumberOfTuples() != count)
      return "the input's cells are malformed: " + std::to_string(types->GetNumberOfTuples()) +
        " cell types for " + std::to_string(count) + " cells.";
    return CheckCellArray(cells, grid->GetNumberOfPoints(), -1, "cells", types);
  }
  if (auto* poly = vtkPolyData::SafeDownCast(dataset))
  {
    const std::pair<vtkCellArray*, const char*> kinds[] = { { poly->GetVerts(), "vertices" },
                                                            { poly->GetLines(), "lines" },
                                                            { poly->GetPolys(), "polygons" },
                                                            { poly->GetStrips(), "triangle strips" } };
    for (const auto& [cells, what] : kinds)
    {
      std::string verdict = CheckCellArray(cells, poly->GetNumberOfPoints(), -1, what);
      if (!verdict.empty())
        return verdict;
    }
  }
  return "";
}

loom::algorithms::CellArrays CellArrayFromVTK(vtkCellArray* cells)
{
  loom::algorithms::CellArrays h;
  if (!cells)
    throw loom::cont::ErrorBadValue("no cell array.");
  h.Is64Bit = cells->IsStorage64Bit();
  if (h.Is64Bit)
  {
    h.Offsets64 = BorrowIds<Int64>(cells->GetOffsetsArray64());
    h.Connectivity64 = BorrowIds<Int64>(cells->GetConnectivityArray64());
  }
  else
  {
    h.Offsets32 = BorrowIds<Int32>(cells->GetOffsetsArray32());
    h.Connectivity32 = BorrowIds<Int32>(cells->GetConnectivityArray32());
  }
  return h;
}

loom::algorithms::CellSetAny CellSetFromVTK(vtkDataSet* dataset, bool anyCellType)
{
  if (auto* image = vtkImageData::SafeDownCast(dataset))
    return StructuredFromDims(image->GetDimensions());
  if (auto* rect = vtkRectilinearGrid::SafeDownCast(dataset))
    return StructuredFromDims(rect->GetDimensions());
  if (auto* sgrid = vtkStructuredGrid::SafeDownCast(dataset))
  {
    int dims[3];
    sgrid->GetDimensions(dims);
    return StructuredFromDims(dims);
  }
  if (auto* grid = vtkUnstructuredGrid::SafeDownCast(dataset))
  {
    vtkCellArray* cells = grid->GetCells();
    vtkUnsignedCharArray* types = grid->GetCellTypesArray();
    const Id n = grid->GetNumberOfCells();
    if (!cells || !types || n == 0)
      return loom::cont::CellSetExplicit<Int64, Int64>(
        grid->GetNumberOfPoints(), loom::cont::ArrayHandle<UInt8>{},
        loom::cont::make_ArrayHandle(std::vector<Int64>{ 0 }), loom::cont::ArrayHandle<Int64>{});
    const unsigned char* t = types->GetPointer(0);
    const std::array<bool, 256> seen = anyCellType ? std::array<bool, 256>{} : loom::algorithms::ShapesPresent(t, n);
    bool allSupported = true;
    for (int type = 0; type < 256; ++type)
      allSupported = allSupported && (!seen[type] || IsSupportedCellShape(static_cast<UInt8>(type)));
    // The first cell of a type Loom does not take, named in the error.
    for (Id c = 0; c < n && !anyCellType && !allSupported; ++c)
    {
      if (!IsSupportedCellShape(t[c]))
        throw loom::cont::ErrorBadType("cell " + std::to_string(c) + " has VTK cell type " +
                                       std::to_string(int(t[c])) + " (" +
                                       (t[c] == VTK_POLYHEDRON ? "polyhedron" : "not a linear cell") +
                                       "), which Loom does not handle.");
    }
    auto shapes = Borrow<UInt8>(types, types->GetPointer(0), n);
    const ReverseKey key{ cells, cells->GetMTime(), types->GetMTime(), grid->GetNumberOfPoints() };
    if (cells->IsStorage64Bit())
    {
      loom::cont::CellSetExplicit<Int64, Int64> set(grid->GetNumberOfPoints(), shapes,
                                                    BorrowIds<Int64>(cells->GetOffsetsArray64()),
                                                    BorrowIds<Int64>(cells->GetConnectivityArray64()));
      set.ShareReverseSlot(ReverseCache::Get().Find(key, set.GetReverseSlot()));
      return set;
    }
    loom::cont::CellSetExplicit<Int32, Int32> set(grid->GetNumberOfPoints(), shapes,
                                                  BorrowIds<Int32>(cells->GetOffsetsArray32()),
                                                  BorrowIds<Int32>(cells->GetConnectivityArray32()));
    set.ShareReverseSlot(ReverseCache::Get().Find(key, set.GetReverseSlot()));
    return set;
  }
  if (auto* poly = vtkPolyData::SafeDownCast(dataset))
  {
    // Verts, lines, polys and strips are four cell arrays: one copy into a single explicit cell set.
    loom::cont::Log(loom::cont::LogLevel::Debug, "polygonal cells are copied once into one cell set");
    std::vector<UInt8> shapes;
    std::vector<Int64> offsets{ 0 }, conn;
    auto append = [&](vtkCellArray* cells, int kind) {
      if (!cells)
        return;
      vtkIdType npts;
      const vtkIdType* pts;
      for (cells->InitTraversal(); cells->GetNextCell(npts, pts);)
      {
        UInt8 shape = kind == 0   ? (npts == 1 ? CELL_SHAPE_VERTEX : CELL_SHAPE_POLY_VERTEX)
                      : kind == 1 ? (npts == 2 ? CELL_SHAPE_LINE : CELL_SHAPE_POLY_LINE)
                      : kind == 3 ? CELL_SHAPE_TRIANGLE_STRIP
                                  : (npts == 3 ? CELL_SHAPE_TRIANGLE : npts == 4 ? CELL_SHAPE_QUAD : CELL_SHAPE_POLYGON);
        shapes.push_back(shape);
        conn.insert(conn.end(), pts, pts + npts);
        offsets.push_back(static_cast<Int64>(conn.size()));
      }
    };
    append(poly->GetVerts(), 0);
    append(poly->GetLines(), 1);
    append(poly->GetPolys(), 2);
    append(poly->GetStrips(), 3);
    return loom::cont::CellSetExplicit<Int64, Int64>(poly->GetNumberOfPoints(),
                                                    loom::cont::make_ArrayHandle(shapes),
                                                    loom::cont::make_ArrayHandle(offsets),
                                                    loom::cont::make_ArrayHandle(conn));
  }
  throw loom::cont::ErrorBadType(std::string("datasets of type ") + dataset->GetClassName() +
                                 " are not handled by Loom.");
}
} // namespace interop
} // namespace loom
