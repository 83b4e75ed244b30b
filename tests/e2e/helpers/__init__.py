"""Helpers shared by end-to-end tests that are not tests themselves (tests import these,
never each other's test files)."""
