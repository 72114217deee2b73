#include "halite/lab/npz.h"

#include <zlib.h>

#include <cstring>
#include <limits>
#include <stdexcept>

namespace halite::lab {

namespace {

// Zip record signatures and fields (PKWARE APPNOTE 4.3.7, 4.3.12, 4.3.16).
constexpr uint32_t kLocalHeader = 0x04034b50, kCentralHeader = 0x02014b50, kEndOfCentral = 0x06054b50;
constexpr uint16_t kZipVersion = 20;  // 2.0: deflate, no ZIP64
constexpr uint16_t kStored = 0, kDeflated = 8;
constexpr uint16_t kDosTime = 0, kDosDate = (1 << 5) | 1;  // 1980-01-01 00:00: reproducible archives
constexpr size_t kCrcOffset = 14;                          // within a local header: crc, compressed size, size
constexpr uint64_t kZipLimit = std::numeric_limits<uint32_t>::max();
// .npy 1.0 (numpy.lib.format): magic, version, header length, header padded so the data starts aligned.
constexpr char kNpyMagic[] = "\x93NUMPY\x01\x00";
constexpr size_t kNpyPrefixBytes = 10, kNpyAlign = 64;
constexpr size_t kChunkBytes = 1 << 20;

void put16(std::string& out, uint16_t v) {
  out.append({static_cast<char>(v & 0xff), static_cast<char>(v >> 8)});
}
void put32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

std::string npy_header(const std::string& descr, const std::vector<size_t>& shape) {
  std::string dims;
  for (size_t d : shape) dims += std::to_string(d) + ", ";
  if (shape.size() > 1)
    dims.resize(dims.size() - 2);  // (n,) for one dimension, (a, b) for more
  else if (shape.size() == 1)
    dims.pop_back();
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + dims + "), }";
  const size_t total = kNpyPrefixBytes + dict.size() + 1;
  dict.append((kNpyAlign - total % kNpyAlign) % kNpyAlign, ' ');
  dict.push_back('\n');
  std::string out(kNpyMagic, sizeof kNpyMagic - 1);
  put16(out, static_cast<uint16_t>(dict.size()));
  return out + dict;
}

size_t product(const std::vector<size_t>& shape) {
  size_t n = 1;
  for (size_t d : shape) n *= d;
  return n;
}

// UTF-8 to code points; a malformed byte becomes U+FFFD.
std::u32string decode_utf8(const std::string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int extra = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
    char32_t c = extra == 0 ? b : extra == 1 ? (b & 0x1f) : extra == 2 ? (b & 0x0f) : (b & 0x07);
    bool ok = extra >= 0 && i + static_cast<size_t>(extra) < s.size() + (extra == 0);
    for (int k = 1; ok && k <= extra; ++k) {
      const auto cont = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      ok = (cont >> 6) == 2;
      c = (c << 6) | (cont & 0x3f);
    }
    out.push_back(ok ? c : U'\uFFFD');
    i += ok ? static_cast<size_t>(extra) + 1 : 1;
  }
  return out;
}

}  // namespace

NpzWriter::NpzWriter(std::string path, bool compress)
    : path_(std::move(path)), partial_(path_ + ".partial"), compress_(compress) {
  file_ = std::fopen(partial_.c_str(), "wb");
  if (!file_) throw std::runtime_error("cannot write " + partial_ + ": " + std::strerror(errno));
}

NpzWriter::~NpzWriter() {
  if (file_) {
    std::fclose(file_);
    std::remove(partial_.c_str());
  }
}

void NpzWriter::write(const void* data, size_t bytes) {
  if (bytes && std::fwrite(data, 1, bytes, file_) != bytes)
    throw std::runtime_error("error writing " + partial_ + ": " + std::strerror(errno));
  offset_ += bytes;
}

