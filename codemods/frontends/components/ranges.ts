/** The parts of [0, length) that none of `ranges` covers (the template of a component: all but its scripts and styles). */
export function complement(ranges: readonly { start: number; end: number }[], length: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let pos = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    if (r.start > pos) out.push({ start: pos, end: r.start });
    pos = Math.max(pos, r.end);
  }
  if (pos < length) out.push({ start: pos, end: length });
  return out;
}

/** Character offsets for the byte offsets of a UTF-8 text (parsers compiled from Go report bytes). */
export function byteToChar(source: string): (byte: number) => number {
  // eslint-disable-next-line no-control-regex -- ASCII-only texts have byte offsets equal to character offsets
  if (!/[^\x00-\x7f]/.test(source)) return (b) => b;
  const map: number[] = [];
  let byte = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.codePointAt(i)!;
    const len = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    for (let k = 0; k < len; k++) map[byte + k] = i;
    byte += len;
    if (code >= 0x10000) i++;
  }
  map[byte] = source.length;
  return (b) => map[b] ?? source.length;
}
