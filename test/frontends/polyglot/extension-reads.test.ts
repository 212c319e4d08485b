import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Kotlin extension functions of a model read its fields by their bare names (`fun Interview.toSession() = Session(
 * variant = variant)`): those reads are reported as a read through the model would be. A named argument's key, a
 * parameter of that name, another value's member, and an extension of a helpdesk's model stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('extensions of a model', () => {
  it('Kotlin: bare reads of the receiver\'s removed fields; a desk model\'s extension of the same shape stays', async () => {
    writeTree(dir, {
      'sc/Models.kt': [
        'package sc',
        '',
        'data class Interview(',
        '    val token: String,',
        '    @SerialName("interview_mode") val interviewMode: Boolean = false,',
        '    val marketplace: String? = null,',
        ')',
        '',
        'interface Api {',
        '    @POST("interviews/anonymous/") suspend fun open(@Body b: Map<String, Int>): Interview',
        '}',
        '',
      ].join('\n'),
      'sc/Session.kt': [
        'package sc',
        '',
        'private fun Interview.toSession() = Session(',
        '    token = token,',
        '    flagged = interviewMode,',
        '    marketplace = marketplace != null,',
        ')',
        '',
        'fun Interview.label(marketplace: String) = "$token at $marketplace"',
        '',
        'fun Session.other(i: Interview) = i.token + flagged',
        '',
      ].join('\n'),
      'desk/Ticket.kt': [
        'package desk',
        '',
        'data class Ticket(val token: String, val advice: String, val extra: String? = null)',
        '',
        'fun Ticket.summary() = Summary(advice = advice, extra = extra)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/Session.kt')).toEqual(['5 interview-mode-flag-removed', '6 interview-marketplace-variant-removed']);
    expect(sites(r, 'desk/Ticket.kt')).toEqual([]);
  });

  it("Swift: `extension Interview { var partnered: Bool { marketplace != nil } }`; a desk model's extension stays", async () => {
    writeTree(dir, {
      'Sources/Models.swift': [
        'struct Interview: Codable {',
        '    let token: String',
        '    let marketplace: String?',
        '}',
        'struct Ticket: Codable {',
        '    let advice: String',
        '}',
        '',
        'final class Api {',
        '    func open() async throws -> Interview { try await get("https://www.buoyhealth.com/api/interviews/anonymous/") }',
        '}',
        '',
      ].join('\n'),
      'Sources/Ext.swift': 'extension Interview {\n    var partnered: Bool { marketplace != nil }\n}\n\nextension Ticket {\n    var long: Bool { advice.count > 80 }\n}\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Sources/Ext.swift')).toEqual(['2 interview-marketplace-variant-removed']);
  });
});
