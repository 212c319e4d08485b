import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A class of mode constants in a file that names nothing else of the API is a group of its modes when a file
 * that talks to the API uses it; another service's group used by the same file, or a group no such file uses,
 * stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const group = (name: string, consts: string[]) =>
  ['<?php', `final class ${name} {`, ...consts.map((c) => `\tconst ${c.toUpperCase()} = '${c}';`), '', '\tpublic static function all() {', `\t\treturn array( ${consts.map((c) => `self::${c.toUpperCase()}`).join(', ')} );`, '\t}', '}', ''].join('\n');

describe('mode groups used by a file that talks to the API', () => {
  it("PHP: `Mode_Names::all()` in a plugin that calls the API makes the class's constants its modes; `Desk_Modes` beside it and an unused `Mode_Values` stay", async () => {
    writeTree(dir, {
      'plugin.php': [
        '<?php',
        "define( 'RV_BASE', 'https://www.buoyhealth.com/api/' );",
        '',
        'function rv_set_mode( $token, $mode ) {',
        '\tif ( ! in_array( $mode, Mode_Names::all(), true ) || ! in_array( $mode, Desk_Modes::all(), true ) ) {',
        '\t\treturn null;',
        '\t}',
        "\treturn wp_remote_request( RV_BASE . 'interviews/' . $token . '/', array( 'method' => 'PUT', 'body' => wp_json_encode( array( 'mode' => $mode ) ) ) );",
        '}',
        '',
      ].join('\n'),
      'inc/class-mode-names.php': group('Mode_Names', ['complaint', 'protocol', 'triage']),
      'inc/class-desk-modes.php': group('Desk_Modes', ['complaint', 'triage']),
      'inc/class-mode-values.php': group('Mode_Values', ['complaint', 'triage']),
    });
    const r = await scanProject(dir);
    // Line 8 lists `self::TRIAGE` among all the modes: a use of the removed mode, to change with its definition;
    // `self::COMPLAINT` beside it is noted (the renamed mode's value is rewritten where it is defined).
    expect(sites(r, 'inc/class-mode-names.php')).toEqual(['3 mode-complaint-renamed-input', '5 mode-safe-triage-removed', '8 mode-complaint-renamed-input', '8 mode-safe-triage-removed']);
    expect(sites(r, 'inc/class-desk-modes.php')).toEqual([]);
    expect(sites(r, 'inc/class-mode-values.php')).toEqual([]);
    expect(sites(r, 'plugin.php')).toEqual(['2 base-url']);
  });
});
