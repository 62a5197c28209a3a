#!/usr/bin/env bash
# Two-factor approval codes (version 2; see docs/guides/two-factor-codes.md) with bash and openssl only.
#
#   bash tfa.sh challenge SERVICE_NUMBER S1 S3 [COMMENT_TEXT ...]
#   bash tfa.sh response CHALLENGE ACCOUNT_NUMBER S2 ACTION ACCOUNT_SECRET
#   bash tfa.sh vectors
set -euo pipefail

D=(0123456789 1234067895 2340178956 3401289567 4012395678 5987604321 6598710432 7659821043 8765932104 9876543210)
P=(0123456789 1576283094 5803796142 8916043527 9453126870 4286573901 2793806415 7046913258)
INV=(0 4 3 2 1 5 6 7 8 9)

# The check digit to append: digits processed from the right, the first one with permutation 1.
verhoeff() {
  local digits=$1 c=0 i digit p
  for ((i = 0; i < ${#digits}; i++)); do
    digit=${digits:${#digits}-1-i:1}
    p=${P[(i + 1) % 8]:digit:1}
    c=${D[c]:p:1}
  done
  echo "${INV[c]}"
}

# A hex number (a digest) modulo 10^k, zero-padded to k digits: bash integers are 64-bit, so digit by digit.
hex_mod() {
  local hex=$1 k=$2 m=$((10 ** $2)) r=0 i
  for ((i = 0; i < ${#hex}; i++)); do r=$(((r * 16 + 16#${hex:i:1}) % m)); done
  printf "%0${k}d" "$r"
}

pad() { # value width
  [[ $1 =~ ^[0-9]+$ && ${#1} -le $2 ]] || { echo "$1 must be 1 to $2 digits" >&2; exit 2; }
  printf "%0$2d" "$((10#$1))"
}

# The MAC key in hex: padded base64 of exactly 64 bytes gives those bytes, any other secret its UTF-8 bytes.
mac_key_hex() {
  if [[ $1 =~ ^[A-Za-z0-9+/]{86}==$ ]] && [[ $(printf '%s' "$1" | base64 -d 2>/dev/null | base64 -w0) == "$1" ]]; then
    printf '%s' "$1" | base64 -d | od -An -v -tx1 | tr -d ' \n'
  else
    printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n'
  fi
}

mac() { # message secret digits
  local hex
  hex=$(printf '%s' "$1" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$(mac_key_hex "$2")" | awk '{print $NF}')
  hex_mod "$hex" "$3"
}

# Non-empty texts sorted bytewise (the same order as the server's for texts without characters above U+FFFF),
# each followed by "|", then the service number; SHA-256; its last 4 decimal digits and min(count, 9).
content_hash() { # service_number [comment ...]
  local service_number=$1 joined='' count=0 text hex
  shift
  while IFS= read -r -d '' text; do
    joined+="$text|"
    count=$((count + 1))
  done < <(for text in "$@"; do [[ -n $text ]] && printf '%s\0' "$text"; done | LC_ALL=C sort -z)
  hex=$(printf '%s' "$joined$service_number" | openssl dgst -sha256 | awk '{print $NF}')
  echo "$(hex_mod "$hex" 4)$((count > 9 ? 9 : count))"
}

challenge() { # service_number s1 s3 [comment ...]
  local body
  body="$(content_hash "$1" "${@:4}")$1$(pad "$2" 4)$(pad "$3" 3)"
  echo "$body$(verhoeff "$body")"
}

# Version 2: both MACs cover the challenge's first 24 digits, s2 and the transfer's action.
response() { # challenge account_number s2 action secret
  local s2 m body
  s2=$(pad "$3" 3)
  m="${1:0:24}|$s2|$4"
  body="$(mac "R1|$m" "$5" 5)$(pad "$2" 8)$s2$(mac "R2|$m" "$5" 8)"
  echo "$body$(verhoeff "$body")"
}

vectors() {
  local numeric=4815162342108512749035261945803726194853017264950382716495038271 b64 c
  b64=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw== # bytes 0x00…0x3F
  c=$(challenge 000000123456 12 345 'Damaged pallet' 'All good')
  echo "contentHash $(content_hash 000000123456 'Damaged pallet' 'All good')"
  echo "challenge $c"
  echo "challenge without comments $(challenge 000000123456 12 345)"
  echo "COLLECTION numeric $(response "$c" 1234567 9 COLLECTION "$numeric")"
  echo "COLLECTION base64 $(response "$c" 1234567 9 COLLECTION "$b64")"
  echo "DELIVERY numeric $(response "$c" 1234567 9 DELIVERY "$numeric")"
  echo "CARRIER_TO_CARRIER numeric $(response "$c" 1234567 9 CARRIER_TO_CARRIER "$numeric")"
  echo "verhoeff(236) $(verhoeff 236)"
}

command=${1:-vectors}
case "$command" in
  challenge) [[ $# -ge 4 ]] && challenge "${@:2}" ;;
  response) [[ $# -eq 6 ]] && response "${@:2}" ;;
  vectors) vectors ;;
  *) false ;;
esac || { sed -n '4,6p' "$0" >&2; exit 2; }
