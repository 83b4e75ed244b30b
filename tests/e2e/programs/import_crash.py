"""Crashes while importing: the module it needs does not exist."""
import a_module_that_does_not_exist_anywhere  # noqa: F401

print("never printed")
