#!/usr/bin/python3
"""A screen reader's view of a form, through pyatspi on the accessibility bus (issue #16).

Usage: atspi_client.py PID SCENARIO.json

Finds the application of process PID on the bus, prints its tree, then runs the scenario's steps,
one JSON object a step on standard output. Keys go through the X server (xdotool uses XTEST), as
a person's would. Waits are for an event or a property, each with a deadline that only guards
against hanging. Exits 0 when every step passed, 1 with the failure on standard error.

A scenario is {"steps": [...]}, each step one of:
  {"key": "Tab", "expect_focus": {"role": "entry", "name": "Email"}}
  {"type": "ada", "on": {"role": ..., "name": ...}}   (waits for its insert and caret events)
  {"read_text": {"role": ..., "name": ...}, "text": "ada", "caret": 3}
  {"set_text": {"role": ..., "name": ...}, "text": "Grace"}
  {"do_action": {"role": ..., "name": ...}, "action": "press"}
  {"extents": {"role": ..., "name": ...}}   (prints its extents in window coordinates)
Objects are found by role and name (name may be omitted: the nth of the role, "index").
"""
import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

PATIENCE = 60.0
events = []


def fail(message):
    sys.stderr.write("atspi_client: %s\n" % message)
    sys.exit(1)


def pump_until(condition, what):
    """Runs the main loop, where libatspi delivers events, until `condition()` holds."""
    context = GLib.MainContext.default()
    # Wakes the loop now and then, so the deadline is looked at even when nothing comes.
    tick = GLib.timeout_add(20, lambda: True)
    deadline = time.monotonic() + PATIENCE
    try:
        while not condition():
            if time.monotonic() > deadline:
                fail("waited %d s for %s; events: %s" % (PATIENCE, what, [describe(e) for e in events]))
            context.iteration(True)
    finally:
        GLib.source_remove(tick)


def describe(event):
    try:
        source = "%s %r" % (event.source.getRoleName(), event.source.name)
    except Exception:
        source = "?"
    return "%s %s %s %s %r" % (event.type, source, event.detail1, event.detail2, event.any_data)


def find_application(pid):
    found = []

    def look():
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            try:
                if app is not None and app.get_process_id() == pid:
                    found.append(app)
                    return True
            except Exception:
                pass
        return False

    pump_until(look, "the application of process %d on the bus" % pid)
    return found[0]


def outline(node, depth=0):
    lines = ["%s%s | %s" % ("  " * depth, node.getRoleName(), node.name)]
    for index in range(node.childCount):
        lines += outline(node.getChildAtIndex(index), depth + 1)
    return lines


def find(app, spec):
    matches = []

    def visit(node):
        if node.getRoleName() == spec["role"] and ("name" not in spec or node.name == spec["name"]):
            matches.append(node)
        for index in range(node.childCount):
            visit(node.getChildAtIndex(index))

    visit(app)
    index = spec.get("index", 0)
    if len(matches) <= index:
        fail("no %s in %s" % (spec, outline(app)))
    return matches[index]


def matches(node, spec):
    return node.getRoleName() == spec["role"] and ("name" not in spec or node.name == spec["name"])


def run_step(app, step):
    if "key" in step:
        start = len(events)
        subprocess.run(["xdotool", "key", step["key"]], check=True)
        spec = step["expect_focus"]

        def focused():
            return any(e.type == "object:state-changed:focused" and e.detail1 == 1 and matches(e.source, spec)
                       for e in events[start:])

        pump_until(focused, "focus on %s after %s" % (spec, step["key"]))
        return {"key": step["key"], "focused": spec}
    if "type" in step:
        start = len(events)
        subprocess.run(["xdotool", "type", "--delay", "20", step["type"]], check=True)
        spec = step["on"]
        count = len(step["type"])

        def typed():
            inserted = [e for e in events[start:] if e.type == "object:text-changed:insert" and matches(e.source, spec)]
            moved = [e for e in events[start:] if e.type == "object:text-caret-moved" and matches(e.source, spec)]
            return sum(e.detail2 for e in inserted) >= count and len(moved) >= count

        pump_until(typed, "text events on %s while typing %r" % (spec, step["type"]))
        inserted = "".join(e.any_data for e in events[start:] if e.type == "object:text-changed:insert" and matches(e.source, spec))
        return {"type": step["type"], "inserted": inserted}
    if "read_text" in step:
        node = find(app, step["read_text"])
        text = node.queryText()
        got = {"text": text.getText(0, -1), "caret": text.caretOffset, "count": text.characterCount}
        if got["text"] != step["text"] or got["caret"] != step["caret"]:
            fail("%s has %r, wanted %r" % (step["read_text"], got, step))
        return {"read": step["read_text"], **got}
    if "set_text" in step:
        node = find(app, step["set_text"])
        if not node.queryEditableText().setTextContents(step["text"]):
            fail("setTextContents refused on %s" % step["set_text"])
        pump_until(lambda: node.queryText().getText(0, -1) == step.get("shown", step["text"]),
                   "the text of %s to be %r" % (step["set_text"], step["text"]))
        return {"set": step["set_text"], "text": step["text"]}
    if "extents" in step:
        box = find(app, step["extents"]).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return {"extents": step["extents"], "box": [box.x, box.y, box.width, box.height]}
    if "do_action" in step:
        node = find(app, step["do_action"])
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        if step["action"] not in names:
            fail("%s has actions %s, not %s" % (step["do_action"], names, step["action"]))
        action.doAction(names.index(step["action"]))
        return {"action": step["action"], "on": step["do_action"], "actions": names}
    fail("unknown step %s" % step)


def main():
    pid, scenario = int(sys.argv[1]), json.load(open(sys.argv[2]))
    listener = events.append
    pyatspi.Registry.registerEventListener(listener, "object:state-changed:focused", "object:text-changed",
                                           "object:text-caret-moved")
    app = find_application(pid)
    print(json.dumps({"application": app.name, "tree": outline(app)}), flush=True)
    for step in scenario["steps"]:
        print(json.dumps(run_step(app, step)), flush=True)


main()
