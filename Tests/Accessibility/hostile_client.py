#!/usr/bin/python3
"""Another program on the accessibility bus that means harm (issue #62).

Usage: hostile_client.py PID [--token NAME] [--finish NAME]

Finds the connection of process PID on the accessibility bus, walks its tree from the root, then
calls every method of every interface its objects offer (as they introspect) on every object it
found, on objects that are not there (one past the last field, a number no object has, an alias
of an object's path), and on the application's root, each with extreme arguments (-1, the
smallest and largest 32-bit numbers, NaN, infinities, 1e308, long strings); and sets every
writable property to extreme values. Component's Set… methods are left out: GTK's window takes
a size of 2^31 pixels and stops answering, and Keyform offers none of them. A call's answer is counted, never judged: what matters is
that the program answers every one and is still there.

--token NAME: then removes the first token of the token list named NAME through its `remove`
action, and does the same action on the same path again: the second must not remove another.
--finish NAME: at the end presses the push button named NAME (excluded from the calls above),
so the program submits what it holds.

Prints one JSON object: how many calls, how they ended, and what each check found. Exits 0 when
the program answered everything, 1 with the failure on standard error.
"""
import json
import math
import re
import sys
import time
import xml.etree.ElementTree as ElementTree

from gi.repository import Gio, GLib

DBUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus")
ROOT = "/org/a11y/atspi/accessible/root"
BASE = "/org/a11y/atspi/accessible/"
PATIENCE = 60.0
# A call may take this long; a program that takes longer has stopped answering.
CALL_TIMEOUT_MS = 20000

INTS = [-1, 2 ** 31 - 1, -(2 ** 31), 0]
UINTS = [2 ** 32 - 1, 0, 7, 1]
DOUBLES = [math.nan, math.inf, -math.inf, 1e308]
STRINGS = ["", "x" * 20000, "\u202etail", "a\nb"]
EXTREMES = {"i": INTS, "u": UINTS, "d": DOUBLES, "s": STRINGS, "b": [True, False, True, False],
            "n": [-1, 2 ** 15 - 1, -(2 ** 15), 0], "q": [2 ** 16 - 1, 0, 1, 2], "x": [-1, 2 ** 63 - 1, -(2 ** 63), 0],
            "t": [2 ** 64 - 1, 0, 1, 2], "y": [255, 0, 1, 2], "o": ["/", ROOT, "/org/a11y/atspi/null", "/a"]}


def fail(message):
    sys.stderr.write("hostile_client: %s\n" % message)
    sys.exit(1)


def call(bus, name, path, interface, method, arguments=None, reply=None):
    return bus.call_sync(name, path, interface, method, arguments, reply, Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None)


def accessibility_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    (address,) = call(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress").unpack()
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def find_name(bus, pid):
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        (names,) = call(bus, *DBUS, "ListNames").unpack()
        for name in names:
            if not name.startswith(":"):
                continue
            try:
                (owner,) = call(bus, *DBUS, "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,))).unpack()
            except GLib.Error:
                continue
            if owner == pid:
                return name
        time.sleep(0.05)  # a deadline's poll: the program joins the bus when it is ready
    fail("process %d never joined the accessibility bus" % pid)


class Target:
    def __init__(self, bus, name):
        self.bus, self.name = bus, name
        self.outcomes = {}
        self.calls = 0

    def call(self, path, interface, method, arguments=None):
        """Calls and counts; returns the unpacked answer, or None when it was an error. A call the
        program never answered (the connection closed, the time ran out) ends the run."""
        self.calls += 1
        try:
            answer = call(self.bus, self.name, path, interface, method, arguments).unpack()
            self.outcomes["answered"] = self.outcomes.get("answered", 0) + 1
            return answer
        except GLib.Error as error:
            if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT) or \
                    error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CLOSED) or \
                    "org.freedesktop.DBus.Error.NoReply" in error.message or \
                    "org.freedesktop.DBus.Error.ServiceUnknown" in error.message:
                fail("%s.%s on %s was never answered: %s" % (interface, method, path, error.message))
            kind = Gio.DBusError.get_remote_error(error) or "local"
            self.outcomes[kind] = self.outcomes.get(kind, 0) + 1
            return None

    def interfaces(self, path):
        """What `path` says it implements: {interface: ([(method, in signature)], [(property, type, writable)])}."""
        answer = self.call(path, "org.freedesktop.DBus.Introspectable", "Introspect")
        found = {}
        if answer is None:
            return found
        for element in ElementTree.fromstring(answer[0]).findall("interface"):
            methods = [(m.get("name"), "".join(a.get("type") for a in m.findall("arg") if a.get("direction", "in") == "in"))
                       for m in element.findall("method")]
            properties = [(p.get("name"), p.get("type"), "write" in p.get("access", "")) for p in element.findall("property")]
            found[element.get("name")] = (methods, properties)
        return found


