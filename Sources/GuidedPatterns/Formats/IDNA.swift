/// IDNA 2008 label rules (RFC 5891–5893) for `hostname` and `idn-hostname`: which code points a
/// label may hold (RFC 5892, derived from Unicode properties), the contextual rules for joiners
/// and punctuation, and the Bidi rule for right-to-left labels.
enum IDNA {
    /// Whether `label` (lower-case `xn--` checked by the caller) is a valid A-label: Punycode
    /// that decodes to a valid, non-ASCII U-label and encodes back to itself.
    static func isValidALabel(_ label: [UInt8]) -> Bool {
        let encoded = Array(label.dropFirst(4)).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let decoded = Punycode.decode(encoded), decoded.contains(where: { $0 >= 0x80 }),
            Punycode.encode(decoded) == encoded
        else { return false }
        let scalars = decoded.compactMap(Unicode.Scalar.init)
        return scalars.count == decoded.count && isValidULabel(scalars)
    }

    /// Whether `label` is a valid U-label: allowed code points, contextual rules, hyphen rules,
    /// no leading combining mark.
    static func isValidULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, label.count <= 63 else { return false }
        if first == "-" || label.last == "-" { return false }
        if label.count >= 4, label[2] == "-", label[3] == "-" { return false }
        if [.spacingMark, .nonspacingMark, .enclosingMark].contains(first.properties.generalCategory) { return false }
        for (index, scalar) in label.enumerated() {
            switch category(scalar) {
            case .disallowed: return false
            case .pvalid: continue
            case .context: if !contextAllows(label, at: index) { return false }
            }
        }
        return true
    }

    enum Category { case pvalid, context, disallowed }

    /// RFC 5892's derived property, from Unicode properties and the exception table.
    static func category(_ scalar: Unicode.Scalar) -> Category {
        let v = scalar.value
        switch v {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9, 0x200C, 0x200D: return .context
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed // old Hangul jamo
        case 0x20D0...0x20FF, 0x1D100...0x1D24F: return .disallowed // ignorable blocks
        case 0x61...0x7A, 0x30...0x39, 0x2D: return .pvalid
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark, .spacingMark:
            if properties.changesWhenNFKCCaseFolded || properties.isDefaultIgnorableCodePoint
                || properties.isNoncharacterCodePoint
            {
                return .disallowed
            }
            return .pvalid
        default: return .disallowed
        }
    }

    /// RFC 5892 Appendix A.
    private static func contextAllows(_ label: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = label[index].value
        let before = index > 0 ? label[index - 1] : nil
        let after = index + 1 < label.count ? label[index + 1] : nil
        switch scalar {
        case 0x200D: return before?.properties.canonicalCombiningClass == .virama
        case 0x200C:
            if before?.properties.canonicalCombiningClass == .virama { return true }
            // (L|D) T* ZWNJ T* (R|D)
            var left = index - 1
            while left >= 0, joiningType(label[left]) == .transparent { left -= 1 }
            var right = index + 1
            while right < label.count, joiningType(label[right]) == .transparent { right += 1 }
            guard left >= 0, right < label.count else { return false }
            return [.left, .dual].contains(joiningType(label[left]))
                && [.right, .dual].contains(joiningType(label[right]))
        case 0x00B7: return before == "l" && after == "l"
        case 0x0375: return after.map(isGreek) ?? false
        case 0x05F3, 0x05F4: return before.map(isHebrew) ?? false
        case 0x30FB: return label.contains { $0.value != 0x30FB && (isHiragana($0) || isKatakana($0) || isHan($0)) }
        case 0x0660...0x0669: return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9: return !label.contains { (0x0660...0x0669).contains($0.value) }
        default: return false
        }
    }

    enum JoiningType { case dual, right, left, transparent, none }

    /// Arabic-script joining types, as far as the ZWNJ rule needs them.
    static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return v == 0x200C || v == 0x200D ? .none : .transparent
        default: break
        }
        let rightJoining: Set<UInt32> = [
            0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062F, 0x0630, 0x0631, 0x0632, 0x0648, 0x0671, 0x0672,
            0x0673,
            0x0675, 0x0676, 0x0677, 0x06C0, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x06C8, 0x06C9, 0x06CA, 0x06CB,
            0x06CD,
            0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF,
        ]
        if rightJoining.contains(v) || (0x0688...0x0699).contains(v) { return .right }
        switch v {
        case 0x0620...0x064A, 0x066E...0x06D3, 0x06FA...0x06FF, 0x0710...0x072F, 0x074D...0x077F, 0x07CA...0x07EA,
            0x1820...0x1878, 0x08A0...0x08C9:
            return .dual
        default: return .none
        }
    }

    static func isGreek(_ s: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(s.value) || (0x1F00...0x1FFF).contains(s.value)
    }
    static func isHebrew(_ s: Unicode.Scalar) -> Bool {
        (0x0590...0x05FF).contains(s.value) || (0xFB1D...0xFB4F).contains(s.value)
    }
    static func isHiragana(_ s: Unicode.Scalar) -> Bool { (0x3040...0x309F).contains(s.value) || s.value == 0x1B001 }
    static func isKatakana(_ s: Unicode.Scalar) -> Bool {
        (0x30A0...0x30FF).contains(s.value) || (0x31F0...0x31FF).contains(s.value)
            || (0xFF66...0xFF9F).contains(s.value)
    }
    static func isHan(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x2E80...0x2FDF).contains(v) || v == 0x3005 || v == 0x3007 || (0x3021...0x3029).contains(v)
            || (0x3038...0x303B).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x3FFFF).contains(v)
    }
}
