import Glibc

/// Puts a program's executable in the page cache the same way before each start: dropped, then
/// read back a page at a time with readahead off, so the cache holds it in single pages.
///
/// What a start costs in memory follows how the cache holds the file. The kernel maps a cached
/// page with its cached neighbours in a 64 KB window around each fault, and a large folio (what
/// writes and sequential reads leave) whole: Keyform after the bench's keys peaked 0.13–0.66 MB
/// higher read in sequentially than read back in single pages. This kind of VM's idle-page reclaim
/// also evicts a binary unused for a minute, to come back in single pages at its next start, so
/// without this each program's figures depended on when it was last built or run. Single pages are
/// how a program sits in the cache once its own starts have faulted it in; fully cached, so no
/// start waits for the disk.
enum PageCache {
    static func holdInSinglePages(_ path: String) {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return }  // Process.run reports a missing program
        defer { close(file) }
        // Pages another process maps stay: the previous run of the same program has ended by now.
        posix_fadvise(file, 0, 0, POSIX_FADV_DONTNEED)
        posix_fadvise(file, 0, 0, POSIX_FADV_RANDOM)
        var page = [UInt8](repeating: 0, count: 4096)
        while page.withUnsafeMutableBytes({ read(file, $0.baseAddress, $0.count) }) > 0 {}
    }
}
