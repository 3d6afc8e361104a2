"""JSON Schemas of the component files (built by scripts/build_schemas.py)."""
