import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { HttpErrorCode } from "../errors/errorStatus.js";
import { errorStatus } from "../errors/errorStatus.js";
import type { ErrorEnvelope } from "../errors/toErrorResponse.js";

/** How a server wraps `{ error, code }` into its error body (an {@link ErrorEnvelope} fits). */
export type ErrorWrapper = Pick<ErrorEnvelope<unknown>, "wrap">;

const plain: ErrorWrapper = { wrap: (error) => error };

/** Node's parser error codes (`llhttp`'s), and what each means for the client. */
function classifyParserError(code: string | undefined): { code: HttpErrorCode; message: string } {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        code: "HEADERS_TOO_LARGE",
        message: "The request line and headers are larger than this server accepts (16 kB).",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { code: "REQUEST_TIMEOUT", message: "The request did not arrive in time." };
    case "HPE_INVALID_METHOD":
      return { code: "MALFORMED_REQUEST", message: "The request's method is not an HTTP method." };
    default:
      return { code: "MALFORMED_REQUEST", message: "The request is not valid HTTP." };
  }
}

/**
 * Whether the refused request is a HEAD, from the bytes the parser was reading (`rawPacket`): the
 * request line starts them unless the request came in pieces, and a request whose start is not
 * seen is answered as any other (with the body).
 */
function isHead(error: NodeJS.ErrnoException & { rawPacket?: unknown }): boolean {
  const bytes = error.rawPacket;
  return Buffer.isBuffer(bytes) && /^HEAD[ \r]/.test(bytes.subarray(0, 5).toString("latin1"));
}

/**
 * Answers what Node's HTTP parser refuses before any handler runs — a request line or headers over
 * 16 kB (431), a method it does not know, a malformed request line or header (400), a request that
 * took too long (408) — and an `Expect` header it cannot meet (417), in the server's JSON error
 * body instead of Node's bare text (headers only for HEAD). The connection is closed after it, as
 * Node does. Also lets a request without `Host` reach the router, which answers it in JSON too.
 *
 * @example
 * answerParserErrors(server, adminErrors);
 */
export function answerParserErrors(server: Server, envelope: ErrorWrapper = plain): void {
  const body = (code: HttpErrorCode, message: string) =>
    JSON.stringify(envelope.wrap({ error: message, code }));
  // Node answers a missing Host with an empty 400 before the handler; the router answers it instead.
  // (`createServer`'s `requireHostHeader` option, stored on the server and read per request.)
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that hung up, or a connection whose answer has begun: nothing more can be said on it.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const { code, message } = classifyParserError(error.code);
    const status = errorStatus[code];
    const text = body(code, message);
    // An answer to HEAD has no body (its Content-Length is the body a GET would get): a client
    // reads any bytes after the headers as a broken answer.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        "Connection: close\r\n\r\n" +
        (isHead(error) ? "" : text),
    );
  });
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    const text = body(
      "EXPECTATION_FAILED",
      `This server cannot meet Expect: ${String(request.headers.expect).slice(0, 40)}; only 100-continue.`,
    );
    response.writeHead(errorStatus.EXPECTATION_FAILED, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      Connection: "close",
    });
    response.end(text);
  });
}
