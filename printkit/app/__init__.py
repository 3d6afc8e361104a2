"""The application layer: what a user asks printkit to do, as plain functions.

Front ends sit on it and never on each other (the command line is
printkit/cli.py): they parse their own input, call these functions with plain
values and show what comes back. The functions build, check, draw and write
through the layers below (build, kit, custom, engine) and report in text lines
through an `echo(text, err=False, nl=True)` the front end gives them.
"""
