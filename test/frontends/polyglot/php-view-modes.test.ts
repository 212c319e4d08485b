import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A PHP view's form that posts a changed mode to the app's own route, whose controller passes the request's mode on
 * to the API (CodeIgniter's `$this->request->getPost('mode')`): the posted value is a site. Beside it, a feedback form
 * posting `name="mode" value="complaint"` to another route.
 */
const dir = tempProjectDir();

describe('modes posted by PHP views', () => {
  it("a hidden `mode` input of a form to the interview's mode route is a site; a feedback form's is not", async () => {
    writeTree(dir(), {
      'app/Libraries/Checker.php': [
        '<?php',
        'class Checker',
        '{',
        "    public $base = 'https://www.buoyhealth.com/api/';",
        '    public function setMode(string $token, string $mode): array',
        '    {',
        "        return $this->send('put', 'interviews/' . $token . '/', ['mode' => $mode]);",
        '    }',
        '}',
      ].join('\n'),
      'app/Controllers/Interviews.php': [
        '<?php',
        'class Interviews extends BaseController',
        '{',
        '    public function mode(string $token)',
        '    {',
        "        return $this->checker->setMode($token, $this->request->getPost('mode'));",
        '    }',
        '}',
      ].join('\n'),
      'app/Views/interviews/complaint.php': [
        "<?= form_open('interview/' . $interview['token'] . '/mode') ?>",
        '    <input type="hidden" name="mode" value="safe">',
        '    <button type="submit">Is it safe to wait?</button>',
        '<?= form_close() ?>',
        "<?= form_open('feedback') ?>",
        '    <input type="hidden" name="mode" value="complaint">',
        '<?= form_close() ?>',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/Views/interviews/complaint.php')).toEqual(['2 mode-safe-triage-removed']);
  });
});
