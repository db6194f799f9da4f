#!/bin/sh
# Peak resident memory (VmHWM) of Tk's benchmark form, Keyform's and the floor programs with
# the same five fields, each started RUNS times on one private Xvfb and read once its window has
# been up for a second and a half. Prints a markdown table of medians in MiB.
#   measure.sh FLOOR_DIR KEYFORM_BINARY
set -eu
floor=$1 keyform=$2 runs=${RUNS:-5}
number=$(( $$ % 400 + 400 ))
Xvfb :$number -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
while [ ! -S /tmp/.X11-unix/X$number ]; do sleep 0.05; done
export DISPLAY=:$number

# The median VmHWM of RUNS starts of a command, in MiB.
peak() {
    for _ in $(seq "$runs"); do
        "$@" >/dev/null 2>&1 &
        pid=$!
        sleep 1.5
        awk '/^VmHWM/ { print $2 }' /proc/$pid/status
        kill $pid
        wait $pid 2>/dev/null || true
    done | sort -n | awk '{ kib[NR] = $1 } END { printf "%.1f", kib[int((NR + 1) / 2)] / 1024 }'
}

echo "| five fields, one private Xvfb, median of $runs starts | peak RSS (MiB) |"
echo "|---|---:|"
echo "| Tk (\`wish bench/form.tcl\`) | $(peak wish bench/form.tcl 5 520 380) |"
echo "| Keyform (four text fields and a picker) | $(peak "$keyform" --no-blink --size 520x380 --field A --field B --field C --field D --picker 'E=1|2|3') |"
echo "| floor.c: xcb, Cairo and Pango, nothing else | $(peak "$floor/floor-c") |"
echo "| floor.swift: the same in Swift, linked as Keyform is | $(peak "$floor/floor-swift") |"
