import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Qt clients (languages/cpp.ts): shapes of a QNetworkAccessManager client and the code around it, each beside a
 * helpdesk's of the same shape that stays byte-identical and unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

const PATHS = [
  '#pragma once',
  '#include <QString>',
  '',
  'namespace ApiPaths {',
  'inline QString interviewsAnonymous() { return QStringLiteral("interviews/anonymous/"); }',
  'inline QString interview(const QString &token) { return QStringLiteral("interviews/%1/").arg(token); }',
  '}',
  '',
  'namespace InterviewMode {',
  'const QString Complaint = QStringLiteral("complaint");',
  'const QString Safe = QStringLiteral("safe");',
  'const QString Differential = QStringLiteral("differential");',
  '}',
  '',
].join('\n');

const DESK_MODES = [
  '#pragma once',
  '#include <QString>',
  '',
  'namespace DeskPaths {',
  'inline QString tickets() { return QStringLiteral("https://help.example.com/api/tickets/"); }',
  '}',
  '',
  'namespace TicketMode {',
  'const QString Complaint = QStringLiteral("complaint");',
  'const QString Safe = QStringLiteral("safe");',
  '}',
  '',
].join('\n');

const CONTROLLER = [
  '#include "ApiPaths.h"',
  '#include "DeskModes.h"',
  '',
  'void Controller::skip()',
  '{',
  '    m_client->setMode(m_token, InterviewMode::Safe);',
  '    m_desk->file(m_token, TicketMode::Safe);',
  '}',
  '',
].join('\n');

describe('Qt clients', () => {
  it('a namespace of mode constants (`namespace InterviewMode { const QString Safe = QStringLiteral("safe"); }`) and its qualified uses', async () => {
    writeTree(dir, { 'src/ApiPaths.h': PATHS, 'src/DeskModes.h': DESK_MODES, 'src/Controller.cpp': CONTROLLER });
    const r = await scanProject(dir);
    expect(sites(r, 'src/ApiPaths.h')).toEqual(['10 mode-complaint-renamed-input', '11 mode-safe-triage-removed']);
    expect(after(r, 'src/ApiPaths.h')).toContain('const QString Complaint = QStringLiteral("input");');
    // The helpdesk's TicketMode namespace holds the same words: another thing's modes.
    expect(sites(r, 'src/Controller.cpp')).toEqual(['6 mode-safe-triage-removed']);
    expect(sites(r, 'src/DeskModes.h')).toEqual([]);
    expect(after(r, 'src/DeskModes.h')).toBe(DESK_MODES);
  });
});
