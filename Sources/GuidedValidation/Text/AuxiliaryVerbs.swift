/// Modal and `be` forms: a text opening with one is a statement or a question ("Can keep two
/// balls going", "Is the bag packed?"), never an instruction.
///
/// Entries are lowercase with apostrophes removed (`can't` → `cant`). `do`, `don't`, `have`
/// and `be` are left out: they open good instructions ("Do ten push-ups", "Don't skip
/// breakfast", "Have a glass of water", "Be patient with yourself"). `may` is left out
/// because it is also the month.
package enum AuxiliaryVerbs {
    /// Every entry, lowercase and without apostrophes: `can`, `cant`, `should`, `will`, `is`, `are`, ….
    public static let all: Set<String> = [
        "can", "cant", "cannot", "could", "couldnt", "should", "shouldnt", "would", "wouldnt",
        "might", "must", "shall", "will", "wont", "is", "isnt", "are", "arent", "am",
    ]
}
