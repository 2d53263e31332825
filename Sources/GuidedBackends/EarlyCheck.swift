/// A check a backend may run on a candidate's output while it is still being generated, so a
/// candidate that has already failed stops costing time: given the text so far, why it fails,
/// or nil while it may still pass. A backend that generates candidates side by side calls it when
/// new text may have finished a string (the text has a `"`), and ends the whole batch early once
/// every candidate has finished or failed; the failed ones come back as
/// ``BackendError/Code/rejectedEarly`` with their text so far in ``BackendError/partialOutput``.
package struct EarlyCheck: Sendable {
    /// Why the text so far already fails, or nil.
    package let rejection: @Sendable (String) -> String?

    /// A check that answers with `rejection`.
    package init(_ rejection: @escaping @Sendable (String) -> String?) {
        self.rejection = rejection
    }
}
