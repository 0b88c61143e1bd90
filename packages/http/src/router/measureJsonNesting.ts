/**
 * Where a JSON text first nests deeper than `limit` arrays and objects: the index of the bracket
 * that crosses it, or -1 when it never does. One pass over the text, brackets inside strings not
 * counted; the text need not be valid JSON (JSON.parse judges that afterwards).
 *
 * @example
 * measureJsonNesting('{"a":[[1]]}', 2); // 6: the second "[" is the third level
 */
export function measureJsonNesting(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return index;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return -1;
}
