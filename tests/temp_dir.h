// A fresh temporary directory for one test, removed at scope exit. The name
// carries the process id and a counter, so that test binaries running at
// once (the Release and sanitizer builds, several checkouts) never share one.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "halite_test") {
    static std::atomic<int> counter{0};
    path = std::filesystem::temp_directory_path() /
           (prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};
