#!/usr/bin/env python3
"""Records which functions a program runs, for the linker to place them together.

Usage: linker/record-order.py keyform|floor BINARY OUTPUT   (`make order-file` runs both)

The shipping binary is 11 MB of code, but a window uses a small part of it, spread over the whole
text: the kernel maps each page that is touched together with up to 15 neighbours (fault-around),
so scattered first calls made most of the binary resident. lld's --symbol-ordering-file puts the
functions named here first, in this order, so what a window runs shares as few pages as it can.

It runs the program under callgrind on a private Xvfb and uses it through XTEST (xdotool):
`keyform` with the demo form (every control kind), every field filled in and the form submitted;
the Swift keyboard floor (`bench/floor/`), which `make bench` links the same way so that it stays
the least our stack costs, typed into. Then it writes every function of the program's own binary
that ran, in the order callgrind first met it, as mangled symbol names. Names the next build no
longer has are ignored by the linker, so an old list only costs locality.
"""
import os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))

def main():
    if len(sys.argv) != 4 or sys.argv[1] not in PROGRAMS:
        sys.exit("usage: record-order.py keyform|floor BINARY OUTPUT")
    arguments, use = PROGRAMS[sys.argv[1]]
    binary, output = os.path.realpath(sys.argv[2]), sys.argv[3]
    with tempfile.TemporaryDirectory(prefix="keyform-order-") as scratch:
        display = free_display()
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            env = dict(os.environ, DISPLAY=display, LC_ALL="C.UTF-8")
            env.pop("XMODIFIERS", None)
            wait_for_server(display, env)
            profile = os.path.join(scratch, "callgrind.out")
            with open(os.path.join(scratch, "out"), "w+") as out:
                program = subprocess.Popen(
                    ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                     "--callgrind-out-file=" + profile, binary, *arguments],
                    env=env, stdout=out, stderr=subprocess.DEVNULL)
                outcome = use(program, env, out)
            names = functions_in_order(profile, binary)
        finally:
            xvfb.terminate()
            xvfb.wait()
    with open(output, "w") as file:
        file.write("\n".join(names) + "\n")
    print(f"record-order: {outcome}")
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
    return subprocess.run(["xdotool", *arguments], env=env, check=True, capture_output=True, text=True).stdout

def point_at(window, env):
    # With no window manager the keyboard follows the pointer.
    xdotool(env, "mousemove", "--window", window, "30", "30")

def fill_the_demo_form(program, env, out):
    """What a person does with the demo form: each control used, a mistake mended, submitted."""
    point_at(xdotool(env, "search", "--sync", "--onlyvisible", "--name", "Job application").split()[0], env)
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
    try:
        program.wait(timeout=120)
    except subprocess.TimeoutExpired:
        program.terminate()
        program.wait()
    if program.returncode != 0:
        sys.exit(f"record-order: the window did not submit the form (exit {program.returncode})")
    out.seek(0)
    return "submitted " + out.read().strip()

def type_into_the_floor(program, env, out):
    """The floor has no title and never ends: its one window, typed into, then SIGTERM."""
    while True:
        windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--maxdepth", "1", "--name", ""],
                                 env=env, capture_output=True, text=True).stdout.split()
        if windows:
            break
        if program.poll() is not None:
            sys.exit(f"record-order: the floor ended (exit {program.returncode})")
        time.sleep(0.1)
    point_at(windows[0], env)
    xdotool(env, "type", "--delay", "40", "Keyboard floor, typed into")
    xdotool(env, "key", "--delay", "40", "BackSpace", "BackSpace")
    # A round trip through the server after the keys: the floor has read them when it answers.
    xdotool(env, "getwindowname", windows[0])
    time.sleep(2)  # not a test: callgrind's floor is slow, and a missed key only costs a function
    program.terminate()
    program.wait()
    return "typed into the floor"

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

PROGRAMS = {
    "keyform": (["--form", os.path.join(ROOT, "assets/demo-form.json"), "--today", "2026-11-24"], fill_the_demo_form),
    "floor": ([], type_into_the_floor),
}

if __name__ == "__main__":
    main()
