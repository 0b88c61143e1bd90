/** An answer read off the wire, with the body parsed when it is JSON. */
export type RawAnswer = {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON, or the text when it is not JSON. */
  body: unknown;
};

export function readBodyText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
