// Loom: minimal leveled logging to stderr, controlled by LOOM_LOG=error|warn|info|debug.
#pragma once

#include <string>
#include <typeinfo>

namespace loom
{
namespace cont
{
enum class LogLevel
{
  Error = 0,
  Warn = 1,
  Info = 2,
  Debug = 3
};

/// The level in force (read once from LOOM_LOG; default Warn).
LogLevel GetLogLevel();
/// Change the level for this process.
void SetLogLevel(LogLevel level);
/// Write one line to stderr when `level` is enabled.
void Log(LogLevel level, const std::string& message);
/// A receiver of Loom's log lines in place of stderr (a host application's message window): Loom's
/// VTK module installs one that hands them to VTK's output window. nullptr restores stderr.
using LogSink = void (*)(LogLevel level, const std::string& message);
void SetLogSink(LogSink sink);
/// Readable (demangled) name of a type, for error messages.
std::string TypeName(const std::type_info& type);
} // namespace cont
} // namespace loom
