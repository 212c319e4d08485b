import { describe, expect, it } from 'vitest';

describe('the threaded pre-scan (answerFiles)', () => {
  it('never answers a UTF-16 file quiet: the pipeline decodes and reads it', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { answerFiles } = await import('../../lib/prefilter');
    const { defaultConfig } = await import('../../config');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-prefilter-'));
    try {
      const src = 'class Settings { const string Api = "https://www.buoyhealth.com/api/"; }\n';
      const files = {
        'Wide.cs': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(src, 'utf16le')]),
        'Plain.cs': Buffer.from(src.replace('https://www.buoyhealth.com/api/', 'https://desk.example.com/'), 'utf8'),
      };
      for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
      const job = {
        config: defaultConfig,
        maxSize: 1 << 20,
        files: Object.keys(files).map((name) => ({ absPath: path.join(dir, name), minifiable: true })),
        next: new SharedArrayBuffer(4),
        verdicts: new SharedArrayBuffer(2),
      };
      answerFiles(job);
      // 2: the pipeline reads it; 1: quiet.
      expect([...new Uint8Array(job.verdicts)]).toEqual([2, 1]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
