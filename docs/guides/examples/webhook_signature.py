"""Standard Webhooks signatures of the Freight Document Service's deliveries, with Python's standard library only.

    python3 webhook_signature.py vector
        prints the signature of the webhooks guide's test vector
    python3 webhook_signature.py verify SECRET WEBHOOK_ID WEBHOOK_TIMESTAMP WEBHOOK_SIGNATURE < raw-body
        prints "valid" or "invalid" for a delivery (headers as received, the body's raw bytes on stdin)
"""
import base64
import hashlib
import hmac
import sys
import time

# Refuse deliveries signed more than five minutes from this clock: a replayed request is old.
TOLERANCE_SECONDS = 300


def signature(secret: str, webhook_id: str, timestamp: str, raw_body: bytes) -> str:
    """`v1,` + base64(HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{raw body}")), key = the secret after `whsec_`, base64-decoded."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{webhook_id}.{timestamp}.".encode() + raw_body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def verify(secret: str, webhook_id: str, timestamp: str, signatures: str, raw_body: bytes, now: float | None = None) -> bool:
    """True when one of the space-separated signatures matches and the timestamp is recent."""
    if abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    expected = signature(secret, webhook_id, timestamp, raw_body)
    return any(hmac.compare_digest(expected, candidate) for candidate in signatures.split())


# The guide's test vector: these inputs give exactly this signature.
VECTOR = {
    "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    "webhook_id": "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W",
    "timestamp": "1764151200",
    "body": b'{"freightDocumentId":"c28eb455-a576-488f-94f1-9529e9108553","status":"TRANSIT"}',
}

if __name__ == "__main__":
    if sys.argv[1:2] == ["vector"]:
        print(signature(VECTOR["secret"], VECTOR["webhook_id"], VECTOR["timestamp"], VECTOR["body"]))
    elif sys.argv[1:2] == ["verify"] and len(sys.argv) == 6:
        secret, webhook_id, timestamp, signatures = sys.argv[2:6]
        print("valid" if verify(secret, webhook_id, timestamp, signatures, sys.stdin.buffer.read()) else "invalid")
    else:
        sys.exit(__doc__)
