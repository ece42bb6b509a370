# SPDX-License-Identifier: MIT
# examples/python: the script writes its figure, and the notebook executes from top to bottom (nbclient, the python3
# kernel of Debian's ipykernel), so neither can rot.
import subprocess
import sys

import nbformat
from nbclient import NotebookClient

from conftest import SOURCE

EXAMPLES = SOURCE / "examples" / "python"


def test_the_script_plots_five_loops(tmp_path):
    out = tmp_path / "loops.png"
    done = subprocess.run([sys.executable, str(EXAMPLES / "compare_laws.py"), str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 10_000
    for law in ("hertz", "hunt_crossley", "lankarani_nikravesh", "flores", "gonthier"):
        assert law in done.stdout


def test_the_notebook_executes(tmp_path):
    notebook = nbformat.read(EXAMPLES / "compare_laws.ipynb", as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)  # the loops were drawn
