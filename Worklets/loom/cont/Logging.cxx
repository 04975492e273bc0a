// Loom: implementation of the stderr logger.
#include <loom/cont/Logging.h>

#include <atomic>
#include <cxxabi.h>
#include <memory>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

namespace loom
{
namespace cont
{
namespace
{
LogLevel LevelFromEnvironment()
{
  const char* env = std::getenv("LOOM_LOG");
  if (!env)
    return LogLevel::Warn;
  if (!std::strcmp(env, "error"))
    return LogLevel::Error;
  if (!std::strcmp(env, "info"))
    return LogLevel::Info;
  if (!std::strcmp(env, "debug"))
    return LogLevel::Debug;
  return LogLevel::Warn;
}
std::atomic<int>& Level()
{
  static std::atomic<int> level{ static_cast<int>(LevelFromEnvironment()) };
  return level;
}
std::atomic<LogSink>& Sink()
{
  static std::atomic<LogSink> sink{ nullptr };
  return sink;
}
} // namespace

void SetLogSink(LogSink sink)
{
  Sink().store(sink);
}

LogLevel GetLogLevel()
{
  return static_cast<LogLevel>(Level().load());
}

void SetLogLevel(LogLevel level)
{
  Level().store(static_cast<int>(level));
}

void Log(LogLevel level, const std::string& message)
{
  if (static_cast<int>(level) > Level().load())
    return;
  if (LogSink sink = Sink().load())
  {
    sink(level, message);
    return;
  }
  static const char* names[] = { "error", "warning", "info", "debug" };
  static std::mutex* mutex = new std::mutex; // never destroyed: messages may come at exit
  std::lock_guard<std::mutex> lock(*mutex);
  std::cerr << "loom " << names[static_cast<int>(level)] << ": " << message << std::endl;
}
std::string TypeName(const std::type_info& type)
{
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(
    abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  return (status == 0 && name) ? std::string(name.get()) : std::string(type.name());
}
} // namespace cont
} // namespace loom
