#!/usr/bin/env python3
"""A form of one text area holding N MiB, and what opening it and each kind of key cost in
`keyform replay` (issue #22: open in under 0.5 s, a key in under 16 ms).

    bench/big-text-area.py form 10 > big.json      # the form alone
    bench/big-text-area.py measure 10 1            # open, and each key at the end and the middle

A key's cost is the CPU time (user + system, from getrusage) of a replay with the key pressed
`--keys` times, less that of the same replay without them, divided by that count; each figure is
the median of `--runs` replays. CPU time, not wall time, for the keys: the machine is shared.
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time

LINE = "Line of the notes, with a few words on it and a number: "
WORDS = "the quick brown fox jumps over a lazy dog while seven wizards box jolly vexing quiz".split()


def text(mib):
    """Numbered lines of notes, as the engine benchmark's (EngineBench.bigTextArea), to `mib` MiB."""
    lines, size, number = [], 0, 0
    while size < mib << 20:
        number += 1
        line = f"{LINE}{number}\n"
        lines.append(line)
        size += len(line)
    return "".join(lines)


def form(mib):
    field = {"id": "notes", "type": "textarea", "label": "Notes", "value": text(mib)}
    return json.dumps({"title": "Big", "size": {"width": 640, "height": 480}, "fields": [field]})


def fresh_text(keys):
    """`keys` characters of words and spaces: new text, not one letter again and again."""
    out = ""
    i = 0
    while len(out) < keys:
        out += WORDS[i % len(WORDS)] + " "
        i += 1
    return out[:keys]


def cases(keys):
    """Each kind of key: (name, the events before it, the events measured)."""
    return [
        ("letter", [], [f"type:{fresh_text(keys)}"]),
        ("BackSpace", [], ["BackSpace"] * keys),
        ("Return", [], ["Return"] * keys),
        ("Left", [], ["Left"] * keys),
        ("Right", ["Left"] * keys, ["Right"] * keys),
        ("Up", [], ["Up"] * keys),
        ("Down", ["Up"] * keys, ["Down"] * keys),
        # Undo puts back the text before a typing run, redo the run: each a whole snapshot.
        ("undo/redo of a typing run", ["type:hello"], ["ctrl+z", "ctrl+shift+z"] * (keys // 2)),
        ("paste of a line", [], ["paste:A pasted line of the notes, with a few words on it\n"] * keys),
    ]


def seconds(binary, form_path, events):
    """The CPU time (user and system) and the wall time of one replay."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    subprocess.run([binary, "replay", "--output", "json", "--form", form_path],
                   input="\n".join(events) + "\n", text=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def measure(args):
    binary = args.binary or os.path.join(subprocess.check_output(
        ["swift", "build", "-c", "release", "--show-bin-path"], text=True).strip(), "keyform")
    source = text(args.mib)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(form(args.mib))
        path = file.name
    try:
        def median(events, wall=False):
            return statistics.median(seconds(binary, path, events)[wall] for _ in range(args.runs))
        # The form opens with the text area focused and its caret at the end: parsing the form
        # file, laying it out, and writing the value once as the window does on submit.
        print(f"{args.mib} MiB ({len(source.encode())} bytes): open {median([]) * 1000:.0f} ms of CPU, "
              f"{median([], wall=True) * 1000:.0f} ms of wall time")
        middle = len(source) // 2
        for place, setup in [("end", []), ("middle", [f"select:{middle},{middle}"])]:
            for name, before, keys in cases(args.keys):
                base = median(setup + before)
                count = sum(len(k) - len("type:") if k.startswith("type:") else 1 for k in keys)
                per_key = (median(setup + before + keys) - base) / count
                print(f"  {place:6} {name:26} {per_key * 1000:8.2f} ms a key ({count} keys)")
    finally:
        os.unlink(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("form", help="print the form")
    make.add_argument("mib", type=int)
    run = commands.add_parser("measure", help="measure opening and each kind of key")
    run.add_argument("mib", type=int)
    run.add_argument("runs", type=int, nargs="?", default=3)
    run.add_argument("--keys", type=int, default=20, help="keys of each kind a replay presses")
    run.add_argument("--binary", help="keyform (default: the release build's)")
    args = parser.parse_args()
    if args.command == "form":
        sys.stdout.write(form(args.mib))
    else:
        measure(args)


main()
