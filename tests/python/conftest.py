# SPDX-License-Identifier: MIT
# What the module's tests share: where the scenes and the runner are (set by tests/python/CMakeLists.txt), and the
# runner's output read as the module reads it.
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest

SOURCE = Path(os.environ.get("CONTACTLAB_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SCENES = SOURCE / "scenes"
BINARY = os.environ.get("CONTACTLAB_BINARY", str(SOURCE / "build" / "apps" / "contactlab"))


def contactlab_cli(*arguments: str) -> subprocess.CompletedProcess:
    """Runs the contactlab executable; stdout and stderr as text."""
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True)


def read_csv(path) -> pd.DataFrame:
    # round_trip: the files hold the shortest text of each double; pandas' default parser is not exact.
    return pd.read_csv(path, float_precision="round_trip")


@pytest.fixture
def scenes() -> Path:
    return SCENES
