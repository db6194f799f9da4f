import Testing

/// zenity scripts, written the way people write them, run under zenity and under Keyform (a
/// `zenity` on the PATH that is `keyform`) with the same keys typed through XTEST: standard output
/// and exit status must be the same. zenity 3.44's forms differ from its later versions in
/// places, and these scripts keep to what both do the same way: entries, passwords, calendars
/// left on today, separators, labels, Escape, the timeout. Return in a zenity entry does nothing,
/// so the keys Tab to OK (past Cancel, in both) and press Return there.
@Suite("zenity --forms scripts under zenity and Keyform", .serialized) struct ZenityCompatibilityTests {
    typealias Script = DialogScript

    static let scripts: [Script] = [
        Script(name: "one entry", title: "Name", script: #"zenity --forms --title=Name --add-entry="Your name""#,
               keys: ["type:Ada", "Tab", "Tab", "Return"]),
        Script(name: "login with a password", title: "Login",
               script: #"out=$(zenity --forms --title "Login" --text "Sign in" --add-entry "User" --add-password "Password") || exit $?; echo "user=${out%%|*}""#,
               keys: ["type:ada", "Tab", "type:s3cr|t", "Tab", "Tab", "Return"]),
        Script(name: "a separator of its own", title: "Contact",
               script: #"zenity --forms --title "Contact" --separator "," --add-entry "First" --add-entry "Last" --add-entry "Email""#,
               keys: ["type:Ada", "Tab", "type:Lovelace", "Tab", "type:ada@example.org", "Tab", "Tab", "Return"]),
        Script(name: "read into variables", title: "New user",
               script: #"IFS='|' read -r name mail < <(zenity --forms --title="New user" --add-entry="Name" --add-entry="E-mail"); echo "$name <$mail>""#,
               keys: ["type:Ada Lovelace", "Tab", "type:ada@example.org", "Tab", "Tab", "Return"]),
        Script(name: "labels with colons and underscores", title: "Labels",
               script: #"zenity --forms --title Labels --add-entry "Name:" --add-entry "user_name:""#,
               keys: ["type:a", "Tab", "type:b_c", "Tab", "Tab", "Return"]),
        Script(name: "a field left empty", title: "Optional",
               script: #"zenity --forms --title Optional --add-entry "Required" --add-entry "Optional" --add-entry "Also""#,
               keys: ["type:x", "Tab", "Tab", "type:z", "Tab", "Tab", "Return"]),
        Script(name: "cancelled with Escape", title: "Cancel me",
               script: #"if ! zenity --forms --title "Cancel me" --add-entry "Name"; then echo "cancelled: $?"; fi"#,
               keys: ["type:Ada", "Escape"]),
        Script(name: "cancelled with the Cancel button", title: "Cancel button",
               script: #"zenity --forms --title "Cancel button" --add-entry Name; echo "status $?""#,
               keys: ["type:Ada", "Tab", "Return"]),
        Script(name: "a calendar left on today", title: "Due",
               script: #"zenity --forms --title Due --add-entry Task --add-calendar "Due date""#,
               keys: ["type:Write", "Tab", "Tab", "Tab", "Return"]),
        Script(name: "a date format", title: "Date",
               script: #"zenity --forms --title Date --add-calendar Day --forms-date-format="%Y-%m-%d""#,
               keys: ["Tab", "Tab", "Return"]),
        Script(name: "labels on the buttons", title: "Buttons",
               script: #"zenity --forms --title Buttons --ok-label "Send" --cancel-label "Back" --add-entry Note"#,
               keys: ["type:hi", "Tab", "Tab", "Return"]),
        Script(name: "a size and a text", title: "Sized",
               script: #"zenity --forms --title Sized --width 400 --height 300 --text "Tell us" --add-entry "Town""#,
               keys: ["type:Paris", "Tab", "Tab", "Return"]),
        // zenity prints a calendar through the locale's strftime: a locale is built for the script.
        Script(name: "a date in en_US's %x", title: "Day",
               script: #"d=$(mktemp -d); localedef -i en_US -f UTF-8 "$d/en_US.UTF-8" 2>/dev/null; LOCPATH=$d LC_ALL=en_US.UTF-8 zenity --forms --title Day --add-calendar Day; rm -r "$d""#,
               keys: ["Tab", "Tab", "Return"]),
        Script(name: "day and month names in ja_JP", title: "Day",
               script: #"d=$(mktemp -d); localedef -i ja_JP -f UTF-8 "$d/ja_JP.UTF-8" 2>/dev/null; LOCPATH=$d LC_ALL=ja_JP.UTF-8 zenity --forms --title Day --add-calendar Day --forms-date-format="%A %B %x"; rm -r "$d""#,
               keys: ["Tab", "Tab", "Return"]),
        Script(name: "the timeout", title: "Hurry",
               script: #"zenity --forms --title Hurry --timeout 1 --add-entry Name; echo "status $?""#,
               keys: []),
    ]

    @Test(arguments: scripts)
    @MainActor func keyformAnswersAsZenityDoes(_ script: Script) throws {
        let zenity = try script.run(as: "zenity", keyform: false)
        let keyform = try script.run(as: "zenity", keyform: true)
        #expect(keyform.status == zenity.status, "zenity: \(zenity), keyform: \(keyform)")
        #expect(keyform.stdout == zenity.stdout, "zenity: \(zenity), keyform: \(keyform)")
    }
}
