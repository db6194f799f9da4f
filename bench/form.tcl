# The Tk peer of Keyform's benchmark form: `wish form.tcl FIELDS WIDTH HEIGHT [LINES]`.
# Labels above entries, every fifth field a picker, in a canvas that scrolls the focused field
# into view; the caret does not blink (-insertofftime 0), as for every program measured. LINES > 0:
# the first field is a text area of 4 rows holding LINES lines, the caret at their end.
lassign $argv count width height lines
if {$lines eq ""} { set lines 0 }
wm title . Benchmark
wm geometry . ${width}x${height}
option add *insertOffTime 0

canvas .c -yscrollcommand {.s set} -highlightthickness 0
ttk::scrollbar .s -command {.c yview}
pack .s -side right -fill y
pack .c -side left -fill both -expand 1
frame .c.f
.c create window 0 0 -window .c.f -anchor nw -tags form
bind .c <Configure> {.c itemconfigure form -width %w}
bind .c.f <Configure> {.c configure -scrollregion [list 0 0 %w %h]}

# Scrolls by the least amount that shows the widget with a 12-pixel margin.
proc see {w} {
    set total [winfo height .c.f]
    if {$total <= 1} return
    set view [winfo height .c]
    set top [expr {[winfo y $w] - 12}]
    set bottom [expr {[winfo y $w] + [winfo height $w] + 12}]
    set first [expr {[lindex [.c yview] 0] * $total}]
    if {$top < $first} {
        .c yview moveto [expr {double($top) / $total}]
    } elseif {$bottom > $first + $view} {
        .c yview moveto [expr {double($bottom - $view) / $total}]
    }
}

grid columnconfigure .c.f 0 -weight 1
for {set i 0} {$i < $count} {incr i} {
    label .c.f.l$i -text "Field [expr {$i + 1}]" -anchor w
    if {$i == 0 && $lines > 0} {
        text .c.f.e$i -height 4 -width 1 -wrap word -insertofftime 0
        for {set n 1} {$n <= $lines} {incr n} {
            .c.f.e$i insert end "[expr {$n > 1 ? "\n" : ""}]Line $n of the notes, with a few words on it"
        }
        .c.f.e$i mark set insert end
        .c.f.e$i see end
    } elseif {$i % 5 == 4} {
        ttk::combobox .c.f.e$i -values {0 1 2 3 4 5 6 7 8 9 10} -state readonly
        .c.f.e$i current 0
    } else {
        entry .c.f.e$i -insertofftime 0
    }
    grid .c.f.l$i -sticky ew -padx 20 -pady {8 0}
    grid .c.f.e$i -sticky ew -padx 20
    bind .c.f.e$i <FocusIn> {see %W}
}
focus .c.f.e0
