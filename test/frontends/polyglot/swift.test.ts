import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { polyglotFrontEnds } from '../../../codemods/frontends/polyglot';
import { blankAwaits } from '../../../codemods/frontends/polyglot/languages/swift-syntax';

/**
 * Swift the grammar (tree-sitter-swift 0.7.x) cannot read: `try await` as a `switch` subject or in an `if let`
 * binding makes its error span the whole file. The file is read a second time with `await` blanked.
 */

const swift = polyglotFrontEnds().find((f) => f.id === 'swift')!;
const run = (source: string) => swift.analyze({ source, filePath: '/tmp/Flow.swift', config: defaultConfig, changes: catalogue, markers: true, project: noProject });

const flow = [
  'import Foundation',
  '',
  'enum InterviewMode: String, Codable { case complaint = "complaint", symptoms }',
  '',
  '@MainActor',
  'final class FlowModel: ObservableObject {',
  '    let root = URL(string: "https://www.buoyhealth.com/api/")!',
  '    @Published var mode: InterviewMode = .symptoms',
  '',
  '    func refresh(_ api: Api) async {',
  '        switch try? await api.load(root) {',
  '        case .some(let s): mode = s',
  '        case .none: break',
  '        }',
  '        if let next = try? await api.next() { print("await \\(next)") }',
  '    }',
  '}',
  '',
].join('\n');

describe('Swift the grammar reads only without `await`', () => {
  it('blanks `await` in code one character for one, never in strings or comments', () => {
    const src = 'let a = try await f() // await here\nlet s = "await"\nfor await x in xs { awaitable(x) }\n';
    const out = blankAwaits(src)!;
    expect(out.length).toBe(src.length);
    expect(out).toBe('let a = try       f() // await here\nlet s = "await"\nfor       x in xs { awaitable(x) }\n');
    expect(blankAwaits('let s = "no waiting"\n')).toBeNull();
  });

  it('a view model that switches on `try await` is read whole: its address and mode are migrated', () => {
    const r = run(flow);
    expect(r.output).toBe(flow.replace('https://www.buoyhealth.com/api/', 'https://api.buoyhealth.com/symptom-checker/v2/').replace('case complaint = "complaint"', 'case complaint = "input"'));
    expect(r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual(['3 mode-complaint-renamed-input auto', '7 base-url auto']);
  });

  it('the same shapes for a helpdesk stay byte-identical and unreported', () => {
    const desk = flow.replace('https://www.buoyhealth.com/api/', 'https://desk.example.com/api/').replace(/InterviewMode/g, "TicketKind").replace('FlowModel', 'DeskModel');
    const r = run(desk);
    expect({ output: r.output, findings: r.findings }).toEqual({ output: desk, findings: [] });
  });
});
