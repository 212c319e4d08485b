import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runReplay } from '../../cli/commands/replay';
import { captureIo } from '../cli/helpers';

// A deliberately broken transform: the shim forgets to copy `_links.msg` back to the top-level `msg` that
// clients pinned before 2020-07 read (update-msg-in-links).
vi.mock('../../shim/transforms', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shim/transforms')>();
  return {
    ...real,
    transformResponse: (ctx: Parameters<typeof real.transformResponse>[0]) => {
      const out = real.transformResponse(ctx);
      if (out.body !== null && typeof out.body === 'object' && !Array.isArray(out.body)) delete (out.body as Record<string, unknown>)['msg'];
      return out;
    },
  };
});

describe('replay with a broken transform', () => {
  it('reports the exact field that differs, on the step that needs it, and exits 1', async () => {
    const io = { ...captureIo(), env: {} };
    const code = await runReplay({ har: 'legacy-session.har', legacyVersion: '2020-06', format: 'json' }, io, path.join(__dirname, '../../fixtures/traffic'));
    expect(code).toBe(1);
    const report = JSON.parse(io.out());
    const differing = report.steps.filter((s: { verdict: string }) => s.verdict === 'differs');
    expect(differing.map((s: { step: number; endpoint: string }) => `${s.step} ${s.endpoint}`)).toEqual(['3 PUT /interviews/{id}/']);
    expect(differing[0].differences).toEqual([{ path: 'msg', kind: 'missing', recorded: '"mode is already \'input\'; nothing changed"', replayed: '(absent)' }]);
    expect(report.changes.find((c: { change: string }) => c.change === 'update-msg-in-links')).toMatchObject({ differs: 1, equivalent: 0 });
  });
});
