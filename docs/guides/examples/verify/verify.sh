#!/usr/bin/env bash
# Verifies a freight document's commit chain from the API alone, with curl, jq and sha256sum
# (the formula: docs/guides/verify-a-document.md).
#
#   bash verify.sh BASE_URL TOKEN DOCUMENT_ID     e.g. bash verify.sh https://fds.example.com/api "$TOKEN" 5b1c…
#
# Checks every commit id, content hash, record and part digest, records root, the heads, and each attachment's
# SHA-256 against its bytes where the API serves them to this token. Exit 0: all recompute; 1: the first mismatch
# (printed); 2: the API could not be read.
# jq's canonical form is RFC 8785's for this service's data (strings, integers, amounts with two decimals); jq 1.6
# may write numbers of 1e16 or more, or below 0.0001, in another form: use the Python or TypeScript verifier for those.
set -euo pipefail
B=${1:?base URL, e.g. https://fds.example.com/api}
TOKEN=${2:?access token}
ID=${3:?document id}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

mismatch() {
  echo "MISMATCH: $*" >&2
  exit 1
}

# GET a path of the API into a file; anything but 200 ends the run (exit 2).
fetch() {
  local status
  status=$(curl -sS -o "$2" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$B$1") || {
    echo "cannot read $1" >&2
    exit 2
  }
  [[ $status == 200 ]] || {
    echo "cannot read $1: HTTP $status $(head -c 300 "$2")" >&2
    exit 2
  }
}

# One jq program reads each answer once. `canon` writes a value as RFC 8785 canonical JSON: keys sorted (jq sorts by
# code point, the same order as RFC 8785's UTF-16 order for keys without characters beyond U+FFFF), no whitespace.
CANON='def sorted: if type == "object" then to_entries | sort_by(.key) | map(.value |= sorted) | from_entries
                   elif type == "array" then map(sorted) else . end;
       def canon: sorted | tojson;'
# H(text): SHA-256 (lowercase hex) of the UTF-8 bytes. jq escapes DEL (U+007F) as \u007f where RFC 8785 writes the
# character itself: put it back (only where that backslash is not itself escaped).
H() {
  local sum
  sum=$(printf '%s' "$1" | sed -E ':a;s/((^|[^\\])(\\\\)*)\\u007f/\1\x7f/;ta' | sha256sum)
  echo "${sum%% *}"
}
# The arguments as a sorted JSON array of strings (hex digests: byte order is code point order).
sorted_list() { if (($#)); then printf '"%s"\n' "$@" | LC_ALL=C sort | paste -sd, -; fi; }

fetch "/freightdocuments/$ID" "$WORK/document.json"
jq -e '.updates | type == "array"' "$WORK/document.json" >/dev/null || {
  echo "the document answer has no updates" >&2
  exit 2
}
declare -A ROOT PARTS CHECKED
records=0 parts=0 files=0 unserved=0 n=0
# Per update, one line: commitId, contentHash, changeType, freightDocumentId, parents (space-separated or -), and the
# canonical JSON of its eight hashed fields (previousCommits sorted, null where absent).
jq -r "$CANON"' .updates[] | [.commitId, .contentHash, .changeType, .freightDocumentId, (.previousCommits | join(" ") | if . == "" then "-" else . end),
      ({freightDocumentId, changeType, accountId, newFreightDocumentStatus, previousCommits: (.previousCommits | sort),
        createDateTimeClient, createDateTimeServer, contentHash} | canon)] | join("\t")' "$WORK/document.json" >"$WORK/updates.tsv"
while IFS=$'\t' read -r -u 3 commit hash change document parent_list fields; do
  n=$((n + 1))
  at="commit $n $commit ($change)"
  [[ $parent_list == - ]] && parent_list=

  # 1. The commit id: H of the update's eight fields.
  [[ $document == "$ID" ]] || mismatch "$at: freightDocumentId is not $ID"
  id=$(H "$fields")
  [[ $id == "$commit" ]] || mismatch "$at: its fields hash to $id"
  parent_roots=()
  for parent in $parent_list; do
    [[ -n ${ROOT[$parent]:-} ]] || mismatch "$at: parent $parent is not an earlier update"
    parent_roots+=("${ROOT[$parent]}")
  done

  # 2. Read the commit once: a line per fact (tab-separated), canonical JSON where something is hashed.
  fetch "/freightdocuments/$ID/commits/$commit" "$WORK/commit.json"
  jq -r --arg id "$commit" --arg hash "$hash" "$CANON"'
    "same\t\(.commitId == $id and .contentHash == $hash)",
    "version\t\(.hashVersion)",
    (if .content == null then "nocontent\t-" else "content\t\(.content | canon)", "root\t\(.content.records // "-")",
      (.content.parts // {} | to_entries[] | "part\t\(.key)\t\(.value)") end),
    (.addedRecords[] | "added\t\(.kind)\t\(.part // "-")\t\(.digest)\t\(.record | canon)"),
    ([.addedRecords[].record | .. | objects | select(has("attachmentId") and has("sha256")) | "file\t\(.attachmentId)\t\(.sha256)"] | unique | .[])
  ' "$WORK/commit.json" >"$WORK/commit.tsv"
  version= content= root_named= digests=() served_parts=() named_parts=() attachments=()
  while IFS=$'\t' read -r -u 4 tag a b c d; do
    case $tag in
    same) [[ $a == true ]] || mismatch "$at: the commit endpoint names another commitId or contentHash" ;;
    version) version=$a ;;
    nocontent) content= ;;
    content) content=1 && { [[ $(H "$a") == "$hash" ]] || mismatch "$at: its content does not hash to contentHash $hash"; } ;;
    root) root_named=$a ;;
    part) named_parts+=("$a=$b") ;;
    added)
      # 3. Every added record and part hashes to its digest.
      [[ $(H "$d") == "$c" ]] || mismatch "$at: the $a $c does not hash to its digest"
      if [[ $a == PART ]]; then
        served_parts+=("$b=$c")
        parts=$((parts + 1))
      else
        digests+=("$c")
        records=$((records + 1))
      fi
      ;;
    file) attachments+=("$a=$b") ;;
    esac
  done 4<"$WORK/commit.tsv"
  [[ -n $content || $version == 1 ]] || mismatch "$at: no content served for hash version $version"
  [[ $version =~ ^[1-5]$ ]] || mismatch "$at: hash version $version is unknown to this verifier"

  # The records (not the parts) fold into the root, with the parents' roots.
  root=$(H "{\"parents\":[$(sorted_list "${parent_roots[@]}")],\"records\":[$(sorted_list "${digests[@]}")]}")
  ROOT[$commit]=$root
  PARTS[$commit]=

  # 4. Version 5: the content names that root, and each part is served here or named alike by a parent.
  if [[ $version == 5 ]]; then
    [[ $root_named == "$root" ]] || mismatch "$at: records root is not $root"
    for named in "${named_parts[@]}"; do
      served=
      for entry in "${served_parts[@]}"; do [[ ${entry%%=*} == "${named%%=*}" ]] && served=$entry; done
      if [[ -n $served ]]; then
        [[ $served == "$named" ]] || mismatch "$at: part ${named%%=*} served as ${served#*=}, content names ${named#*=}"
      else
        found=
        for parent in $parent_list; do [[ " ${PARTS[$parent]} " == *" $named "* ]] && found=1; done
        [[ -n $found ]] || mismatch "$at: part ${named%%=*} (${named#*=}) is neither served nor a parent's"
      fi
    done
    PARTS[$commit]="${named_parts[*]}"
  fi

  # 5. Attachments the records and parts name: the SHA-256 of their bytes, where this token may read them.
  for entry in "${attachments[@]}"; do
    file=${entry%%=*}
    [[ -z ${CHECKED[$file]:-} ]] || continue
    CHECKED[$file]=1
    status=$(curl -sS -L -o "$WORK/bytes" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$B/attachment/$file/content") || status=0
    if [[ $status == 200 ]]; then
      sum=$(sha256sum <"$WORK/bytes")
      [[ ${sum%% *} == "${entry#*=}" ]] || mismatch "$at: the bytes of attachment $file do not hash to ${entry#*=}"
      files=$((files + 1))
    else unserved=$((unserved + 1)); fi
  done
done 3<"$WORK/updates.tsv"

# 6. The heads: the document's previousCommits are exactly the updates no later update names.
jq -e '([.updates[].commitId] - [.updates[].previousCommits[]] | sort) == (.previousCommits | sort)' "$WORK/document.json" >/dev/null ||
  mismatch "heads: previousCommits $(jq -c .previousCommits "$WORK/document.json") are not the updates no update names"
echo "OK $n commits, $records records, $parts parts, $files attachments by their bytes ($unserved not served to this token); heads $(jq -r '.previousCommits | join(",")' "$WORK/document.json")"
