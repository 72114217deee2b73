// Every saved fuzz input, replayed through its entry point with the normal
// build: the seed corpora (testdata/fuzz/seeds/<entry>/) and the inputs that
// once found a defect (testdata/fuzz/regressions/<entry>/, each named after
// what it found). An entry returns normally when the input is accepted or
// refused the documented way; anything it throws is a regression.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "entries.h"

namespace fs = std::filesystem;

namespace {

std::vector<uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Files under testdata/fuzz/<kind>/<entry>/, sorted.
std::vector<fs::path> inputs(const std::string& kind, const std::string& entry) {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(HALITE_TESTDATA) / "fuzz" / kind / entry;
  if (!fs::exists(dir)) return out;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.is_regular_file() && f.path().filename() != "README.md") out.push_back(f.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("fuzz seeds and saved findings pass their entry points", "[fuzz]") {
  int seeds = 0;
  for (const halite::fuzz::Entry& entry : halite::fuzz::entries()) {
    for (const std::string kind : {"seeds", "regressions"}) {
      for (const fs::path& file : inputs(kind, entry.name)) {
        INFO(entry.name << ": " << file.string());
        const std::vector<uint8_t> bytes = read_bytes(file);
        CHECK_NOTHROW(entry.run(bytes.data(), bytes.size()));
        seeds += kind == "seeds";
      }
    }
    INFO(entry.name);
    CHECK_FALSE(inputs("seeds", entry.name).empty());  // every target has a corpus to start from
  }
  CHECK(seeds >= 10);
}
