// Which build the tests run in, and how much repeated work a test case does
// there.
//
// The AddressSanitizer + UndefinedBehaviorSanitizer build runs every test
// case, on every code path the Release build runs, four to five times slower.
// Its job is to catch a bad memory access or an undefined operation, which
// shows on the first game that reaches the code, not the twentieth. So where
// a test case repeats the same work (more seeded games of one kind, more
// turns of a long game, a second run that checks determinism), the sanitizer
// build runs a smaller share of it; the Release build, and with it every
// count, determinism check and threshold, keeps the whole workload.
#pragma once

namespace halite::testing {

#ifdef HALITE_TESTS_SANITIZED
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// `release` in the Release build, `sanitized` in the sanitizer build.
constexpr int per_build(int release, int sanitized) {
  return kSanitizedBuild ? sanitized : release;
}

}  // namespace halite::testing
