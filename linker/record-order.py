#!/usr/bin/env python3
"""Records which functions a program runs, for the linker to place them together.

Usage: linker/record-order.py keyform|floor BINARY OUTPUT   (`make order-file` runs both)

The shipping binary is 8 MB of code, but a window uses a small part of it, spread over the whole
text: the kernel maps each page that is touched together with up to 15 neighbours (fault-around),
so scattered first calls made most of the binary resident. lld's --symbol-ordering-file puts the
functions named here first, in this order, so what a window runs shares as few pages as it can.

It runs the program under callgrind on a private Xvfb and uses it through XTEST (xdotool):
`keyform` four times. First only the keys of a text field are recorded (fresh letters and
BackSpace, typed one at a time into a window typed into already, on past the field's end, where
it scrolls to follow the caret: typed only halfway, the run left the code a long value's keys
run among what no window runs, on a 64 kB block of its own): the code every key runs comes
first, packed on as few pages as it holds. Placed by the order of a window's first calls, it lay
among code that runs once at start-up: a fresh letter in a field ran code on 133 of the binary's
pages, now on 64 (the standard library's section holds 26 of them), one in a text area on 162,
now 80 (callgrind, `--dump-instr=yes`, one letter). That run lists the functions most entered
first: what every key runs, then what some keys do (71 pages in callgrind's order).
Then with a form of text fields and a picker typed into, with a pause for the caret to blink,
and submitted (what most windows are and do, so its start-up comes next, before code only some
windows run); then only a text area's keys, most entered first; then the demo form (every
control kind), every field filled in and the form submitted. The Swift keyboard floor
(`bench/floor/`), which `make bench` links the same way so that it stays the least our stack
costs, typed into.
Then it writes every function of the program's own binary that ran, run by run, in the order
callgrind first lists them (the keys' runs most entered first), as mangled symbol names.

Last come the protocol conformance descriptors, which the Swift runtime reads all of (see
`conformance_descriptors`). Only functions the linker can move are listed. The Swift runtime's archives hold much of their
code in one `.text` section an object (the standard library's is 1.6 MB): naming one function in
it would move the whole section into the middle of the list and split the program's own code in
two. Functions with no name of their own are placed by linker/unnamed-functions.ld instead. Names
the next build no longer has are ignored by the linker, so an old list only costs locality.
"""
import bisect, collections, glob, json, os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))

def main():
    if len(sys.argv) != 4 or sys.argv[1] not in PROGRAMS:
        sys.exit("usage: record-order.py keyform|floor BINARY OUTPUT")
    binary, output = os.path.realpath(sys.argv[2]), sys.argv[3]
    names, unmovable = [], functions_sharing_a_section(binary)
    with tempfile.TemporaryDirectory(prefix="keyform-order-") as scratch:
        display = free_display()
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            env = dict(os.environ, DISPLAY=display, LC_ALL="C.UTF-8")
            env.pop("XMODIFIERS", None)
            wait_for_server(display, env)
            for number, (arguments, use, recorded_from_start) in enumerate(PROGRAMS[sys.argv[1]]):
                profile = os.path.join(scratch, f"callgrind.{number}")
                with open(os.path.join(scratch, f"out.{number}"), "w+") as out:
                    program = subprocess.Popen(
                        ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
                         "--instr-atstart=" + ("yes" if recorded_from_start else "no"),
                         "--dump-instr=yes", "--callgrind-out-file=" + profile, binary, *arguments(scratch)],
                        env=env, stdout=out, stderr=subprocess.DEVNULL)
                    print(f"record-order: {use(program, env, out)}")
                known = set(names)
                names += [name for name in functions_in_order(profile, binary, most_run_first=not recorded_from_start)
                          if name not in known and name not in unmovable]
        finally:
            xvfb.terminate()
            xvfb.wait()
    descriptors = conformance_descriptors(binary)
    with open(output, "w") as file:
        file.write("\n".join(names + descriptors) + "\n")
    print(f"record-order: {len(names)} functions and {len(descriptors)} conformance descriptors to {output}")

def conformance_descriptors(binary):
    """Every protocol conformance descriptor of the binary (mangled names ending in `Mc`), to be
    placed together at the start of `.rodata`. The Swift runtime's first lookup of a conformance
    its cache lacks reads every descriptor the binary has (a window's start makes several), and
    each lies where its object put it: Keyform's 2,045 were on 32 pages in 5 of the 64 kB blocks
    the kernel maps together, two of them the regular-expression parser's, which a form without
    a pattern needs for nothing else; together, 25 pages in 3."""
    symbols = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    names = (fields[2] for fields in map(str.split, symbols.splitlines()) if len(fields) == 3)
    return sorted({name for name in names if name.endswith("Mc")})

