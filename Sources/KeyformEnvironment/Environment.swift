import Glibc

/// The process's environment variables.
public enum Environment {
    /// The value of variable `name`, if it is set. Through `withCString`: passing a `String` where
    /// C takes a pointer copies it into a new array first.
    public static func value(_ name: String) -> String? {
        name.withCString { getenv($0) }.map { String(cString: $0) }
    }
}
