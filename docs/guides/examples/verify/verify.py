"""Verifies a freight document's commit chain from the API alone, Python 3 standard library only
(the formula: docs/guides/verify-a-document.md).

    python3 verify.py BASE_URL TOKEN DOCUMENT_ID     e.g. python3 verify.py https://fds.example.com/api "$TOKEN" 5b1c…

Checks every commit id, content hash, record and part digest, records root, the heads, and each attachment's SHA-256
against its bytes where the API serves them to this token. Exit 0: all recompute; 1: the first mismatch (printed);
2: the API could not be read.
"""
import hashlib
import json
import math
import sys
import urllib.error
import urllib.request


def es_number(value):
    """A number as ECMAScript writes it (RFC 8785 3.2.2.3): the shortest digits that round-trip, placed as ES does."""
    value = float(value)
    if not math.isfinite(value):
        raise ValueError("not representable in JSON")
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exponent = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    # Position of the decimal point relative to the first significant digit (value = 0.digits × 10^point).
    point = len(whole) + int(exponent or 0) - (len(whole + fraction) - len((whole + fraction).lstrip("0")))
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= point <= 21:
        return sign + digits + "0" * (point - k)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    e = point - 1
    return sign + digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))


def canon(value):
    """RFC 8785 canonical JSON: keys sorted by UTF-16 code units, no whitespace, ES numbers, minimal string escapes."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return es_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(canon(item) for item in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: key.encode("utf-16-be"))
        return "{" + ",".join(json.dumps(key, ensure_ascii=False) + ":" + canon(value[key]) for key in keys) + "}"
    raise TypeError(f"not JSON: {value!r}")


def H(value):
    """SHA-256 (lowercase hex) of the canonical JSON of a value."""
    return hashlib.sha256(canon(value).encode("utf-8")).hexdigest()


class Mismatch(Exception):
    pass


def main(base, token, document_id):
    def get(path):
        request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request) as response:
            return response.read()

    def get_json(path):
        return json.loads(get(path))

    document = get_json(f"/freightdocuments/{document_id}")
    updates = document.get("updates")
    if not isinstance(updates, list):
        raise urllib.error.URLError("the document answer has no updates")
    roots, parts_of, checked = {}, {}, set()
    records = parts = files = unserved = 0
    for number, update in enumerate(updates, 1):
        commit = update["commitId"]
        at = f"commit {number} {commit} ({update['changeType']})"
        # 1. The commit id: H of the update's eight fields, previousCommits sorted, null where absent.
        if update.get("freightDocumentId") != document_id:
            raise Mismatch(f"{at}: freightDocumentId is not {document_id}")
        fields = {
            name: update.get(name)
            for name in ("freightDocumentId", "changeType", "accountId", "newFreightDocumentStatus",
                         "createDateTimeClient", "createDateTimeServer", "contentHash")
        }
        fields["previousCommits"] = sorted(update["previousCommits"])
        if H(fields) != commit:
            raise Mismatch(f"{at}: its fields hash to {H(fields)}")
        for parent in update["previousCommits"]:
            if parent not in roots:
                raise Mismatch(f"{at}: parent {parent} is not an earlier update")

        # 2. The content hash: H(content), content served exactly as hashed (null only for hash version 1).
        served = get_json(f"/freightdocuments/{document_id}/commits/{commit}")
        if served["commitId"] != commit or served["contentHash"] != update["contentHash"]:
            raise Mismatch(f"{at}: the commit endpoint names another commitId or contentHash")
        version, content = served["hashVersion"], served["content"]
        if content is None:
            if version != 1:
                raise Mismatch(f"{at}: no content served for hash version {version}")
        elif H(content) != update["contentHash"]:
            raise Mismatch(f"{at}: its content does not hash to contentHash {update['contentHash']}")
        if version not in (1, 2, 3, 4, 5):
            raise Mismatch(f"{at}: hash version {version} is unknown to this verifier")

        # 3. Every added record and part hashes to its digest; the records (not the parts) fold into the root.
        for entry in served["addedRecords"]:
            if H(entry["record"]) != entry["digest"]:
                raise Mismatch(f"{at}: the {entry['kind']} {entry['digest']} does not hash to its digest")
        digests = [entry["digest"] for entry in served["addedRecords"] if entry["kind"] != "PART"]
        records += len(digests)
        parts += len(served["addedRecords"]) - len(digests)
        root = H({"parents": sorted(roots[p] for p in update["previousCommits"]), "records": sorted(digests)})
        roots[commit] = root

        # 4. Version 5: the content names that root, and each part is served here or named alike by a parent.
        if version == 5:
            if content["records"] != root:
                raise Mismatch(f"{at}: records root is not {root}")
            for name, want in content["parts"].items():
                here = [e["digest"] for e in served["addedRecords"] if e["kind"] == "PART" and e["part"] == name]
                if here and here[0] != want:
                    raise Mismatch(f"{at}: part {name} served as {here[0]}, content names {want}")
                if not here and not any((parts_of.get(p) or {}).get(name) == want for p in update["previousCommits"]):
                    raise Mismatch(f"{at}: part {name} ({want}) is neither served nor a parent's")
            parts_of[commit] = content["parts"]

        # 5. Attachments the records and parts name: the SHA-256 of their bytes, where this token may read them.
        for file in attachments_in([entry["record"] for entry in served["addedRecords"]]):
            if file["attachmentId"] in checked:
                continue
            checked.add(file["attachmentId"])
            try:
                data = get(f"/attachment/{file['attachmentId']}/content")
            except urllib.error.HTTPError:
                unserved += 1
                continue
            if hashlib.sha256(data).hexdigest() != file["sha256"]:
                raise Mismatch(f"{at}: the bytes of attachment {file['attachmentId']} do not hash to {file['sha256']}")
            files += 1

    # 6. The heads: the document's previousCommits are exactly the updates no later update names.
    named = {parent for update in updates for parent in update["previousCommits"]}
    heads = sorted(update["commitId"] for update in updates if update["commitId"] not in named)
    if sorted(document["previousCommits"]) != heads:
        raise Mismatch(f"heads: previousCommits {document['previousCommits']} are not the updates no update names")
    print(f"OK {len(updates)} commits, {records} records, {parts} parts, {files} attachments by their bytes "
          f"({unserved} not served to this token); heads {','.join(document['previousCommits'])}")


def attachments_in(value):
    """Every attachment entry ({attachmentId, …, sha256}) inside a value."""
    if isinstance(value, dict):
        if "attachmentId" in value and "sha256" in value:
            yield value
        for item in value.values():
            yield from attachments_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from attachments_in(item)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    try:
        main(*sys.argv[1:])
    except Mismatch as mismatch:
        print(f"MISMATCH: {mismatch}", file=sys.stderr)
        sys.exit(1)
    except (urllib.error.URLError, OSError, ValueError, KeyError, TypeError) as error:
        print(f"cannot read the document: {error}", file=sys.stderr)
        sys.exit(2)
