#!/usr/bin/python3
"""Where a screen reader's calls to an application go (issue #58): through the accessibility bus,
or straight to the application over the private connection it offers
(org.a11y.atspi.Application.GetApplicationBusAddress), which libatspi opens when it meets it.

Usage: peer_reads.py PID once|peer|hold
       peer_reads.py connect ADDRESS

Reads the focused object's name, role, text and caret through libatspi (pyatspi) with its cache
of names off (as Orca turns it off), while a monitor on the accessibility bus (BecomeMonitor, what
dbus-monitor does) sees every method call to the application there. A round of reads ends with a
ping to the application sent through the bus: once the monitor has seen it, it has seen every call
made before. once: one round. peer: rounds until one makes no call through the bus (libatspi opens
the connection when the application's address comes, a turn or two of the main loop after it first
met it); past the deadline that fails. Prints {"address": what the application offers,
"calls_on_bus": N, "focused": {...}} for the last round.
hold: as peer, then prints its line and waits to be killed.
connect: opens a connection to ADDRESS as any D-Bus peer does (EXTERNAL authentication); exits 0
once the server let it in, 1 with GDBus's reason on standard error.
"""
import faulthandler
import json
import sys
import threading
import time

import gi
from gi.repository import Gio, GLib

PATIENCE = 60.0
DBUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus")


def fail(message):
    sys.stderr.write("peer_reads: %s\n" % message)
    sys.exit(1)


def call(bus, name, path, interface, method, arguments=None):
    return bus.call_sync(name, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE, -1, None).unpack()


def open_bus(address):
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def connect(address):
    try:
        Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
    except GLib.Error as error:
        fail(error.message)


class Monitor:
    """The method calls to `name` on the bus, as the bus daemon copies them to a monitor: the
    pings from `marker` counted apart, the registry's own calls (it sets the application's Id)
    left out, as they are not the client's."""

    def __init__(self, address, name, marker, registry):
        self.name, self.marker, self.registry = name, marker, registry
        self.lock = threading.Lock()
        self.calls, self.pings = [], 0
        self.connection = open_bus(address)
        # Called on GDBus's own thread, so it counts even while libatspi blocks the main one.
        self.connection.add_filter(self.filter)
        call(self.connection, *DBUS[:2], "org.freedesktop.DBus.Monitoring", "BecomeMonitor",
             GLib.Variant("(asu)", (["type='method_call',destination='%s'" % name], 0)))

    def filter(self, connection, message, incoming):
        if not incoming or message.get_message_type() != Gio.DBusMessageType.METHOD_CALL:
            return message
        if message.get_destination() == self.name:
            with self.lock:
                if message.get_sender() == self.marker:
                    self.pings += 1
                elif message.get_sender() != self.registry:
                    self.calls.append(message.get_interface() + "." + message.get_member())
        # A copy to look at, not a call to this connection: GDBus would answer it (a ping, an
        # unknown method), and the bus disconnects a monitor that sends anything.
        return None


def main():
    if sys.argv[1] == "connect":
        return connect(sys.argv[2])
    pid, mode = int(sys.argv[1]), sys.argv[2]
    # A call that never returns (libatspi has deadlocks of its own) ends the script all the same,
    # saying where it was.
    faulthandler.dump_traceback_later(2 * PATIENCE, exit=True)
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi

    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    (address,) = call(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
    marker = open_bus(address)
    (names,) = call(marker, *DBUS, "ListNames")
    name = next((n for n in names if n.startswith(":") and pid_of(marker, n) == pid), None)
    if name is None:
        fail("process %d is not on the accessibility bus" % pid)
    (registry,) = call(marker, *DBUS, "GetNameOwner", GLib.Variant("(s)", ("org.a11y.atspi.Registry",)))
    monitor = Monitor(address, name, marker.get_unique_name(), registry)
    try:
        (offered,) = call(marker, name, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Application", "GetApplicationBusAddress")
    except GLib.Error:
        offered = ""  # none, as libatspi takes an error: it stays on the bus

    def round_of_reads(app):
        """The focused object's answers, and the calls that reached the application through the bus."""
        with monitor.lock:
            start, pings = len(monitor.calls), monitor.pings
        focused = read_focused(app)
        marker.call_sync(name, "/", "org.freedesktop.DBus.Peer", "Ping", None, None, Gio.DBusCallFlags.NONE, -1, None)
        wait(lambda: monitor.pings > pings, "the monitor to see the ping")
        with monitor.lock:
            return focused, monitor.calls[start:]

    app = find_application(pid)
    # Orca's mask (scripts/default.py): names and descriptions asked each time. With states not
    # kept either, libatspi 2.46 asks for them inside its own handling of a state change, and
    # deadlocks there.
    app.set_cache_mask(Atspi.Cache(int(Atspi.Cache.DEFAULT) ^ int(Atspi.Cache.NAME) ^ int(Atspi.Cache.DESCRIPTION)))
    deadline = time.monotonic() + PATIENCE
    while True:
        pump()
        focused, calls = round_of_reads(app)
        if mode == "once" or not calls:
            break
        if time.monotonic() > deadline:
            fail("after %d s the reads still go through the bus: %s" % (PATIENCE, calls))
        time.sleep(0.02)
    print(json.dumps({"address": offered, "calls_on_bus": len(calls), "focused": focused}), flush=True)
    if mode == "hold":
        faulthandler.cancel_dump_traceback_later()
        while True:
            time.sleep(3600)


def pid_of(bus, name):
    try:
        (pid,) = call(bus, *DBUS, "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)))
        return pid
    except GLib.Error:
        return None  # it left between the two calls


def pump():
    """Lets libatspi handle what came (the application's address among it)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def wait(condition, what):
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            fail("waited %d s for %s" % (PATIENCE, what))
        time.sleep(0.001)


def find_application(pid):
    import pyatspi
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        pump()
        time.sleep(0.02)
    fail("no application of process %d on the desktop" % pid)


def read_focused(node):
    import pyatspi
    if node.getState().contains(pyatspi.STATE_FOCUSED):
        text = node.queryText()
        return {"name": node.name, "role": node.getRoleName(), "text": text.getText(0, -1), "caret": text.caretOffset}
    for index in range(node.childCount):
        found = read_focused(node.getChildAtIndex(index))
        if found is not None:
            return found
    return None


if __name__ == "__main__":
    main()
