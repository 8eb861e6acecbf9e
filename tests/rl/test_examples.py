"""Each example training script runs a few hundred steps when its trainer is installed (never a full run here)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [("gymnasium_reinforce.py", "gymnasium"), ("pettingzoo_selfplay.py", "pettingzoo"),
            ("openspiel_qlearning.py", "pyspiel")]


@pytest.mark.parametrize(("script", "trainer"), EXAMPLES)
def test_example_runs_a_few_hundred_steps(script, trainer):
    if importlib.util.find_spec(trainer) is None:
        pytest.skip(f"{trainer} is not installed")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "examples")])}
    done = subprocess.run([sys.executable, str(ROOT / "examples" / script), "--steps", "300"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "stopped after 300" in done.stdout
