#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12), with Debian's python3-jsonschema.

usage: validate-json.py SCHEMA FILE...
Prints each error as FILE: PATH: MESSAGE and exits 1 when there is one; prints "N valid" otherwise.
"""
import json
import sys

import jsonschema


def main():
    schema_path, files = sys.argv[1], sys.argv[2:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in files:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for error in validator.iter_errors(document):
            failed += 1
            location = "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: /{location}: {error.message[:300]}")
    if failed:
        sys.exit(1)
    print(f"{len(files)} valid")


if __name__ == "__main__":
    main()
