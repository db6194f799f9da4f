#!/usr/bin/env python3
"""Records which functions the shipping `keyform` runs, for the linker to place them together.

Usage: linker/record-order.py KEYFORM_BINARY [OUTPUT]   (`make order-file` runs it)

The shipping binary is 11 MB of code, but a window uses a small part of it, spread over the whole
text: the kernel maps each page that is touched together with up to 15 neighbours (fault-around),
so scattered first calls made most of the binary resident. lld's --symbol-ordering-file puts the
functions named here first, in this order, so what a window runs shares as few pages as it can.

It runs the binary under callgrind on a private Xvfb with the demo form (every control kind),
fills every field through XTEST (xdotool) and submits, then writes every function that ran, in the
order callgrind first met it, as mangled symbol names. Functions of shared libraries are left out;
names the next build no longer has are ignored by the linker, so an old file only costs locality.
"""
import os, re, subprocess, sys, tempfile, time

def main():
    if len(sys.argv) < 2:
        sys.exit("usage: record-order.py KEYFORM_BINARY [OUTPUT]")
    binary = os.path.realpath(sys.argv[1])
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "keyform.order")
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    with tempfile.TemporaryDirectory(prefix="keyform-order-") as scratch:
        display = free_display()
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            env = dict(os.environ, DISPLAY=display, LC_ALL="C.UTF-8")
            env.pop("XMODIFIERS", None)
            wait_for_server(display, env)
            profile = os.path.join(scratch, "callgrind.out")
            window = subprocess.Popen(
                ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                 "--callgrind-out-file=" + profile, binary, "--form", os.path.join(root, "assets/demo-form.json"),
                 "--today", "2026-11-24"],
                env=env, stdout=open(os.path.join(scratch, "out"), "w"), stderr=open(os.path.join(scratch, "err"), "w"))
            fill_the_demo_form(env)
            try:
                window.wait(timeout=120)
            except subprocess.TimeoutExpired:
                window.terminate()
                window.wait()
            if window.returncode != 0:
                sys.exit(f"record-order: the window did not submit the form (exit {window.returncode})")
            submitted = open(os.path.join(scratch, "out")).read().strip()
            names = functions_in_order(profile, binary)
        finally:
            xvfb.terminate()
            xvfb.wait()
    with open(output, "w") as file:
        file.write("\n".join(names) + "\n")
    print(f"record-order: submitted {submitted}")
    print(f"record-order: {len(names)} functions to {output}")

def free_display():
    number = 90
    while os.path.exists(f"/tmp/.X11-unix/X{number}") or os.path.exists(f"/tmp/.X{number}-lock"):
        number += 1
    return f":{number}"

def wait_for_server(display, env):
    for _ in range(200):
        if subprocess.run(["xdpyinfo"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            return
        time.sleep(0.05)
    sys.exit(f"record-order: Xvfb on {display} did not start")

def xdotool(env, *arguments):
    subprocess.run(["xdotool", *arguments], env=env, check=True)

def fill_the_demo_form(env):
    """What a person does with the demo form: each control used, a mistake mended, submitted."""
    window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Job application"],
                            env=env, check=True, capture_output=True, text=True).stdout.split()[0]
    # With no window manager the keyboard follows the pointer: over the window's title margin.
    xdotool(env, "mousemove", "--window", window, "4", "4")
    steps = [
        ("type", "Ada Lovelace"), ("key", "ctrl+BackSpace"), ("type", "Byron"), ("key", "Tab"),
        ("type", "ada@example.org"), ("key", "Tab"),
        ("key", "alt+Down"), ("key", "Down Down Down Down Down"), ("key", "Return"), ("key", "Tab"),
        ("type", "12"), ("key", "Tab"), ("type", "London"), ("key", "Tab"), ("type", "W1A 1AA"), ("key", "Tab"),
        ("type", "C"), ("key", "Return"), ("type", "X11"), ("key", "Return"), ("key", "BackSpace"),
        ("type", "Rust"), ("key", "Return"), ("key", "Tab"),
        ("type", "First line"), ("key", "Return"), ("type", "second line"), ("key", "ctrl+z ctrl+y"),
        ("key", "Tab"), ("type", "4321"), ("key", "shift+Tab Tab"),
        ("key", "ctrl+Return"),
    ]
    for kind, text in steps:
        if kind == "type":
            xdotool(env, "type", "--delay", "40", text)
        else:
            xdotool(env, "key", "--delay", "40", *text.split())

def functions_in_order(profile, binary):
    """The mangled names of the binary's own functions, in the order callgrind names them."""
    names, seen, in_binary = [], set(), False
    with open(profile, errors="replace") as file:
        for line in file:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == binary
            elif line.startswith("fn=") and in_binary:
                name = line[3:].strip()
                if name not in seen and not name.startswith("0x"):
                    seen.add(name)
                    names.append(name)
    return names

if __name__ == "__main__":
    main()
