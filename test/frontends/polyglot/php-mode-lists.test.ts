import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Lists of the API's modes in PHP: a config class's `public $modes = ['complaint', 'safe', 'triage'];`, a class constant,
 * and the validation rules of a form that may ask for them (CodeIgniter's `in_list[…]`, Laravel's `in:…` and
 * `Rule::in([…])`). Beside them, a feedback form's modes of the same shape, which name one of the API's words only.
 */
const dir = tempProjectDir();

describe('PHP lists of modes', () => {
  it("a config class's list of modes and a class constant of them are sites; a feedback list is not", async () => {
    writeTree(dir(), {
      'app/Config/SymptomChecker.php': [
        '<?php',
        'class SymptomChecker extends BaseConfig',
        '{',
        "    public $baseURL = 'https://sandbox.buoyhealth.com/api/';",
        '    public $modes = [',
        "        'complaint',",
        "        'safe',",
        "        'triage',",
        '    ];',
        "    const MODES = ['complaint', 'triage'];",
        "    public $feedbackModes = ['complaint', 'praise', 'question'];",
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/Config/SymptomChecker.php')).toEqual([
      '10 mode-complaint-renamed-input',
      '10 mode-safe-triage-removed',
      '4 base-url',
      '6 mode-complaint-renamed-input',
      '7 mode-safe-triage-removed',
      '8 mode-safe-triage-removed',
    ]);
  });

  it('validation rules that list the modes (CodeIgniter in_list, Laravel in: and Rule::in) are sites; a feedback rule is not', async () => {
    writeTree(dir(), {
      'app/Config/Validation.php': [
        '<?php',
        'class Validation extends BaseConfig',
        '{',
        '    public $mode = [',
        "        'mode' => 'required|in_list[complaint,safe,triage]',",
        '    ];',
        '    public $feedback = [',
        "        'mode'  => 'required|in_list[complaint,praise,question]',",
        "        'extra' => 'permit_empty|max_length[500]',",
        '    ];',
        '}',
      ].join('\n'),
      'app/Http/Requests/ModeRequest.php': [
        '<?php',
        'use App\\Services\\SymptomChecker;',
        'class ModeRequest extends FormRequest',
        '{',
        '    public function rules(): array',
        '    {',
        "        return ['mode' => ['required', 'in:complaint,safe']];",
        '    }',
        '    public function send(SymptomChecker $checker)',
        '    {',
        "        $checker->base = 'https://www.buoyhealth.com/api/';",
        "        return ['mode' => ['required', Rule::in(['triage', 'complaint'])], 'ticket_mode' => 'in:complaint,praise'];",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/Config/Validation.php')).toEqual(['5 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'app/Http/Requests/ModeRequest.php')).toEqual([
      '11 base-url',
      '12 mode-complaint-renamed-input',
      '12 mode-safe-triage-removed',
      '7 mode-complaint-renamed-input',
      '7 mode-safe-triage-removed',
    ]);
  });
});
