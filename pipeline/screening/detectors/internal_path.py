"""Detector ``internal_path``: absolute file paths, internal hosts, private addresses.

Fires on:

* Unix paths under a system root (``/home/…``, ``/etc/…``, ``/var/…``, ``/opt/…``,
  ``/usr/…``, ``/tmp/…``, ``/proc/…``, macOS ``/Users/…``, ``/Volumes/…``,
  ``/private/var/…`` …) that start a path (not inside a URL or a longer path), with at
  least one name after the root;
* Windows drive paths (``C:\\…``, ``C:/…``, JSON-escaped ``C:\\\\…``, ``\\\\?\\C:\\…``),
  UNC shares with either slash (``\\\\host\\share``, ``//nas/share``: a protocol-relative
  URL to a public, dotted host does not count);
* paths rooted in a home or system location variable (``$HOME/…``, ``${HOME}/…``,
  ``~/…``, ``~user/…``, ``%APPDATA%\\…``, ``$env:LOCALAPPDATA\\…``, ``$XDG_CONFIG_HOME/…``)
  and (round 20) in any upper-case variable (``$JENKINS_HOME/jobs/…``, ``%SONAR_HOME%\\conf``);
* ``file:``, ``smb:``, ``nfs:``, ``afp:``, ``cifs:`` URLs, ``unix://`` socket paths;
* host names under ``.internal``, ``.local``, ``.localdomain``, ``.corp``, ``.lan``,
  ``.intranet``, ``.intra``, ``.home.arpa``, ``.svc`` / ``.cluster.local`` (not dotted
  code identifiers such as ``threading.local()`` or ``jdk.internal.misc``, and not
  dotfiles such as ``.env.local``);
* private, loopback, link-local and shared-space IPv4 addresses (10/8, 172.16/12,
  192.168/16, 127/8, 169.254/16, 100.64/10), with or without a port, and IPv6
  ``fc00::/7``, ``fe80::/10`` and ``::1``. A network written in CIDR notation
  (``10.0.0.0/8``) names a range, not a host, and does not count.

Left alone on purpose (docs/screening.md): ``localhost``, device and shell paths
(``/dev/null``, ``/bin/bash``, ``/usr/bin/env``), a bare root (``/etc``), web routes
(``/settings``, ``/api/v1/users``), relative paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from pipeline.screening.context import Context

__all__ = ["InternalPathDetector"]

_UNIX_ROOTS: Final = (
    "home",
    "root",
    "etc",
    "var",
    "usr",
    "opt",
    "srv",
    "tmp",
    "mnt",
    "proc",
    "sys",
    "run",
    "boot",
    "lib",
    "lib64",
    "lib32",
    "sbin",
    "bin",
    "snap",
    "nix",
    "dev",
    "Users",
    "Library",
    "Volumes",
    "private",
    "Applications",
    "System",
    "cores",
    # round 23: Android's shared storage (``/sdcard/Android/data/<package>/…``, the same
    # as ``/storage/emulated/0/…``): a device's own files, named by apps' logs
    "sdcard",
)
_CASE_SENSITIVE_ROOTS: Final = frozenset(
    {"Users", "Library", "Volumes", "Applications", "System", "private", "cores"}
)
# What may stand before the '/' that starts an absolute path (not a letter, digit, or a
# path/URL character, so ``example.com/home/x`` and ``src/etc/x`` do not count).
_PATH_BEFORE: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~/\\-+%"
)
_UNIX_PATH_RE: Final = re.compile(
    r"/(?P<root>" + "|".join(_UNIX_ROOTS) + r")/"
    r"(?P<rest>(?:[A-Za-z0-9_.$@~+%{\-]|[^\W\d_])[^\s\"'`<>|,;)]*)"
)
# Roots no standard layout has but servers and containers use for an application's own
# files (``/data/app/…``, ``/app/lib/…``, ``/workspace/…``). Their names are also web
# routes (``/data/v1/users``, ``/app/settings``), so a path under them counts only as a
# file: two directories or more and a file name with an extension (batch 18's
# ``/data/app/order-service/lib/order-core-2.3.1.jar``).
_DATA_ROOTS: Final = (
    "data",
    "app",
    "apps",
    "workspace",
    "export",
    "exports",
    "storage",
    "backup",
    "backups",
    "logs",
    "www",
    "code",
)
# Round 24: or a directory written as one, three names deep with its closing slash
# (``/app/api/storage/upload_files/``, in prose of any script that glues words to it):
# a route is not written with three levels and a trailing slash in prose.
_DATA_PATH_RE: Final = re.compile(
    r"/(?:" + "|".join(_DATA_ROOTS) + r")(?:/[A-Za-z0-9_.@+\-]{1,80}){2,}"
    r"(?:/[A-Za-z0-9_@+\-][A-Za-z0-9_.@+\-]{0,80}\.[A-Za-z][A-Za-z0-9]{0,5}(?![A-Za-z0-9_/\-])"
    r"|/[A-Za-z0-9_.@+\-]{1,80}/(?![A-Za-z0-9_.@+\-]))"
)
# Round 28: an HPC cluster's software trees (``/apps/software/openmpi/4.1.6/bin``,
# ``/sw/…``, ``/software/…``, Bright's ``/cm/shared/apps/…``, ``/cvmfs/…``) and its
# parallel file systems (``/gpfs/…``, ``/lustre/…``, ``/scratch/…``). The software roots
# are web routes too (``/apps/42/settings``): a path under them counts when it is a
# package tree, three names deep or more with a version (``4.1.6``) or a tree's own
# directory (bin, lib, modulefiles, …) in it. The file systems' names are none.
_HPC_ANCHORS: Final = ("/apps/", "/sw/", "/software/", "/cm/shared/", "/cvmfs/", "/gpfs/",
                       "/lustre/", "/scratch/")  # fmt: skip
_HPC_SEGMENT: Final = r"/[A-Za-z0-9_.@+\-]{1,80}"
_HPC_PATH_RE: Final = re.compile(
    r"/(?:apps|sw|software|cm/shared)(?=(?:" + _HPC_SEGMENT + r"){3,})"
    r"(?=(?:" + _HPC_SEGMENT + r")*?/(?:v?\d+(?:\.\d+)+[A-Za-z0-9_.\-]*|bin|lib|lib64|include|"
    r"modulefiles|modules|share|libexec|sbin)(?![A-Za-z0-9_.@+\-]))"
    r"|/(?:cvmfs|gpfs|lustre|scratch)/[A-Za-z0-9_.@+\-]*[A-Za-z][A-Za-z0-9_.@+\-]*/[A-Za-z0-9_.@+\-]"
)

# round 14: CI runners' checkout directories (GitLab ``/builds/<group>/<project>/…``,
# GitHub's container ``/__w/<repo>/<repo>/…`` and ``/github/workspace/…``, Drone
# ``/drone/src/…``): where a deployment's build runs, so a path under them is internal
# like ``/home/runner/work/…``. ``/builds`` is also a web route (``GET /builds/42/log``):
# three directories or more, the first two named with a letter, not inside a URL.
_CI_ANCHORS: Final = ("/builds/", "/__w/", "/github/workspace/", "/drone/src/")
_CI_PATH_RE: Final = re.compile(
    r"/(?:builds(?=/[A-Za-z0-9_.\-]*[A-Za-z][A-Za-z0-9_.\-]*/[A-Za-z0-9_.\-]*[A-Za-z])"
    r"(?:/[A-Za-z0-9_.@+\-]{1,80}){3,}"
    r"|__w(?:/[A-Za-z0-9_.@+\-]{1,80}){2,}"
    r"|github/workspace(?:/[A-Za-z0-9_.@+\-]{1,80})+"
    r"|drone/src(?:/[A-Za-z0-9_.@+\-]{1,80})+)"
)
# Round 25: NAS volume roots, a storage box's own disks: Synology and Asustor
# ``/volume1/…`` (``/volumeUSB1/usbshare/…``, ``/volumeSATA1/…`` for attached disks),
# QNAP ``/share/CACHEDEV1_DATA/…`` (``MD0_DATA``, ``HDA_DATA``, ``USBDisk1``, ``external``).
# Unraid's ``/mnt/user/…`` and TrueNAS's ``/mnt/<pool>/…`` are under ``/mnt`` already.
# ``/share/`` alone is a web route (share links): only QNAP's volume names count after it.
_NAS_ANCHORS: Final = ("/volume", "/share/")
_NAS_PATH_RE: Final = re.compile(
    r"/(?:volume(?:usb|sata)?[0-9]{1,2}"
    r"|share/(?:cachedev[0-9]{1,2}_data|md[0-9]{1,2}_data|hda_data|usbdisk[0-9]{1,2}|external))"
    r"/(?=[^\s/\"'`<>|,;)]*[^\W\d_])[^\s/\"'`<>|,;)]{1,80}",
    re.IGNORECASE,
)
_SHELL_FILES_RE: Final = re.compile(
    r"^/(?:usr/)?bin/(?:env|sh|bash|zsh|dash|ksh|fish|csh|tcsh|true|false)$|^/dev/(?:null|zero|random|urandom|stdin|stdout|stderr|"
    r"tty|full|fd/[0-9])$"
)
# The standard layout every Linux system has (FHS): a program directly in a bin directory
# (``/usr/bin/tini``, ``/sbin/ip``) or a standard directory named on its own
# (``/usr/bin``, ``/usr/share/man/man1``) says where a distribution puts things, not where
# ours are. Anything under ``/usr/local``, ``/opt``, ``/etc`` ... still counts.
_FHS_RE: Final = re.compile(
    r"^/(?:usr/)?s?bin(?:/[A-Za-z0-9_.+\-]{1,64})?$"
    r"|^/usr/(?:lib|lib64|include|share|libexec|src)$"
    r"|^/usr/share/(?:man(?:/man[1-9n])?|doc|info|locale|fonts|icons|applications|zoneinfo)$"
)
_VERSION_BEFORE_RE: Final = re.compile(
    r"(?:\bv|\bversion:?\s|\bversión\s|\bver\.?\s|\brelease\s)\Z"
)
_PASETO_PURPOSE_RE: Final = re.compile(r"^v[1-4]\.local$")
_MACOS_PRIVATE_RE: Final = re.compile(r"/private/(?:var|tmp|etc)/")
# Not after ':' either: ``/:x:/g/…`` is a SharePoint link's item type, not drive X:.
# Round 23: a Hebrew one-letter prefix and its hyphen (``ב-D:\\Exports``, "in D:\\…") may
# stand before the drive, as before a Unix path (:func:`_hebrew_prefixed`).
_DRIVE_RE: Final = re.compile(
    r"(?:(?<![A-Za-z0-9_\-:])|(?<=[\u05d0-\u05ea][\-\u05be]))(?:\\\\\\\\\?\\\\|\\\\\?\\|//\?/)?[A-Za-z]:(?:\\{1,2}|/)"
    r"(?=[A-Za-z0-9_.$~%\-]|[^\W\d_]{2})"
)
# Round 18: a directory or share name may be in any script (``C:\\用户\\…``,
# ``/home/太郎/…``, ``~/文档``, ``//nas01/共享``); the roots and hosts stay ASCII. After a
# drive or ``~/`` two letters of another script are needed ("500元~/月" is a price).
# A colon may come before the share: a label's ("Pfad:\\\\fs01\\…", and NFKC turns a
# full-width ``：`` into one, round 18). A URL scheme's colon (``http:\\\\host\\x``, a
# mistyped public link) is left out in :func:`_unc`. The share is a name in any script
# (``\\\\fs01\\财务``): Windows share names are Unicode.
_UNC_RE: Final = re.compile(
    r"(?<![A-Za-z0-9\\])\\{2,4}(?P<host>[A-Za-z0-9_.$\-]{1,255})\\{1,2}(?:[^\W_]|[_.$ \-])"
)
_SCHEME_BEFORE_RE: Final = re.compile(r"\b(?:https?|ftps?|wss?):\Z", re.IGNORECASE)
_UNC_SLASH_RE: Final = re.compile(
    r"(?<![A-Za-z0-9:/])//(?P<host>[A-Za-z0-9_$\-]{1,63}(?:\.[A-Za-z0-9_\-]{1,63})*)/"
    r"(?:[A-Za-z0-9_$\-]|[^\W\d_])"
)
_ENV_PATH_RE: Final = re.compile(
    r"(?:\$\{?(?:HOME|USERPROFILE|XDG_[A-Z_]+|TMPDIR|TMP|TEMP|APPDATA|LOCALAPPDATA|"
    r"PROGRAMDATA|HOMEPATH|ONEDRIVE)\}?"
    r"|\$env:(?:USERPROFILE|APPDATA|LOCALAPPDATA|TEMP|TMP|HOME|HOMEPATH|PROGRAMDATA|"
    r"ProgramFiles|SystemRoot|windir|ONEDRIVE)"
    r"|%(?:USERPROFILE|APPDATA|LOCALAPPDATA|TEMP|TMP|PROGRAMDATA|PROGRAMFILES|"
    r"PROGRAMFILES\(X86\)|SYSTEMROOT|WINDIR|HOMEPATH|HOMEDRIVE|ALLUSERSPROFILE|PUBLIC|"
    r"ONEDRIVE|SYSTEMDRIVE)%)"
    r"[\\/]{1,2}(?:[A-Za-z0-9_.\-]|[^\W\d_])",
    re.IGNORECASE,
)
# round 20: a path rooted in any environment variable written in upper case
# (``$JENKINS_HOME/jobs/…``, ``${CI_PROJECT_DIR}/build``, ``%SONAR_HOME%\conf``): CI
# systems and tools name their directories so, and the list above cannot know them
# all. A variable alone (``$HOME``, ``${DB_PASS}``) is no path; a variable that holds a
# network address (``${API_URL}/users``, ``$REGISTRY_HOST/app``) roots a URL, not a
# file path, and one written after a scheme or a host is part of a URL.
_ANY_ENV_PATH_RE: Final = re.compile(
    r"(?<![A-Za-z0-9_$\\/:@.%])"
    r"(?:\$(?P<a>[A-Z][A-Z0-9_]+)|\$\{(?P<b>[A-Z][A-Z0-9_]+)\}|%(?P<c>[A-Z][A-Z0-9_]+)%)"
    r"[\\/]{1,2}(?:[A-Za-z0-9_\-]|[^\W\d_]|\.[A-Za-z0-9_])"
)
_NETWORK_VAR_RE: Final = re.compile(
    r"(?:URL|URI|HOST|HOSTNAME|ENDPOINT|DOMAIN|ORIGIN|ADDR|ADDRESS|SERVER|REGISTRY|BUCKET)$"
)
_ENV_VAR_ANCHORS: Final = (
    "${",
    *("$" + c for c in "abcdefghijklmnopqrstuvwxyz"),
    *("%" + c for c in "abcdefghijklmnopqrstuvwxyz"),
)


def _any_env_path(text: str) -> bool:
    for m in _ANY_ENV_PATH_RE.finditer(text):
        name = m.group("a") or m.group("b") or m.group("c") or ""
        if not _NETWORK_VAR_RE.search(name):
            return True
    return False


# Round 25: not after "{{" (Handlebars' whitespace control, ``{{~/system}}``, ``{{~/if}}``).
_HOME_RE: Final = re.compile(
    r"(?<![A-Za-z0-9_.~/\\\-])(?<!\{\{)~(?:[A-Za-z_][A-Za-z0-9_.\-]{0,31})?/(?:[A-Za-z0-9_.\-]|[^\W\d_]{2})"
)
_FILE_URL_RE: Final = re.compile(
    r"(?<![a-z0-9])(?:(?:file|smb|nfs|afp|cifs):/{1,3}[^\s/]|unix:/{1,3}[a-z0-9_.\-]+/)",
    re.IGNORECASE,
)
_HOST_SUFFIXES: Final = (
    "internal",
    "local",
    "localdomain",
    "corp",
    "lan",
    "intranet",
    "intra",
    "home.arpa",
    "svc",
    "cluster.local",
    "priv",
    "consul",
)
# Round 24: also after a Hebrew one-letter prefix and its hyphen (``ל-db.branch.local``,
# "to db…"), as for paths (``_hebrew_prefixed``).
_HOST_RE: Final = re.compile(
    r"(?:(?<![A-Za-z0-9_\-])|(?<=[\u05d0-\u05ea][\-\u05be]))(?P<host>[a-z0-9](?:[a-z0-9_\-]{0,62})(?:\.[a-z0-9_\-]{1,63})*?)"
    r"\.(?P<suffix>internal|localdomain|local|corp|lan|intranet|intra|home\.arpa|svc|priv|consul)"
    r"(?![a-z0-9_\-])(?!\.[a-z0-9])(?P<after>[:/(\[]?)"
)
# Dotted code names that end like an internal host.
_CODE_NAMES: Final = frozenset(
    {
        "threading.local",
        "werkzeug.local",
        "gevent.local",
        "greenlet.local",
        "eventlet.local",
        "asyncio.local",
        "contextvars.local",
        "jdk.internal",
        "sun.internal",
        "kotlin.internal",
        "java.internal",
        "android.internal",
        "com.android.internal",
        "io.netty.internal",
        "settings.local",
        "config.local",
        "env.local",
        "app.local",
        "docker.internal",
    }
)
_IPV4_RE: Final = re.compile(
    # round 21: a short word prefix glued with a hyphen may stand before the address
    # (Zulu and Xhosa locatives "ku-", "e-", class prefixes "i-"; Irish "an-"): letters,
    # not a digit or a dot, before that hyphen
    r"(?:(?<![0-9A-Za-z.\-])|(?<=(?<![\w.\-])[A-Za-z]-)|(?<=(?<![\w.\-])[A-Za-z]{2}-)"
    r"|(?<=(?<![\w.\-])[A-Za-z]{3}-))(?P<a>\d{1,3})\.(?P<b>\d{1,3})\.(?P<c>\d{1,3})\.(?P<d>\d{1,3})"
    r"(?![0-9]|\.[0-9])(?P<cidr>/\d{1,2}(?![0-9]))?"
)
_IPV6_RE: Final = re.compile(
    r"(?<![0-9a-f:])(?:f[cd][0-9a-f]{2}|fe[89ab][0-9a-f])(?::[0-9a-f]{0,4}){2,7}"
    r"(?:%[a-z0-9]+)?(?![0-9a-f:])"
    r"|(?<![0-9a-f:])::1(?![0-9a-f:])",
)


def _unc(text: str) -> bool:
    return any(
        not _SCHEME_BEFORE_RE.search(text, max(0, m.start() - 8), m.start())
        for m in _UNC_RE.finditer(text)
    )


def _hebrew_prefixed(text: str, at: int) -> bool:
    """Whether the '/' at ``at`` follows a Hebrew prefix and hyphen (``ב-/var/log``).

    Hebrew writes its one-letter prepositions (ב "in", ל "to", מ "from", ה "the" ...) on
    the next word, with a hyphen before a Latin one: the path starts after the hyphen.
    """
    return at >= 2 and text[at - 1] in "-\u05be" and "\u05d0" <= text[at - 2] <= "\u05ea"


def _starts_a_path(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` matches somewhere that starts a path of its own: not inside a
    URL or a longer path (a web route or a relative path), unless only a Hebrew prefix
    letter is glued before it."""
    for m in pattern.finditer(text):
        at = m.start()
        if at > 0 and text[at - 1] in _PATH_BEFORE and not _hebrew_prefixed(text, at):
            continue
        return True
    return False


