import Testing

/// yad scripts, written the way people write them, run under yad (0.40, Debian 12's) and under
/// Keyform (a `yad` on the PATH that is `keyform`) with keys typed through XTEST: standard output
/// and exit status must be the same. Return in a yad entry submits, as it does in Keyform's yad
/// forms, and Ctrl+Tab and Ctrl+Shift+Tab leave a text area in both. Where the two keyboards
/// differ, `keyformKeys` gives Keyform's keys for the same values: an editable combo is two Tab
/// stops in yad (its entry and its arrow) and one in Keyform.
@Suite("yad --form scripts under yad and Keyform", .serialized) struct YadCompatibilityTests {
    typealias Script = DialogScript

    static let scripts: [Script] = [
        Script(name: "two entries", title: "New user", script: #"yad --form --title "New user" --field "Name" --field "E-mail""#,
               keys: ["type:Ada", "Tab", "type:ada@example.org", "Return"],
               expected: "Ada|ada@example.org|\n"),
        Script(name: "check boxes with values", title: "Options",
               script: #"yad --form --title Options --field "Verbose:CHK" --field "Dry run:CHK" TRUE FALSE"#,
               keys: ["Tab", "space", "Tab", "Tab", "Return"],
               expected: "TRUE|TRUE|\n"),
        Script(name: "a combo with a ^default", title: "Shell",
               script: #"yad --form --title Shell --field "Login shell:CB" 'bash!^zsh!fish'"#,
               keys: ["Down", "Tab", "Tab", "Return"],
               expected: "fish|\n"),
        Script(name: "an editable combo", title: "Editor",
               script: #"yad --form --title Editor --field "Editor:CBE" --field Note 'vim!^emacs!nano'"#,
               keys: ["ctrl+a", "type:micro", "Tab", "Tab", "type:n", "Return"],
               keyformKeys: ["ctrl+a", "type:micro", "Tab", "type:n", "Return"],
               expected: "micro|n|\n"),
        Script(name: "numbers in ranges", title: "Order",
               script: #"yad --form --title Order --field "Quantity:NUM" --field "Price:NUM" '30!18..99!1' '9.5!0..100!0.5!2'"#,
               keys: ["Up", "Up", "Tab", "Up", "Tab", "Tab", "Return"],
               expected: "32|10.00|\n"),
        Script(name: "a date typed", title: "Due",
               script: #"yad --form --title Due --date-format %Y-%m-%d --field "Task" --field "Due:DT""#,
               keys: ["type:Write", "Tab", "type:2026-12-24", "Return"],
               expected: "Write|2026-12-24|\n"),
        Script(name: "a text area", title: "Notes", script: #"yad --form --title Notes --field "Notes:TXT""#,
               keys: ["type:line one", "Return", "type:line two", "ctrl+Tab", "Tab", "Return"],
               expected: "line one\\nline two|\n"),
        Script(name: "Ctrl+Tab and Ctrl+Shift+Tab leave a text area", title: "Notes",
               script: #"yad --form --title Notes --field "Notes:TXT" --field Name"#,
               keys: ["type:one", "ctrl+Tab", "type:Ada", "ctrl+shift+Tab", "type:!", "ctrl+Tab", "Return"],
               expected: "one!|Ada|\n"),
        Script(name: "read-only and hidden", title: "Login",
               script: #"yad --form --title Login --field "Server:RO" --field "User" --field "Password:H" example.org"#,
               keys: ["type:ada", "Tab", "type:s3cr|t", "Return"],
               expected: "example.org|ada|s3cr|t|\n"),
        Script(name: "a label and a button", title: "Sections",
               script: #"yad --form --title Sections --field "Personal:LBL" --field Name --field "Help:BTN" --field Town"#,
               keys: ["type:Ada", "Tab", "Tab", "type:Paris", "Return"],
               expected: "|Ada||Paris|\n"),
        // A full button's @command is waited for, and sets the fields it prints N:VALUE for.
        Script(name: "--no-escape", title: "Stay", script: #"yad --form --title Stay --no-escape --field A; echo "status $?""#,
               keys: ["Escape", "type:x", "Return"], expected: "x|\nstatus 0\n"),
        Script(name: "--escape-ok", title: "Answer", script: #"yad --form --title Answer --escape-ok --field B; echo "status $?""#,
               keys: ["type:y", "Escape"], expected: "y|\nstatus 0\n"),
        Script(name: "a full button's command sets fields", title: "Fill",
               script: #"yad --form --title Fill --field Name --field "Fill:FBTN" --field Echo --field "On:CHK" 'it"s' '@printf "3:%1\n 4:TRUE\n\n1:not\n"'"#,
               keys: ["Tab", "space", "ctrl+Return"],
               expected: #"it"s||'it"s'|TRUE|"# + "\n"),
        // A button field's command runs in the background; the script waits for its file.
        Script(name: "a button's command in the background", title: "Save a name",
               script: #"d=$(mktemp -d); yad --form --title "Save a name" --field Name --field "Save:BTN" "" "sh -c \"echo %1 > $d/out\""; until [ -s "$d/out" ]; do sleep 0.1; done; cat "$d/out"; rm -r "$d""#,
               keys: ["type:Ada Lovelace", "Tab", "space", "ctrl+Return"],
               expected: "Ada Lovelace||\nAda Lovelace\n"),
        Script(name: "separators of one's own", title: "Pick",
               script: #"yad --form --title Pick --separator=";" --item-separator="," --field "Size:CB" --field Qty:NUM "S,^M,L" "2,1..10""#,
               keys: ["Tab", "Up", "Tab", "Tab", "Return"],
               expected: "M;3;\n"),
        Script(name: "--focus-field", title: "Edit",
               script: #"yad --form --title Edit --focus-field 2 --field First --field Second a b"#,
               keys: ["type:Z", "Return"],
               expected: "a|Z|\n"),
        Script(name: "read into variables", title: "Account",
               script: #"IFS='|' read -r name admin _ < <(yad --form --title Account --field Name --field "Admin:CHK"); echo "$name is admin: $admin""#,
               keys: ["type:Ada", "Tab", "space", "Tab", "Tab", "Return"],
               expected: "Ada is admin: TRUE\n"),
        Script(name: "buttons of one's own", title: "Save",
               script: #"yad --form --title Save --button="gtk-cancel:1" --button="Save!document-save:0" --field File notes.txt; echo "status $?""#,
               keys: ["Return"],
               expected: "notes.txt|\nstatus 0\n"),
        Script(name: "cancelled with Escape", title: "Cancel me",
               script: #"yad --form --title "Cancel me" --field Name; echo "status $?""#, keys: ["type:x", "Escape"],
               expected: "status 252\n"),
        Script(name: "cancelled with the Cancel button", title: "Cancel button",
               script: #"yad --form --title "Cancel button" --field Name; echo "status $?""#, keys: ["type:x", "Tab", "Return"],
               expected: "status 1\n"),
        // --kill-parent: the shell that started the dialog gets the signal once the dialog ends
        // (143 is a death by SIGTERM, 138 by SIGUSR1); one yad does not know sends none. The
        // dialog outlives the shell it killed, and yad flushes its output after the signal, so
        // the values are read from a file, once written.
        Script(name: "--kill-parent ends the shell that started it", title: "Parent",
               script: #"d=$(mktemp -d); sh -c 'yad --form --title Parent --kill-parent --field A; echo survived' > "$d/out"; echo "parent status $?"; "#
                   + #"until [ -s "$d/out" ]; do sleep 0.1; done; cat "$d/out"; rm -r "$d""#,
               keys: ["type:x", "Return"], expected: "parent status 143\nx|\n"),
        Script(name: "--kill-parent=SIGNAL after Escape", title: "Signal",
               script: #"sh -c 'yad --form --title Signal --kill-parent=SIGUSR1 --field A; echo survived'; echo "parent status $?""#,
               keys: ["Escape"], expected: "parent status 138\n"),
        Script(name: "--kill-parent=0xa, a number as strtol reads it", title: "Number",
               script: #"d=$(mktemp -d); sh -c 'yad --form --title Number --kill-parent=0xa --field A; echo survived' > "$d/out"; echo "parent status $?"; "#
                   + #"until [ -s "$d/out" ]; do sleep 0.1; done; cat "$d/out"; rm -r "$d""#,
               keys: ["Return"], expected: "parent status 138\n|\n"),
        Script(name: "--kill-parent with a signal yad does not know sends none", title: "Unknown",
               script: #"sh -c 'yad --form --title Unknown --kill-parent=BOGUS --field A; echo "yad status $?"'; echo "parent status $?""#,
               keys: ["type:y", "Return"], expected: "y|\nyad status 0\nparent status 0\n"),
        // With no values after the options, yad reads them from standard input while it runs:
        // a line a field, an empty line leaves its field, lines past the last field are not read.
        Script(name: "values on standard input", title: "Piped",
               script: #"yad --form --title Piped --field Name --field Town --field "Admin:CHK" <<< $'Ada\n\nTRUE\nextra'"#,
               keys: ["Tab", "type:Paris", "Return"], expected: "Ada|Paris|TRUE|\n"),
        Script(name: "a combo's items, a number's range and a disabled field on standard input", title: "Items",
               script: #"yad --form --title Items --field Name --field "Shell:CB" --field "N:NUM" --field Off <<< $'Ada\nbash!^zsh!fish\n7!0..10!1!2\n@disabled@'"#,
               keys: ["Return"], expected: "Ada|zsh|7.00||\n"),
        // A combo that starts empty is no Tab stop in GTK; given items, it is one.
        Script(name: "a combo given items on standard input is a Tab stop", title: "Tab stop",
               script: #"yad --form --title "Tab stop" --field Name --field "Shell:CB" <<< $'Ada\nbash!^zsh!fish'"#,
               keys: ["Tab", "Down", "Tab", "Tab", "Return"], expected: "Ada|fish|\n"),
        Script(name: "a form feed on standard input empties the form", title: "Again",
               script: #"yad --form --title Again --field A --field B <<< $'a\n\fthe rest of the line is not read\nb'"#,
               keys: ["Return"], expected: "b||\n"),
        Script(name: "--cycle-read goes on from the first field", title: "Cycle",
               script: #"yad --form --title Cycle --cycle-read --field A --field B <<< $'1\n2\n3'"#,
               keys: ["Return"], expected: "3|2|\n"),
        Script(name: "values on the command line: standard input is not read", title: "Given",
               script: #"yad --form --title Given --field A --field B given <<< $'x\ny'"#,
               keys: ["Return"], expected: "given||\n"),
        Script(name: "the timeout", title: "Hurry",
               script: #"yad --form --title Hurry --timeout 1 --field Name; echo "status $?""#, keys: [],
               expected: "status 70\n"),
    ]

    /// Keyform's limit on a line of standard input: a line longer than a value may be is
    /// skipped, and named; the next line still goes to the next field. (yad has no limit.) From
    /// a file, which is read before the window shows.
    @Test @MainActor func aLineOfStandardInputTooLongIsSkippedAndNamed() throws {
        let script = Script(name: "a line too long", title: "Long",
                            script: #"f=$(mktemp); { head -c 16777217 /dev/zero | tr '\0' a; printf '\nb\n'; } > "$f"; yad --form --title Long --field A --field B < "$f"; rm "$f""#,
                            keys: ["Return"])
        let keyform = try script.run(as: "yad", keyform: true)
        #expect(keyform.status == 0 && keyform.stdout == "|b|\n", "\(keyform.stdout.prefix(100)) \(keyform.stderr)")
        #expect(keyform.stderr.contains("line 1 of standard input is longer than 16 MiB"), "\(keyform.stderr)")
    }

    @Test(arguments: scripts)
    @MainActor func keyformAnswersAsYadDoes(_ script: Script) throws {
        let yad = try script.run(as: "yad", keyform: false)
        let keyform = try script.run(as: "yad", keyform: true)
        #expect(yad.stdout == script.expected, "yad: \(yad)")
        #expect(keyform.status == yad.status, "yad: \(yad), keyform: \(keyform)")
        #expect(keyform.stdout == yad.stdout, "yad: \(yad), keyform: \(keyform)")
    }
}
