#include "py_json.h"

#include <cmath>
#include <vector>

namespace halite::python {

namespace {

// Python's json module refuses deeper nesting, as parse_json does.
constexpr int kMaxDepth = 1000;

struct Converter {
  // The keys and indexes down to the value being read; spelled out only
  // when a value is refused, so that the common case allocates nothing.
  struct Step {
    py::handle key;  // a str key, or null for an index
    size_t index = 0;
  };
  std::vector<Step> path;
  std::string what;

  [[noreturn]] void fail(const std::string& why) const {
    std::string where = what;
    for (const Step& s : path)
      where += s.key ? "[\"" + s.key.cast<std::string>() + "\"]" : "[" + std::to_string(s.index) + "]";
    throw JsonError(where + ": " + why);
  }

  Json convert(py::handle h) {
    if (static_cast<int>(path.size()) > kMaxDepth) fail("nested deeper than 1000 levels");
    PyObject* o = h.ptr();
    if (o == Py_None) return nullptr;
    if (PyBool_Check(o)) return o == Py_True;
    if (PyUnicode_Check(o)) return text(o);
    if (PyFloat_Check(o)) {
      const double v = PyFloat_AS_DOUBLE(o);
      if (!std::isfinite(v)) fail("expected a finite number, got " + py::repr(h).cast<std::string>());
      return v;
    }
    if (PyLong_Check(o) || (PyIndex_Check(o) && !PySequence_Check(o))) return integer(h);
    if (PyDict_Check(o)) {
      Json object = Json::object();
      PyObject *key, *value;
      Py_ssize_t pos = 0;
      while (PyDict_Next(o, &pos, &key, &value)) {
        if (!PyUnicode_Check(key)) fail("a key is " + type_name(key) + ", not a str");
        path.push_back({key});
        object.emplace(text(key), convert(value));
        path.pop_back();
      }
      return object;
    }
    if (PyList_Check(o) || PyTuple_Check(o)) {
      Json array = Json::array();
      const py::sequence seq = py::reinterpret_borrow<py::sequence>(h);
      const size_t n = seq.size();
      array.get_ref<Json::array_t&>().reserve(n);
      for (size_t i = 0; i < n; ++i) {
        path.push_back({py::handle(), i});
        array.push_back(convert(PyList_Check(o) ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i)));
        path.pop_back();
      }
      return array;
    }
    if (py::hasattr(h, "tolist")) return convert(h.attr("tolist")());
    fail("a " + type_name(h) + " is not a JSON value (dict, list, str, int, float, bool or None)");
  }

  std::string text(PyObject* o) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(o, &size);
    if (!utf8) {
      PyErr_Clear();
      fail("a str that is not valid UTF-8");
    }
    return std::string(utf8, static_cast<size_t>(size));
  }

  Json integer(py::handle h) {
    const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(h.ptr()));
    if (!i) throw py::error_already_set();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (!overflow) return static_cast<int64_t>(v);
    const double d = PyLong_AsDouble(i.ptr());
    if (d == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      fail("an integer too large for a double");
    }
    return d;
  }

  static std::string type_name(py::handle h) { return py::str(py::type::handle_of(h).attr("__name__")); }
};

}  // namespace

Json to_json(py::handle value, const std::string& what) {
  Converter c;
  c.what = what;
  return c.convert(value);
}

ParsedAction read_answer(py::handle answer, const State& state, int player, const std::string& what) {
  PyObject* o = answer.ptr();
  if (PyDict_Check(o)) {
    struct Entry {
      std::string_view key;
      Action action;
    };
    std::vector<Entry> entries;
    entries.reserve(static_cast<size_t>(PyDict_Size(o)));
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    bool plain = true;
    while (plain && PyDict_Next(o, &pos, &key, &value)) {
      Py_ssize_t key_size = 0, word_size = 0;
      const char* k = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, &key_size) : nullptr;
      const char* w = PyUnicode_Check(value) ? PyUnicode_AsUTF8AndSize(value, &word_size) : nullptr;
      Action a = Action::None;
      plain = k && w && action_from_word(std::string_view(w, static_cast<size_t>(word_size)), &a);
      if (plain) entries.push_back({std::string_view(k, static_cast<size_t>(key_size)), a});
    }
    if (plain) {
      ParsedAction parsed;
      for (const Entry& e : entries) read_action_entry(e.key, e.action, state, player, &parsed);
      return parsed;
    }
    PyErr_Clear();  // a str that is not UTF-8: to_json names it
  }
  return parse_action(to_json(answer, what), state, player);
}

py::object from_json(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return py::none();
    case Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case Json::value_t::number_integer:
      return py::int_(j.get<int64_t>());
    case Json::value_t::number_unsigned:
      return py::int_(j.get<uint64_t>());
    case Json::value_t::number_float:
      return py::float_(j.get<double>());
    case Json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list list(j.size());
      size_t i = 0;
      for (const Json& v : j) list[i++] = from_json(v);
      return list;
    }
    case Json::value_t::object: {
      py::dict dict;
      for (const auto& [k, v] : j.items()) dict[py::str(k)] = from_json(v);
      return dict;
    }
    default:
      return py::none();  // binary and discarded values: never produced by the codec
  }
}

}  // namespace halite::python
