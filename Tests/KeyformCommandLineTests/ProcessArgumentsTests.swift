import Testing
import Glibc

/// `keyform` gives the Swift runtime argc and argv as glibc hands them to initialisers
/// (`CProcessArguments`), so that the runtime's own search, a read of all of /proc/self/maps at
/// every launch, is never linked (issue #22). In this test process the runtime found them its own
/// way: the two must agree, argument for argument. Serialized: the override is the process's.
@Suite("Process arguments", .serialized) struct ProcessArgumentsTests {
    @Test func theyAreTheOnesTheRuntimeFinds() {
        #expect(Self.arguments().count > 0)
        #expect(Self.arguments() == CommandLine.arguments)
    }

    /// A program may set its own (the runtime's hook for a JIT); nil gives the process's back.
    @Test func anOverrideIsGivenUntilItIsTakenBack() {
        let own = Self.arguments()
        let words = ["keyform", "--version"]
        var pointers = words.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            overrideArguments(buffer.baseAddress, Int32(buffer.count))
            #expect(Self.arguments() == words)
            overrideArguments(nil, 0)
        }
        #expect(Self.arguments() == own)
    }

    static func arguments() -> [String] {
        var count: Int32 = 0
        let vector = processArguments(&count)
        return (0..<Int(count)).map { String(cString: vector[$0]!) }
    }
}

@_silgen_name("_swift_stdlib_getUnsafeArgvArgc")
private func processArguments(_ count: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

@_silgen_name("_swift_stdlib_overrideUnsafeArgvArgc")
private func overrideArguments(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32)
