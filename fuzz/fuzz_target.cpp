// One libFuzzer target; HALITE_FUZZ_ENTRY names the entry (fuzz/entries.h).
#include <cstddef>
#include <cstdint>

#include "entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  halite::fuzz::HALITE_FUZZ_ENTRY(data, size);
  return 0;
}
