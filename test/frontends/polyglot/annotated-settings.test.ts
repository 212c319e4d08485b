import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * The default of a mode setting an annotation injects, keyed by the API's name: MicroProfile's
 * `@ConfigProperty(name = "buoy.interview.start-mode", defaultValue = "complaint")`. A setting of
 * another thing's mode (`name = "helpdesk.default-mode"`) stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('annotated setting defaults', () => {
  it('Java: @ConfigProperty defaultValue of the API\'s start mode; the helpdesk one stays', async () => {
    writeTree(dir, {
      'src/main/java/sc/InterviewStarter.java': [
        'class InterviewStarter {',
        '    @ConfigProperty(name = "buoy.interview.start-mode", defaultValue = "complaint")',
        '    String startMode;',
        '',
        '    @ConfigProperty(name = "helpdesk.default-mode", defaultValue = "complaint")',
        '    String ticketMode;',
        '',
        '    @ConfigProperty(name = "buoy.api.url", defaultValue = "https://sandbox.buoyhealth.com/api/")',
        '    String base;',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/sc/InterviewStarter.java')).toEqual(['2 mode-complaint-renamed-input', '8 base-url']);
  });
});
