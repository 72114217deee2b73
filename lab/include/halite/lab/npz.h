// NpzWriter: numpy's .npz (a zip archive of .npy arrays), written directly so
// that numpy reads it with np.load and no other package is needed.
//
// Each add() appends one member NAME.npy holding a C-order array of the given
// shape in the .npy 1.0 layout (magic, header dict, raw little-endian data).
// Members are stored, or deflated when `compress` is set (np.savez_compressed
// does the same). The archive is written to PATH.partial and renamed to PATH
// by close(), so a failure never leaves a half-written file under PATH. The
// zip has no ZIP64 records: a member or archive past 4 GiB is refused with an
// error rather than written unreadably.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace halite::lab {

class NpzWriter {
 public:
  // Throws std::runtime_error if PATH.partial cannot be created.
  NpzWriter(std::string path, bool compress);
  ~NpzWriter();  // without close(): removes the partial file
  NpzWriter(const NpzWriter&) = delete;
  NpzWriter& operator=(const NpzWriter&) = delete;

  // `data.size()` must equal the product of `shape`.
  void add(const std::string& name, std::span<const float> data, const std::vector<size_t>& shape);
  void add(const std::string& name, std::span<const double> data, const std::vector<size_t>& shape);
  void add(const std::string& name, std::span<const int8_t> data, const std::vector<size_t>& shape);
  void add(const std::string& name, std::span<const int32_t> data, const std::vector<size_t>& shape);
  // A 1-D array of unicode strings (numpy dtype '<U<longest>'); UTF-8 in.
  void add(const std::string& name, const std::vector<std::string>& strings);
  // Writes the central directory and renames the file into place.
  void close();

 private:
  struct Member {
    std::string name;
    uint32_t crc = 0;
    uint64_t stored_size = 0, size = 0, offset = 0;
    uint16_t method = 0;
  };
  void add_npy(const std::string& name, const std::string& descr, const std::vector<size_t>& shape, const void* data,
               size_t bytes, size_t count);
  void write(const void* data, size_t bytes);
  std::string path_, partial_;
  bool compress_;
  std::FILE* file_ = nullptr;
  uint64_t offset_ = 0;
  std::vector<Member> members_;
};

}  // namespace halite::lab
