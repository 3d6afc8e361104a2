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


def did_you_mean(name: str, choices, what: str = "names") -> str:
    """The end of a message about an unknown name: the closest known names
    ("did you mean 'Title'?") and the known ones (at most 12 of them), so a typo
    is fixed without opening another file."""
    import difflib

    known = sorted({str(c) for c in choices})
    if not known:
        return f"(no {what})"
    close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
    if not close:  # case or spacing slips difflib scores low: 'title' for 'Title'
        folded = {k.casefold().replace(" ", "").replace("_", ""): k for k in known}
        hit = folded.get(name.casefold().replace(" ", "").replace("_", ""))
        close = [hit] if hit else []
    shown = ", ".join(known[:12]) + (f" and {len(known) - 12} more" if len(known) > 12 else "")
    guess = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
    return f"({guess}{what}: {shown})"
