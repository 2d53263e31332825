/// The Bidi rule for internationalized domain names (RFC 5893 §2).
extension IDNA {
    enum BidiClass { case l, r, al, en, an, es, cs, et, on, bn, nsm, other }

    /// The bidirectional class, from script ranges and general categories (Swift exposes no
    /// Bidi_Class property): enough for the letters, digits and marks labels may hold.
    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let v = scalar.value
        switch v {
        case 0x30...0x39, 0x06F0...0x06F9: return .en
        case 0x0660...0x0669, 0x066B, 0x066C: return .an
        case 0x2D, 0x2B: return .es
        case 0x2C, 0x2E, 0x3A, 0x2F, 0xA0: return .cs
        case 0x23, 0x24, 0x25, 0xA2...0xA5, 0xB0, 0xB1: return .et
        case 0x200C, 0x200D: return .bn
        default: break
        }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return .nsm }
        if (0x0590...0x05FF).contains(v) || (0x07C0...0x085F).contains(v) || (0xFB1D...0xFB4F).contains(v)
            || (0x10800...0x10FFF).contains(v)
        {
            return .r
        }
        if (0x0600...0x07BF).contains(v) || (0x0860...0x08FF).contains(v) || (0xFB50...0xFDFF).contains(v)
            || (0xFE70...0xFEFF).contains(v)
        {
            return .al
        }
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
            .letterNumber:
            return .l
        case .otherPunctuation, .mathSymbol, .otherSymbol, .dashPunctuation, .openPunctuation, .closePunctuation:
            return .on
        default: return .other
        }
    }

    /// Whether the labels of a domain name satisfy the Bidi rule: checked only when the name
    /// holds a right-to-left character.
    static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let isBidiDomain = labels.contains { $0.contains { [.r, .al, .an].contains(bidiClass($0)) } }
        guard isBidiDomain else { return true }
        for label in labels where !label.isEmpty {
            let classes = label.map(bidiClass)
            guard let first = classes.first, [.l, .r, .al].contains(first) else { return false }
            let last = classes.last { $0 != .nsm } ?? first
            if first == .l {
                let allowed: Set<BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
                guard classes.allSatisfy(allowed.contains), [.l, .en].contains(last) else { return false }
            } else {
                let allowed: Set<BidiClass> = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
                guard classes.allSatisfy(allowed.contains), [.r, .al, .en, .an].contains(last) else { return false }
                if classes.contains(.en) && classes.contains(.an) { return false }
            }
        }
        return true
    }
}
