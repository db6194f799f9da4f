#!/usr/bin/python3
"""The processes connected to a bus: the session bus, or the accessibility bus it names.

Usage: bus_peers.py session|accessibility

Prints the process ids of the bus's connections, one a line, as the bus itself reports them
(org.freedesktop.DBus.GetConnectionUnixProcessID). A test asks this instead of counting a
program's sockets: whether a program is on a bus is the bus's to say.
"""
import sys

from gi.repository import Gio, GLib

DBUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus")


def call(bus, name, path, interface, method, arguments=None):
    return bus.call_sync(name, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE, -1, None).unpack()


def accessibility_bus(session):
    (address,) = call(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def main():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus = session if sys.argv[1:] == ["session"] else accessibility_bus(session)
    (names,) = call(bus, *DBUS, "ListNames")
    for name in names:
        if not name.startswith(":"):
            continue
        try:
            (pid,) = call(bus, *DBUS, "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)))
        except GLib.Error:
            continue  # it left between the two calls
        print(pid)


if __name__ == "__main__":
    main()