void NpzWriter::add_npy(const std::string& name, const std::string& descr, const std::vector<size_t>& shape,
                        const void* data, size_t bytes, size_t count) {
  if (!file_) throw std::logic_error("NpzWriter: add() after close()");
  if (count != product(shape)) throw std::logic_error("NpzWriter: " + name + ": data does not fill its shape");
  Member m;
  m.name = name + ".npy";
  m.offset = offset_;
  m.method = compress_ ? kDeflated : kStored;
  const std::string header = npy_header(descr, shape);
  m.size = header.size() + bytes;
  if (m.size > kZipLimit) throw std::runtime_error(name + ": an array past 4 GiB (the zip is written without ZIP64)");

  std::string local;
  put32(local, kLocalHeader);
  put16(local, kZipVersion);
  put16(local, 0);
  put16(local, m.method);
  put16(local, kDosTime);
  put16(local, kDosDate);
  put32(local, 0);  // crc and compressed size: patched below
  put32(local, 0);
  put32(local, static_cast<uint32_t>(m.size));
  put16(local, static_cast<uint16_t>(m.name.size()));
  put16(local, 0);
  write(local.data(), local.size());
  write(m.name.data(), m.name.size());

  const auto* bytes_in = static_cast<const unsigned char*>(data);
  uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(header.data()), static_cast<uInt>(header.size()));
  for (size_t off = 0; off < bytes; off += kChunkBytes)
    crc = crc32(crc, bytes_in + off, static_cast<uInt>(std::min(kChunkBytes, bytes - off)));
  m.crc = static_cast<uint32_t>(crc);
  const uint64_t data_start = offset_;
  if (!compress_) {
    write(header.data(), header.size());
    write(data, bytes);
  } else {
    z_stream z{};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("zlib: deflateInit2 failed");
    std::vector<unsigned char> out(kChunkBytes);
    auto pump = [&](const unsigned char* in, size_t n, int flush) {
      z.next_in = const_cast<Bytef*>(in);
      z.avail_in = static_cast<uInt>(n);
      do {
        z.next_out = out.data();
        z.avail_out = static_cast<uInt>(out.size());
        deflate(&z, flush);
        write(out.data(), out.size() - z.avail_out);
      } while (z.avail_out == 0);
    };
    pump(reinterpret_cast<const unsigned char*>(header.data()), header.size(), Z_NO_FLUSH);
    for (size_t off = 0; off < bytes; off += kChunkBytes)
      pump(bytes_in + off, std::min(kChunkBytes, bytes - off), Z_NO_FLUSH);
    pump(nullptr, 0, Z_FINISH);
    deflateEnd(&z);
  }
  m.stored_size = offset_ - data_start;
  if (offset_ > kZipLimit) throw std::runtime_error(path_ + ": past 4 GiB (the zip is written without ZIP64)");
  std::string patch;
  put32(patch, m.crc);
  put32(patch, static_cast<uint32_t>(m.stored_size));
  if (std::fseek(file_, static_cast<long>(m.offset + kCrcOffset), SEEK_SET) != 0 ||
      std::fwrite(patch.data(), 1, patch.size(), file_) != patch.size() || std::fseek(file_, 0, SEEK_END) != 0)
    throw std::runtime_error("error writing " + partial_ + ": " + std::strerror(errno));
  members_.push_back(std::move(m));
}

void NpzWriter::add(const std::string& name, std::span<const float> data, const std::vector<size_t>& shape) {
  add_npy(name, "<f4", shape, data.data(), data.size_bytes(), data.size());
}
void NpzWriter::add(const std::string& name, std::span<const double> data, const std::vector<size_t>& shape) {
  add_npy(name, "<f8", shape, data.data(), data.size_bytes(), data.size());
}
void NpzWriter::add(const std::string& name, std::span<const int8_t> data, const std::vector<size_t>& shape) {
  add_npy(name, "|i1", shape, data.data(), data.size_bytes(), data.size());
}
void NpzWriter::add(const std::string& name, std::span<const int32_t> data, const std::vector<size_t>& shape) {
  add_npy(name, "<i4", shape, data.data(), data.size_bytes(), data.size());
}

void NpzWriter::add(const std::string& name, const std::vector<std::string>& strings) {
  std::vector<std::u32string> decoded;
  size_t width = 1;  // numpy has no '<U0'
  for (const std::string& s : strings) {
    decoded.push_back(decode_utf8(s));
    width = std::max(width, decoded.back().size());
  }
  std::vector<uint32_t> cells(width * strings.size(), 0);  // UTF-32LE, zero-padded (x86-64 is little-endian)
  for (size_t i = 0; i < decoded.size(); ++i)
    for (size_t k = 0; k < decoded[i].size(); ++k) cells[i * width + k] = decoded[i][k];
  add_npy(name, "<U" + std::to_string(width), {strings.size()}, cells.data(), cells.size() * sizeof(uint32_t),
          strings.size());
}

void NpzWriter::close() {
  if (!file_) return;
  const uint64_t directory_start = offset_;
  std::string dir;
  for (const Member& m : members_) {
    put32(dir, kCentralHeader);
    put16(dir, kZipVersion);
    put16(dir, kZipVersion);
    put16(dir, 0);
    put16(dir, m.method);
    put16(dir, kDosTime);
    put16(dir, kDosDate);
    put32(dir, m.crc);
    put32(dir, static_cast<uint32_t>(m.stored_size));
    put32(dir, static_cast<uint32_t>(m.size));
    put16(dir, static_cast<uint16_t>(m.name.size()));
    put16(dir, 0);  // extra field, comment, disk, internal and external attributes
    put16(dir, 0);
    put16(dir, 0);
    put16(dir, 0);
    put32(dir, 0);
    put32(dir, static_cast<uint32_t>(m.offset));
    dir += m.name;
  }
  write(dir.data(), dir.size());
  std::string end;
  put32(end, kEndOfCentral);
  put16(end, 0);
  put16(end, 0);
  put16(end, static_cast<uint16_t>(members_.size()));
  put16(end, static_cast<uint16_t>(members_.size()));
  put32(end, static_cast<uint32_t>(dir.size()));
  put32(end, static_cast<uint32_t>(directory_start));
  put16(end, 0);
  write(end.data(), end.size());
  if (offset_ > kZipLimit) throw std::runtime_error(path_ + ": past 4 GiB (the zip is written without ZIP64)");
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!closed || std::rename(partial_.c_str(), path_.c_str()) != 0) {
    std::remove(partial_.c_str());
    throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
  }
}

}  // namespace halite::lab
