"""README's commands and .ci/run stay in step."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    command = [line for line in ci if line.startswith("python3 -m venv")]
    assert len(command) == 1
    assert command[0] in (ROOT / "README.md").read_text()
