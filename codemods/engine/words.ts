/** Split an identifier into lower-case words: `lastTriageResult` → [last, triage, result], `DEFAULT_MODE` → [default, mode]. */
export function words(name: string): string[] {
  let w = known.get(name);
  if (!w) {
    w = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[\s_$-]+/)
      .filter(Boolean)
      .map((x) => x.toLowerCase());
    // Names repeat across a run; the cache is bounded so a generated file cannot grow it without end.
    if (known.size >= 50_000) known.clear();
    known.set(name, w);
  }
  // A copy: callers may change what they get.
  return w.slice();
}
const known = new Map<string, readonly string[]>();

export function lastWord(name: string): string {
  const w = words(name);
  return w[w.length - 1] ?? '';
}
