import Foundation
import Synchronization

/// A real HTTPS server on 127.0.0.1 with a certificate from a throwaway certificate authority,
/// so a test can tell TLS verification at work from a handshake that fails for any reason: the
/// server answers `GET` with `secure` to a client that trusts ``caPath``, and a client that does
/// not trust it fails verification.
///
/// The CA and the server's certificate (for `IP:127.0.0.1`) are made by the `openssl` command in
/// a directory of their own; the server is a `python3` `ssl` server that prints its port, serves
/// until ``stop()`` and exits by itself when this process goes away.
public final class TLSTestServer: Sendable {
    /// The directory holding the CA, the server's key and certificate.
    public let directory: String
    /// The CA certificate (PEM) that signed the server's certificate.
    public let caPath: String
    /// The port the server listens on.
    public let port: Int
    private let process: Mutex<Process?>

    /// `https://127.0.0.1:PORT`.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    /// A setup step failed (its command and what it printed).
    public struct SetupFailure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// Makes a CA and a certificate for 127.0.0.1 signed by it, then starts the server.
    public init() throws {
        directory = NSTemporaryDirectory() + "guided-tls-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        caPath = directory + "/ca.pem"
        try Self.makeCertificates(in: directory)
        let script = directory + "/server.py"
        try Self.serverScript.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory + "/server.pem", directory + "/server.key"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = Self.readLine(out.fileHandleForReading)
        guard let port = Int(line) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupFailure(description: "the TLS server did not start (printed \"\(line)\")")
        }
        self.port = port
        self.process = Mutex(process)
    }

    deinit { stop() }

    /// Stops the server and removes its directory. Idempotent.
    public func stop() {
        let running = process.withLock { current -> Process? in
            defer { current = nil }
            return current
        }
        // KILL, not TERM: the child inherits the spawning thread's signal mask, and Swift's
        // threads block SIGTERM.
        if let running, running.isRunning {
            kill(running.processIdentifier, SIGKILL)
            running.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The body of `GET path` fetched by Python's `urllib` trusting only ``caPath``, with host
    /// verification on: the control that shows the server is sound for a client given the CA.
    public func fetchTrustingTheCA(_ path: String = "/") throws -> String {
        let code = """
            import ssl, sys, urllib.request
            context = ssl.create_default_context(cafile=sys.argv[1])
            print(urllib.request.urlopen(sys.argv[2], context=context, timeout=10).read().decode(), end="")
            """
        let run = try Self.run("/usr/bin/env", ["python3", "-c", code, caPath, baseURL + path])
        guard run.status == 0 else { throw SetupFailure(description: "the trusting client failed: \(run.output)") }
        return run.output
    }

    private static let serverScript = """
        import http.server, os, ssl, sys, threading, time

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                body = b"secure"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        parent = os.getppid()

        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)

        threading.Thread(target=watch, daemon=True).start()
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private static func makeCertificates(in directory: String) throws {
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Data("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: URL(fileURLWithPath: directory + "/server.ext"))
        for arguments in [
            ["req", "-x509"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Guided test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ],
            ["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
            ],
        ] {
            let run = try run("/usr/bin/env", ["openssl"] + arguments, directory: directory)
            guard run.status == 0 else {
                throw SetupFailure(description: "openssl \(arguments.joined(separator: " ")): \(run.output)")
            }
        }
    }

    private static func run(_ path: String, _ arguments: [String], directory: String? = nil) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
