import type { Alias, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { lazyModule } from '../../../lib/lazy';

/**
 * The `yaml` package, loaded with the first YAML file read rather than at start-up (45 ms), and its node tests
 * for the readers (yaml.ts, ansible.ts, openapi.ts), which call them only on trees it has parsed.
 */
export const yaml = lazyModule<typeof import('yaml')>('yaml');

export function isMap<K = unknown, V = unknown>(node: unknown): node is YAMLMap<K, V> {
  return yaml().isMap(node);
}
export function isSeq<T = unknown>(node: unknown): node is YAMLSeq<T> {
  return yaml().isSeq(node);
}
export function isScalar<T = unknown>(node: unknown): node is Scalar<T> {
  return yaml().isScalar(node);
}
export function isPair<K = unknown, V = unknown>(node: unknown): node is Pair<K, V> {
  return yaml().isPair(node);
}
export function isAlias(node: unknown): node is Alias {
  return yaml().isAlias(node);
}
