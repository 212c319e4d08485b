import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("texts a test checks that are a fixture's removed field", () => {
  it("a rendered text equal to (or a long part of) an imported result fixture's advice or test is reported; a ticket fixture's advice is not", async () => {
    writeTree(dir, {
      'mocks/handlers.js': `import { rest } from 'msw';\nimport { resultFixture } from './fixtures';\nexport const handlers = [rest.get('https://old.example.test/api/results/:token/', (req, res, ctx) => res(ctx.json(resultFixture)))];\n`,
      'mocks/fixtures.js': `export const resultFixture = {\n  token: 'r-1',\n  advice: 'Rest and drink plenty of fluids.',\n  test: 'Rapid strep test',\n  _links: { self: 'https://old.example.test/api/results/r-1/' },\n};\nexport const ticketFixture = { id: 7, advice: 'Clear your browser cache.' };\n`,
      '__tests__/ResultSummary.test.js': `import { render, screen } from '@testing-library/react';\nimport ResultSummary from '../components/ResultSummary';\nimport TicketCard from '../components/TicketCard';\nimport { resultFixture, ticketFixture } from '../mocks/fixtures';\n\nit('shows the advice and the test', () => {\n  render(<ResultSummary result={resultFixture} />);\n  expect(screen.getByText('Rest and drink plenty of fluids.')).toBeInTheDocument();\n  expect(screen.getByText('Rapid strep test')).toBeInTheDocument();\n  expect(document.body.textContent).toContain('Rest and drink');\n  expect(screen.getByText('r-1')).toBeInTheDocument();\n});\n\nit('shows the ticket advice', () => {\n  render(<TicketCard ticket={ticketFixture} />);\n  expect(screen.getByText('Clear your browser cache.')).toBeInTheDocument();\n});\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('__tests__/ResultSummary.test.js')).toEqual([
      [8, 'result-advice-test-removed'],
      [9, 'result-advice-test-removed'],
      [10, 'result-advice-test-removed'],
    ]);
  });
});
