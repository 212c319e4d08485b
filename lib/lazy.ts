/**
 * A package loaded on first use rather than at start-up: a parser only the files of its kind need, a validator
 * only a config file needs. `const yaml = lazyModule<typeof import('yaml')>('yaml')`, then `yaml().parseDocument(…)`.
 * Only for packages (a relative id would resolve from this folder); the type names the module itself, so a call
 * is as typed as an import.
 */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return () => (loaded ??= require(id) as T);
}
