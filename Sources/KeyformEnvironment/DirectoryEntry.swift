import Glibc

extension UnsafeMutablePointer where Pointee == dirent {
    /// The entry's name, read where it lies: `readdir` makes an entry only as long as its name
    /// needs, so copying the whole `dirent` (its 256-byte name field) reads past its end.
    public var name: String {
        String(cString: (UnsafeRawPointer(self) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self))
    }
}
