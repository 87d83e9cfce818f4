import Foundation
@testable import GraderWeb
import Hummingbird
import HummingbirdTesting
import Testing

/// The server on a real socket: a client that never finishes its request is dropped, so a few
/// thousand of them cannot hold every connection.
@Suite(.serialized) struct ConnectionTests {
    @Test func aHalfSentRequestIsDroppedWithinHalfAMinute() async throws {
        let fixture = try WebFixture()
        try await fixture.live { _, port in
            let slow = try #require(RawConnection(port: port))
            #expect(slow.send("GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: ezgrader_"))
            let closedAfter = await slow.secondsUntilClosed(limit: 40)
            #expect(closedAfter != nil, "a half-sent request was still held after 40 s")
            #expect((closedAfter ?? 99) <= 30)
            // Everyone else is still served.
            let other = try #require(RawConnection(port: port))
            let answer = other.answer(to: "GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(WebFixture.token)\r\n"
                + "Connection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer.prefix(200))")
        }
    }
}
