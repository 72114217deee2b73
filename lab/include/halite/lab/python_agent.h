// Kaggle Python agents as seats: an agent file (what Kaggle's runner takes:
// a .py file whose last top-level callable is `agent(observation,
// configuration)`) played by lab/python/kaggle_agent_worker.py in a
// persistent Python process, spoken to through ProcessAgent, on Kaggle's
// clock (docs/python-agents.md).
//
// The worker loads the file afresh for every game, as Kaggle loads an agent
// per episode, and calls it as Kaggle's runner does: an exception is an ERROR,
// an answer that is not a valid action INVALID, an answer later than
// actTimeout plus the overage bank a TIMEOUT. The engine stays the referee.
#pragma once

#include <memory>
#include <string>

#include "halite/lab/process_agent.h"

namespace halite::lab {

// Debian's interpreter: the one a fresh machine has.
inline constexpr const char* kDefaultPython = "/usr/bin/python3";
// The worker script and where builds and installs put it, relative to the
// folder of the running executable (build/tools/halite, <prefix>/bin/halite).
inline constexpr const char* kPythonWorkerName = "kaggle_agent_worker.py";
inline constexpr const char* kPythonWorkerDir = "../share/halite4";
// The line the worker writes once it is ready (ProcessAgent's announcement).
inline constexpr const char* kPythonWorkerReady = "kaggle-agent-worker ready";
// The environment variable that names another worker script.
inline constexpr const char* kPythonWorkerEnv = "HALITE_PY_WORKER";

struct PythonRuntime {
  std::string python = kDefaultPython;  // the interpreter running the worker
  std::string worker;                   // the worker script; empty: find_python_worker()
};

// The worker script: $HALITE_PY_WORKER if set, else kPythonWorkerDir beside
// the running executable. Throws std::runtime_error naming where it looked.
std::string find_python_worker();

// Throws std::invalid_argument with a clear message when `agent_file` cannot
// be read or the runtime's interpreter or worker cannot be used, so that a
// bad player is refused before any game rather than lost as ERRORs.
void check_python_agent(const PythonRuntime& runtime, const std::string& agent_file);

// A seat playing `agent_file`; its worker starts at the first game and stays
// up across games (restarted after a TIMEOUT or a dead worker).
std::unique_ptr<ProcessAgent> make_python_agent(const PythonRuntime& runtime, const std::string& agent_file);

}  // namespace halite::lab
