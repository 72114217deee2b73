#include "halite/lab/python_agent.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace halite::lab {

namespace fs = std::filesystem;

std::string find_python_worker() {
  if (const char* override_path = std::getenv(kPythonWorkerEnv); override_path && *override_path) {
    if (!fs::is_regular_file(override_path))
      throw std::runtime_error(std::string(kPythonWorkerEnv) + "=" + override_path + ": no such file");
    return override_path;
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    throw std::runtime_error("cannot find the Python agent worker: /proc/self/exe is unreadable (set " +
                             std::string(kPythonWorkerEnv) + ")");
  const fs::path worker = (exe.parent_path() / kPythonWorkerDir / kPythonWorkerName).lexically_normal();
  if (!fs::is_regular_file(worker))
    throw std::runtime_error("cannot find the Python agent worker: no " + worker.string() + " (build or install " +
                             "the project, or set " + kPythonWorkerEnv + ")");
  return worker.string();
}

void check_python_agent(const PythonRuntime& runtime, const std::string& agent_file) {
  if (!std::ifstream(agent_file)) throw std::invalid_argument("cannot read the Python agent file '" + agent_file + "'");
  if (fs::is_directory(agent_file))
    throw std::invalid_argument("the Python agent '" + agent_file + "' is a folder, not a .py file");
  if (access(runtime.python.c_str(), X_OK) != 0)
    throw std::invalid_argument("cannot run the Python interpreter '" + runtime.python + "'");
  const std::string worker = runtime.worker.empty() ? find_python_worker() : runtime.worker;
  if (!fs::is_regular_file(worker)) throw std::invalid_argument("no Python agent worker at '" + worker + "'");
}

std::unique_ptr<ProcessAgent> make_python_agent(const PythonRuntime& runtime, const std::string& agent_file) {
  const std::string worker = runtime.worker.empty() ? find_python_worker() : runtime.worker;
  return std::make_unique<ProcessAgent>(runtime.python, std::vector<std::string>{worker, agent_file},
                                        kPythonWorkerReady);
}

}  // namespace halite::lab