def _private_v4(a: int, b: int) -> bool:
    return (
        a == 10
        or a == 127
        or (a == 172 and 16 <= b <= 31)
        or (a == 192 and b == 168)
        or (a == 169 and b == 254)
        or (a == 100 and 64 <= b <= 127)
    )


class InternalPathDetector:
    name = "internal_path"

    def anchors(self) -> Iterable[tuple[str, str]]:
        for root in _UNIX_ROOTS:
            yield "/" + root.lower() + "/", "ip.unix"
        for root in _DATA_ROOTS:
            yield "/" + root + "/", "ip.data"
        for literal in (":\\", ":/"):
            yield literal, "ip.drive"
        yield "\\\\", "ip.unc"
        for literal in _CI_ANCHORS:
            yield literal, "ip.ci"
        for literal in _NAS_ANCHORS:
            yield literal, "ip.nas"
        for literal in _HPC_ANCHORS:
            yield literal, "ip.hpc"
        yield "//", "ip.unc2"
        for literal in (
            "$home",
            "${home}",
            "$xdg_",
            "${xdg_",
            "$tmpdir",
            "${tmpdir",
            "$env:",
            "%userprofile%",
            "%appdata%",
            "%localappdata%",
            "%temp%",
            "%tmp%",
            "%programdata%",
            "%programfiles",
            "%systemroot%",
            "%windir%",
            "%homepath%",
            "%homedrive%",
            "%allusersprofile%",
            "%public%",
            "%onedrive%",
            "%systemdrive%",
            "$userprofile",
            "$appdata",
            "$localappdata",
            "$temp",
            "$tmp/",
            "${tmp",
            "${temp",
            "$homepath",
            "$onedrive",
            "$programdata",
        ):
            yield literal, "ip.env"
        for literal in _ENV_VAR_ANCHORS:
            yield literal, "ip.envany"
        yield "~", "ip.home"
        for scheme in ("file:", "smb:", "nfs:", "afp:", "cifs:", "unix:"):
            yield scheme, "ip.url"
        for suffix in _HOST_SUFFIXES:
            yield "." + suffix, "ip.host"
        for prefix in ("10.", "127.", "172.", "192.168.", "169.254.", "100."):
            yield prefix, "ip.v4"
        for prefix in ("fc", "fd", "fe8", "fe9", "fea", "feb", "::1"):
            yield prefix, "ip.v6"

    def check(self, ctx: Context) -> bool:
        hits = ctx.hits
        text, low = ctx.text, ctx.low
        if "ip.unix" in hits and self._unix(text):
            return True
        if "ip.data" in hits and self._data(text):
            return True
        if "ip.ci" in hits and self._ci(text):
            return True
        if "ip.nas" in hits and self._nas(text):
            return True
        if "ip.hpc" in hits and _starts_a_path(_HPC_PATH_RE, text):
            return True
        if "ip.drive" in hits and _DRIVE_RE.search(text):
            return True
        if "ip.unc" in hits and _unc(text):
            return True
        if "ip.unc2" in hits and self._unc_slash(text, low):
            return True
        if "ip.env" in hits and _ENV_PATH_RE.search(text):
            return True
        if "ip.envany" in hits and _any_env_path(text):
            return True
        if "ip.home" in hits and _HOME_RE.search(text):
            return True
        if "ip.url" in hits and _FILE_URL_RE.search(text):
            return True
        if "ip.host" in hits and self._host(text, low):
            return True
        if "ip.v4" in hits and self._ipv4(text, low):
            return True
        return "ip.v6" in hits and self._ipv6(text, low)

    def _unix(self, text: str) -> bool:
        for m in _UNIX_PATH_RE.finditer(text):
            at = m.start()
            if at > 0 and text[at - 1] in _PATH_BEFORE and not _hebrew_prefixed(text, at):
                continue
            root = m.group("root")
            if root == "private" and not _MACOS_PRIVATE_RE.match(text, at):
                continue
            path = m.group().rstrip(".,:;!?")
            if _SHELL_FILES_RE.match(path) or _FHS_RE.match(path):
                continue
            return True
        return False

    def _data(self, text: str) -> bool:
        return _starts_a_path(_DATA_PATH_RE, text)

    def _ci(self, text: str) -> bool:
        return _starts_a_path(_CI_PATH_RE, text)

    def _nas(self, text: str) -> bool:
        return _starts_a_path(_NAS_PATH_RE, text)

    def _unc_slash(self, text: str, low: str) -> bool:
        for m in _UNC_SLASH_RE.finditer(text):
            host = m.group("host").lower()
            if (
                "." not in host
                or _IPV4_RE.fullmatch(host)
                or host.endswith(tuple("." + s for s in _HOST_SUFFIXES))
            ):
                if host in ("www", "cdn", "api"):
                    continue
                return True
        return False

    def _host(self, text: str, low: str) -> bool:
        for m in _HOST_RE.finditer(low):
            at = m.start()
            host = m.group("host")
            full = host + "." + m.group("suffix")
            if at > 0 and low[at - 1] == ".":
                continue  # a dotfile: .env.local
            if at > 0 and low[at - 1] == "/" and not low.startswith("//", at - 2):
                continue  # a path segment: src/app.local
            if full in _CODE_NAMES or any(full.endswith("." + c) for c in _CODE_NAMES):
                continue
            after = m.group("after")
            if after == "(":
                continue  # a call: threading.local()
            if _PASETO_PURPOSE_RE.match(full):
                continue  # PASETO's version.purpose (v4.local), not a host
            if full == "cluster.local":
                # Round 27: Kubernetes' cluster domain alone names the domain, as a bare
                # root names no path: the trust domain of a mesh identity
                # (cluster.local/ns/<ns>/sa/<account>, spiffe://cluster.local/…) or a
                # kubelet's clusterDomain setting. A host under it (db.ns.svc.cluster.local)
                # starts before it and still counts.
                continue
            if (
                m.group("suffix") in ("svc", "priv", "intra", "consul")
                and "." not in host
                and not after
            ):
                continue  # "svc"/"priv" alone are too common as word endings
            if low.endswith(
                (".py", ".js", ".ts", ".json", ".yaml", ".yml", ".cfg", ".ini"), 0, m.end()
            ):
                continue
            return True
        return False

    def _ipv4(self, text: str, low: str) -> bool:
        for m in _IPV4_RE.finditer(text):
            a, b, c, d = (int(m.group(k)) for k in "abcd")
            if max(a, b, c, d) > 255 or not _private_v4(a, b):
                continue
            before = low[max(0, m.start() - 12) : m.start()]
            if _VERSION_BEFORE_RE.search(before):
                continue  # v10.0.0.1, version 10.0.1.2 (whole words: "server 10.0.12.8" is a host)
            cidr = m.group("cidr")
            if cidr is not None:
                prefix = int(cidr[1:])
                value = (a << 24) | (b << 16) | (c << 8) | d
                if prefix <= 32 and value & ((1 << (32 - prefix)) - 1) == 0:
                    continue  # a network (10.0.0.0/8), not a host
            return True
        return False

    def _ipv6(self, text: str, low: str) -> bool:
        for m in _IPV6_RE.finditer(low):
            addr = m.group()
            if addr == "::1" or "::" in addr or addr.count(":") >= 3:
                return True
        return False
