import Crypto
import Foundation
import GraderKit
import NIOSSL
import SwiftASN1
import X509

/// The certificate and key `serve` presents over HTTPS: PEM files the instructor gives, or a
/// self-signed certificate made once for the project and kept in its `tls/` folder. Its SHA-256
/// fingerprint, printed at start, is what a TA compares with what their browser shows.
public struct ServerIdentity: Sendable {
    /// What the TLS server is set up with.
    let configuration: TLSConfiguration
    /// The SHA-256 of the certificate (DER), as colon-separated upper-case hex pairs.
    public let fingerprint: String
    /// True when the certificate was made just now (first `serve --public` of the project).
    public let madeNow: Bool

    /// The self-signed certificate's files inside a project folder.
    public static func certificatePath(in folder: String) -> String { (folder as NSString).appendingPathComponent("tls/certificate.pem") }
    /// The self-signed certificate's private key (mode 0600) inside a project folder.
    public static func keyPath(in folder: String) -> String { (folder as NSString).appendingPathComponent("tls/key.pem") }

    /// The identity in the PEM files `certificatePath` (the server's certificate first, then any
    /// intermediates) and `keyPath`; a missing, unreadable or malformed file, or a key that is not
    /// the certificate's, is refused naming the file.
    public static func load(certificate certificatePath: String, key keyPath: String) throws(ServerIdentityError) -> ServerIdentity {
        let (certificateText, keyText) = (try read(certificatePath), try read(keyPath))
        let leaf: Certificate, chain: [NIOSSLCertificate]
        do {
            leaf = try Certificate(pemEncoded: certificateText)
            chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateText.utf8))
        } catch {
            throw .notACertificate(path: certificatePath)
        }
        let key: Certificate.PrivateKey, sslKey: NIOSSLPrivateKey
        do {
            key = try Certificate.PrivateKey(pemEncoded: keyText)
            sslKey = try NIOSSLPrivateKey(bytes: Array(keyText.utf8), format: .pem)
        } catch {
            throw .notAKey(path: keyPath)
        }
        guard key.publicKey == leaf.publicKey else { throw .keyMismatch(certificate: certificatePath, key: keyPath) }
        guard !chain.isEmpty else { throw .notACertificate(path: certificatePath) }
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(sslKey))
        return ServerIdentity(configuration: configuration, fingerprint: try fingerprint(of: leaf, path: certificatePath), madeNow: false)
    }

    /// The project's own self-signed certificate: the one kept in `folder`'s `tls/`, or when there
    /// is none (or only half of one), a new one for `names` (host names and addresses), written there.
    public static func projectCertificate(in folder: String, names: [String]) throws(ServerIdentityError) -> ServerIdentity {
        let (certificate, key) = (certificatePath(in: folder), keyPath(in: folder))
        if FileManager.default.fileExists(atPath: certificate), FileManager.default.fileExists(atPath: key) {
            return try load(certificate: certificate, key: key)
        }
        try make(names: names, certificate: certificate, key: key)
        let made = try load(certificate: certificate, key: key)
        return ServerIdentity(configuration: made.configuration, fingerprint: made.fingerprint, madeNow: true)
    }

    /// Makes a P-256 key and a certificate signed by it for `names`, valid from an hour ago for
    /// two years, and writes both whole (the key first, readable by its owner only).
    private static func make(names: [String], certificate path: String, key keyPath: String) throws(ServerIdentityError) {
        do {
            let privateKey = P256.Signing.PrivateKey()
            let signingKey = Certificate.PrivateKey(privateKey)
            let subject = try DistinguishedName { CommonName("ezgrader serve"); OrganizationName("EZ Grader") }
            let now = Date()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: signingKey.publicKey,
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(2 * 365 * 86400),
                issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames(alternativeNames(names))
                },
                issuerPrivateKey: signingKey)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(Data(privateKey.pemRepresentation.utf8 + [10]), to: keyPath, mode: 0o600)
            try AtomicFile.write(Data((try certificate.serializeAsPEM().pemString + "\n").utf8), to: path)
        } catch let error as FileWriteError {
            throw .cannotWrite(error.localizedDescription)
        } catch {
            throw .cannotWrite("the certificate could not be made (\(error))")
        }
    }

    /// `names` as subject alternative names: addresses as IP entries, the rest as DNS names.
    private static func alternativeNames(_ names: [String]) -> [GeneralName] {
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }.map { name in
            var v4 = in_addr(), v6 = in6_addr()
            if inet_pton(AF_INET, name, &v4) == 1 { return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) })) }
            if inet_pton(AF_INET6, name, &v6) == 1 { return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) })) }
            return .dnsName(name)
        }
    }

    /// The SHA-256 of `certificate`'s DER bytes, as AB:CD:… .
    private static func fingerprint(of certificate: Certificate, path: String) throws(ServerIdentityError) -> String {
        var serializer = DER.Serializer()
        do { try serializer.serialize(certificate) } catch { throw .notACertificate(path: path) }
        return SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// The text of the PEM file at `path`, refused naming it when missing, unreadable or far too large.
    private static func read(_ path: String) throws(ServerIdentityError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard data.count <= 1 << 20, let text = String(data: data, encoding: .utf8) else { throw .notPEM(path: path) }
        return text
    }
}

/// Why `serve` has no certificate to present, naming the file at fault and what to do.
public enum ServerIdentityError: LocalizedError, Equatable, Sendable {
    /// The file does not exist.
    case missing(path: String)
    /// The file exists but may not be read.
    case unreadable(path: String)
    /// The file is not PEM text (binary, or larger than a certificate chain can be).
    case notPEM(path: String)
    /// The file holds no readable PEM certificate.
    case notACertificate(path: String)
    /// The file holds no readable PEM private key.
    case notAKey(path: String)
    /// The key is not the one the certificate was made for.
    case keyMismatch(certificate: String, key: String)
    /// The project's certificate could not be made or written.
    case cannotWrite(String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path): "'\(path)' does not exist: check the path given to --cert or --key."
        case .unreadable(let path): "'\(path)' may not be read: check its permissions."
        case .notPEM(let path): "'\(path)' is not a PEM text file: give --cert a certificate and --key its key, both in PEM."
        case .notACertificate(let path): "'\(path)' holds no PEM certificate (-----BEGIN CERTIFICATE-----): check the file given to --cert."
        case .notAKey(let path): "'\(path)' holds no PEM private key (-----BEGIN PRIVATE KEY-----): check the file given to --key."
        case .keyMismatch(let certificate, let key): "'\(key)' is not the key of the certificate in '\(certificate)': give the matching pair."
        case .cannotWrite(let reason): "The project's HTTPS certificate could not be written: \(reason)."
        }
    }
}
