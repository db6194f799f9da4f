/// `, did you mean "label"?` when one of `candidates` is a likely typo of `word`; else empty.
func didYouMean(_ word: String, _ candidates: [String]) -> String {
    nearestName(to: word, among: candidates).map { ", did you mean \"\($0)\"?" } ?? ""
}

/// The one of `candidates` that `word` is a likely typo of, if any: for the form file's keys and
/// the command line's options alike.
///
/// A candidate qualifies within an edit distance of 2 that is also less than the shorter word's
/// length (so `"x"` is not a typo of `"y"`); letter case is ignored. The closest wins, the
/// earliest on a tie.
public func nearestName(to word: String, among candidates: [String]) -> String? {
    let target = Array(word.lowercased().utf8)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
        let other = Array(candidate.lowercased().utf8)
        guard abs(other.count - target.count) <= 2 else { continue }
        let distance = editDistance(target, other)
        if distance <= 2, distance < min(target.count, other.count), distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// Insertions, deletions, substitutions and swaps of neighbours (optimal string alignment), so
/// `lable` is one edit from `label`.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
