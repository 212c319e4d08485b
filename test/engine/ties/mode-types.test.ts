import { describe, expect, it } from 'vitest';
import { isModeKey, isValueContext } from '../../../codemods/engine/rules/value-context';
import { at, V1 } from './harness';

/**
 * ties/mode-types.ts: a file's own types say whose `mode` a value is. Each snippet marks a `'complaint'` literal
 * (or a key) and says whether it is an interview mode.
 */
const interviewModes: string[] = [
  // Typed with the interview's mode, or untyped: names decide as before.
  `type InterviewMode = 'complaint' | 'input';\ninterface Start { mode: InterviewMode }\nexport const isStart = (i: Start) => i.mode === /*@*/'complaint';`,
  `interface Interview { mode: ModeValue }\ninterface Look { mode: WidgetTheme }\nexport const first2 = (i: Interview) => i.mode === /*@*/'complaint';`,
  // A variable typed with the interview's mode type, whatever its name.
  `type ModeName = 'complaint' | 'safe';\nconst interview = 1;\nexport const next: ModeName = interview ? /*@*/'complaint' : 'safe';`,
  `interface Interview { mode: string }\nexport const first = (i: Interview) => i.mode === /*@*/'complaint';`,
  // A variable whose declared type (or the type argument it is destructured from) is the interview's mode type.
  `const interview = 1;\nexport async function go(c) { const { from } = await c.req.json<{ from?: ModeName }>(); return from === /*@*/'complaint'; }`,
  `const interview = 1;\nexport function go(leaving: CheckerMode) { switch (leaving) { case /*@*/'complaint': return 1; } }`,
  // What a function named for the mode returns.
  `const interview = 1;\nexport function defaultMode() { return process.env.START ?? /*@*/'complaint'; }`,
  // A helpdesk type beside an interview type: the interview's object is still tied by its URL.
  `type TicketMode = 'complaint' | 'question';\ninterface Ticket { mode: TicketMode }\nexport const go = (t: string) => axios.put(\`${V1}interviews/\${t}/\`, { mode: /*@*/'complaint' });`,
];

const othersModes: string[] = [
  // Every `mode` the file types is a ticket's: comparisons, switches and bodies are the ticket's.
  `type TicketMode = 'complaint' | 'question';\ninterface Ticket { mode: TicketMode; interviewId?: string }\nexport const urgent = (t: Ticket) => t.mode === /*@*/'complaint';`,
  `type TicketMode = 'complaint' | 'question';\ninterface Ticket { mode: TicketMode; interview?: string }\nexport function q(t: Ticket) { switch (t.mode) { case /*@*/'complaint': return 1; } }`,
  `type TicketMode = 'complaint' | 'question';\ninterface Ticket { mode: TicketMode; interview?: string }\nexport const draft: unknown = { mode: /*@*/'complaint', subject: 'x' };`,
  // A variable typed with another thing's mode type.
  `type TicketMode = 'complaint' | 'question';\nconst interview = 1;\nexport const next: TicketMode = /*@*/'complaint';`,
  // A theme's mode typed by the theme beside the ticket's.
  `type TicketMode = 'complaint' | 'question';\ninterface Form { mode: TicketMode; look?: { mode: WidgetTheme }; interview?: string }\nexport const p = (f: Form) => ({ priority: f.mode === /*@*/'complaint' ? 1 : 2 });`,
  // Destructured from a value typed with another thing's mode type.
  `const interview = 1;\nexport async function go(c) { const { via } = await c.read<{ via?: TicketMode }>(); return via === /*@*/'complaint'; }`,
  // Read from a value typed with this file's model of another thing (`Ticket`), whose mode is a union of its own.
  `const complaints = 1;\ninterface Ticket { mode: 'complaint' | 'question' }\nexport const urgent = (t: Ticket) => t.mode === /*@*/'complaint';`,
  `const complaints = 1;\ninterface Ticket { mode: /*@*/'complaint' | 'question' }`,
  // A function named for another thing's mode (decorators' values are in the fixtures: the traversal skips them).
  `const interview = 1;\nexport function ticketMode() { return /*@*/'complaint'; }`,
  // An msw handler of another API answers with that API's mode.
  `const interview = 1;\nexport const h = rest.put('https://desk.example.com/api/tickets/:id', (req, res, ctx) => res(ctx.json({ mode: /*@*/'complaint' })));`,
  // Sent, through a helper taking the method first, to a route that is not this API's.
  `const interview = 1;\nexport const s = (app, send) => app.request('/support/tickets', send('POST', { mode: /*@*/'complaint' }));`,
];

describe('ties/mode-types: whose mode a literal is', () => {
  it.each(interviewModes)('an interview mode: %s', (code) => {
    const { ctx, path } = at(code);
    expect(isValueContext(ctx, path, 'mode')).toBe(true);
  });
  it.each(othersModes)('another thing’s mode: %s', (code) => {
    const { ctx, path } = at(code);
    expect(isValueContext(ctx, path, 'mode')).toBe(false);
  });

  it('a map declared by another thing’s mode type is keyed by that thing’s modes', () => {
    const keyed = (code: string) => {
      const { ctx, path } = at(code);
      return isModeKey(ctx, path);
    };
    expect(keyed(`const interview = 1;\nconst QUEUES_BY_MODE: Record<TicketMode, string> = { /*@*/complaint: 'x', question: 'y' };`)).toBe(false);
    expect(keyed(`const interview = 1;\nconst LABELS_BY_MODE = { /*@*/complaint: 'x' } satisfies Record<ThemeMode | TicketMode, string>;`)).toBe(false);
    expect(keyed(`const interview = 1;\nconst LABELS_BY_MODE: Record<InterviewMode, string> = { /*@*/complaint: 'x', input: 'y' };`)).toBe(true);
    expect(keyed(`const interview = 1;\nconst LABELS_BY_MODE = { /*@*/complaint: 'x', input: 'y' };`)).toBe(true);
  });
});
