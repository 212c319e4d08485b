import type { PolyFacts } from './project-types';

/** Languages whose files see each other's names. */
const FAMILY: Record<string, string> = { kotlin: 'jvm', java: 'jvm' };

/**
 * Kotlin Multiplatform: Swift code that imports the framework of a shared Kotlin module (`import shared` beside
 * `shared/src/commonMain/kotlin/…`) uses its classes under their Kotlin names (`let result: DiagnosisResult`), so the
 * run's Swift files join the JVM family.
 */
export function familiesOf(all: readonly PolyFacts[]): (lang: string) => string {
  const modules = new Set(all.flatMap((f) => (f.kmp?.module ? [f.kmp.module] : [])));
  const joined = modules.size > 0 && all.some((f) => f.lang === 'swift' && f.kmp?.imports?.some((m) => modules.has(m)));
  return (lang) => (joined && lang === 'swift' ? 'jvm' : FAMILY[lang] ?? lang);
}

/** A Kotlin file of a multiplatform module's shared source set, or the modules a Swift file imports (PolyFacts.kmp). */
export function kmpFacts(lang: string, filePath: string, source: string): Pick<PolyFacts, 'kmp'> {
  if (lang === 'kotlin') {
    const m = /(?:^|[\\/])([\w.-]+)[\\/]src[\\/]common(?:Main|Test)[\\/]kotlin[\\/]/.exec(filePath);
    return m ? { kmp: { module: m[1]! } } : {};
  }
  if (lang !== 'swift') return {};
  const imports = [...source.matchAll(/^\s*(?:@\w+\s+)?import\s+(\w+)\s*$/gm)].map((m) => m[1]!);
  return imports.length > 0 ? { kmp: { imports } } : {};
}

