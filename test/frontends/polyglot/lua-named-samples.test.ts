import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A spec's sample named for a resource (`local INTERVIEW = { mode = "complaint", …, _links = { next = ".../complaints/" } }`)
 * is that resource's answer: the address a table it nests holds (where to go next) says nothing of what the sample
 * is (ties.ts). A help desk's sample of the same shape, whose links go to the desk, stays unreported and unchanged.
 */

const dir = tempProjectDir();

const spec = (name: string, next: string) =>
  [
    'local stub = require "helpers.stub"',
    '',
    `local ${name} = {`,
    '  token = "i-1",',
    '  mode = "complaint",',
    '  marketplace = "default",',
    '  extra = "dry",',
    `  _links = { next = "${next}" },`,
    '}',
    '',
    'describe("handler", function()',
    '  it("presents it", function()',
    `    stub.queue(201, ${name})`,
    '  end)',
    'end)',
  ].join('\n');

describe('Lua samples named for a resource', () => {
  it("the interview's sample is an interview's answer, whatever its next link", async () => {
    writeTree(dir(), { 'spec/interview_spec.lua': spec('INTERVIEW', 'https://sandbox.buoyhealth.com/api/complaints/') });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/interview_spec.lua')).toEqual(['5 mode-complaint-renamed-input', '6 interview-marketplace-variant-removed', '8 base-url']);
  });

  it("the desk's sample of its complaints stays", async () => {
    const desk = spec('COMPLAINT', 'https://help.example.com/api/tickets/');
    writeTree(dir(), { 'spec/desk_spec.lua': desk });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/desk_spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'spec/desk_spec.lua')?.after ?? read(dir(), 'spec/desk_spec.lua')).toBe(desk);
  });
});
