#!/usr/bin/env python3
"""Checks the Kubernetes manifests of scripts/k8s (they are not run in CI).

Every *.yaml file must parse (PyYAML, every document) and every document
must have apiVersion, kind and metadata.name. An Indexed Job must be a
batch/v1 Job with integer completions >= 1 and 1 <= parallelism <=
completions, and its containers' arguments must shard with --shard k8s/N
where N equals completions, write --records to a file named after
$(JOB_COMPLETION_INDEX), and declare that variable in env. A Job that runs
solve merge must read records-*.jsonl.

Usage: scripts/k8s/check.py [FILE.yaml...]   (default: every scripts/k8s/*.yaml)
Exits 1 listing every problem found, 0 printing what it checked.
"""
import glob
import os
import re
import sys

try:
    import yaml
except ImportError:
    sys.exit("check.py: PyYAML is not installed (Debian: apt-get install python3-yaml)")


def flag(args, name):
    """The value of --name=V or --name V in args, else None."""
    for i, a in enumerate(args):
        if a.startswith(name + "="):
            return a[len(name) + 1:]
        if a == name and i + 1 < len(args):
            return args[i + 1]
    return None


def check_job(where, doc, problems):
    spec = doc.get("spec") or {}
    pod = ((spec.get("template") or {}).get("spec")) or {}
    containers = pod.get("containers") or []
    if not containers:
        problems.append(f"{where}: spec.template.spec.containers is empty")
    if pod.get("restartPolicy") not in ("Never", "OnFailure"):
        problems.append(f"{where}: a Job's restartPolicy must be Never or OnFailure, not {pod.get('restartPolicy')!r}")
    words = []
    for c in containers:
        words += [str(w) for w in (c.get("command") or []) + (c.get("args") or [])]
    text = " ".join(words)
    if spec.get("completionMode") == "Indexed":
        n = spec.get("completions")
        par = spec.get("parallelism", 1)
        if not isinstance(n, int) or n < 1:
            problems.append(f"{where}: an Indexed Job needs integer completions >= 1, not {n!r}")
            return
        if not isinstance(par, int) or not 1 <= par <= n:
            problems.append(f"{where}: parallelism {par!r} must be an integer in [1, completions={n}]")
        for c in containers:
            args = [str(w) for w in (c.get("command") or []) + (c.get("args") or [])]
            shard = flag(args, "--shard")
            if shard != f"k8s/{n}":
                problems.append(f"{where}: container {c.get('name')!r} has --shard {shard!r}, want k8s/{n} (completions)")
            records = flag(args, "--records") or ""
            if "$(JOB_COMPLETION_INDEX)" not in records:
                problems.append(f"{where}: container {c.get('name')!r} has --records {records!r}, which does not name $(JOB_COMPLETION_INDEX)")
            env = [e.get("name") for e in c.get("env") or []]
            if "JOB_COMPLETION_INDEX" not in env:
                problems.append(f"{where}: container {c.get('name')!r} does not declare JOB_COMPLETION_INDEX in env, so $(JOB_COMPLETION_INDEX) may not expand")
    elif re.search(r"\bsolve merge\b", text):
        if "records-*.jsonl" not in text:
            problems.append(f"{where}: the merge does not read records-*.jsonl")


def main(paths):
    if not paths:
        paths = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "*.yaml")))
    if not paths:
        sys.exit("check.py: no manifests to check")
    problems, checked = [], []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                docs = [d for d in yaml.safe_load_all(f) if d is not None]
        except (OSError, yaml.YAMLError) as e:
            problems.append(f"{path}: {e}")
            continue
        if not docs:
            problems.append(f"{path}: no YAML document")
        for i, doc in enumerate(docs):
            where = f"{path} document {i + 1}"
            if not isinstance(doc, dict):
                problems.append(f"{where}: not a mapping")
                continue
            missing = [k for k in ("apiVersion", "kind") if not doc.get(k)]
            if not (doc.get("metadata") or {}).get("name"):
                missing.append("metadata.name")
            if missing:
                problems.append(f"{where}: missing {', '.join(missing)}")
                continue
            if doc["kind"] == "Job":
                if doc["apiVersion"] != "batch/v1":
                    problems.append(f"{where}: a Job's apiVersion is batch/v1, not {doc['apiVersion']!r}")
                check_job(where, doc, problems)
            checked.append(f"{os.path.basename(path)}:{doc['kind']}/{doc['metadata']['name']}")
    if problems:
        print("\n".join("check.py: " + p for p in problems), file=sys.stderr)
        return 1
    print("check.py: ok: " + " ".join(checked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