def walk(target):
    """Every object under the root, as (path, role name, name)."""
    found, queue, seen = [], [ROOT], set()
    while queue and len(found) < 2000:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        role = target.call(path, "org.a11y.atspi.Accessible", "GetRoleName")
        name = target.call(path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")))
        found.append((path, role[0] if role else "", name[0] if name else ""))
        children = target.call(path, "org.a11y.atspi.Accessible", "GetChildren")
        for child_name, child_path in (children[0] if children else []):
            if child_name == target.name:
                queue.append(child_path)
    return found


def split(signature):
    """A D-Bus signature's complete types, one by one."""
    types, i = [], 0
    while i < len(signature):
        start = i
        while signature[i] == "a":
            i += 1
        if signature[i] in "({":
            depth = 0
            while True:
                depth += signature[i] in "({"
                depth -= signature[i] in ")}"
                i += 1
                if depth == 0:
                    break
        else:
            i += 1
        types.append(signature[start:i])
    return types


def arguments(signature, variant):
    """The `variant`-th set of extreme arguments for a method's in signature; None if some type
    has no extremes here."""
    values = []
    for kind in split(signature):
        if kind not in EXTREMES:
            return None
        values.append(EXTREMES[kind][variant % len(EXTREMES[kind])])
    return GLib.Variant("(%s)" % signature, tuple(values))


def absent_paths(paths):
    """Paths no object has now: one past the last field and far past it, aliases of a field's
    path, parts past the end, made-up stamps."""
    fields = [int(m.group(1)) for m in (re.match(BASE + r"f(\d+)$", p) for p in paths) if m]
    made = [BASE + "999999", BASE + "window_7", BASE + "form_0_0", BASE + "overlay"]
    if fields:
        last = max(fields)
        made += [BASE + "f%d" % (last + 1), BASE + "f%d" % (last + 2), BASE + "f2147483648", BASE + "f99999999999999999999",
                 BASE + "f00", BASE + "f0_", BASE + "f0_99", BASE + "f0_0_s1", BASE + "f0_s0"]
    return made


def flood(target, objects, spare):
    paths = [path for path, _, _ in objects]
    offered = {}
    for path in paths:
        for interface, (methods, properties) in target.interfaces(path).items():
            known = offered.setdefault(interface, (set(), set()))
            known[0].update(methods)
            known[1].update(properties)
    every = paths + absent_paths(paths) + [ROOT]
    for path in every:
        for interface, (methods, properties) in sorted(offered.items()):
            if interface.startswith("org.freedesktop.DBus"):
                continue
            for method, signature in sorted(methods):
                for variant in range(4):
                    if method == "DoAction" and (path in spare or EXTREMES["i"][variant] == 0):
                        continue  # its own action would end the form; only extreme indices here
                    if method == "GrabFocus" and variant:
                        continue
                    if interface == "org.a11y.atspi.Component" and method.startswith("Set"):
                        continue  # GTK's window takes 2^31 pixels and stops answering; Keyform has none

                    values = arguments(signature, variant)
                    if values is not None or signature == "":
                        target.call(path, interface, method, values)
                    if signature == "":
                        break
            for name, kind, writable in sorted(properties):
                target.call(path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (interface, name)))
                if writable and kind in EXTREMES:
                    for value in EXTREMES[kind]:
                        target.call(path, "org.freedesktop.DBus.Properties", "Set",
                                    GLib.Variant("(ssv)", (interface, name, GLib.Variant(kind, value))))
    defunct = []
    for path in absent_paths(paths):
        states = target.call(path, "org.a11y.atspi.Accessible", "GetState")
        if states is not None and states[0] and states[0][0] & (1 << 6):
            defunct.append(path)
    return defunct


def tokens(target, objects, name):
    lists = [path for path, role, label in objects if role == "list" and label == name]
    if not lists:
        fail("no list %r in %s" % (name, objects))
    (children,) = target.call(lists[0], "org.a11y.atspi.Accessible", "GetChildren")
    before = [target.call(path, "org.freedesktop.DBus.Properties", "Get",
                          GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")))[0] for _, path in children]
    first = children[0][1]
    removed = target.call(first, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,)))
    again = target.call(first, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,)))
    state = target.call(first, "org.a11y.atspi.Accessible", "GetState")
    (left,) = target.call(lists[0], "org.a11y.atspi.Accessible", "GetChildren")
    after = [target.call(path, "org.freedesktop.DBus.Properties", "Get",
                         GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")))[0] for _, path in left]
    return {"before": before, "after": after, "removed": bool(removed and removed[0]), "again": bool(again and again[0]),
            "defunct": bool(state and state[0] and state[0][0] & (1 << 6)), "path": first, "paths_after": [p for _, p in left]}


def main():
    pid = int(sys.argv[1])
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    bus = accessibility_bus()
    target = Target(bus, find_name(bus, pid))
    objects = walk(target)
    finish = [path for path, role, name in objects if role == "push button" and name == options.get("--finish")]
    report = {"objects": len(objects)}
    report["defunct"] = flood(target, objects, set(finish))
    if "--token" in options:
        report["token"] = tokens(target, walk(target), options["--token"])
    report["calls"], report["outcomes"] = target.calls, target.outcomes
    if finish:
        report["finished"] = target.call(finish[0], "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,)))
    print(json.dumps(report), flush=True)


main()
