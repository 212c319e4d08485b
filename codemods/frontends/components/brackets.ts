/** The offset of the bracket that closes the one at `open` (`(` … `)`, `{` … `}`), or -1: nesting counted, strings not. */
function matchClose(text: string, open: number, opening: string, closing: string): number {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    if (text[k] === opening) depth++;
    else if (text[k] === closing && --depth === 0) return k;
  }
  return -1;
}

export const matchParen = (text: string, open: number): number => matchClose(text, open, '(', ')');
export const matchBrace = (text: string, open: number): number => matchClose(text, open, '{', '}');
