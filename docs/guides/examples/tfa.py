#!/usr/bin/env python3
"""Two-factor approval codes (version 2; see docs/guides/two-factor-codes.md), Python 3 standard library only.

  python3 tfa.py challenge SERVICE_NUMBER S1 S3 [COMMENT_TEXT ...]
  python3 tfa.py response CHALLENGE ACCOUNT_NUMBER S2 ACTION ACCOUNT_SECRET
  python3 tfa.py vectors
"""
import base64
import binascii
import hashlib
import hmac
import re
import sys

# Verhoeff tables (dihedral group D5): multiplication, permutation, inverse.
D = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
P = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def verhoeff(digits: str) -> str:
    """The check digit to append: digits processed from the right, the first one with permutation 1."""
    c = 0
    for i, digit in enumerate(reversed(digits)):
        c = D[c][P[(i + 1) % 8][int(digit)]]
    return str(INV[c])


def pad(value: str, width: int) -> str:
    if not re.fullmatch(r"\d{1,%d}" % width, value):
        raise ValueError(f"{value!r} must be 1 to {width} digits")
    return value.zfill(width)


def mac_key(account_secret: str) -> bytes:
    """Padded base64 of exactly 64 bytes gives those bytes; any other secret (the numeric ones) its UTF-8 bytes."""
    if re.fullmatch(r"[A-Za-z0-9+/]{86}==", account_secret):
        try:
            raw = base64.b64decode(account_secret, validate=True)
            if len(raw) == 64 and base64.b64encode(raw).decode() == account_secret:
                return raw
        except binascii.Error:
            pass
    return account_secret.encode("utf-8")


def mac(message: str, account_secret: str, digits: int) -> str:
    """The last `digits` decimal digits of HMAC-SHA256 read as a big-endian integer, zero-padded."""
    digest = hmac.new(mac_key(account_secret), message.encode("utf-8"), hashlib.sha256).digest()
    return str(int.from_bytes(digest, "big") % 10**digits).zfill(digits)


def content_hash(comments: list, service_number: str) -> str:
    # Non-empty texts in UTF-16 code unit order (what JavaScript's sort does), each followed by "|".
    texts = sorted((text for text in comments if text), key=lambda text: text.encode("utf-16-be"))
    digest = int.from_bytes(hashlib.sha256(("".join(t + "|" for t in texts) + service_number).encode("utf-8")).digest(), "big")
    return (str(digest) + str(min(len(texts), 9)))[-5:]


def challenge(service_number: str, s1: str, s3: str, comments: list) -> str:
    body = content_hash(comments, service_number) + service_number + pad(s1, 4) + pad(s3, 3)
    return body + verhoeff(body)


def response(challenge_code: str, account_number: str, s2: str, action: str, account_secret: str) -> str:
    """Version 2: both MACs cover the challenge's first 24 digits, s2 and the transfer's action."""
    m = challenge_code[:24] + "|" + pad(s2, 3) + "|" + action
    body = mac("R1|" + m, account_secret, 5) + pad(account_number, 8) + pad(s2, 3) + mac("R2|" + m, account_secret, 8)
    return body + verhoeff(body)


def vectors() -> None:
    numeric = "4815162342108512749035261945803726194853017264950382716495038271"
    b64 = base64.b64encode(bytes(range(64))).decode()
    c = challenge("000000123456", "12", "345", ["Damaged pallet", "All good"])
    print("contentHash", content_hash(["Damaged pallet", "All good"], "000000123456"))
    print("challenge", c)
    print("challenge without comments", challenge("000000123456", "12", "345", []))
    print("COLLECTION numeric", response(c, "1234567", "9", "COLLECTION", numeric))
    print("COLLECTION base64", response(c, "1234567", "9", "COLLECTION", b64))
    print("DELIVERY numeric", response(c, "1234567", "9", "DELIVERY", numeric))
    print("CARRIER_TO_CARRIER numeric", response(c, "1234567", "9", "CARRIER_TO_CARRIER", numeric))
    print("verhoeff(236)", verhoeff("236"))


if __name__ == "__main__":
    command, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("vectors", [])
    if command == "challenge" and len(args) >= 3:
        print(challenge(args[0], args[1], args[2], args[3:]))
    elif command == "response" and len(args) == 5:
        print(response(*args))
    elif command == "vectors":
        vectors()
    else:
        sys.exit(__doc__)
