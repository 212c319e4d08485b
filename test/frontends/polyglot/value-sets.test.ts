import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Sets of modes built by a call from literals only (dry-types' `Types::String.enum(…)`, Kotlin's `setOf(…)`), held by
 * a name that says mode: the same list of modes as a list literal. Named for this API's mode type, the set is its
 * modes in any file; another thing's (`TicketMode`) stays.
 */

const dir = tempProjectDir();

describe('sets of modes built by a call', () => {
  it('Ruby dry-types: `InterviewMode = Types::String.enum(…)` in a types module that names no address', async () => {
    const types = [
      'module Clinic',
      '  module Types',
      '    include Dry.Types()',
      '',
      '    InterviewMode = Types::String.enum("complaint", "safe", "triage", "question")',
      '    TicketMode = Types::String.enum("complaint", "question", "praise")',
      '    Sex = Types::String.enum("male", "female")',
      '  end',
      'end',
      '',
    ].join('\n');
    writeTree(dir(), { 'lib/clinic/types.rb': types, 'lib/clinic/client.rb': 'BASE = "https://sandbox.buoyhealth.com/api/"\n' });
    const r = await scanProject(dir());
    expect(sites(r, 'lib/clinic/types.rb')).toEqual(['5 mode-complaint-renamed-input', '5 mode-safe-triage-removed', '5 mode-safe-triage-removed']);
  });

  it('Kotlin: `val REPLAYABLE_MODES = setOf("safe", "triage")` in a file that talks to the API; a ticket set stays', async () => {
    const file = [
      'package app',
      '',
      'const val BASE = "https://sandbox.buoyhealth.com/api/"',
      'val REPLAYABLE_MODES = setOf("safe", "triage")',
      'val TICKET_MODES = setOf("complaint", "question")',
      '',
    ].join('\n');
    writeTree(dir(), { 'src/Modes.kt': file });
    const r = await scanProject(dir());
    expect(sites(r, 'src/Modes.kt')).toEqual(['3 base-url', '4 mode-safe-triage-removed', '4 mode-safe-triage-removed']);
  });
});
