// Running the `halite` command line from a test: the exit status and what it
// printed (stdout and stderr together), captured through a file in a fresh
// temporary directory.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "temp_dir.h"

struct ToolRun {
  int status;
  std::string output;
};

// `args` follow the tool's path on a shell command line (quote as a shell needs).
inline ToolRun run_halite(const std::string& args) {
  const TempDir dir("halite_tool_run");
  const std::string out = dir.file("output.txt");
  const int status = std::system((std::string(HALITE_TOOL_PATH) + " " + args + " > " + out + " 2>&1").c_str());
  std::stringstream text;
  text << std::ifstream(out).rdbuf();
  return {WEXITSTATUS(status), text.str()};
}
