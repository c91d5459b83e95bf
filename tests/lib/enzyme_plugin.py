"""The Enzyme plugin the tests use: tools/enzyme-plugin decides (ENZYME_PLUGIN, the cache
of tools/build-enzyme, then ../shared/enzyme beside the repository)."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_plugin():
    """(path, None) or (None, why)."""
    p = subprocess.run([os.path.join(ROOT, "tools", "enzyme-plugin")], capture_output=True, text=True)
    if p.returncode == 0:
        return p.stdout.strip(), None
    return None, p.stderr.strip()