def functions_sharing_a_section(binary):
    """The functions of the binary that come from a `.text` section shared by a whole object of the
    Swift runtime's archives. A program's own object may define a function of the same name in a
    section of its own (a specialization), which the linker may take instead: a copy is the
    archive's when it sits at its offset from where the rest of that section landed."""
    compiler = os.path.realpath(subprocess.run(["which", "swiftc"], capture_output=True, text=True).stdout.strip())
    archives = glob.glob(os.path.join(os.path.dirname(compiler), "..", "lib", "swift_static", "linux", "*.a"))
    offsets = collections.defaultdict(list)  # name: [(the object it is in, its offset in that .text)]
    for archive in archives:
        member, text_index = None, None
        listing = subprocess.run(["readelf", "-SsW", archive], capture_output=True, text=True, errors="replace").stdout
        for line in listing.splitlines():
            if line.startswith("File: "):
                member, text_index = line, None
            section = re.match(r"\s*\[\s*(\d+)\] \.text\s", line)
            if section:
                text_index = section.group(1)
            symbol = line.split()
            if text_index and len(symbol) == 8 and symbol[3] == "FUNC" and symbol[6] == text_index:
                offsets[symbol[7]].append((member, int(symbol[1], 16)))
    addresses = collections.defaultdict(list)  # a name's every copy: local ones repeat in many objects
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, errors="replace").stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[2] in offsets:
            addresses[fields[2]].append(int(fields[0], 16))
    # Where each object's .text landed: the start most of its functions agree on (objects the
    # program does not link agree on none).
    votes = collections.defaultdict(collections.Counter)
    for name, copies in addresses.items():
        for member, offset in offsets[name]:
            for address in copies:
                votes[member][address - offset] += 1
    starts = {member: start for member, counter in votes.items()
              for start, count in [counter.most_common(1)[0]] if count >= 10}
    # The linker places a section by any symbol in it of a name listed, a local copy too.
    return {name for name, copies in addresses.items()
            if any(starts.get(member) == address - offset for member, offset in offsets[name] for address in copies)}

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

def xdotool(env, *arguments, check=True):
    return subprocess.run(["xdotool", *arguments], env=env, check=check, capture_output=True, text=True).stdout

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
    take_steps(steps, env)
    return submitted(program, out)

def record_keys(title, warm_up, typed):
    """Records only `typed`, keys sent to the window titled `title` after `warm_up`: what every
    such key runs once the window is open and typed into."""
    def use(program, env, out):
        point_at(xdotool(env, "search", "--sync", "--onlyvisible", "--name", title).split()[0], env)
        # The first keys set up what later ones reuse (the glyphs' cache, the layouts' memo).
        take_steps(warm_up, env)
        callgrind_control(program, "--instr=on")
        # One key at a time, as a person types: under callgrind the window lags far behind the
        # keys and would read many before it paints once. It has painted a key when it stops
        # using the processor for a moment (between its caret's blinks).
        for step in typed:
            take_steps([step], env)
            wait_until_idle(program)
        callgrind_control(program, "--instr=off")
        take_steps([("key", "ctrl+Return")], env)
        return submitted(program, out)
    return use

def letters(text):
    return [("type", letter) for letter in text]

