import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A PHP model's list typed in its docblock (`/** @var Condition[] *\/ public array $conditions;`): an item read from it
 * (`$result->conditions[0]->triage`) is a read of the item model's field. Beside it, a list of a helpdesk's items typed
 * the same way.
 */
const dir = tempProjectDir();

describe('PHP lists typed in the docblock', () => {
  it("`$result->conditions[0]->triage` on `@var Condition[]` reads the potential condition's triage; `@var Step[]` does not", async () => {
    writeTree(dir(), {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        "    private const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function getResult(string $token): Result',
        '    {',
        "        return Result::fromArray($this->get('results/' . $token . '/'));",
        '    }',
        '}',
      ].join('\n'),
      'src/Model/Result.php': [
        '<?php',
        'final class Result',
        '{',
        '    public string $token;',
        '    /** @var Condition[] */',
        '    public array $conditions;',
        '    /** @var Step[] */',
        '    public array $steps;',
        '}',
      ].join('\n'),
      'src/Model/Condition.php': ['<?php', 'final class Condition', '{', '    public string $name;', '    public ?string $triage;', '}'].join('\n'),
      'src/Model/Step.php': ['<?php', 'final class Step', '{', '    public string $name;', '    public ?string $triage;', '}'].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    public function testResult(): void',
        '    {',
        "        $result = $this->client->getResult('r-1');",
        "        self::assertSame('doctor_24h', $result->conditions[0]->triage);",
        "        self::assertSame('call', $result->steps[0]->triage);",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['7 potential-condition-triage-removed']);
  });
});
