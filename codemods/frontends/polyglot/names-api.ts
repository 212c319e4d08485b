import type { Config } from '../../../config';
import { apiWords, indexOfRun } from '../config/vocab';
import { words } from '../../engine/words';
import type { PolyFile } from './file';
import { all } from './lang';

/**
 * Whether a file's code names the API: a namespace, module, class or option type named after it
 * (`namespace App\Services\SymptomChecker`, `module SymptomChecker`, `IOptions<SymptomCheckerOptions>`), or a
 * configuration lookup under its key (`config('services.symptom_checker.url')`). Framework apps keep the base
 * address in configuration and call relative paths, so such a file talks to the API without a v1 address in
 * it. The words come from the v2 path's first segment (codemods/frontends/config/vocab.ts); only identifiers
 * and string literals count, never comments, and the initials alone (`SC`) are too short to tell.
 */
export function namesApi(file: PolyFile, config: Config): boolean {
  const phrases = apiWords(config).phrases.filter((p) => p.length >= 2);
  if (phrases.length === 0) return false;
  const names = all(file.root, ...file.spec.nameKinds).map((n) => n.text());
  const texts = [...names, ...file.lits.map((l) => l.text)];
  return texts.some((t) => t.split(/[\\.:/'"\s>-]+/).some((part) => namesPhrase(part, phrases)));
}

function namesPhrase(part: string, phrases: string[][]): boolean {
  if (part.length < 6) return false;
  const w = words(part);
  return phrases.some((p) => indexOfRun(w, p) >= 0);
}
