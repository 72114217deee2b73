// The official Halite III replays committed in testdata/halite3/, shared by
// the Halite III tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace halite3::testing {

inline const std::string kTestdataDir = std::string(HALITE_TESTDATA) + "/halite3";

// Every .hlt file there, in name order.
inline std::vector<std::string> stored_replays() {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(kTestdataDir))
    if (entry.path().extension() == ".hlt") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace halite3::testing
