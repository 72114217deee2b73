// halite dataset and its library (lab/dataset.h, lab/npz.h): bad input gets a
// clear error and leaves nothing behind. The samples themselves are checked
// against the replays' JSON by test_dataset_reader.py, with numpy.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "halite/json_codec.h"
#include "halite/lab/dataset.h"
#include "halite/lab/npz.h"
#include "run_tool.h"

using namespace halite;
namespace fs = std::filesystem;

namespace {

const std::string kReplay = std::string(HALITE_TESTDATA) + "/replays/s15_2p_s11_greedy_rammer.json.gz";

ToolRun run_tool(const std::string& args) {
  return run_halite("dataset " + args);
}

}  // namespace

TEST_CASE("dataset: a replay that does not reproduce is refused and the dataset left as it was", "[lab][dataset]") {
  Replay replay = read_replay_file(kReplay);
  lab::Dataset dataset;
  lab::DatasetOptions options;
  options.window = 3;
  lab::add_replay(dataset, replay, "good", options);
  const size_t ships = dataset.ships.size(), yards = dataset.shipyards.size();
  REQUIRE(ships > 0);
  REQUIRE(yards > 0);
  CHECK(dataset.ships.planes.size() == ships * lab::kDatasetPlanes * 9);
  CHECK(dataset.ships.globals.size() == ships * lab::kDatasetGlobals);

  Json& halite = replay.steps[6][0].observation["halite"];
  halite[0] = halite[0].get<double>() + 1;
  CHECK_THROWS_AS(lab::add_replay(dataset, replay, "edited", options), JsonError);
  CHECK(dataset.ships.size() == ships);
  CHECK(dataset.shipyards.size() == yards);
  CHECK(dataset.ships.planes.size() == ships * lab::kDatasetPlanes * 9);
  CHECK(dataset.replays == std::vector<std::string>{"good"});

  options.window = 4;
  CHECK_THROWS_WITH(lab::add_replay(dataset, read_replay_file(kReplay), "even", options), Catch::Contains("odd"));
  options.window = 5;
  CHECK_THROWS_WITH(lab::add_replay(dataset, read_replay_file(kReplay), "wider", options),
                    Catch::Contains("one window"));
  CHECK(dataset.replays.size() == 1);
}

TEST_CASE("dataset: the command names bad files, writes nothing, and --skip-bad goes on", "[lab][dataset][tools]") {
  const fs::path dir = "dataset_test_files";
  fs::create_directories(dir);
  {
    std::ifstream in(kReplay, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream((dir / "truncated.json.gz").string(), std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    std::ofstream((dir / "not_a_replay.json").string()) << R"({"size": 21})";
    std::ofstream((dir / "garbage.json").string()) << "halite halite";
    Json replay = read_json_file(kReplay);
    replay["steps"][10][0]["observation"]["players"][0][0] = 123456;
    std::ofstream((dir / "inexact.json").string()) << replay.dump();
  }
  const std::string out = (dir / "out.npz").string();
  const struct {
    const char* file;
    const char* message;
  } bad[] = {{"truncated.json.gz", "truncated"},
             {"not_a_replay.json", "missing \"configuration\""},
             {"garbage.json", "parse error"},
             {"inexact.json", "step 10"}};
  for (const auto& b : bad) {
    INFO(b.file);
    const ToolRun r = run_tool(kReplay + " " + (dir / b.file).string() + " --out " + out);
    CHECK(r.status == 1);
    CHECK(r.output.find(b.file) != std::string::npos);
    CHECK(r.output.find(b.message) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(out + ".partial"));
  }
  const ToolRun skipping = run_tool(kReplay + " " + (dir / "truncated.json.gz").string() + " " +
                                    (dir / "inexact.json").string() + " --skip-bad --window 3 --out " + out);
  CHECK(skipping.status == 0);
  CHECK(skipping.output.find("skipped " + (dir / "inexact.json").string()) != std::string::npos);
  CHECK(skipping.output.find("1 replays (2 skipped)") != std::string::npos);
  CHECK(fs::exists(out));

  CHECK(run_tool(kReplay + " --window 4 --out " + out).status == 2);
  CHECK(run_tool(kReplay + " --player 4 --out " + out).status == 2);
  CHECK(run_tool(kReplay).status == 2);
  CHECK(run_tool("--out " + out).status == 2);
  fs::remove_all(dir);
}

TEST_CASE("npz: a writer that is not closed leaves no file, and a shape that does not fit is refused",
          "[lab][dataset]") {
  const std::string path = "npz_test.npz";
  {
    lab::NpzWriter npz(path, false);
    const float values[3] = {1, 2, 3};
    CHECK_THROWS_AS(npz.add("x", std::span<const float>(values), {2, 2}), std::logic_error);
    npz.add("x", std::span<const float>(values), {3});
  }
  CHECK_FALSE(fs::exists(path));
  CHECK_FALSE(fs::exists(path + ".partial"));
  CHECK_THROWS_WITH(lab::NpzWriter("no/such/folder/x.npz", false), Catch::Contains("cannot write"));
}
