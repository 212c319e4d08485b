import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A removed mode matched by its enum case's implicit member (`switch mode { case .safe, .triage: … }`,
 * `if mode == .triage`) where the value switched on is of this API's mode type; a helpdesk's `TicketMode` switched on
 * the same way in the same file stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('implicit members of a mode type matched against a mode', () => {
  it('Swift: the removed modes in a switch and a comparison over an InterviewMode; a ticket mode switch stays', async () => {
    writeTree(dir, {
      'App/Flow.swift': [
        'enum InterviewMode: String, Codable { case complaint, safe, triage, differential }',
        'enum TicketMode: String { case complaint, safe }',
        '',
        'final class Flow {',
        '    let base = URL(string: "https://www.buoyhealth.com/api/interviews/")!',
        '    var screen = 0',
        '    func route(_ mode: InterviewMode) {',
        '        switch mode {',
        '        case .safe, .triage:',
        '            screen = 2',
        '        default:',
        '            screen = 1',
        '        }',
        '        if mode == .triage { screen = 3 }',
        '    }',
        '    func desk(_ kind: TicketMode) {',
        '        switch kind {',
        '        case .safe:',
        '            screen = 4',
        '        case .complaint:',
        '            screen = 5',
        '        }',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'App/Flow.swift')).toEqual([
      '1 mode-complaint-renamed-input',
      '1 mode-safe-triage-removed',
      '1 mode-safe-triage-removed',
      '14 mode-safe-triage-removed',
      '5 base-url',
      '9 mode-safe-triage-removed',
      '9 mode-safe-triage-removed',
    ]);
  });

  it("Java: an enum's bare constants in the case labels of a switch over the API's mode type; a desk enum's switch stays", async () => {
    writeTree(dir, {
      'src/Mode.java': 'public enum Mode {\n    COMPLAINT("complaint"), SAFE("safe"), TRIAGE("triage"), PROTOCOL("protocol");\n    Mode(String wire) {}\n}\n',
      'src/QueueMode.java': 'public enum QueueMode { COMPLAINT, SAFE, TRIAGE }\n',
      'src/Pages.java': [
        'class Pages {',
        '    static final String BASE = "https://www.buoyhealth.com/api/";',
        '    static String pageFor(Mode mode) {',
        '        return switch (mode) {',
        '            case COMPLAINT -> "entry";',
        '            case SAFE -> "safety";',
        '            case PROTOCOL -> "questions";',
        '            case TRIAGE -> "results";',
        '        };',
        '    }',
        '    static String queueFor(QueueMode mode) {',
        '        switch (mode) {',
        '            case SAFE: return "safety-desk";',
        '            case TRIAGE: return "nurse-desk";',
        '            default: return "front-desk";',
        '        }',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Pages.java')).toEqual(['2 base-url', '6 mode-safe-triage-removed', '8 mode-safe-triage-removed']);
  });

  it('Swift: a removed mode stored in a property of the mode type; one stored in a ticket mode property stays', async () => {
    writeTree(dir, {
      'App/Model.swift': [
        'enum InterviewMode: String, Codable { case complaint, safe, differential }',
        'enum TicketMode: String { case complaint, safe }',
        '',
        'final class Model {',
        '    let base = URL(string: "https://www.buoyhealth.com/api/interviews/")!',
        '    @Published private(set) var mode: InterviewMode = .complaint',
        '    var kind: TicketMode = .complaint',
        '    func escalate() {',
        '        mode = .safe',
        '        kind = .safe',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'App/Model.swift').filter((s) => s.includes('safe-triage'))).toEqual(['1 mode-safe-triage-removed', '9 mode-safe-triage-removed']);
  });
});
