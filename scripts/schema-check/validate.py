"""python3 validate.py SCHEMA_DIR DATA_DIR CORRUPTIONS: the same checks as
validate.cjs with Python's jsonschema (draft 2020-12, formats checked), a second
validator of another language (docs/formats.md#schema-and-types). Each shipped
file must pass; each corruption must be refused with an error at its path."""
import copy
import json
import sys
from pathlib import Path

from importlib.metadata import version
from jsonschema import Draft202012Validator

schema_dir, data_dir, corruptions = (Path(a) for a in sys.argv[1:4])
FILES = ["endgame", "daily", "game-endgame", "game-daily", "levels"]
failed = False


def fail(msg):
    global failed
    failed = True
    print(f"schema-check (python): FAIL {msg}", file=sys.stderr)


def pointer(path):
    return "".join("/" + str(k).replace("~", "~0").replace("/", "~1") for k in path)


validators, shipped = {}, {}
for name in FILES:
    schema = json.loads((schema_dir / f"{name}.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    v = validators[f"{name}.json"] = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    doc = shipped[f"{name}.json"] = json.loads((data_dir / f"{name}.json").read_text())
    errors = list(v.iter_errors(doc))
    for e in errors[:20]:
        fail(f"{data_dir / (name + '.json')}{pointer(e.absolute_path)}: {e.message}")
    if not errors:
        print(f"schema-check (python): {data_dir / (name + '.json')} is valid")


def errors_at(errors, at):
    """The errors at `at`, looking inside anyOf/if-then branches too."""
    out = []
    for e in errors:
        if pointer(e.absolute_path) == at:
            out.append(e)
        out.extend(errors_at(e.context or [], at))
    return out


table = json.loads(corruptions.read_text())
refused = 0
for c in table:
    doc = copy.deepcopy(shipped[c["file"]])
    keys = [k.replace("~1", "/").replace("~0", "~") for k in c["path"].split("/")[1:]]
    parent = doc
    for k in keys[:-1]:
        parent = parent[int(k) if isinstance(parent, list) else k]
    last = int(keys[-1]) if isinstance(parent, list) else keys[-1]
    if c.get("remove"):
        del parent[last]
    else:
        parent[last] = c["value"]
    at = c.get("at", c["path"])
    errors = list(validators[c["file"]].iter_errors(doc))
    if not errors:
        fail(f"{c['file']}{c['path']} ({c['what']}): accepted")
        continue
    here = errors_at(errors, at)
    if not here:
        fail(f"{c['file']}{c['path']} ({c['what']}): refused, but not at {at}: {[pointer(e.absolute_path) for e in errors]}")
        continue
    refused += 1
    print(f"schema-check (python): refused {c['file']}{at or '/'} ({c['what']}): {here[0].message[:120]}")
print(f"schema-check (python): {refused} of {len(table)} corruptions refused by jsonschema {version('jsonschema')}, each at its path")
sys.exit(1 if failed else 0)
