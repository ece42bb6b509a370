// SPDX-License-Identifier: MIT
// The HDF5 writer module (contactlab_hdf5.so), loaded by apps/hdf5_module.cc only when a run writes results.h5.
// libhdf5's C API. Rows are gathered a chunk at a time (about 64 kB of doubles) and appended to extendible, chunked
// datasets, uncompressed: compression would cost more time than the file's size saves on a local disk.
#include "apps/hdf5_writer.h"

#include <hdf5.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "apps/impact_columns.h"
#include "apps/output_files.h"

namespace contactlab {
namespace {

// Throws when an HDF5 call failed (a negative return).
template <typename T>
T checked(T result, const char* what) {
  if (result < 0) throw std::runtime_error(std::string("HDF5: cannot ") + what);
  return result;
}

// An HDF5 identifier, closed with `close` when it goes.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t), const char* what) : id_(checked(id, what)), close_(close) {}
  ~Handle() { close_(id_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  operator hid_t() const { return id_; }
  // Hands the identifier over: it is no longer closed here.
  hid_t release() {
    close_ = [](hid_t) -> herr_t { return 0; };
    return id_;
  }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

// Variable-length UTF-8 strings (h5py reads them as str, MATLAB as strings), or a negative id on failure.
hid_t utf8_string_type() {
  const hid_t type = H5Tcopy(H5T_C_S1);
  if (type >= 0 && (H5Tset_size(type, H5T_VARIABLE) < 0 || H5Tset_cset(type, H5T_CSET_UTF8) < 0)) {
    H5Tclose(type);
    return -1;
  }
  return type;
}

void string_attribute(hid_t object, const char* name, const std::string& value) {
  const Handle type(utf8_string_type(), H5Tclose, "make a string type");
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, "make a dataspace");
  const Handle attribute(H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, "create an attribute");
  const char* text = value.c_str();
  checked(H5Awrite(attribute, type, &text), "write an attribute");
}

void strings_attribute(hid_t object, const char* name, const std::vector<std::string>& values) {
  const Handle type(utf8_string_type(), H5Tclose, "make a string type");
  const hsize_t count = values.size();
  const Handle space(H5Screate_simple(1, &count, nullptr), H5Sclose, "make a dataspace");
  const Handle attribute(H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, "create an attribute");
  if (values.empty()) return;  // an empty list (a run without impacts): nothing to write, and HDF5 refuses to
  std::vector<const char*> texts;
  for (const std::string& value : values) texts.push_back(value.c_str());
  checked(H5Awrite(attribute, type, texts.data()), "write an attribute");
}

template <typename T>
void number_attribute(hid_t object, const char* name, hid_t file_type, hid_t memory_type, T value) {
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, "make a dataspace");
  const Handle attribute(H5Acreate2(object, name, file_type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                         "create an attribute");
  checked(H5Awrite(attribute, memory_type, &value), "write an attribute");
}

// A member of summary.json as an attribute: numbers and strings as such (null, a non-finite number, as NaN), a
// boolean as 0/1, objects and arrays as JSON text.
void summary_attribute(hid_t object, const std::string& name, const nlohmann::ordered_json& value) {
  if (value.is_string()) {
    string_attribute(object, name.c_str(), value.get<std::string>());
  } else if (value.is_number_integer() || value.is_boolean()) {
    number_attribute(object, name.c_str(), H5T_STD_I64LE, H5T_NATIVE_INT64,
                     static_cast<std::int64_t>(value.is_boolean() ? value.get<bool>() : value.get<std::int64_t>()));
  } else if (value.is_number() || value.is_null()) {
    number_attribute(object, name.c_str(), H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE,
                     value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>());
  } else {
    string_attribute(object, name.c_str(), value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  }
}

// A rows × columns float64 dataset that grows a chunk of rows at a time.
class RowTable {
 public:
  RowTable(hid_t file, const char* name, const std::vector<std::string>& columns, const std::vector<std::string>& units)
      : columns_(columns.size()),
        chunk_rows_(std::max<hsize_t>(1, 8192 / std::max<hsize_t>(1, columns_))),
        dataset_(create(file, name), H5Dclose, "create a dataset") {
    strings_attribute(dataset_, "columns", columns);
    strings_attribute(dataset_, "units", units);
    buffer_.reserve(chunk_rows_ * columns_);
  }

  hid_t dataset() const { return dataset_; }

  // A row of columns() values, begun by begin_row().
  double* begin_row() {
    buffer_.resize(buffer_.size() + columns_);
    return buffer_.data() + buffer_.size() - columns_;
  }
  void end_row() {
    if (buffer_.size() >= chunk_rows_ * columns_) flush();
  }

  void flush() {
    const hsize_t added = buffer_.size() / columns_;
    if (added == 0) return;
    const hsize_t extent[2] = {rows_ + added, columns_};
    checked(H5Dset_extent(dataset_, extent), "extend a dataset");
    const Handle file_space(H5Dget_space(dataset_), H5Sclose, "get a dataspace");
    const hsize_t start[2] = {rows_, 0};
    const hsize_t count[2] = {added, columns_};
    checked(H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, count, nullptr), "select rows");
    const Handle memory_space(H5Screate_simple(2, count, nullptr), H5Sclose, "make a dataspace");
    checked(H5Dwrite(dataset_, H5T_NATIVE_DOUBLE, memory_space, file_space, H5P_DEFAULT, buffer_.data()), "write rows");
    rows_ += added;
    buffer_.clear();
  }

 private:
  hid_t create(hid_t file, const char* name) const {
    const hsize_t dimensions[2] = {0, columns_};
    const hsize_t maximum[2] = {H5S_UNLIMITED, columns_};
    const hsize_t chunk[2] = {chunk_rows_, std::max<hsize_t>(1, columns_)};
    const Handle space(H5Screate_simple(2, dimensions, maximum), H5Sclose, "make a dataspace");
    const Handle properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "make dataset properties");
    checked(H5Pset_chunk(properties, 2, chunk), "set a chunk size");
    return H5Dcreate2(file, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, properties, H5P_DEFAULT);
  }

  hsize_t columns_;
  hsize_t chunk_rows_;
  Handle dataset_;
  hsize_t rows_ = 0;
  std::vector<double> buffer_;  // rows not yet written, at most a chunk's
};

std::vector<std::string> with_keys(std::vector<std::string> keys, const std::vector<std::string>& rest) {
  keys.insert(keys.end(), rest.begin(), rest.end());
  return keys;
}

hid_t create_file(const std::filesystem::path& path) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // errors are thrown, not printed
  return H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
}

class Hdf5Writer final : public RunWriter {
 public:
  Hdf5Writer(const std::filesystem::path& directory, const RunLayout& layout)
      : directory_(directory),
        temporary_(directory / ("results.h5.tmp-" + std::to_string(::getpid()))),
        file_(std::in_place, create_file(temporary_), H5Fclose, "create results.h5") {
    timeseries_.emplace(*file_, "timeseries", layout.series.names, layout.series.units);
    contacts_.emplace(*file_, "contacts", with_keys({"time", "pair", "point"}, layout.contacts.names),
                      with_keys({"s", "", ""}, layout.contacts.units));
  }

