// Loom: the Invoker: `invoke(MyWorklet{}, [scatter], [mask], args...)` runs a worklet on the device
// chosen at run time (or the one given to the Invoker).
#pragma once

#include <loom/worklet/Dispatcher.h>

#include <type_traits>

namespace loom
{
namespace cont
{
LOOM_UNIT_NAMESPACE_BEGIN
/// Calls worklets. The optional arguments after the worklet are an instance of its ScatterType,
/// then of its MaskType (in that order, each only when the worklet declares one that has state).
class Invoker
{
public:
  explicit Invoker(DeviceId device = DeviceId::Auto)
    : Device(device)
  {
  }
  DeviceId GetDevice() const { return this->Device; }
  /// Force the seeds' per-output path on CPU devices too (for comparisons; off by default).
  void SetUsePerOutputPath(bool perOutput) { this->PerOutputPath = perOutput; }

  template <typename Worklet, typename... Args>
  void operator()(const Worklet& worklet, Args&&... args) const
  {
    using Scatter = typename Worklet::ScatterType;
    using Mask = typename Worklet::MaskType;
    this->Split<Worklet, Scatter, Mask>(worklet, std::forward<Args>(args)...);
  }

private:
  template <typename Worklet, typename Scatter, typename Mask>
  void Split(const Worklet& worklet) const
  {
    this->Run(loom::worklet::Dispatcher<Worklet>(worklet));
  }
  template <typename Worklet, typename Scatter, typename Mask, typename First, typename... Rest>
  void Split(const Worklet& worklet, First&& first, Rest&&... rest) const
  {
    using F = std::decay_t<First>;
    if constexpr (std::is_same<F, Scatter>::value)
    {
      if constexpr (sizeof...(Rest) > 0)
      {
        this->SplitMask<Worklet, Mask>(worklet, first, std::forward<Rest>(rest)...);
      }
      else
      {
        this->Run(MakeDispatcher<Worklet, Mask>(worklet, first));
      }
    }
    else if constexpr (std::is_same<F, Mask>::value)
    {
      static_assert(std::is_default_constructible<Scatter>::value,
                    "Loom: this worklet's ScatterType needs an instance: pass it to invoke before "
                    "the mask.");
      this->Run(loom::worklet::Dispatcher<Worklet>(worklet, first), std::forward<Rest>(rest)...);
    }
    else
    {
      static_assert(std::is_default_constructible<Scatter>::value,
                    "Loom: this worklet's ScatterType needs an instance: pass it to invoke right "
                    "after the worklet.");
      static_assert(std::is_default_constructible<Mask>::value,
                    "Loom: this worklet's MaskType needs an instance: pass it to invoke after the "
                    "worklet (and its scatter).");
      this->Run(loom::worklet::Dispatcher<Worklet>(worklet), std::forward<First>(first),
                std::forward<Rest>(rest)...);
    }
  }
  template <typename Worklet, typename Mask, typename Scatter, typename Next, typename... Rest>
  void SplitMask(const Worklet& worklet, const Scatter& scatter, Next&& next, Rest&&... rest) const
  {
    if constexpr (std::is_same<std::decay_t<Next>, Mask>::value)
    {
      this->Run(loom::worklet::Dispatcher<Worklet>(worklet, scatter, next), std::forward<Rest>(rest)...);
    }
    else
    {
      this->Run(MakeDispatcher<Worklet, Mask>(worklet, scatter), std::forward<Next>(next),
                std::forward<Rest>(rest)...);
    }
  }
  template <typename Worklet, typename Mask, typename Scatter>
  static loom::worklet::Dispatcher<Worklet> MakeDispatcher(const Worklet& worklet, const Scatter& scatter)
  {
    static_assert(std::is_default_constructible<Mask>::value,
                  "Loom: this worklet's MaskType needs an instance: pass it to invoke after the "
                  "scatter.");
    return loom::worklet::Dispatcher<Worklet>(worklet, scatter);
  }
  template <typename Worklet, typename... Args>
  void Run(loom::worklet::Dispatcher<Worklet> dispatcher, Args&&... args) const
  {
    dispatcher.SetDevice(this->Device);
    dispatcher.SetUsePerOutputPath(this->PerOutputPath);
    dispatcher.Invoke(std::forward<Args>(args)...);
  }

  DeviceId Device;
  bool PerOutputPath = false;
};
LOOM_UNIT_NAMESPACE_END
} // namespace cont
} // namespace loom
