#!/usr/bin/env bash
# Installs what contactlab needs from Debian 12 packages, and nothing when all is present (idempotent).
set -euo pipefail

# libfcl-dev: the tests only, which cross-check the narrowphase's closed forms against FCL (contactlab does not link it).
# python3-scipy: the independent reference of the Newton's cradle test (tests/validation/newtons_cradle_reference.py).
# libhdf5-dev: results.h5 (output.format: hdf5; the serial library, /usr/include/hdf5/serial); python3-h5py reads it
# back in its test. nettle-dev: the SHA-256 of scene files (apps/provenance.cc). libfmt-dev: the shortest digits of
# the numbers written (apps/output_files.cc).
# pybind11 and the python3-* after it: the Python module (python/, docs/python.md) and its tests (tests/python: pytest,
# Dask's LocalCluster, the example notebook executed with nbclient and ipykernel).
packages=(
  g++ make cmake git
  libeigen3-dev libfcl-dev libyaml-cpp-dev libspdlog-dev libcli11-dev libsundials-dev libfmt-dev libhdf5-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev nettle-dev
  python3 python3-numpy python3-matplotlib python3-scipy python3-h5py
  pybind11-dev python3-pybind11 python3-dev python3-pandas python3-distributed python3-pytest python3-nbclient
  python3-nbformat python3-ipykernel
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
