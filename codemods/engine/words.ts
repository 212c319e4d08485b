/** Split an identifier into lower-case words: `lastTriageResult` → [last, triage, result], `DEFAULT_MODE` → [default, mode]. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function lastWord(name: string): string {
  const w = words(name);
  return w[w.length - 1] ?? '';
}
