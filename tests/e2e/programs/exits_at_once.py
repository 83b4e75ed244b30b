"""Exits before anything can be set up: the session must still end with its exit code."""
import sys

sys.exit(3)
