#!/usr/bin/env python3
"""Reads e-mail messages with Python's standard `email` package, as a mail client would, and
prints what a test checks as JSON: the headers, the plain text and HTML as decoded, and each
attachment's name, type and SHA-256 (its bytes written beside the message when asked).

    read_message.py MESSAGE.eml...        prints a JSON list, one object per file
"""
import email
import email.policy
import hashlib
import json
import sys


def describe(raw, attachment_path=None):
    """What a reader of the message `raw` (bytes) sees; the attachment's bytes go to `attachment_path`."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    text = message.get_body(preferencelist=("plain",))
    html = message.get_body(preferencelist=("html",))
    attachments = []
    for part in message.iter_attachments():
        data = part.get_payload(decode=True)
        attachments.append({"name": part.get_filename(), "type": part.get_content_type(),
                            "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)})
        if attachment_path:
            with open(attachment_path, "wb") as file:
                file.write(data)
    return {"from": str(message["From"]), "to": str(message["To"]), "reply_to": str(message["Reply-To"] or ""),
            "subject": str(message["Subject"]), "message_id": str(message["Message-ID"]), "date": str(message["Date"]),
            "content_type": message.get_content_type(),
            "text": text.get_content() if text else None, "html": html.get_content() if html else None,
            "attachments": attachments, "defects": len(message.defects)}


if __name__ == "__main__":
    described = []
    for path in sys.argv[1:]:
        with open(path, "rb") as file:
            described.append(describe(file.read()))
    json.dump(described, sys.stdout, ensure_ascii=False)
