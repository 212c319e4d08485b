import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';

/**
 * A settings class's attribute that says mode (Flask's `class Config: BUOY_START_MODE = "complaint"`, Django-style
 * settings classes): Python's class attributes read as the class's cases, and are a constant like a module's own.
 * A helpdesk's settings class, another thing's mode and another enum of the same shape stay byte-identical.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string) {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}

describe('mode settings held by a Python settings class', () => {
  it('class Config: BUOY_START_MODE = "complaint" is renamed like a module constant', () => {
    const source = [
      'import os',
      '',
      '',
      'class Config(object):',
      '    BUOY_API_BASE_URL = os.environ.get("BUOY_API_BASE_URL", "https://sandbox.buoyhealth.com/api/")',
      '    BUOY_TIMEOUT = 10',
      '    START_MODE = "complaint"',
      '',
    ].join('\n');
    const r = run('app/config.py', source);
    expect(r.findings.filter((f) => f.line === 7).map((f) => f.change)).toEqual(['mode-complaint-renamed-input']);
    expect(r.output).not.toContain('START_MODE = "complaint"');
  });

  it("a helpdesk's settings class, a desk mode and a ticket enum stay byte-identical", () => {
    const source = [
      'import os',
      '',
      '',
      'class HelpdeskConfig(object):',
      '    HELPDESK_BASE_URL = "https://help.example.com/api/"',
      '    DEFAULT_MODE = "complaint"',
      '',
      '',
      'class Config(object):',
      '    BUOY_API_BASE_URL = os.environ.get("BUOY_API_BASE_URL", "https://sandbox.buoyhealth.com/api/")',
      '    HELPDESK_MODE = "complaint"',
      '    FEEDBACK_LEVEL = "complaint"',
      '',
      '',
      'class TicketKind(str, Enum):',
      '    COMPLAINT_MODE = "complaint"',
      '',
    ].join('\n');
    const r = run('app/config.py', source);
    expect(r.findings.filter((f) => f.change !== 'base-url')).toEqual([]);
    expect(r.output.replace('sandbox.buoyhealth.com/api/', '')).toContain('DEFAULT_MODE = "complaint"');
    expect(r.output).toContain('HELPDESK_MODE = "complaint"\n    FEEDBACK_LEVEL = "complaint"');
    expect(r.output).toContain('COMPLAINT_MODE = "complaint"');
  });
});
