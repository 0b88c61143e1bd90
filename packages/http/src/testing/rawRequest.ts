import { connect } from "node:net";
import { type RawAnswer, readBodyText } from "./RawAnswer.js";

/**
 * Writes `bytes` as they are to the server at `url` (its host and port) over a plain TCP socket and
 * reads one answer framed by `Content-Length`: for requests no HTTP client would send — a foreign
 * `Host`, a method Node does not know, a 16 kB request line, a body in a wrong encoding.
 *
 * @example
 * const answer = await rawRequest(url, "FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n");
 */
export function rawRequest(url: string, bytes: string | Buffer): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    let received = Buffer.alloc(0);
    socket.once("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      try {
        const answer = parseAnswer(received);
        if (!answer) return;
        socket.destroy();
        resolve(answer);
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
    socket.once("close", () => reject(new Error(`The connection closed before a whole answer: ${received}`)));
    socket.write(bytes);
  });
}

/** A whole HTTP/1.1 answer framed by Content-Length, or undefined while more is to come. */
function parseAnswer(received: Buffer): RawAnswer | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...headerLines] = received.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = headers["content-length"];
  if (length === undefined) throw new Error(`An answer without Content-Length: ${statusLine}`);
  const body = received.subarray(end + 4);
  if (body.length < Number(length)) return undefined;
  const text = body.subarray(0, Number(length)).toString("utf8");
  return { status: Number(statusLine.split(" ")[1]), headers, text, body: readBodyText(text) };
}
