import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/**
 * A generated client (openapi-typescript-codegen) exports its mode enum through a barrel (`export { InterviewMode }
 * from './models/InterviewMode'`): the members an app imports from the barrel are the enum's, wherever they are
 * used, as a body's mode or a mutation's argument. A desk client's mode enum behind its own barrel stays.
 */
describe('enum members imported through a barrel', () => {
  it('a removed mode member used through the barrel is reported; a desk enum of the same shape is not', async () => {
    writeTree(dir, {
      'src/generated/models/InterviewMode.ts': `export enum InterviewMode {\n  COMPLAINT = 'complaint',\n  SAFE = 'safe',\n  TRIAGE = 'triage',\n}\n`,
      'src/generated/index.ts': `export { InterviewMode } from './models/InterviewMode';\nexport type { Foo } from './models/Foo';\n`,
      'src/api/mode.ts': `import { InterviewMode } from '../generated';\nexport async function setMode(token: string, mode: InterviewMode) {\n  const res = await fetch(\`https://old.example.test/api/interviews/\${token}/\`, { method: 'PUT', body: JSON.stringify({ mode }) });\n  return res.json();\n}\n`,
      'src/hooks/useSteps.ts': `import { useMutation } from '@tanstack/react-query';\nimport { InterviewMode } from '../generated';\nimport { setMode } from '../api/mode';\nexport function useSteps(token: string) {\n  const m = useMutation({ mutationFn: (mode: InterviewMode) => setMode(token, mode) });\n  const next = () => m.mutateAsync(InterviewMode.SAFE);\n  const body = { mode: InterviewMode.TRIAGE };\n  return { next, body };\n}\n`,
      'src/desk/models/DeskMode.ts': `export enum DeskMode {\n  SAFE = 'safe',\n}\n`,
      'src/desk/index.ts': `export * from './models/DeskMode';\n`,
      'src/desk/useDesk.ts': `import { useMutation } from '@tanstack/react-query';\nimport { DeskMode } from '../desk';\nexport function useDesk() {\n  const m = useMutation({ mutationFn: (mode: DeskMode) => fetch('https://help.example.com/api/tickets/', { method: 'POST', body: JSON.stringify({ mode }) }) });\n  return () => m.mutateAsync(DeskMode.SAFE);\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/hooks/useSteps.ts')).toEqual([
      [6, 'mode-safe-triage-removed'],
      [7, 'mode-safe-triage-removed'],
    ]);
    expect(findings('src/desk/useDesk.ts')).toEqual([]);
    expect(findings('src/desk/models/DeskMode.ts')).toEqual([]);
  });
});
