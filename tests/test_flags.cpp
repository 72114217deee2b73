// The one command-line parser of `halite` and `halite_bot` (search/flags.h).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "halite/search/flags.h"

using halite::search::Flags;
using halite::search::UsageError;

TEST_CASE("flags: values, switches and positionals, kept in the order given", "[flags]") {
  const Flags f({"a.json", "--seed", "7", "--set=x=1", "--blind", "--set", "y=2", "b.json"}, {"seed", "set"},
                {"blind"});
  CHECK(f.positional() == std::vector<std::string>{"a.json", "b.json"});
  CHECK(f.get("seed", "") == "7");
  CHECK(f.get_int("seed", 0, 0, 10) == 7);
  CHECK(f.get_all("set") == std::vector<std::string>{"x=1", "y=2"});
  CHECK(f.has("blind"));
  CHECK_FALSE(f.has("quiet"));
  CHECK(f.get_double("missing", 2.5, 0, 3) == 2.5);
  REQUIRE(f.items().size() == 4);
  CHECK(f.items()[1] == std::pair<std::string, std::string>{"set", "x=1"});
  CHECK(f.items()[2] == std::pair<std::string, std::string>{"blind", "1"});
}

TEST_CASE("flags: what cannot be used is refused, naming the flag", "[flags][bad_input]") {
  const std::vector<std::string> valued = {"seed", "ms"}, switches = {"json"};
  auto refused = [&](const std::vector<std::string>& args, const std::string& expected) {
    INFO(expected);
    CHECK_THROWS_WITH(Flags(args, valued, switches), Catch::Contains(expected));
  };
  refused({"--nope"}, "unknown option --nope");
  refused({"--seed"}, "--seed needs a value");
  refused({"--json=1"}, "--json takes no value");
  const Flags f({"--seed", "12x", "--ms", "nan"}, valued, switches);
  CHECK_THROWS_WITH(f.get_int("seed", 0, 0, 100), Catch::Contains("--seed takes a whole number, got '12x'"));
  CHECK_THROWS_AS(f.get_double("ms", 0, 0, 100), UsageError);
  const Flags big({"--seed", "101", "--ms", "-1"}, valued, switches);
  CHECK_THROWS_WITH(big.get_int("seed", 0, 0, 100), Catch::Contains("out of range"));
  CHECK_THROWS_WITH(big.get_double("ms", 0, 0, 100), Catch::Contains("out of range"));
  CHECK(Flags::parse_double("ms", "2.5", 0, 3) == 2.5);
  CHECK_THROWS_AS(Flags::parse_double("ms", "", 0, 3), UsageError);
}
