"""Errors that the CLI turns into one-line messages and exit codes."""


class PrintkitError(Exception):
    """Base class: message is one line for the user."""

    exit_code = 2


class UsageError(PrintkitError):
    """Bad option, file or input: exit 2."""

    exit_code = 2


class RulesError(PrintkitError):
    """A component broke the rules: exit 1. Carries the violations."""

    exit_code = 1

    def __init__(self, violations):
        self.violations = list(violations)
        super().__init__(f"{len(self.violations)} rule violation(s)")
