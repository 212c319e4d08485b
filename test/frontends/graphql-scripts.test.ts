import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { scan } from '../../lib';
import { cleanup, tmpDir, writeTree } from '../cli/helpers';

/**
 * GraphQL documents written in scripts (codemods/frontends/graphql/embedded.ts) and the variables scripts send with
 * them (variables.ts): ``gql`…` `` constants, a test's `query:` string, graphql-request's `request(DOC, vars)`,
 * Apollo's `useMutation(DOC)` runner called with `{ variables }`, with the document exported by another file.
 */

const RESULT = `import { gql } from '@apollo/client';

export const GET_RESULT = gql\`
  query GetResult($token: ID!) {
    result(token: $token) {
      token
      advice
      triageExplanation {
        potentialCondition { name triage }
      }
    }
  }
\`;

export const ADD_COMPLAINT = gql\`
  mutation AddComplaint($input: ComplaintInput!) {
    addComplaint(input: $input) { token extra }
  }
\`;

export const SET_MODE = gql\`
  mutation SetMode($token: ID!, $mode: InterviewMode!) {
    setInterviewMode(token: $token, mode: $mode) { accepted }
  }
\`;
`;

const START = `import { useMutation } from '@apollo/client';
import { request } from 'graphql-request';
import { ADD_COMPLAINT, SET_MODE } from '../graphql/result';

export function Start({ token, text, details }) {
  const [addComplaint] = useMutation(ADD_COMPLAINT);
  const [setMode] = useMutation(SET_MODE);
  const submit = async () => {
    await addComplaint({
      variables: { input: { interviewToken: token, text, extra: details } },
    });
    await setMode({ variables: { token, mode: 'SAFE' } });
    await request('/graphql', ADD_COMPLAINT, { input: { text, extra: details } });
  };
  return submit;
}
`;

const TEST = `import { server } from './server';

it('maps the result', async () => {
  const res = await server.executeOperation({
    query: '{ result(token: "r-1") { test } }',
  });
  expect(res.errors).toBeUndefined();
});
`;

const TICKET = `import { gql } from '@apollo/client';

export const SUBMIT_TICKET = gql\`
  mutation SubmitTicket($input: TicketInput!) {
    submitTicket(input: $input) { queued ticket { advice extra } }
  }
\`;

export const SET_THEME = gql\`
  mutation SetTheme($mode: ThemeMode!) {
    setThemeMode(mode: $mode) { mode }
  }
\`;
`;

const FEEDBACK = `import { useMutation } from '@apollo/client';
import { SUBMIT_TICKET, SET_THEME } from '../graphql/ticket';

export function Feedback({ token }) {
  const [submit] = useMutation(SUBMIT_TICKET);
  const [setTheme] = useMutation(SET_THEME);
  return async () => {
    await submit({ variables: { input: { mode: 'COMPLAINT', extra: token, detail: 'x' } } });
    await setTheme({ variables: { mode: 'SAFE' } });
    const res = await server.executeOperation({ query: '{ ticket(id: "t") { advice test } }' });
  };
}
`;

const RESOLVERS = `import { SymptomCheckerAPI } from './SymptomCheckerAPI';

export const resolvers = {
  Mutation: {
    addComplaint: (_root, { input }, { dataSources }) =>
      dataSources.api.createComplaint(input.interviewToken, input.text, input.extra),
    createIntent(_root, args, { dataSources }) {
      return dataSources.api.createIntent(args.input.name, args.input.detail);
    },
    startInterview: (_root, { profile, interviewMode }) => ({ profile, interviewMode }),
  },
};

export const api = new SymptomCheckerAPI('https://sandbox.buoyhealth.com/api/');
`;

const TICKET_RESOLVERS = `export const resolvers = {
  Mutation: {
    submitTicket: (_root, { input }, { dataSources }) => dataSources.helpdesk.open(input.mode, input.extra, input.detail),
    setThemeMode: (_root, { mode, extra }) => ({ mode, extra }),
  },
};
`;

describe('GraphQL documents in scripts', () => {
  let dir: string;
  beforeEach(() => (dir = tmpDir()));
  afterEach(() => cleanup(dir));

  const sites = async (files: Record<string, string>) => {
    writeTree(dir, files);
    const { outcomes } = await scan({ roots: ['.'], config: defaultConfig, cwd: dir });
    return outcomes.flatMap((o) => o.findings.map((f) => `${o.relPath}:${f.line} ${f.change} ${f.fix}`)).sort();
  };

  it('reads gql documents, a test query string and the variables sent with an imported document, reporting each site', async () => {
    expect(await sites({ 'src/graphql/result.ts': RESULT, 'src/components/Start.tsx': START, 'src/server.test.ts': TEST })).toEqual([
      'src/components/Start.tsx:10 complaint-extra-removed manual',
      'src/components/Start.tsx:12 mode-safe-triage-removed manual',
      'src/components/Start.tsx:13 complaint-extra-removed manual',
      'src/graphql/result.ts:17 complaint-extra-removed manual',
      'src/graphql/result.ts:7 result-advice-test-removed manual',
      'src/graphql/result.ts:9 potential-condition-triage-removed manual',
      'src/server.test.ts:5 result-advice-test-removed manual',
    ]);
  });

  it("a server's resolvers of root fields tied to a resource: the arguments they read and pass on that v2 no longer takes", async () => {
    expect(await sites({ 'src/resolvers.ts': RESOLVERS })).toEqual([
      'src/resolvers.ts:14 base-url auto',
      'src/resolvers.ts:6 complaint-extra-removed manual',
      'src/resolvers.ts:8 intent-detail-context-removed manual',
      'src/resolvers.ts:10 interview-mode-flag-removed manual',
    ].sort());
  });

  it("another API's resolvers (a ticket's mode, extra and detail; a theme's extra) stay unreported", async () => {
    expect(await sites({ 'src/resolvers.ts': TICKET_RESOLVERS, 'src/api.ts': "export const BASE = 'https://sandbox.buoyhealth.com/api/';\n" })).toEqual(['src/api.ts:1 base-url auto']);
  });

  it("another API's documents and variables (a ticket's mode 'complaint', extra, advice, test; a theme's mode) stay unreported", async () => {
    expect(await sites({ 'src/graphql/ticket.ts': TICKET, 'src/components/Feedback.tsx': FEEDBACK })).toEqual([]);
  });
});
