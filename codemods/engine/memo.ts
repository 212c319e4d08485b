/**
 * A function of a name alone, memoised (bounded like `words`: the table is emptied at 50,000 names). Each caller
 * gets its own copy of the answer's `path`, so a caller that extends it cannot change what the next one gets.
 */
export function memoByName<T extends { path: string[] }>(compute: (name: string) => T | null): (name: string) => T | null {
  const table = new Map<string, T | null>();
  return (name) => {
    let t = table.get(name);
    if (t === undefined) {
      t = compute(name);
      if (table.size >= 50_000) table.clear();
      table.set(name, t);
    }
    return t ? { ...t, path: [...t.path] } : null;
  };
}
