// The main exactness test: every reference replay, replayed step by step from
// its recorded actions, reproduces every observation, reward and status.
#include <catch2/catch.hpp>

#include <filesystem>

#include "build_kind.h"
#include "conformance.h"
#include "halite/replay_check.h"

namespace fs = std::filesystem;
using namespace halite;

namespace {

std::vector<fs::path> files_in(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.rfind(prefix, 0) == 0 && name.find(".json") != std::string::npos)
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void check_file(const fs::path& file, bool conformance_on_every_state) {
  INFO("replay " << file.string());
  const Replay replay = read_replay_file(file.string());
  int visited = 0;
  const ReplayCheckResult result = check_replay(replay, [&](const State& s) {
    ++visited;
    if (conformance_on_every_state || s.step() % 25 == 0) testing::check_conformance(s);
  });
  INFO((result.ok() ? std::string("ok") : result.difference->str()));
  REQUIRE(result.ok());
  CHECK(result.states == static_cast<int>(replay.steps.size()));
  CHECK(visited == result.states);
  CHECK(result.board_generated == replay.config.has_random_seed);
}

}  // namespace

TEST_CASE("every generated reference replay reproduces exactly", "[replay]") {
  // The project's own gzip copies of ../shared/replays/s01..s29, so a lone
  // clone passes too.
  const auto files = files_in(HALITE_TESTDATA "/replays", "s");
  REQUIRE(files.size() == 29);
  // The conformance checks of every state are the Release build's to run;
  // the sanitizer build checks every 25th (each replay still reproduced).
  for (const auto& f : files) check_file(f, /*conformance_on_every_state=*/!testing::kSanitizedBuild);
}

TEST_CASE("the Kaggle-served episodes reproduce exactly (sorted keys, 2020 limits)", "[replay][kaggle]") {
  // These come from a public repository and are not copied into the project:
  // read them from ../shared when it is there.
  const auto files = files_in(HALITE_SHARED_REPLAYS "/kaggle", "kaggle_episode_");
  if (files.empty()) {
    WARN("skipped: ../shared/replays/kaggle is not present beside this checkout");
    return;
  }
  CHECK(files.size() == 2);
  for (const auto& f : files) check_file(f, /*conformance_on_every_state=*/false);
}

TEST_CASE("the project's replay copies equal the shared originals", "[replay]") {
  const fs::path shared = HALITE_SHARED_REPLAYS;
  if (!fs::is_directory(shared)) {
    WARN("skipped: ../shared/replays is not present beside this checkout");
    return;
  }
  for (const auto& copy : files_in(HALITE_TESTDATA "/replays", "s")) {
    std::string name = copy.filename().string();
    fs::path original = shared / name;
    if (!fs::exists(original)) original = shared / name.substr(0, name.size() - 3);  // we gzip plain files
    INFO(name);
    REQUIRE(fs::exists(original));
    CHECK(read_json_file(copy.string()) == read_json_file(original.string()));
  }
}