  ~Hdf5Writer() override {
    contacts_.reset();  // the datasets before the file
    timeseries_.reset();
    file_.reset();
    if (!committed_) {
      std::error_code ignored;
      std::filesystem::remove(temporary_, ignored);
    }
  }

  void add_pair(const std::string& name) override { pairs_.push_back(name); }

  void series_row(std::span<const double> values) override {
    std::copy(values.begin(), values.end(), timeseries_->begin_row());
    timeseries_->end_row();
  }

  void contact_row(double time, int pair, int point, std::span<const double> values) override {
    double* row = contacts_->begin_row();
    row[0] = time;
    row[1] = pair;
    row[2] = point;
    std::copy(values.begin(), values.end(), row + 3);
    contacts_->end_row();
  }

  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) override {
    timeseries_->flush();
    contacts_->flush();
    strings_attribute(contacts_->dataset(), "pairs", pairs_);
    write_impacts(impacts);
    for (const auto& [name, value] : summary.items()) summary_attribute(*file_, name, value);
    // Everything closed before the rename, so that the file is complete when it appears under its name.
    contacts_.reset();
    timeseries_.reset();
    checked(H5Fclose(file_->release()), "write results.h5");
    file_.reset();
    std::filesystem::rename(temporary_, directory_ / "results.h5");
    committed_ = true;
    write_file_atomically(directory_ / "summary.json", json_text(summary));
  }

 private:
  // impacts.csv's columns: pair (an index into the dataset's `pairs`), point, the recorded measures, open after t_end.
  void write_impacts(const std::vector<ImpactRecord>& impacts) {
    std::vector<std::string> columns = {"pair", "point"};
    std::vector<std::string> units = {"", ""};
    for (int k = 0; k < kRecordedImpactColumns; ++k) {
      columns.emplace_back(kImpactColumns[k].name);
      units.emplace_back(kImpactColumns[k].unit);
      if (kImpactColumns[k].name == "t_end") {
        columns.emplace_back("open");
        units.emplace_back("");
      }
    }
    RowTable table(*file_, "impacts", columns, units);
    std::vector<std::string> pairs;
    for (const ImpactRecord& r : impacts) {
      auto at = std::find(pairs.begin(), pairs.end(), r.pair);
      if (at == pairs.end()) at = pairs.insert(pairs.end(), r.pair);
      double* row = table.begin_row();
      *row++ = static_cast<double>(at - pairs.begin());
      *row++ = r.point;
      for (int k = 0; k < kRecordedImpactColumns; ++k) {
        *row++ = kImpactColumns[k].value(r);
        if (kImpactColumns[k].name == "t_end") *row++ = r.open ? 1.0 : 0.0;
      }
      table.end_row();
    }
    table.flush();
    strings_attribute(table.dataset(), "pairs", pairs);
  }

  std::filesystem::path directory_;
  std::filesystem::path temporary_;
  std::optional<Handle> file_;
  std::optional<RowTable> timeseries_;
  std::optional<RowTable> contacts_;
  std::vector<std::string> pairs_;  // per pair index
  bool committed_ = false;
};

}  // namespace

}  // namespace contactlab

extern "C" contactlab::RunWriter* contactlab_make_hdf5_writer(const std::filesystem::path& directory,
                                                              const contactlab::RunLayout& layout) {
  return new contactlab::Hdf5Writer(directory, layout);
}
