# Loaded by Python at start-up (on PYTHONPATH): requests through urllib to the hosts named in SC_JOURNEY_HOSTS
# ({"www.example.com": "http://127.0.0.1:1234"}) go to the loopback server given instead, path and query kept.
import json
import os
import urllib.parse
import urllib.request

_hosts = json.loads(os.environ.get("SC_JOURNEY_HOSTS", "{}"))
_urlopen = urllib.request.urlopen


def _redirected(url):
    parts = urllib.parse.urlsplit(url)
    to = _hosts.get(parts.netloc)
    if not to:
        if parts.hostname not in ("127.0.0.1", "localhost"):
            raise RuntimeError("journey: no route to %s (only loopback is reachable in tests)" % parts.netloc)
        return url
    target = urllib.parse.urlsplit(to)
    return urllib.parse.urlunsplit((target.scheme, target.netloc, parts.path, parts.query, parts.fragment))


def urlopen(req, *args, **kwargs):
    if isinstance(req, urllib.request.Request):
        req.full_url = _redirected(req.full_url)
    else:
        req = _redirected(req)
    return _urlopen(req, *args, **kwargs)


urllib.request.urlopen = urlopen
