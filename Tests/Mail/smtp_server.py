#!/usr/bin/env python3
"""A real SMTP server for the tests (aiosmtpd): TLS by STARTTLS (or from the start with
--implicit-tls) with a certificate the test made, AUTH required, each accepted message written to
FOLDER as NNNNN.eml with NNNNN.json (envelope and what Python's email package reads in it) and
NNNNN.pdf (its attachment). It can refuse recipients (--refuse ADDRESS: 550 to RCPT) and drop
every connection at the end of the data of any message after the first N accepted
(--drop-after N): the client never hears the message was accepted.

Prints "PORT <n>" once it listens, then serves until killed.
"""
import argparse
import json
import os
import socket
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from read_message import describe  # noqa: E402


class Handler:
    def __init__(self, folder, refuse, drop_after):
        self.folder, self.refuse, self.drop_after = folder, set(refuse), drop_after
        self.accepted = len([name for name in os.listdir(folder) if name.endswith(".eml")])
        self.taken = 0

    async def handle_RCPT(self, server, session, envelope, address, options):
        if address in self.refuse:
            return "550 5.1.1 <%s>: mailbox unavailable" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.drop_after is not None and self.taken >= self.drop_after:
            server.transport.abort()  # no reply: the client must not count this message as sent
            return "421 4.3.0 gone"
        self.taken += 1
        self.accepted += 1
        stem = os.path.join(self.folder, "%05d" % self.accepted)
        with open(stem + ".eml", "wb") as file:
            file.write(envelope.original_content)
        record = describe(envelope.original_content, attachment_path=stem + ".pdf")
        record.update({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "login": session.auth_data.decode()
                       if session.auth_data else None, "tls": server.transport.get_extra_info("sslcontext") is not None})
        # Written whole, then renamed: a test reading the folder meanwhile never sees half a record.
        with open(stem + ".json.part", "w") as file:
            json.dump(record, file, ensure_ascii=False)
        os.replace(stem + ".json.part", stem + ".json")
        return "250 2.0.0 Accepted"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--user", default="teacher")
    parser.add_argument("--password", default="secret")
    parser.add_argument("--refuse", action="append", default=[])
    parser.add_argument("--drop-after", type=int)
    parser.add_argument("--implicit-tls", action="store_true")
    args = parser.parse_args()

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)

    def authenticate(server, session, envelope, mechanism, data):
        ok = data.login.decode() == args.user and data.password.decode() == args.password
        return AuthResult(success=ok, handled=False, auth_data=data.login)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = Handler(args.folder, args.refuse, args.drop_after)
    # aiosmtpd knows only STARTTLS as TLS: on a connection that is TLS from the start, it must be
    # told that AUTH may go ahead.
    tls = ({"ssl_context": context, "auth_require_tls": False} if args.implicit_tls
           else {"tls_context": context, "require_starttls": True, "auth_require_tls": True})
    controller = Controller(handler, hostname="127.0.0.1", port=port, server_hostname="localhost", authenticator=authenticate,
                            auth_required=True, **tls)
    controller.start()
    print("PORT %d" % port, flush=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
