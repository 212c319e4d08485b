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

  it('QJsonObject bodies: insert() entries of a body sent through a path function, a model\'s out-of-class toJson() (returned literal or variable); the helpdesk\'s stay', async () => {
    const models = [
      '#pragma once',
      '#include <QJsonObject>',
      'struct Complaint { QString text; QString extra; QJsonObject toJson() const; };',
      'struct Intent { QString name; QString detail; QJsonObject toJson() const; };',
      'struct Ticket { QString text; QString extra; QJsonObject toJson() const; };',
      '',
    ].join('\n');
    const modelsCpp = [
      '#include "Models.h"',
      '',
      'QJsonObject Complaint::toJson() const',
      '{',
      '    QJsonObject obj{{QStringLiteral("text"), text}};',
      '    obj.insert(QStringLiteral("extra"), extra);',
      '    return obj;',
      '}',
      '',
      'QJsonObject Intent::toJson() const',
      '{',
      '    return QJsonObject{',
      '        {QStringLiteral("name"), name},',
      '        {QStringLiteral("detail"), detail},',
      '    };',
      '}',
      '',
      'QJsonObject Ticket::toJson() const',
      '{',
      '    QJsonObject obj{{QStringLiteral("text"), text}};',
      '    obj.insert(QStringLiteral("extra"), extra);',
      '    return obj;',
      '}',
      '',
    ].join('\n');
    const client = [
      '#include "ApiPaths.h"',
      '#include "Models.h"',
      '',
      'void Client::createInterview(int age)',
      '{',
      '    QJsonObject body;',
      '    body.insert(QStringLiteral("interview_mode"), true);',
      '    send("POST", ApiPaths::interviewsAnonymous(), body);',
      '}',
      '',
      'void Client::fileTicket(const Ticket &t)',
      '{',
      '    QJsonObject body;',
      '    body.insert(QStringLiteral("interview_mode"), true);',
      '    send("POST", DeskPaths::tickets(), body);',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'src/ApiPaths.h': PATHS, 'src/DeskModes.h': DESK_MODES, 'src/Models.h': models, 'src/Models.cpp': modelsCpp, 'src/Client.cpp': client });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Models.cpp')).toEqual(['14 intent-detail-context-removed', '6 complaint-extra-removed']);
    expect(sites(r, 'src/Client.cpp')).toEqual(['7 interview-mode-flag-removed']);
    // The helpdesk's body, sent to its own path function, gets no marker.
    expect(after(r, 'src/Client.cpp')).toContain('    QJsonObject body;\n    body.insert(QStringLiteral("interview_mode"), true);\n    send("POST", DeskPaths::tickets(), body);');
  });

  it('a settings struct\'s brace-initialised mode (`std::string default_mode{"complaint"};`); not in the struct whose base is another service\'s constant', async () => {
    const config = [
      '#pragma once',
      '#include <string>',
      'constexpr const char* kBaseUrl = "https://sandbox.buoyhealth.com/api/";',
      'constexpr const char* kDeskUrl = "https://help.example.com/api/";',
      'struct SymptomCheckerConfig {',
      '    std::string base_url{kBaseUrl};',
      '    std::string default_mode{"complaint"};',
      '};',
      'struct HelpdeskConfig {',
      '    std::string base_url{kDeskUrl};',
      '    std::string default_mode{"complaint"};',
      '};',
      '',
    ].join('\n');
    writeTree(dir, { 'include/config.hpp': config });
    const r = await scanProject(dir);
    expect(sites(r, 'include/config.hpp')).toEqual(['3 base-url', '7 mode-complaint-renamed-input']);
    expect(after(r, 'include/config.hpp')).toContain('    std::string default_mode{"input"};\n};\nstruct HelpdeskConfig {');
    expect(after(r, 'include/config.hpp')).toContain('base_url{kDeskUrl};\n    std::string default_mode{"complaint"};');
  });

  it('QSettings defaults: a mode read with a default where the API\'s settings go or in its group; the helpdesk\'s group stays', async () => {
    const reader = [
      '#include <QSettings>',
      'static const char *kBase = "https://sandbox.buoyhealth.com/api/";',
      '',
      'AppConfig AppConfig::load(const QString &path)',
      '{',
      '    QSettings ini(path, QSettings::IniFormat);',
      '    AppConfig cfg;',
      '    ini.beginGroup(QStringLiteral("interview"));',
      '    cfg.startMode = ini.value(QStringLiteral("start_mode"), QStringLiteral("complaint")).toString();',
      '    ini.endGroup();',
      '    cfg.symptomChecker.defaultMode = ini.value(QStringLiteral("default_mode"), QStringLiteral("complaint")).toString();',
      '    ini.beginGroup(QStringLiteral("helpdesk"));',
      '    cfg.helpdesk.defaultMode = ini.value(QStringLiteral("default_mode"), QStringLiteral("complaint")).toString();',
      '    cfg.ticketMode = ini.value(QStringLiteral("start_mode"), QStringLiteral("complaint")).toString();',
      '    ini.endGroup();',
      '    return cfg;',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'src/AppConfig.cpp': reader });
    const r = await scanProject(dir);
    expect(sites(r, 'src/AppConfig.cpp')).toEqual(['11 mode-complaint-renamed-input', '2 base-url', '9 mode-complaint-renamed-input']);
  });

  it("a header and its source are one unit: a QObject header's inline getter reads the model its tied source loads; a desk controller's stays", async () => {
    const header = (cls: string, model: string, member: string) => [
      '#pragma once',
      '#include <QObject>',
      '#include "Models.h"',
      '',
      `class ${cls} : public QObject`,
      '{',
      '    Q_OBJECT',
      '    Q_PROPERTY(QString advice READ advice NOTIFY changed)',
      'public:',
      `    QString advice() const { return ${member}.advice; }`,
      '    Q_INVOKABLE void load(const QString &token);',
      'signals:',
      '    void changed();',
      'private:',
      `    ${model} ${member};`,
      '};',
      '',
    ].join('\n');
    // `signals:` and `Q_INVOKABLE`: read by its tokens (lexical.ts), the grammar does not take them.
    writeTree(dir, {
      'src/Models.h': ['#pragma once', '#include <QString>', '', 'struct Result', '{', '    QString token;', '};', '', 'struct Ticket', '{', '    QString advice;', '};', ''].join('\n'),
      'src/Client.cpp': ['#include "Models.h"', '', 'Result Client::getResult(const QString &token)', '{', '    return fetch(QStringLiteral("https://www.buoyhealth.com/api/results/%1/").arg(token));', '}', ''].join('\n'),
      'src/ResultController.h': header('ResultController', 'Result', 'm_result'),
      'src/ResultController.cpp': ['#include "ResultController.h"', '', 'void ResultController::load(const QString &token)', '{', '    m_result = m_client->getResult(token);', '}', ''].join('\n'),
      'src/TicketController.h': header('TicketController', 'Ticket', 'm_ticket'),
      'src/TicketController.cpp': ['#include "TicketController.h"', '', 'void TicketController::load(const QString &id)', '{', '    m_ticket = m_desk->fetch(QStringLiteral("https://help.example.com/api/tickets/%1/").arg(id));', '}', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/ResultController.h')).toEqual(['10 result-advice-test-removed']);
    expect(sites(r, 'src/TicketController.h')).toEqual([]);
  });
});
