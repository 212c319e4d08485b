import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * PHP properties renamed for the serializer: Symfony's `#[SerializedName('x')]` attribute or `@SerializedName("x")`
 * in the docblock above gives the JSON key, so a property named apart from a removed field is that field (and its
 * reads elsewhere are reads of it); a helpdesk DTO with the same annotations stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('PHP serializer names', () => {
  it('an attribute and a docblock name the key of a model property; a desk DTO is left alone', async () => {
    writeTree(dir, {
      'src/Api.php': [
        '<?php',
        'final class Api',
        '{',
        "    private const BASE = 'https://www.buoyhealth.com/api/';",
        '',
        '    public function interview(string $token): InterviewView',
        '    {',
        "        return $this->serializer->deserialize($this->get(self::BASE . 'interviews/' . $token . '/'), InterviewView::class, 'json');",
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/InterviewView.php': [
        '<?php',
        'final class InterviewView',
        '{',
        '    public string $token;',
        '',
        "    #[SerializedName('interview_mode')]",
        '    public ?bool $flagged = null;',
        '',
        '    /**',
        '     * @SerializedName("marketplace")',
        '     */',
        '    public ?string $shop = null;',
        '}',
        '',
      ].join('\n'),
      'src/Screen.php': ['<?php', 'final class Screen', '{', '    public function banner(Api $api, string $t): string', '    {', '        return (string) $api->interview($t)->shop;', '    }', '}', ''].join('\n'),
      'src/DeskTicket.php': [
        '<?php',
        'final class DeskTicket',
        '{',
        "    #[SerializedName('interview_mode')]",
        '    public ?bool $flagged = null;',
        '',
        '    /**',
        '     * @SerializedName("marketplace")',
        '     */',
        '    public ?string $shop = null;',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/InterviewView.php')).toEqual(['6 interview-mode-flag-removed', '7 interview-mode-flag-removed', '9 interview-marketplace-variant-removed']);
    expect(sites(r, 'src/Screen.php')).toEqual(['6 interview-marketplace-variant-removed']);
    expect(sites(r, 'src/DeskTicket.php')).toEqual([]);
  });
});
