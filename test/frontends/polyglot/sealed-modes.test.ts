import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Modes written as a sealed class (`object Safe : InterviewMode("safe")`, the subtypes built with their wire value) and
 * read back by an arm that maps each value to the case of its own name (`"safe" -> Safe`); a helpdesk's sealed
 * `TicketMode` of the same shape, and an arm that maps a value to something else, stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const sealed = (type: string) =>
  [
    'package app.modes',
    '',
    `sealed class ${type}(val wire: String) {`,
    `    object Complaint : ${type}("complaint")`,
    `    object Safe : ${type}("safe")`,
    `    object Protocol : ${type}("protocol")`,
    `    data class Unknown(val raw: String) : ${type}(raw)`,
    '',
    '    companion object {',
    `        fun parse(value: String): ${type} = when (value) {`,
    '            "complaint" -> Complaint',
    '            "safe" -> Safe',
    '            "triage" -> Unknown("old")',
    '            else -> Unknown(value)',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');

describe('modes as a sealed class', () => {
  it('Kotlin: the subtypes\' values and the arms that parse them, in a client of the API; a desk\'s TicketMode stays', async () => {
    writeTree(dir, {
      'app/Api.kt': 'package app\n\nconst val BASE = "https://www.buoyhealth.com/api/"\n',
      'app/modes/InterviewMode.kt': sealed('InterviewMode'),
      'desk/TicketMode.kt': sealed('TicketMode'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/modes/InterviewMode.kt')).toEqual(['11 mode-complaint-renamed-input', '12 mode-safe-triage-removed', '4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'desk/TicketMode.kt')).toEqual([]);
  });

  it('Kotlin: a subtype that overrides its value (`object Safe : InterviewMode() { override val wire = "safe" }`)', async () => {
    const src = (type: string) =>
      [
        'package app.modes',
        '',
        `sealed class ${type} {`,
        '    abstract val wire: String',
        `    object Safe : ${type}() { override val wire = "safe" }`,
        `    object Protocol : ${type}() { override val wire = "protocol" }`,
        '}',
        '',
      ].join('\n');
    writeTree(dir, { 'app/modes/InterviewMode.kt': src('InterviewMode'), 'desk/TicketMode.kt': src('TicketMode') });
    const r = await scanProject(dir);
    expect(sites(r, 'app/modes/InterviewMode.kt')).toEqual(['5 mode-safe-triage-removed']);
    expect(sites(r, 'desk/TicketMode.kt')).toEqual([]);
  });

  it('Java and Swift: `case "complaint": return COMPLAINT;`, `case "safe": return .safe` in a parser of the mode enum; a desk enum stays', async () => {
    const java = (type: string, pkg: string) =>
      [
        `package ${pkg};`,
        '',
        `public enum ${type} {`,
        '    COMPLAINT, SAFE, PROTOCOL;',
        '',
        `    public static ${type} parse(String v) {`,
        '        switch (v) {',
        '            case "complaint": return COMPLAINT;',
        `            case "safe": return ${type}.SAFE;`,
        '            case "triage": return PROTOCOL;',
        '            default: return PROTOCOL;',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n');
    const swift = ['enum InterviewMode {', '    case complaint, protocol', '    static func parse(_ v: String) -> InterviewMode? {', '        switch v {', '        case "complaint": return .complaint', '        default: return nil', '        }', '    }', '}', ''].join('\n');
    writeTree(dir, { 'app/InterviewMode.java': java('InterviewMode', 'app'), 'desk/TicketMode.java': java('TicketMode', 'desk'), 'app/Mode.swift': swift });
    const r = await scanProject(dir);
    expect(sites(r, 'app/InterviewMode.java')).toEqual(['8 mode-complaint-renamed-input', '9 mode-safe-triage-removed', '9 mode-safe-triage-removed']);
    expect(sites(r, 'desk/TicketMode.java')).toEqual([]);
    expect(sites(r, 'app/Mode.swift')).toEqual(['2 mode-complaint-renamed-input', '5 mode-complaint-renamed-input']);
  });
});
