"""An SMTP server for Tessera's mail tests: aiosmtpd on 127.0.0.1:PORT keeping what it receives
in a maildir. With --cert and --key it offers STARTTLS and requires it before any mail; with
--auth USER:PASSWORD it requires signing in, which it accepts only over TLS."""
import argparse
import ssl
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import AuthResult, LoginPassword

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--maildir", required=True)
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--auth")
args = parser.parse_args()

options = {}
if args.cert:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    options.update(tls_context=context, require_starttls=True)
if args.auth:
    user, password = args.auth.split(":", 1)

    def authenticator(server, session, envelope, mechanism, data):
        ok = isinstance(data, LoginPassword) and data.login == user.encode() and data.password == password.encode()
        return AuthResult(success=ok)

    options.update(authenticator=authenticator, auth_required=True, auth_require_tls=True)

controller = Controller(Mailbox(args.maildir), hostname="127.0.0.1", port=args.port, **options)
controller.start()
threading.Event().wait()