def wait_until_idle(program):
    """Until the program's processor time has not grown for 0.3 s (at most a minute)."""
    def used():
        with open(f"/proc/{program.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime and stime
    last, still, deadline = used(), 0, time.monotonic() + 60
    while still < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
        now = used()
        still = still + 1 if now == last else 0
        last = now

def callgrind_control(program, *arguments):
    subprocess.run(["callgrind_control", *arguments, str(program.pid)], check=True, stdout=subprocess.DEVNULL)

def type_into_text_fields(program, env, out):
    """What most windows are: text fields typed into, a word taken back, Tab, submitted."""
    point_at(xdotool(env, "search", "--sync", "--onlyvisible", "--name", "Text fields").split()[0], env)
    take_steps([("type", "Keyboard first"), ("key", "ctrl+BackSpace"), ("type", "always")], env)
    # A person stops between words and the caret blinks (every 500 ms): its repaint is code a
    # window runs while open, which typing straight through never reaches. Not a test: a
    # pause that is too short only leaves the blink's functions out of the list.
    time.sleep(2)
    take_steps([("key", "Left Left Right Home End"), ("key", "Tab"),
                ("type", "fresh letters, typed"), ("key", "BackSpace shift+Tab Tab Tab"),
                ("type", "Zwei"), ("key", "ctrl+Return")], env)
    return submitted(program, out)

def take_steps(steps, env):
    for kind, text in steps:
        if kind == "type":
            xdotool(env, "type", "--delay", "40", text)
        else:
            xdotool(env, "key", "--delay", "40", *text.split())

def submitted(program, out):
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
    # Searched to depth 1, the root comes first (depth 0).
    root = xdotool(env, "search", "--maxdepth", "0", "--name", "").split()
    while True:
        # A search that finds nothing exits 1: the window is not there yet.
        found = xdotool(env, "search", "--onlyvisible", "--maxdepth", "1", "--name", "", check=False).split()
        windows = [window for window in found if window not in root]
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

def functions_in_order(profile, binary, most_run_first=False):
    """The mangled names of the binary's functions that ran, in the order callgrind first lists
    them, found by the addresses of the instructions run: callgrind gives code that has several
    names (merged functions, thunks) one of them, and the linker knows the section by any.
    `most_run_first`: ordered by how often each was entered (its first instruction run), most
    first, so that the code each key runs comes before what only some keys run."""
    functions = []  # (start, end, name), by start
    listing = subprocess.run(["nm", "--defined-only", "--print-size", binary], capture_output=True, text=True, errors="replace").stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            start = int(fields[0], 16)
            functions.append((start, start + int(fields[1], 16), fields[3]))
    functions.sort()
    starts = [start for start, _, _ in functions]
    names, seen, in_binary, cost_of_a_call = [], set(), False, False
    entered = collections.Counter()  # by start address
    with open(profile, errors="replace") as file:
        for line in file:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == binary
            elif line.startswith("calls="):
                cost_of_a_call = True  # the next line is the called function's cost, at the call
            elif line.startswith("0x") and in_binary and not cost_of_a_call:
                # A position-independent binary's addresses are given from its start, as nm's are.
                # Each line is an instruction's address, its source line and its cost: how often it ran.
                fields = line.split()
                address, count = int(fields[0], 16), int(fields[2])
                nearest = index = bisect.bisect_right(starts, address) - 1
                if address == starts[nearest]:
                    entered[address] += count
                # Every name of the code there: the names that start where the nearest one does.
                while index >= 0 and starts[index] == starts[nearest]:
                    _, end, name = functions[index]
                    if address < end and name not in seen:
                        seen.add(name)
                        names.append((starts[nearest], name))
                    index -= 1
            elif line.startswith("0x"):
                cost_of_a_call = False
    if most_run_first:
        names.sort(key=lambda function: -entered[function[0]])  # stable: ties keep callgrind's order
    return [name for _, name in names]

def notes_form(scratch):
    path = os.path.join(scratch, "notes.json")
    lines = "\n".join(f"Line {number} of the notes" for number in range(1, 9))
    with open(path, "w") as file:
        json.dump({"title": "Notes", "fields": [{"id": "notes", "type": "textarea", "label": "Notes", "value": lines}]}, file)
    return ["--form", path]

def text_fields_form(scratch):
    """Four text fields and a picker, as most forms are."""
    path = os.path.join(scratch, "text-fields.json")
    with open(path, "w") as file:
        json.dump({"title": "Text fields", "fields": [
            *({"id": f"f{number}", "type": "text", "label": f"Field {number}"} for number in range(1, 5)),
            {"id": "choice", "type": "picker", "label": "Choice", "options": ["One", "Two", "Three"], "value": "One"}]}, file)
    return ["--form", path]

# Each program's runs, in the order their functions are placed: (its arguments, what is done with
# it, whether callgrind records from the start or only when the run turns it on).
PROGRAMS = {
    "keyform": [(text_fields_form, record_keys("Text fields", letters("Keyboard "),
                                               letters("first, fresh letters, typed on and on past the end of the field, "
                                                       "so that it scrolls") + [("key", "BackSpace")] * 2), False),
                (text_fields_form, type_into_text_fields, True),
                (notes_form, record_keys("Notes", letters(" and "),
                                         letters("more") + [("key", "Return")] + letters("lines")), False),
                (lambda _: ["--form", os.path.join(ROOT, "assets/demo-form.json"), "--today", "2026-11-24"],
                 fill_the_demo_form, True)],
    "floor": [(lambda _: [], type_into_the_floor, True)],
}

if __name__ == "__main__":
    main()
