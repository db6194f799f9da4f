import Foundation

// keyform-tour KEYFORM FORM DIR [SECRET_ID…]: the demo tour, which `keyform` with no display runs
// in its own place (exec), so that the program that shows a person's window links no XTEST.
// KEYFORM: the keyform to show FORM with; DIR: where the screenshots go; SECRET_ID: the form's
// password fields, left out of the values the tour prints.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3 else {
    standardError("usage: keyform-tour KEYFORM FORM DIR [SECRET_ID…] (keyform runs it, with no display and no form)")
    exit(ExitStatus.badInput)
}
let list = Array(arguments)
do {
    let status = try MainActor.assumeIsolated {
        try DemoTour(keyform: list[0], form: list[1], directory: list[2], secrets: Set(list.dropFirst(3))).run()
    }
    exit(status)
} catch {
    standardError("keyform: the demo tour: \(error)")
    exit(ExitStatus.noDisplay)
}
