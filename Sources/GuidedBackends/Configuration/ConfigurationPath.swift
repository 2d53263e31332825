/// The paths a configuration file names (a fallback template, examples, a CA file, an adapter):
/// relative ones are taken from the configuration file's folder, so a configuration reads the
/// same from any working directory.
package enum ConfigurationPath {
    /// `path` as written when absolute (or with no configuration file), else joined to the
    /// folder of `file`.
    package static func resolve(_ path: String, relativeTo file: String?) -> String {
        guard !path.hasPrefix("/"), let file, let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}
