import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A member of a value tied to a resource named for a part's removed field flattened with the part's noun
 * (`$result->condition_triage` of a model that stores `potential_condition.triage` under it, as a table's column
 * `condition_triage` is): a read of that field. Beside it, the same member of a helpdesk ticket, and a flattened field
 * v2 still sends (`condition_name`).
 */
const dir = tempProjectDir();

describe('flattened members of a resource', () => {
  it('`$result->condition_triage` reads the potential condition\'s triage; `$ticket->condition_triage` and `$result->condition_name` do not', async () => {
    writeTree(dir(), {
      'src/Checker.php': [
        '<?php',
        'final class Checker',
        '{',
        "    private const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function getResult(string $token): array',
        '    {',
        "        return $this->get('results/' . $token . '/');",
        '    }',
        '}',
      ].join('\n'),
      'tests/ResultTest.php': [
        '<?php',
        'final class ResultTest extends TestCase',
        '{',
        '    public function testResult(): void',
        '    {',
        "        $result = InterviewResult::fromApi($this->interview, $this->checker->getResult('r-1'));",
        "        $this->assertSame('primary_care', $result->condition_triage);",
        "        $this->assertSame('Strep', $result->condition_name);",
        "        $ticket = $this->desk->ticket('t-1');",
        "        $this->assertSame('urgent', $ticket->condition_triage);",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/ResultTest.php')).toEqual(['7 potential-condition-triage-removed']);
  });
});
