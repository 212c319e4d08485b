import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A PHP model filled from the API's answer by a method of its own (`$interview->loadFromApi($data)` of a Yii
 * ActiveRecord), given a literal answer in a test: the literal is an interview's answer, its removed keys and changed
 * modes are sites. Beside it, a helpdesk ticket filled the same way from a literal of the same keys.
 */
const dir = tempProjectDir();

describe('literal answers given to a model that fills itself from the API', () => {
  it("`$interview->loadFromApi([…])` holds an interview's answer; `$ticket->fillFromApi([…])` does not", async () => {
    writeTree(dir(), {
      'components/BuoyClient.php': [
        '<?php',
        'class BuoyClient',
        '{',
        "    public $baseUrl = 'https://www.buoyhealth.com/api/';",
        '    public function startInterview(array $profile)',
        '    {',
        "        return $this->request('POST', 'interviews/anonymous/', ['profile' => $profile]);",
        '    }',
        '}',
      ].join('\n'),
      'models/Interview.php': [
        '<?php',
        'class Interview extends ActiveRecord',
        '{',
        '    public function loadFromApi(array $data)',
        '    {',
        "        $this->token = $data['token'];",
        "        $this->mode = $data['mode'] ?? null;",
        "        $this->marketplace = $data['marketplace'] ?? null;",
        '    }',
        '}',
      ].join('\n'),
      'models/Ticket.php': [
        '<?php',
        'class Ticket extends ActiveRecord',
        '{',
        '    public function fillFromApi(array $data)',
        '    {',
        "        $this->mode = $data['mode'] ?? null;",
        '    }',
        '}',
      ].join('\n'),
      'tests/unit/models/InterviewTest.php': [
        '<?php',
        'class InterviewTest extends Unit',
        '{',
        '    public function testLoads()',
        '    {',
        '        $interview = new Interview();',
        '        $interview->loadFromApi([',
        "            'token' => 'int-9',",
        "            'mode' => 'complaint',",
        "            'marketplace' => 'nyc',",
        '        ]);',
        '        $ticket = new Ticket();',
        '        $ticket->fillFromApi([',
        "            'mode' => 'complaint',",
        "            'marketplace' => 'nyc',",
        '        ]);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/unit/models/InterviewTest.php')).toEqual(['10 interview-marketplace-variant-removed', '9 mode-complaint-renamed-input']);
  });
});
