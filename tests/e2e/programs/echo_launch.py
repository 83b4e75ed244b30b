"""Prints what it was launched with: arguments, working directory, one variable."""

import os
import sys

print("argv=" + repr(sys.argv[1:]))
print("cwd=" + os.getcwd())
print("ECHO_MODE=" + os.environ.get("ECHO_MODE", "<unset>"))  # mark: echo_end
