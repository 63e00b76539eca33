"""Schemathesis auth hook for the Wallet Payments Service API (A-4.1, A-5).

Takes a token with Issue Token and sends it as X-Auth-Token on every
operation but Issue Token itself, reusing it until shortly before its
validUntil (A-5.3, A-5.4), as the exported document's security scheme
XAuthToken and Issue Token's links describe.

Use it with the document `wallet-conformance openapi --profile target.yaml
--create-account --out wallet-api.openapi.json` writes:

    export WALLET_BASE_URL=https://sandbox.example.com     # the profile's baseUrl
    export WALLET_USER_ID=partner WALLET_PASSWORD=...      # the profile's credentials
    SCHEMATHESIS_HOOKS=wallet_auth schemathesis run wallet-api.openapi.json --url "$WALLET_BASE_URL"

(run from this folder, or put it on PYTHONPATH). The password is read from
the environment only and never written anywhere.
"""

import datetime
import os
import threading

import requests
import schemathesis

# ISSUE_PATH is Issue Token's path: it is anonymous.
ISSUE_PATH = "/user/{userId}/issue"
# MARGIN is how long before validUntil a token is replaced.
MARGIN = datetime.timedelta(seconds=60)


@schemathesis.auth(refresh_interval=60)
class WalletToken:
    """The partner's token, issued once and reused until validUntil."""

    def __init__(self):
        self._lock = threading.Lock()  # guards _token and _until
        self._token = None
        self._until = None

    def get(self, case, ctx):
        with self._lock:
            now = datetime.datetime.now(datetime.timezone.utc)
            if self._token and self._until and now < self._until - MARGIN:
                return self._token
            base = os.environ["WALLET_BASE_URL"].rstrip("/")
            user = os.environ["WALLET_USER_ID"]
            local = datetime.datetime.now()
            response = requests.post(
                f"{base}/user/{requests.utils.quote(user, safe='')}/issue",
                json={
                    "password": os.environ["WALLET_PASSWORD"],
                    "localDate": local.strftime("%Y-%m-%d"),
                    "localTime": local.strftime("%H%M%S"),
                },
                headers={"Accept-Language": os.environ.get("WALLET_ACCEPT_LANGUAGE", "en-US")},
                timeout=90,  # the call allowance of
            )
            body = response.json() if response.headers.get("Content-Type", "").startswith("application/json") else {}
            token = body.get("token")
            if response.status_code // 100 != 2 or not token:
                raise RuntimeError(
                    f"Issue Token answered HTTP {response.status_code}, responseCode {body.get('responseCode')!r}: no token"
                )
            self._token = token
            try:
                self._until = datetime.datetime.strptime(body["validUntil"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(
                    tzinfo=datetime.timezone.utc
                )
            except (KeyError, TypeError, ValueError):
                self._until = now + 2 * MARGIN  # an unreadable expiry: keep it a short, safe while
            return token

    def set(self, case, data, ctx):
        if case.operation.path == ISSUE_PATH:
            return  # anonymous: Issue Token carries no token
        case.headers = case.headers or {}
        case.headers["X-Auth-Token"] = data
