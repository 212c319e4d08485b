import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A function that classifies the answer of one operation by its status, named for it after a word of its own
 * (`ForModeUpdate(long status, …)`, `ForCreateInterview(long status)`), in a file tied to the API: its comparisons of
 * a changed status are sites, and so is a test's code handed to it (`ResponseClassifier.ForModeUpdate(202, null)`).
 * The same shape named for another thing's operation (`ForTicketModeChange`, `ForCreateTicket`) stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const classifier = (mode: string, create: string) => [
  'namespace Demo',
  '{',
  '    public static class ResponseClassifier',
  '    {',
  '        public const string Url = "https://www.buoyhealth.com/api/interviews/anonymous/";',
  '',
  `        public static Outcome ${mode}(long status, string body)`,
  '        {',
  '            if (status == 202)',
  '            {',
  '                return Outcome.Nothing;',
  '            }',
  '            return status == 200 ? Outcome.Ready : Outcome.Failed;',
  '        }',
  '',
  `        public static ErrorKind ${create}(long status)`,
  '        {',
  '            switch (status)',
  '            {',
  '                case 400: return ErrorKind.Location;',
  '                default: return ErrorKind.Unknown;',
  '            }',
  '        }',
  '    }',
  '}',
].join('\n');

const tests = (mode: string, create: string) => [
  'namespace Demo.Tests',
  '{',
  '    public class ResponseClassifierTests',
  '    {',
  '        [Test]',
  '        public void Accepted()',
  '        {',
  `            Assert.AreEqual(Outcome.Nothing, ResponseClassifier.${mode}(202, null));`,
  `            Assert.AreEqual(ErrorKind.Location, ResponseClassifier.${create}(400));`,
  '            Assert.AreEqual("https://www.buoyhealth.com/api/", ResponseClassifier.Url);',
  '        }',
  '    }',
  '}',
].join('\n');

describe('a status classifier named for the operation (C#)', () => {
  it('reports its comparisons and a test\'s codes handed to it', async () => {
    writeTree(dir, { 'src/ResponseClassifier.cs': classifier('ForModeUpdate', 'ForCreateInterview'), 'tests/ResponseClassifierTests.cs': tests('ForModeUpdate', 'ForCreateInterview') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/ResponseClassifier.cs')).toEqual(expect.arrayContaining(['9 mode-update-status-200', '20 location-error-422']));
    expect(sites(r, 'tests/ResponseClassifierTests.cs')).toEqual(expect.arrayContaining(['8 mode-update-status-200', '9 location-error-422']));
  });

  it('leaves the same shape named for another thing\'s operation', async () => {
    writeTree(dir, { 'src/ResponseClassifier.cs': classifier('ForTicketModeChange', 'ForCreateTicket'), 'tests/ResponseClassifierTests.cs': tests('ForTicketModeChange', 'ForCreateTicket') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/ResponseClassifier.cs').filter((s) => /status-200|error-422/.test(s))).toEqual([]);
    expect(sites(r, 'tests/ResponseClassifierTests.cs').filter((s) => /status-200|error-422/.test(s))).toEqual([]);
  });
});
