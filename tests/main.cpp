// Catch2's runner, with the models of named bots registered first when the
// build has them (HALITE_OPPONENTS), as every program's main does.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#ifdef HALITE_OPPONENTS
#include "halite/opponents/opponents.h"
#endif

int main(int argc, char* argv[]) {
#ifdef HALITE_OPPONENTS
  halite::opponents::register_opponents();
#endif
  return Catch::Session().run(argc, argv);
}
